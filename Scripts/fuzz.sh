#!/usr/bin/env bash
# Fuzzes Sheen with libFuzzer + AddressSanitizer:
#   composite — the compositing kernels against the scalar reference (Fuzz/sheen-fuzz)
#   text      — fonts from random bytes and random text through layout and rasterisation
#               (Fuzz/sheen-fuzz-text)
#   label     — label options, animations and text placements at extreme values (NaN, ±∞,
#               1e300, Int.min/max) into fenced buffers (Fuzz/sheen-fuzz-label)
#   raster    — blur (σ, sizes, strides, edges, threads) and gradient fills (stops, geometry,
#               spreads, spaces, transforms, rectangles) against their scalar twins (the reference
#               level), and PNG decoding of random bytes (Fuzz/sheen-fuzz-raster)
#   spec      — JSON label specs through SheenLabel's own JSON parser (its writing read back
#               as the same value) and spec reader (Fuzz/sheen-fuzz-spec)
#   field     — text fields, secure fields and text views (styles, gradients over the ink, the
#               placeholder, caret and selection) rendered into fenced buffers, queried (caret,
#               tap, selection, graphemes), edited by one character and rendered again
#               (Fuzz/sheen-fuzz-field)
#   pixman    — the drop-in pixman against the system pixman: random images (bits of the five
#               formats, solid fills, linear, radial and conical gradients) and calls (composites
#               with every operator, repeat, transform, filter, clip region, offset and size 1–300;
#               fills), images shared between calls, into memory that ends at an unmapped page;
#               every pixel Sheen drew held to the exact result (Fuzz/sheen-fuzz-pixman)
# The kernel harnesses (composite, raster) run every input at every level this CPU runs
# (simd128, avx2, avx512; SheenTestSupport's comparedLevels) against the reference, so an
# AVX-512 machine fuzzes its AVX2 and 128-bit kernels too; text, label and field run each input at one
# level this CPU runs, picked by the input's length (FuzzReplay.atInputLevel), so their corpora
# reach every level and a replay runs the level that failed.
#   Scripts/fuzz.sh [--target composite|text|label|raster|spec|field|pixman|all | --kernel NAME] [--runs N | --seconds T] [--jobs J | --together K] [--large] [--build-only]
#   (defaults: all targets, 60 s each, 1 job, one harness at a time)
# --build-only builds the harnesses and runs none (Scripts/test.sh's kernel lane does, with
# SHEEN_TEST_BUILD_FUZZERS=1, for .ci/run's runs after it).
# --together K runs K harnesses at once, each one process (a harness is one thread: on a 2-core
# machine two of them take the time of one); --jobs J runs J processes of each harness instead.
# --kernel NAME fuzzes one kernel of Kernels.table (SheenKernels.h): the harness whose
# FuzzEntry.swift or fuzz case lists NAME runs with SHEEN_FUZZ_KERNEL=NAME, steering every input
# towards that kernel and skipping the inputs its call would not run it for (composite:
# over_n_8_8888, composite_8888, composite_8, composite_double_8888, over_ca_8888; raster: gradient_span,
# blur_convolution, blur_strip, fill_rows, copy_rows). Replay its findings with the same
# SHEEN_FUZZ_KERNEL set.
# --large runs the text, label and field harnesses in large-input mode (SHEEN_FUZZ_LARGE=1,
# FuzzReplay.largeInputs): each input's text grown to 1 Ki…1 Mi UTF-16 units, where costs that grow
# faster than the text show; an input may take 20 s there (a megabyte of text laid out and drawn
# under AddressSanitizer), and the work corpora are kept apart (.build-fuzz/corpus-*-large).
# Replay a large-mode finding with SHEEN_FUZZ_LARGE=1 set.
# Builds the harnesses into .build-fuzz with the fuzzer and address sanitizers (one combined
# -sanitize flag: SwiftPM given two --sanitize flags applies only one), starts each from its
# committed seed corpus (Fuzz/corpus, Fuzz/corpus-text, Fuzz/corpus-label,
# Fuzz/corpus-raster, Fuzz/corpus-spec, Fuzz/corpus-field, Fuzz/corpus-pixman) in a scratch copy,
# and fails on any finding; crash files are left in .build-fuzz/findings. Replay one with:
#   swift run sheen-fuzz .build-fuzz/findings/composite-crash-…   (or sheen-fuzz-text, -label, -raster, -spec, -field, -pixman)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
limit=(-max_total_time=60)
# The resource budget every run enforces: an input that takes more than 2 s, makes one
# allocation over 1 GB or grows the process past 1.5 GB (AddressSanitizer's shadow included) is
# a finding, however small the input — the bounded-cost promise (CHANGELOG, "Bounded cost").
# libFuzzer's per-input leak check is off (-detect_leaks=0): Sheen's process-wide caches (glyphs,
# colour ramps, fonts, blur memory) keep what they allocate, so every input that meets a new key
# looked like a leak and was re-run under LeakSanitizer — a third of the raster and label
# harnesses' time, finding nothing. Leaks are LeakSanitizer's to find in the C API's
# AddressSanitizer run (Scripts/test-capi.sh), which ends with everything reachable.
budget=(-timeout=2 -malloc_limit_mb=1024 -rss_limit_mb=1536 -detect_leaks=0)
jobs=1
together=1
large=0
build_only=0
targets=(composite text label raster spec field pixman)
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) limit=(-runs="$2"); shift 2 ;;
        --seconds) limit=(-max_total_time="$2"); shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --together) together="$2"; shift 2 ;;
        --large) large=1; shift ;;
        --build-only) build_only=1; shift ;;
        --kernel)
            # The harness that lists the kernel's name, as a quoted string, in its sources.
            harness=$( (grep -l "\"$2\"" Fuzz/sheen-fuzz*/*.swift 2>/dev/null || true) | head -1 | xargs -r dirname)
            case "$harness" in
                Fuzz/sheen-fuzz) targets=(composite) ;;
                Fuzz/sheen-fuzz-raster) targets=(raster) ;;
                *) echo "unknown kernel $2: no harness under Fuzz/ lists it (Kernels.table names every kernel)" >&2; exit 2 ;;
            esac
            export SHEEN_FUZZ_KERNEL="$2"
            shift 2 ;;
        --target)
            case "$2" in
                composite|text|label|raster|spec|field|pixman) targets=("$2") ;;
                all) targets=(composite text label raster spec field pixman) ;;
                *) echo "unknown target $2" >&2; exit 2 ;;
            esac
            shift 2 ;;
        --help|-h) "$root/Scripts/usage.sh" "$root/Scripts/fuzz.sh"; exit 0 ;;
        *) echo "unknown option $1 (--help for usage)" >&2; exit 2 ;;
    esac
done
for n in "$jobs" "$together"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: --jobs and --together take a positive count (got $n)" >&2; exit 2; }
done
# libFuzzer's jobs write fuzz-N.log into the working directory, which concurrent harnesses share.
if [ "$jobs" -gt 1 ] && [ "$together" -gt 1 ]; then echo "fuzz: --jobs and --together exclude each other" >&2; exit 2; fi
Scripts/install-deps.sh
# The pixman harness compares with the system pixman.
if [[ " ${targets[*]} " == *" pixman "* ]]; then Scripts/install-deps.sh --pixman; fi
findings="$root/.build-fuzz/findings"
suffix=""
if [ "$large" -eq 1 ]; then
    export SHEEN_FUZZ_LARGE=1
    suffix="-large"
    budget=(-timeout=20 -malloc_limit_mb=1024 -rss_limit_mb=2560 -detect_leaks=0)
    kept=()
    for t in "${targets[@]}"; do [[ "$t" == text || "$t" == label || "$t" == field ]] && kept+=("$t"); done
    targets=("${kept[@]}")
    [ "${#targets[@]}" -gt 0 ] || { echo "fuzz: --large applies to the text, label and field targets" >&2; exit 2; }
fi
export LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
# Allocation stacks of 8 frames, not 30: recording them was a tenth of the label harness's time,
# and 8 frames name the allocating Sheen function.
export ASAN_OPTIONS="malloc_context_size=8${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
mkdir -p "$findings"
# A target's product, committed seeds and work corpus.
harness() {
    case "$1" in
        composite) product=sheen-fuzz; seeds=Fuzz/corpus; work="$root/.build-fuzz/corpus" ;;
        text) product=sheen-fuzz-text; seeds=Fuzz/corpus-text; work="$root/.build-fuzz/corpus-text" ;;
        label) product=sheen-fuzz-label; seeds=Fuzz/corpus-label; work="$root/.build-fuzz/corpus-label" ;;
        raster) product=sheen-fuzz-raster; seeds=Fuzz/corpus-raster; work="$root/.build-fuzz/corpus-raster" ;;
        spec) product=sheen-fuzz-spec; seeds=Fuzz/corpus-spec; work="$root/.build-fuzz/corpus-spec" ;;
        field) product=sheen-fuzz-field; seeds=Fuzz/corpus-field; work="$root/.build-fuzz/corpus-field" ;;
        pixman) product=sheen-fuzz-pixman; seeds=Fuzz/corpus-pixman; work="$root/.build-fuzz/corpus-pixman" ;;
    esac
    work="$work$suffix"
}
# Every harness is built before any runs (the builds share .build-fuzz; runs may overlap).
for target in "${targets[@]}"; do
    harness "$target"
    swift build -c release --scratch-path .build-fuzz --product "$product" \
        --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
done
if [ "$build_only" -eq 1 ]; then echo "fuzz: built ${targets[*]}"; exit 0; fi
# Runs one harness; its report (the header and libFuzzer's summary lines) is printed whole when
# it ends, and its exit status is left in .build-fuzz/TARGET.status.
run() {
    local target=$1 log="$root/.build-fuzz/$1$suffix.log" code=0
    harness "$target"
    mkdir -p "$work"
    cp -n "$seeds"/* "$work"/ 2>/dev/null || true
    # libFuzzer writes fuzz-N.log into the working directory when running jobs: keep them in .build-fuzz.
    (
        cd .build-fuzz
        if [ "$jobs" -gt 1 ]; then
            rm -f fuzz-*.log
            "release/$product" "$work" "${limit[@]}" "${budget[@]}" -jobs="$jobs" -workers="$jobs" \
                -artifact_prefix="$findings/$target$suffix-" -print_final_stats=1 > "$log" 2>&1 || exit $?
            cat fuzz-*.log >> "$log"
        else
            "release/$product" "$work" "${limit[@]}" "${budget[@]}" -artifact_prefix="$findings/$target$suffix-" -print_final_stats=1 \
                > "$log" 2>&1 || exit $?
        fi
    ) || code=$?
    echo "$code" > "$root/.build-fuzz/$target$suffix.status"
    {
        echo "== fuzz $target${suffix:+ (large inputs)}"
        grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|==[0-9]+==ERROR)|Fatal error|out-of-memory|timeout" "$log" || true
    }
}
running=0
for target in "${targets[@]}"; do
    rm -f "$root/.build-fuzz/$target$suffix.status"
    if [ "$together" -eq 1 ]; then run "$target"; continue; fi
    if [ "$running" -ge "$together" ]; then wait -n || true; running=$((running - 1)); fi
    run "$target" &
    running=$((running + 1))
done
wait
status=0
for target in "${targets[@]}"; do
    code=$(cat "$root/.build-fuzz/$target$suffix.status" 2>/dev/null || echo "no status")
    if [ "$code" != 0 ]; then echo "fuzz: $target$suffix exited $code" >&2; status=1; fi
done
if [ "$status" -ne 0 ] || ls "$findings"/*crash-* "$findings"/*leak-* "$findings"/*timeout-* "$findings"/*oom-* >/dev/null 2>&1; then
    echo "fuzz: FINDINGS (see .build-fuzz/*.log and $findings/)" >&2
    exit 1
fi
echo "fuzz: no findings"
