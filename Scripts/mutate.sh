#!/usr/bin/env bash
# Mutation testing of the C kernels: how many deliberately wrong kernels the conformance goldens
# catch. Each mutant is one edit of one line of Sources/CSheenSIMD — an operator swapped, a
# constant moved by one, a rounding mode changed, a clamp, saturation or store removed, a loop
# bound or tail length moved — plus the review's planted bugs (Scripts/mutate.py: PLANTED). Each
# is built at -O0 for x86-64, AArch64 (ASIMD) and AArch64's generic forms; every level whose code
# it changes runs the goldens (x86 natively, AArch64 under qemu-aarch64-static) until the first
# failure. Prints killed / survived per level and per file and every survivor; survivors that
# bench/kernel-notes.md lists as equivalent ("Equivalent mutants", with the reason) are reported
# apart and left out of the score. Exits 1 when a mutant survives that is not listed.
#   Scripts/mutate.sh [--count N | --all | --sample | --ids ID…] [--jobs J] [--report FILE] [--list]
#   (default: 400 mutants drawn over every file, and the planted ones; --sample: the fixed list of
#   Scripts/mutation-sample.txt, at least one mutant per kernel family and level kind, which
#   Scripts/test.sh runs)
# The goldens come from Scripts/test-arm64.sh's run (.build-arm64/goldens.bin), written first
# when missing. Work files: .build-mutate/ (results.jsonl: every mutant's verdicts).
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then "$(dirname "$0")/usage.sh" "$0"; exit 0; fi
cd "$(dirname "$0")/.."
exec python3 Scripts/mutate.py --goldens .build-arm64/goldens.bin "$@"
