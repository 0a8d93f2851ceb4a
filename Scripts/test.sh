#!/usr/bin/env bash
# The README's test command. Installs missing system packages, then, from one release build of
# every target and test, runs the whole suite at three kernel levels (SHEEN_SIMD, see
# Sources/SheenRaster/Kernels.swift): the best level this CPU runs (AVX2 or AVX-512 where
# present), `simd128` (the 128-bit C kernels every CPU without AVX2 runs) and `reference` (every
# public entry point on the scalar twins); writes the C levels' golden outputs from the twins, and
# runs the scaling tests (each entry point timed at n and 4n) one at a time, alone on the machine.
# Then two lanes run at once, each a sequence of steps:
#   the kernel lane, in the background, its report printed whole when it ends: every C level
#   against the goldens, natively and built for AArch64 under qemu, with every row against guard
#   pages and under the sanitizers (Scripts/test-arm64.sh); the fixed sample of kernel mutants,
#   each of which the goldens must kill (Scripts/mutate.sh --sample); the tests that share state
#   across threads under ThreadSanitizer (a debug build) and the DocC catalogues from that
#   build's symbol graphs, warnings as errors (Scripts/docs.sh); README's dependency snippet
#   against a clone (Scripts/test-release.sh); with SHEEN_TEST_BUILD_FUZZERS=1 (.ci/run sets it),
#   the fuzz harnesses' build (Scripts/fuzz.sh --build-only). Nothing in it builds in .build.
#   the package lane, on the release build: the long property/exhaustive tests (they compare
#   every level themselves); the scripts' tests (peer report and charts on recorded data,
#   sheen-bench's baselines, releases); the C API from C (Scripts/test-capi.sh, the oracle kit's
#   self-test included); pixman's own test programs against the drop-in pixman
#   (Scripts/test-pixman.sh); the Python package's tests (Scripts/python-package.sh --test).
# Either lane failing fails the command (a failure in the package lane stops the kernel lane).
set -euo pipefail
# It takes no arguments: --help prints this, anything else is refused before any work.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then "$(dirname "$0")/usage.sh" "$0"; exit 0; fi
if [ $# -gt 0 ]; then echo "test.sh: takes no arguments (got $1); --help for what it runs" >&2; exit 2; fi
cd "$(dirname "$0")/.."
# Each step's wall time, printed as it ends and in a table at exit (pass or fail): the CI budget
# (30 minutes for .ci/run) is spent by these steps, and the table says which one to look at.
step_names=()
step_seconds=()
step_started=$SECONDS
step() {
    if [ ${#step_names[@]} -gt 0 ]; then step_seconds+=($((SECONDS - step_started))); fi
    step_names+=("$1")
    step_started=$SECONDS
    echo "== $1"
}
step_table() {
    if [ ${#step_names[@]} -eq 0 ]; then return; fi
    step_seconds+=($((SECONDS - step_started)))
    echo "== time per step (s)"
    for i in "${!step_names[@]}"; do printf '%6d  %s\n' "${step_seconds[$i]}" "${step_names[$i]}"; done
    printf '%6d  total\n' "$SECONDS"
}
# The kernel lane runs in a process group of its own (job control on), so that it can be stopped
# whole when the command ends early.
set -m
lane_pid=""
lane_log=.build/test-kernel-lane.log
finish() {
    local code=$?
    if [ -n "$lane_pid" ] && kill -0 "$lane_pid" 2>/dev/null; then
        kill -- -"$lane_pid" 2>/dev/null || true
        echo "== the kernel lane was stopped (the package lane failed first); its report so far:"
        cat "$lane_log" 2>/dev/null || true
    fi
    step_table
    exit "$code"
}
trap finish EXIT
step "system packages (Scripts/install-deps.sh, and --pixman: the lanes below install nothing)"
Scripts/install-deps.sh
Scripts/install-deps.sh --pixman

# One release build (testable, made by the first of these runs) serves the level runs, the long
# tests, the scaling tests, sheen-bench (the scripts' step and .ci/run) and the command lines the
# later steps compare with, instead of a build per use. Swift's checks that matter here (bounds,
# overflow, exclusivity, preconditions) are on in release as in debug, and Sources has no assert.
# (A debug run of the whole suite came first until 2026-12-07: 5 of CI's 44 minutes on a 2-core
# VM, for a build nothing else read but the documentation, which the ThreadSanitizer build's
# symbol graphs now give.)
step "swift test (best level this CPU runs, release; builds every product and test)"
swift test -c release

step "swift test (SHEEN_SIMD=simd128, release)"
SHEEN_SIMD=simd128 swift test -c release --skip-build

step "swift test (SHEEN_SIMD=reference, release)"
SHEEN_SIMD=reference swift test -c release --skip-build

# Written here, before the lanes: SwiftPM holds .build while the package lane's tests run.
step "conformance goldens from the release build (the C levels' reference, Scripts/test-arm64.sh)"
SHEEN_CONFORMANCE_CONFIGURATION=release Scripts/test-arm64.sh --goldens-only

step "swift test (scaling tests, release, one test at a time: a time ratio needs the machine to itself)"
SHEEN_LONG_TESTS=1 swift test -c release --skip-build --filter ScalingLongTests --no-parallel

# The kernel lane: nothing in it builds or reads .build but the release build's kernel objects.
kernel_lane() {
    step_names=()
    step_seconds=()
    step_started=$SECONDS
    trap step_table EXIT

    step "C levels against the twins' goldens: x86-64 natively, AArch64 (NEON) under qemu"
    SHEEN_CONFORMANCE_OBJECTS=.build/release/CSheenSIMD.build Scripts/test-arm64.sh --skip-goldens

    step "kernel mutants: the fixed sample (a mutant per kernel family and level kind), each killed by the goldens"
    Scripts/mutate.sh --sample --jobs 2

    step "swift test (ThreadSanitizer: the tests that share fonts, glyph cache and blur memory across threads)"
    # TSan exits 66 when it reports anything, which fails this step.
    swift test --sanitize=thread --scratch-path .build-tsan --filter "sharedAcrossThreads|concurrentRendersEqualSerialOnes|inPlaceAndThreadsAreIdentical"

    step "DocC: the four catalogues from the ThreadSanitizer build's symbol graphs, warnings as errors"
    Scripts/docs.sh --scratch-path .build-tsan --sanitize thread

    step "README's dependency snippet: resolves its release from a clone, builds, draws a label"
    Scripts/test-release.sh

    # .ci/run fuzzes after this command; its harnesses' sanitized build (.build-fuzz) is made
    # here, where the package lane leaves a core idle much of the time.
    if [ "${SHEEN_TEST_BUILD_FUZZERS:-0}" = 1 ]; then
        step "the fuzz harnesses' build for .ci/run (Scripts/fuzz.sh --build-only; SHEEN_TEST_BUILD_FUZZERS=1)"
        Scripts/fuzz.sh --build-only
    fi
}
echo "== the kernel lane starts in the background (its report: $lane_log, printed at its end)"
( kernel_lane ) > "$lane_log" 2>&1 &
lane_pid=$!

step "swift test (long tests, release)"
SHEEN_LONG_TESTS=1 swift test -c release --skip-build --filter Long --skip ScalingLongTests

step "scripts: peer report and charts, sheen-bench baselines (release)"
SHEEN_BENCH=.build/release/sheen-bench "$(Scripts/scripts-python.sh)" -m unittest discover -s Scripts/tests

# The two installations build in the release test build's scratch path (Scripts/install.sh,
# SHEEN_SHIPPING_SCRATCH): its C kernels are compiled once for both. Nothing after them builds
# there again; the tests they run were linked above.
step "C API: installed, built from C (and with ASan) against sheen.h and sheen.pc, compared with Swift"
SHEEN_SHIPPING_SCRATCH=.build Scripts/test-capi.sh

step "the drop-in pixman: pixman's own test programs, from Debian's source package, with libsheen-pixman preloaded"
SHEEN_SHIPPING_SCRATCH=.build SHEEN_PIXMAN_CHECKER=.build/release/sheen-fuzz-pixman Scripts/test-pixman.sh

step "Python package: the wheel (libSheenC inside) built from the C API's installation, installed, pytest"
SHEEN_CLI="$PWD/.build/release/sheen" Scripts/python-package.sh --prefix .build-capi/prefix --test

step "the kernel lane's end (waiting for it)"
lane_status=0
wait "$lane_pid" || lane_status=$?
lane_pid=""
echo "== the kernel lane's report"
cat "$lane_log"
if [ "$lane_status" -ne 0 ]; then echo "test.sh: the kernel lane failed (exit $lane_status; its report is above)" >&2; exit 1; fi
