#!/usr/bin/env bash
# The C kernel levels against the Swift reference twins' golden outputs, on AArch64 under
# emulation and on this x86-64 CPU natively. No arm64 machine exists for this project, so:
#   1. SheenRasterTests' ConformanceGoldens writes the golden cases (each C job, its inputs and
#      the twin's output; it first checks every x86 level against the twin itself);
#   2. Tests/Conformance/conformance.c and CSheenSIMD are built natively and run at every C level
#      this CPU has;
#   3. the same sources are cross-compiled with the Swift toolchain's clang for
#      aarch64-linux-gnu (Debian's cross libc, statically linked by lld) and run under
#      qemu-aarch64-static: the 128-bit level there is ASIMD (NEON);
#   4. once more with SHEEN_GENERIC_128, where the level names no ASIMD instruction: the generic
#      forms that CPUs other than x86-64 and AArch64 compile;
#   5. the sanitizer builds: natively with AddressSanitizer and UndefinedBehaviorSanitizer at
#      every x86 level; AArch64 and the generic forms with UndefinedBehaviorSanitizer in trap
#      mode under qemu (AddressSanitizer cannot run there: the toolchain has no AArch64 runtime
#      for it, and qemu-user cannot map its shadow memory; the guard pages below stand in for it).
# The driver runs every case three times: fenced (every byte around the buffers and between rows
# checked), then with every row and table ending at, and starting after, a PROT_NONE page, so a
# kernel that reads or writes one byte outside its rows faults (SheenRaster's "Kernels and
# dispatch", "What a kernel reads"). Each run prints "N passed, M failed" and fails the script on any mismatch or fault. Scripts/test.sh
# runs it; Scripts/install-deps.sh installs qemu-user-static and the cross libc.
# SHEEN_CONFORMANCE_CONFIGURATION=release writes the goldens from an existing release test build
# (`swift test -c release`; Scripts/test.sh has made one) instead of the debug one, built if needed.
#   Scripts/test-arm64.sh [--goldens-only | --skip-goldens]
# --goldens-only writes the goldens (.build-arm64/goldens.bin, step 1) and stops; --skip-goldens
# runs steps 2–5 on the goldens written before, without SwiftPM (Scripts/test.sh does, while
# other steps use the package's build directory).
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then "$(dirname "$0")/usage.sh" "$0"; exit 0; fi
write_goldens=1
run_levels=1
case "${1:-}" in
    "") ;;
    --goldens-only) run_levels=0 ;;
    --skip-goldens) write_goldens=0 ;;
    *) echo "test-arm64.sh: unknown option $1 (--help for what it runs)" >&2; exit 2 ;;
esac
if [ $# -gt 1 ]; then echo "test-arm64.sh: takes one option at most (got $*)" >&2; exit 2; fi
cd "$(dirname "$0")/.."
Scripts/install-deps.sh

out=.build-arm64
mkdir -p "$out/native" "$out/aarch64" "$out/generic" "$out/native-asan" "$out/aarch64-ubsan" "$out/generic-ubsan"
goldens="$PWD/$out/goldens.bin"

if [ "$write_goldens" -eq 1 ]; then
    rm -f "$goldens"
    echo "== conformance goldens (Swift reference twins, checked against every x86 level first)"
    case "${SHEEN_CONFORMANCE_CONFIGURATION:-debug}" in
        debug) goldens_test=(swift test) ;;
        release) goldens_test=(swift test -c release --skip-build) ;;
        *) echo "test-arm64.sh: SHEEN_CONFORMANCE_CONFIGURATION is debug or release (got $SHEEN_CONFORMANCE_CONFIGURATION)" >&2; exit 2 ;;
    esac
    SHEEN_CONFORMANCE_OUT="$goldens" "${goldens_test[@]}" --filter ConformanceGoldens 2>&1 | grep -E "conformance goldens|passed|failed|error" || true
fi
if [ ! -s "$goldens" ]; then
    if [ "$write_goldens" -eq 1 ]; then echo "test-arm64.sh: the goldens were not written" >&2
    else echo "test-arm64.sh: no goldens in $goldens (Scripts/test-arm64.sh --goldens-only writes them)" >&2; fi
    exit 1
fi
[ "$run_levels" -eq 1 ] || exit 0

