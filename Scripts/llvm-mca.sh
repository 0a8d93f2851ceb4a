#!/usr/bin/env bash
# Predicted cycles per 16 pixels (the blur: per step of 16 values) of the kernels' hot steps on
# core models, from llvm-mca 19 (Debian's llvm-19; `Scripts/install-deps.sh --mca` installs it):
# the AArch64 build of the 128-bit level (ASIMD) on Neoverse V1, Neoverse N1 and Apple M1 beside
# the x86-64 AVX2 and 128-bit (SSE4.2) builds on Zen 3. Tests/Conformance/mca-loops.c holds each
# step between LLVM-MCA markers, made of the kernel bodies' own helpers; this script compiles it
# with the Swift toolchain's clang, cuts out the marked regions and prints, per core, llvm-mca's
# resource bound (Block RThroughput: the busiest pipes) and its simulated cycles per iteration.
# Predictions, not measurements: llvm-mca models pipes and latencies, not caches; its simulation
# also chains an AArch64 post-indexed store's address to the stored value, which real cores do not,
# so there the resource bound is the figure to read. (llvm-mca 14 has no Neoverse model at all: it
# gives V1, N1 and Cortex-A76 the Cortex-A57's; 19 still does for A76, which is left out.)
#   Scripts/llvm-mca.sh
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then "$(dirname "$0")/usage.sh" "$0"; exit 0; fi
if [ $# -gt 0 ]; then echo "llvm-mca.sh: takes no arguments (got $1); --help for what it runs" >&2; exit 2; fi
cd "$(dirname "$0")/.."
command -v llvm-mca-19 >/dev/null || { echo "llvm-mca.sh: needs llvm-mca-19 (Scripts/install-deps.sh --mca)" >&2; exit 1; }
out=.build-mca
mkdir -p "$out"

# Compiles part $1 at level $2 as $3 with the extra flags that follow; writes each marked region
# to $out/$3.NAME.s and prints the names.
regions() {
  local part=$1 level=$2 tag=$3; shift 3
  clang "$@" -O2 -S -DMCA_PART="$part" -DMCA_LEVEL="$level" -ISources/CSheenSIMD/include \
    Tests/Conformance/mca-loops.c -o "$out/$tag.s"
  awk -v prefix="$out/$tag." '
    /LLVM-MCA-BEGIN/{name=$NF; file=prefix name ".s"; printf "" > file; names=names " " name; p=1}
    p{print > file}
    /LLVM-MCA-END/{p=0}
    END{print names}' "$out/$tag.s"
}

# Prints "loop build core bound simulated" for region file $1 (triple $2, cpu $3, build $4, loop
# $5), both divided by $6: the region's 16-pixel steps (the blur's regions hold two steps).
predict() {
  llvm-mca-19 -mtriple="$2" -mcpu="$3" -iterations=1000 "$1" 2>/dev/null |
    awk -v build="$4" -v cpu="$3" -v name="$5" -v steps="$6" '
      /Total Cycles:/{cycles=$3/1000}
      /Block RThroughput:/{printf "%-16s %-8s %-12s %8.2f %10.2f\n", name, build, cpu, $3/steps, cycles/steps}'
}

printf "%-16s %-8s %-12s %8s %10s\n" loop build core bound simulated
# Part 3's x86 128-bit build (exact FMA without an FMA instruction) keeps its test but not the
# rare fix the test guards (SHEEN_MCA_COMMON_PATH), whose instructions llvm-mca would count as
# run on every window: its figures are the path windows take, the fix's branches left out.
for part in 1 2 3 4; do
  steps=1
  [ "$part" = 4 ] && steps=2
  names=$(regions "$part" 128 "a64-$part" --target=aarch64-linux-gnu --sysroot=/usr/aarch64-linux-gnu)
  regions "$part" 256 "avx2-$part" >/dev/null
  regions "$part" 128 "sse-$part" -DSHEEN_MCA_COMMON_PATH >/dev/null
  for loop in $names; do
    for cpu in neoverse-v1 neoverse-n1 apple-m1; do predict "$out/a64-$part.$loop.s" aarch64 "$cpu" neon "$loop" "$steps"; done
    predict "$out/avx2-$part.$loop.s" x86_64 znver3 avx2 "$loop" "$steps"
    predict "$out/sse-$part.$loop.s" x86_64 znver3 sse4.2 "$loop" "$steps"
  done
done
