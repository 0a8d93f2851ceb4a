#!/usr/bin/env bash
# Fuzzes the compositing kernels against the scalar reference with libFuzzer + AddressSanitizer.
#   Scripts/fuzz.sh [--runs N | --seconds T] [--jobs J]   (default: --seconds 60)
# Builds Fuzz/sheen-fuzz into .build-fuzz with the fuzzer and address sanitizers (one combined
# -sanitize flag: SwiftPM given two --sanitize flags applies only one), starts from the committed
# seed corpus (Fuzz/corpus) in a scratch copy, and fails on any finding; crash files are left in
# .build-fuzz/findings. Replay one with: swift run sheen-fuzz .build-fuzz/findings/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
limit=(-max_total_time=60)
jobs=1
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) limit=(-runs="$2"); shift 2 ;;
        --seconds) limit=(-max_total_time="$2"); shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
Scripts/install-deps.sh
swift build -c release --scratch-path .build-fuzz --product sheen-fuzz \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
work=.build-fuzz/corpus
findings=.build-fuzz/findings
mkdir -p "$work" "$findings"
cp -n Fuzz/corpus/* "$work"/ 2>/dev/null || true
log=.build-fuzz/fuzz.log
status=0
if [ "$jobs" -gt 1 ]; then
    .build-fuzz/release/sheen-fuzz "$work" "${limit[@]}" -jobs="$jobs" -workers="$jobs" \
        -artifact_prefix="$findings/" -print_final_stats=1 2>&1 | tee "$log" | grep -E "DONE|ERROR|crash|stat::" || status=$?
else
    .build-fuzz/release/sheen-fuzz "$work" "${limit[@]}" -artifact_prefix="$findings/" -print_final_stats=1 \
        > "$log" 2>&1 || status=$?
    grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|==[0-9]+==ERROR)|Fatal error" "$log" || true
fi
if [ "$status" -ne 0 ] || ls "$findings"/crash-* "$findings"/leak-* "$findings"/timeout-* >/dev/null 2>&1; then
    echo "fuzz: FINDINGS (see $log and $findings/)" >&2
    exit 1
fi
echo "fuzz: no findings"