sources=(Sources/CSheenSIMD/*.c Tests/Conformance/conformance.c)
include=(-ISources/CSheenSIMD/include)

# Compiles every source for `target` (empty: this machine) into $out/NAME, in parallel.
build() {
  local name=$1; shift
  local pids=() objects=()
  for f in "${sources[@]}"; do
    local o="$out/$name/$(basename "$f").o"
    objects+=("$o")
    clang -O2 "$@" -Wall -Werror "${include[@]}" -c "$f" -o "$o" & pids+=($!)
  done
  local failed=0
  for p in "${pids[@]}"; do wait "$p" || failed=1; done
  [ "$failed" = 0 ] || { echo "test-arm64.sh: the $name build failed" >&2; return 1; }
  echo "${objects[@]}"
}

echo "== conformance, x86-64 natively: every C level this CPU runs"
# SHEEN_CONFORMANCE_OBJECTS=DIR (Scripts/test.sh: the release build's CSheenSIMD.build, made just
# before) links the kernels SwiftPM compiled (-O2, as here) instead of compiling them again: the
# objects the library ships are the ones tested, and the step saves the longest compile of the
# script. The sanitizer builds below still compile every source natively with -Wall -Werror.
if [ -n "${SHEEN_CONFORMANCE_OBJECTS:-}" ]; then
    shipped=("$SHEEN_CONFORMANCE_OBJECTS"/*.c.o)
    [ -e "${shipped[0]}" ] || { echo "test-arm64.sh: no objects in SHEEN_CONFORMANCE_OBJECTS=$SHEEN_CONFORMANCE_OBJECTS" >&2; exit 1; }
    clang -O2 -Wall -Werror "${include[@]}" -c Tests/Conformance/conformance.c -o "$out/native/conformance.c.o"
    native_objects="${shipped[*]} $out/native/conformance.c.o"
else
    native_objects=$(build native)
fi
# shellcheck disable=SC2086
clang $native_objects -o "$out/native/conformance" -lm
levels=(simd128)
grep -qw avx2 /proc/cpuinfo && levels+=(avx2)
grep -qw avx512bw /proc/cpuinfo && grep -qw avx512dq /proc/cpuinfo && grep -qw avx512vl /proc/cpuinfo && levels+=(avx512)
for level in "${levels[@]}"; do "$out/native/conformance" "$goldens" "$level"; done

echo "== conformance, AArch64 under qemu-aarch64-static: the 128-bit level (ASIMD)"
cross=(--target=aarch64-linux-gnu --sysroot=/usr/aarch64-linux-gnu --gcc-toolchain=/usr)
aarch64_objects=$(build aarch64 "${cross[@]}")
# shellcheck disable=SC2086
clang "${cross[@]}" -fuse-ld=lld -static $aarch64_objects -o "$out/aarch64/conformance" -lm
file "$out/aarch64/conformance" | grep -q "ARM aarch64" || { echo "test-arm64.sh: not an AArch64 binary" >&2; exit 1; }
qemu-aarch64-static "$out/aarch64/conformance" "$goldens" simd128

echo "== conformance, AArch64 under qemu-aarch64-static: the generic forms (SHEEN_GENERIC_128)"
generic_objects=$(build generic "${cross[@]}" -DSHEEN_GENERIC_128)
# shellcheck disable=SC2086
clang "${cross[@]}" -fuse-ld=lld -static $generic_objects -o "$out/generic/conformance" -lm
qemu-aarch64-static "$out/generic/conformance" "$goldens" simd128

echo "== conformance, x86-64 natively with AddressSanitizer and UndefinedBehaviorSanitizer: every C level"
# -O0 (build() puts it last, so it wins): the sanitizers check every access as written, and the
# kernels' always-inline bodies take minutes to instrument optimised, against seconds here; -O0
# computes the same bits (the debug test runs hold it to the twins). The driver adds, under
# AddressSanitizer, a layout where each buffer is allocated to its last byte, so the sanitizer's
# red zone lies right after the last row.
sanitizers=(-O0 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
asan_objects=$(build native-asan "${sanitizers[@]}")
# shellcheck disable=SC2086
clang "${sanitizers[@]}" -fuse-ld=lld $asan_objects -o "$out/native-asan/conformance" -lm
# The levels run at once (each single-threaded, ~13 s under the sanitizers on a 2-core machine).
pids=()
for level in "${levels[@]}"; do "$out/native-asan/conformance" "$goldens" "$level" & pids+=($!); done
for p in "${pids[@]}"; do wait "$p" || { echo "test-arm64.sh: a level failed under the sanitizers" >&2; exit 1; }; done

echo "== conformance, AArch64 (ASIMD, then the generic forms) with UndefinedBehaviorSanitizer (trap mode) under qemu"
ubsan=(-O0 -fsanitize=undefined -fsanitize-trap=all)
ubsan_objects=$(build aarch64-ubsan "${cross[@]}" "${ubsan[@]}")
# shellcheck disable=SC2086
clang "${cross[@]}" "${ubsan[@]}" -fuse-ld=lld -static $ubsan_objects -o "$out/aarch64-ubsan/conformance" -lm
qemu-aarch64-static "$out/aarch64-ubsan/conformance" "$goldens" simd128
generic_ubsan_objects=$(build generic-ubsan "${cross[@]}" -DSHEEN_GENERIC_128 "${ubsan[@]}")
# shellcheck disable=SC2086
clang "${cross[@]}" "${ubsan[@]}" -fuse-ld=lld -static $generic_ubsan_objects -o "$out/generic-ubsan/conformance" -lm
qemu-aarch64-static "$out/generic-ubsan/conformance" "$goldens" simd128
