#!/usr/bin/env bash
# Builds and runs the oracle kit (Oracle/: sheen_oracle.h, driver.c, adapters/) against Sheen's
# exact compositing reference. Each adapter becomes two programs in .build-oracle/bin: NAME-survey
# (the driver's survey: a table of errors in levels per operator, format and coverage) and
# NAME-fuzz (libFuzzer with AddressSanitizer: stops at the first result beyond the adapter's
# tolerance and prints a C reproduction).
#   Scripts/oracle.sh --survey ADAPTER [--cases N] [--invalid]   one survey, printed
#   Scripts/oracle.sh --fuzz ADAPTER [--seconds T]                 fuzz it (default 60 s)
#   Scripts/oracle.sh --self-test                                   what Scripts/test-capi.sh runs:
#       the exact references against arbitrary precision (10,000 compositing cases, 2,000 gradient
#       colours, 40 blurred images: Scripts/oracle/exact_check.py);
#       the sample adapter with each injected bug (Oracle/adapters/sample.c: seven in compositing,
#       one in gradients, one in blur) caught by the fuzzer within 10 s and by the survey, and without one
#       passing both; the span bug's survey reproductions each built and still beyond the tolerance;
#       a NaN tolerance, an adapter refusing every call and malformed --cases refused (exit 2);
#       Sheen's own adapter surveyed and fuzzed with no result beyond its contract
#   Scripts/oracle.sh --report                                      bench/oracle.md: Sheen, pixman,
#       cairo and Blend2D surveyed (valid and invalid input) by the C driver and skia-python by the
#       Python package's survey (Scripts/python-package.sh), every worst case beyond a library's
#       tolerance replayed as a program through that library's adapter (Scripts/oracle/report.py)
# ADAPTER: sheen, sample, pixman, cairo or blend2d. --prefix DIR uses a Sheen already installed
# there (Scripts/install.sh --prefix DIR) instead of installing one into .build-oracle/prefix.
# pixman and cairo come from Debian (Scripts/install-deps.sh --oracle); Blend2D from PyPI's
# blend2d-python wheel (its static libblend2d.a), pip-installed into .build/oracle-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
mode=""
adapter=""
cases=100000
seconds=60
invalid=()
prefix=""
while [ $# -gt 0 ]; do
    case "$1" in
        --survey|--fuzz) mode="${1#--}"; adapter="${2:-}"; shift 2 || { echo "oracle: $1 needs an adapter" >&2; exit 2; } ;;
        --self-test|--report) mode="${1#--}"; shift ;;
        --cases) cases="$2"; shift 2 ;;
        --seconds) seconds="$2"; shift 2 ;;
        --invalid) invalid=(--invalid); shift ;;
        --prefix) prefix="$2"; shift 2 ;;
        --help|-h) Scripts/usage.sh "$0"; exit 0 ;;
        *) echo "oracle: unknown option $1 (--help for usage)" >&2; exit 2 ;;
    esac
done
[ -n "$mode" ] || { echo "oracle: say --survey, --fuzz, --self-test or --report (--help for usage)" >&2; exit 2; }
case "$adapter" in ""|sheen|sample|pixman|cairo|blend2d) ;; *) echo "oracle: no adapter $adapter" >&2; exit 2 ;; esac

if [ "$mode" = report ] || [[ "$adapter" == pixman || "$adapter" == cairo ]]; then
    Scripts/install-deps.sh --oracle
else
    Scripts/install-deps.sh
fi
work="$root/.build-oracle"
mkdir -p "$work/bin"
if [ -z "$prefix" ]; then
    prefix="$work/prefix"
    Scripts/install.sh --prefix "$prefix" > "$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
fi
prefix=$(cd "$prefix" && pwd)
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# libFuzzer is the toolchain's clang's (the one SwiftPM fuzzes with); lld keeps the link quiet.
fuzz_cc=(clang -fuse-ld=lld)

# The compiler flags and libraries of one adapter, into the array `flags`.
adapter_flags() {
    flags=(-IOracle/include "Oracle/adapters/$1.c")
    case "$1" in
        pixman) flags+=($(pkg-config --cflags --libs pixman-1)) ;;
        cairo) flags+=($(pkg-config --cflags --libs cairo)) ;;
        blend2d)
            local venv="$root/.build/oracle-venv"
            if ! "$venv/bin/python" -c "import blend2d" 2>/dev/null; then
                echo "oracle: installing blend2d-python into .build/oracle-venv" >&2
                python3 -m venv "$venv"
                "$venv/bin/python" -m pip install -q "$(grep '^blend2d-python==' Scripts/peerbench/requirements.txt)"
            fi
            local archive version
            archive=$("$venv/bin/python" -c "import blend2d, os; print(os.path.join(os.path.dirname(blend2d.__file__), 'libblend2d.a'))")
            version=$("$venv/bin/python" -c "import importlib.metadata as m; print('blend2d-python ' + m.version('blend2d-python'))")
            flags+=("-DBLEND2D_VERSION=\"$version\"" "$archive" -lstdc++ -lpthread) ;;
    esac
    flags+=($(pkg-config --cflags --libs sheen) -lm)
}

