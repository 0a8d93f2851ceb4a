#!/usr/bin/env bash
# pixman's CRC programs with the drop-in: where a CRC differs from pixman's, shows that the
# difference is Sheen's rounding within its contract against the exact result (Scripts/
# test-pixman.sh runs this; docs/pixman.md, "The CRC programs").
#   Scripts/pixman-crc.sh PRELOAD SOURCE BUILD WORK [--long]
# PRELOAD: libsheen-pixman.so; SOURCE: pixman's source; BUILD: its meson build (test/ programs);
# WORK: scratch. SHEEN_PIXMAN_CHECKER names a built sheen-fuzz-pixman (else the debug build's).
# For each program whose CRC differs, its tests' CRCs are listed with and without the drop-in
# (VERBOSE=1, one per test number; without --long only the quick programs and their first 100,000
# tests), and the first 20 tests that differ are run again one at a time, each with
# Tests/Pixman/capture.c preloaded ahead (recording every composite call: inputs and the
# destination afterwards), once through the drop-in and once through pixman; then
# `sheen-fuzz-pixman --captures` measures every pixel where the two differ against the exact
# result. A program without test numbers (thread-test) is recorded whole; one whose CRC is
# pixman's is only reported. Fails when a pixel Sheen drew is beyond its contract (½ level at full
# coverage, 1.5 through a mask) and further off than pixman's.
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then "$(dirname "$0")/usage.sh" "$0"; exit 0; fi
if [ $# -lt 4 ] || { [ $# -eq 5 ] && [ "$5" != --long ]; } || [ $# -gt 5 ]; then
    echo "usage: Scripts/pixman-crc.sh PRELOAD SOURCE BUILD WORK [--long]" >&2; exit 2
fi
preload=$1 source=$2 build=$3 work=$4 long=${5:-}
cd "$(dirname "$0")/.."
mkdir -p "$work"
cc -shared -fPIC -O1 -Wall -Werror Tests/Pixman/capture.c $(pkg-config --cflags pixman-1) -ldl -lpthread -o "$work/capture.so"
# The checker: SHEEN_PIXMAN_CHECKER when the caller names a built one (Scripts/test.sh names its
# release build's), else the debug build's.
checker=${SHEEN_PIXMAN_CHECKER:-}
if [ -z "$checker" ]; then
    swift build --product sheen-fuzz-pixman > "$work/build.log" 2>&1 || { tail -20 "$work/build.log"; exit 1; }
    checker="$(swift build --product sheen-fuzz-pixman --show-bin-path)/sheen-fuzz-pixman"
fi
checker=$(realpath "$checker")
[ -x "$checker" ] || { echo "pixman-crc: $checker is not an executable" >&2; exit 1; }

programs=(solid-test glyph-test thread-test cover-test)
if [ -n "$long" ]; then programs+=(blitters-test affine-test scaling-test rotate-test composite-traps-test filter-reduction-test); fi
failed=0
# Compares two recordings; prints the checker's line, and marks a failure when it fails.
compare() { if ! result=$("$checker" --captures "$1" "$2"); then echo "  $3: $result"; failed=1; fi; }
for t in "${programs[@]}"; do
    status=0
    LD_PRELOAD="$preload" "$build/test/$t" > "$work/$t.run" 2>&1 || status=$?
    if [ "$status" -eq 0 ]; then printf '  %-22s CRC the same\n' "$t"; continue; fi
    # 1 is a CRC that differs; anything else (a signal) is a crash.
    if [ "$status" -ne 1 ]; then echo "  $t: exited $status with the drop-in"; failed=1; continue; fi
    # The program's own number of tests: fuzzer_test_main's second argument in its source.
    count=$(grep -ho "fuzzer_test_main *(\"[^\"]*\", *[0-9]*" "$source/test/$t.c" | grep -o "[0-9]*$" || true)
    if [ -z "$count" ]; then
        # No test numbers (thread-test): the whole run, recorded.
        SHEEN_CAPTURE="$work/$t.with" LD_PRELOAD="$work/capture.so $preload" "$build/test/$t" > /dev/null 2>&1 || true
        SHEEN_CAPTURE="$work/$t.without" LD_PRELOAD="$work/capture.so" "$build/test/$t" > /dev/null 2>&1 || true
        compare "$work/$t.with" "$work/$t.without" "$t"
        printf '  %-22s whole run: %s\n' "$t" "$result"
        continue
    fi
    if [ -z "$long" ] && [ "$count" -gt 100000 ]; then count=100000; fi
    # Without and with the drop-in at once (the programs are single-threaded).
    (VERBOSE=1 "$build/test/$t" 1 "$count" > "$work/$t.without" 2>&1 || true) &
    VERBOSE=1 LD_PRELOAD="$preload" "$build/test/$t" 1 "$count" > "$work/$t.with" 2>&1 || true
    wait
    differing=$( (diff "$work/$t.without" "$work/$t.with" || true) | sed -n 's/^< \([0-9]*\):.*/\1/p')
    n=$(printf '%s' "$differing" | grep -c . || true)
    if [ "$n" -eq 0 ]; then printf '  %-22s tests 1…%s: every CRC the same\n' "$t" "$count"; continue; fi
    results=""
    for number in $(printf '%s\n' "$differing" | head -20); do
        (SHEEN_CAPTURE="$work/$t-$number.with" LD_PRELOAD="$work/capture.so $preload" "$build/test/$t" "$number" > /dev/null 2>&1 || true) &
        SHEEN_CAPTURE="$work/$t-$number.without" LD_PRELOAD="$work/capture.so" "$build/test/$t" "$number" > /dev/null 2>&1 || true
        wait
        compare "$work/$t-$number.with" "$work/$t-$number.without" "$t test $number"
        results+="$result"$'\n'
    done
    # The largest errors over the tests measured.
    sheen=$(sed -n 's/.*Sheen \([0-9.]*\), pixman.*/\1/p' <<<"$results" | sort -g | tail -1)
    pixman=$(sed -n 's/.*pixman \([0-9.]*\) levels.*/\1/p' <<<"$results" | sort -g | tail -1)
    printf '  %-22s tests 1…%s: %s CRCs differ; the first %s measured: largest error Sheen %s, pixman %s levels\n' \
        "$t" "$count" "$n" "$(( n < 20 ? n : 20 ))" "$sheen" "$pixman"
done
exit $failed
