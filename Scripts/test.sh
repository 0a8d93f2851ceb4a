#!/usr/bin/env bash
# The README's test command. Installs missing system packages, then runs the whole suite three
# ways: debug with the SIMD kernels, debug with every public entry point forced onto the scalar
# reference twins (SHEEN_KERNELS=reference), and the long property/exhaustive tests in release;
# then the scripts' tests (peer report and charts on recorded data, sheen-bench's baselines).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh

echo "== swift test (SIMD kernels, debug)"
swift test

echo "== swift test (reference kernels, debug)"
SHEEN_KERNELS=reference swift test --skip-build

echo "== swift test (long tests, release)"
SHEEN_LONG_TESTS=1 swift test -c release --filter Long

echo "== scripts: peer report and charts, sheen-bench baselines (release)"
swift build -c release --product sheen-bench
SHEEN_BENCH=.build/release/sheen-bench python3 -m unittest discover -s Scripts/tests