# Builds NAME-survey and NAME-fuzz for an adapter.
build() {
    adapter_flags "$1"
    cc -O2 -Wall -Wextra -Werror -DSHEEN_ORACLE_SURVEY Oracle/driver.c "${flags[@]}" -o "$work/bin/$1-survey"
    "${fuzz_cc[@]}" -g -O1 -fsanitize=fuzzer,address -Wall -Wextra -Werror Oracle/driver.c "${flags[@]}" -o "$work/bin/$1-fuzz"
}

# Fuzzes an adapter for up to $2 seconds; exit 0 when nothing was found. The log is $work/NAME-fuzz.log.
fuzz() {
    local corpus="$work/corpus-$1"
    rm -rf "$corpus" && mkdir -p "$corpus" "$work/findings"
    "$work/bin/$1-fuzz" "$corpus" -max_total_time="$2" -artifact_prefix="$work/findings/$1-" -print_final_stats=1 \
        > "$work/$1-fuzz.log" 2>&1
}

case "$mode" in
    survey)
        build "$adapter"
        "$work/bin/$adapter-survey" --cases "$cases" "${invalid[@]}" ;;
    fuzz)
        build "$adapter"
        status=0
        fuzz "$adapter" "$seconds" || status=$?
        grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units)" "$work/$adapter-fuzz.log" || true
        if [ "$status" -ne 0 ]; then sed -n '/^\/\* Reproduction/,/^}/p' "$work/$adapter-fuzz.log"; exit 1; fi
        echo "oracle: $adapter: nothing beyond its tolerance in $seconds s" ;;
    self-test)
        python3 Scripts/oracle/exact_check.py "$prefix/lib/libSheenC.so"
        build sample
        build sheen
        for bug in neighbour truncation unclamped scaled premultiplied spread sigma span garbage; do
            start=$(date +%s%N)
            if SHEEN_ORACLE_SABOTAGE=$bug fuzz sample 10; then
                echo "oracle self-test: the fuzzer missed the injected bug '$bug' in 10 s" >&2; exit 1
            fi
            took=$(( ($(date +%s%N) - start) / 1000000 ))
            grep -q "^/\* Reproduction" "$work/sample-fuzz.log" || { echo "oracle self-test: '$bug' found without a reproduction" >&2; exit 1; }
            if SHEEN_ORACLE_SABOTAGE=$bug "$work/bin/sample-survey" --cases 2000 > "$work/sample-survey-$bug.txt"; then
                echo "oracle self-test: the survey missed the injected bug '$bug'" >&2; exit 1
            fi
            rows=$(grep -cE '\| [1-9][0-9]* \|( [a-z–-]+ \|)?$' "$work/sample-survey-$bug.txt" || true)
            printf 'oracle self-test: %-13s caught by the fuzzer in %d ms, by the survey in %s rows\n' "$bug" "$took" "$rows"
        done
        # The survey's reproductions show what its rows count, a span bug included: each one, built with
        # the adapter, must still be beyond its tolerance (it exits 1). The directory does not exist yet.
        rm -rf "$work/span-reproductions"
        if SHEEN_ORACLE_SABOTAGE=span "$work/bin/sample-survey" --cases 2000 --reproductions "$work/span-reproductions/new" \
            > "$work/sample-survey-span.txt" 2>&1; then
            echo "oracle self-test: the survey missed the span bug" >&2; exit 1
        fi
        reproduced=0
        for c in "$work/span-reproductions/new"/*.c; do
            [ -f "$c" ] || { echo "oracle self-test: the span bug's survey wrote no reproduction" >&2; exit 1; }
            adapter_flags sample
            cc -O2 -w "$c" "${flags[@]}" -o "$work/bin/span-reproduction"
            if SHEEN_ORACLE_SABOTAGE=span "$work/bin/span-reproduction" > /dev/null; then
                echo "oracle self-test: $(basename "$c") does not reproduce the span bug" >&2; exit 1
            fi
            reproduced=$((reproduced + 1))
        done
        echo "oracle self-test: the span bug's $reproduced survey reproductions each reproduce it"
        # Adapters and arguments the driver refuses (exit 2, the reason on stderr) instead of surveying.
        for refused in "nan:tolerance_full is nan" "refuse:refused every composite"; do
            bug=${refused%%:*}
            status=0
            SHEEN_ORACLE_SABOTAGE=$bug "$work/bin/sample-survey" --cases 100 > /dev/null 2> "$work/refused.txt" || status=$?
            if [ "$status" -ne 2 ] || ! grep -q "${refused#*:}" "$work/refused.txt"; then
                echo "oracle self-test: the survey took the '$bug' adapter (exit $status)" >&2; cat "$work/refused.txt" >&2; exit 1
            fi
        done
        for cases in 1e9 12abc 99999999999999999999 0 -1 ""; do
            status=0
            "$work/bin/sample-survey" --cases "$cases" > /dev/null 2> "$work/refused.txt" || status=$?
            if [ "$status" -ne 2 ] || ! grep -q "cases must be a whole number" "$work/refused.txt"; then
                echo "oracle self-test: the survey took --cases '$cases' (exit $status)" >&2; exit 1
            fi
        done
        echo "oracle self-test: a NaN tolerance, an adapter refusing every call and malformed --cases are refused"
        "$work/bin/sample-survey" --cases 20000 > "$work/sample-survey.txt" || { cat "$work/sample-survey.txt"; echo "oracle self-test: the correct sample adapter failed its survey" >&2; exit 1; }
        fuzz sample 5 || { cat "$work/sample-fuzz.log"; echo "oracle self-test: the correct sample adapter failed the fuzzer" >&2; exit 1; }
        echo "oracle self-test: the sample adapter without a bug passes the survey and 5 s of fuzzing"
        "$work/bin/sheen-survey" --cases 20000 > "$work/sheen-survey.txt" || { cat "$work/sheen-survey.txt"; echo "oracle self-test: Sheen is beyond its contract" >&2; exit 1; }
        fuzz sheen 10 || { cat "$work/sheen-fuzz.log"; echo "oracle self-test: Sheen is beyond its contract (fuzzer)" >&2; exit 1; }
        echo "oracle self-test: Sheen is within its contract on every operator (survey, 10 s of fuzzing); $(tail -1 "$work/sheen-survey.txt")" ;;
    report)
        mkdir -p "$work/report"
        rm -f "$work/report"/*
        for a in sheen pixman cairo blend2d; do
            build "$a"
            "$work/bin/$a-survey" --cases "$cases" --json "$work/report/$a.jsonl" --reproductions "$work/report" \
                > "$work/report/$a.txt" || true
            "$work/bin/$a-survey" --cases "$((cases / 10))" --invalid --json "$work/report/$a-invalid.jsonl" \
                > "$work/report/$a-invalid.txt" || true
            # Each reproduction replayed through the library's own adapter: it must still be beyond.
            for c in "$work/report/$(grep -o '"library":"[^"]*"' "$work/report/$a.jsonl" | head -1 | cut -d'"' -f4)"-*.c; do
                [ -f "$c" ] || continue
                adapter_flags "$a"
                cc -O2 -w "$c" "${flags[@]}" -o "${c%.c}"
                if "${c%.c}" > "${c%.c}.out"; then echo "reproduced: no" >> "${c%.c}.out"; else echo "reproduced: yes" >> "${c%.c}.out"; fi
            done
        done
        # skia-python, the fourth peer, through the Python package's survey (Python/sheen/adapters/skia.py).
        Scripts/python-package.sh --prefix "$prefix" --install
        "$root/.build/python-venv/bin/python" -m pip install -q $(grep -E '^(opencv-python-headless|pillow)==' Scripts/peerbench/requirements.txt)
        (cd "$work/report" && "$root/.build/python-venv/bin/python" - "$cases" <<'PY'
import subprocess, sys
import sheen
from sheen.adapters import opencv, pillow, skia
cases = int(sys.argv[1])
# Blur: Sheen, Skia, OpenCV and Pillow against the exact sampled Gaussian, each with its own edges.
sheen.survey_blur(lambda image, sigma: sheen.blur(image, sigma), name="Sheen", version=sheen.library_version()).write_jsonl("sheen-blur.jsonl")
for m, name in ((skia, "skia-blur.jsonl"), (opencv, "opencv-blur.jsonl"), (pillow, "pillow-blur.jsonl")):
    sheen.survey_blur(m.blur, name=m.NAME, version=m.VERSION, edges=m.BLUR_EDGES).write_jsonl(name)
for invalid, name in ((False, "skia.jsonl"), (True, "skia-invalid.jsonl")):
    s = sheen.survey(skia.composite, name=skia.NAME, version=skia.VERSION, rule=skia.coverage_rule,
                     operators=skia.OPERATORS, cases=cases // 10 if invalid else cases, invalid=invalid)
    s.write_jsonl(name)
    for row in s.rows if not invalid else []:
        if row["beyond_tolerance"]:
            stem = f"{row['library']}-{row['operator']}-{row['format']}-{row['coverage']}"
            open(stem + ".py", "w").write(s.reproduction(row, "sheen.adapters.skia"))
            status = subprocess.run([sys.executable, stem + ".py"], capture_output=True, text=True)
            open(stem + ".out", "w").write(status.stdout + ("reproduced: yes" if status.returncode == 1 else "reproduced: no"))
PY
        )
        python3 Scripts/oracle/report.py "$work/report" bench/oracle.md
        echo "oracle: wrote bench/oracle.md" ;;
esac
