#!/usr/bin/env bash
# The drop-in pixman's speed against the system pixman it stands in for (docs/pixman.md).
#   Scripts/bench-pixman.sh [--rounds N] [--fast] [--cairo TEST ...] [--blt OPERATION ...]
# Installs the drop-in (Scripts/install.sh --pixman into .build-pixman/prefix), then on one pinned
# core, without and with LD_PRELOAD=libsheen-pixman.so for N rounds (default 5), the order swapped
# every round — on this kind of machine a run later in a round was measured up to a quarter
# slower than the same run first (bench/pixman.md, fifth stage), so a fixed order biases the
# comparison; an even N puts each side first equally often:
#   - Benchmarks/pixman/dropin_calls.c: nanoseconds per small call (1 × 1 composites: the
#     interposition's cost; a glyph-sized mask; a 64 × 64 image; a fill), best of each run;
#   - with --cairo, Debian's cairo-perf-micro (cairo-perf-utils) on the image backend over the
#     named tests (cairo-perf-micro's own substring match, e.g. paint-with-alpha mask text), each
#     test run both ways back to back within a round (a slow spell of a shared machine then falls
#     on both sides of a pair): each case's fastest iteration per round (in cairo-perf's ticks),
#     the median over the rounds (the issue's statistic) and, beside it, the best over the rounds;
#     --fast passes cairo-perf-micro's -f (shorter runs: its paint test's 96 cases then take about
#     two minutes a run rather than half an hour). Then a row per test (the case name before its
#     first "_", or its size): cases, geometric mean, lowest, cases below 0.97×; and the issue's
#     target groups (gradient sources in the paint and mask tests, glyph tests, mask tests,
#     paint-with-alpha). Every run's figures are kept in .build-pixman/bench-cairo-rounds.json.
#   - with --blt, pixman's own fast-path benchmark, lowlevel-blt-bench (built from Debian's source
#     package by Scripts/test-pixman.sh, which this runs first when it is missing), over the named
#     operations (its names, e.g. over_8888_8888 over_n_8_8888 src_8888_8888): Mpix/s of each of
#     its tests (L1, L2, M: whole rows in and out of cache; HT, VT, R, RT: rectangles), best over
#     the rounds.
# Prints a Markdown table per part: without, with, the ratio (above 1: the drop-in is faster).
# Not part of the tests: a benchmark needs the machine to itself.
set -euo pipefail
rounds=5
fast=()
cairo=()
blt=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) [[ "${2:-}" =~ ^[1-9][0-9]?$ ]] || { echo "bench-pixman.sh: --rounds takes 1…99" >&2; exit 2; }; rounds=$2; shift 2 ;;
        --fast) fast=(-f); shift ;;
        --cairo) shift; while [ $# -gt 0 ] && [[ "$1" != --* ]]; do cairo+=("$1"); shift; done
                 [ ${#cairo[@]} -gt 0 ] || { echo "bench-pixman.sh: --cairo takes test names" >&2; exit 2; } ;;
        --blt) shift; while [ $# -gt 0 ] && [[ "$1" != --* ]]; do blt+=("$1"); shift; done
               [ ${#blt[@]} -gt 0 ] || { echo "bench-pixman.sh: --blt takes operation names" >&2; exit 2; } ;;
        -h|--help) "$(dirname "$0")/usage.sh" "$0"; exit 0 ;;
        *) echo "bench-pixman.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
cd "$(dirname "$0")/.."
work=.build-pixman
mkdir -p "$work"
if [ ${#cairo[@]} -gt 0 ]; then
    status=$(dpkg-query -W -f='${Status}' cairo-perf-utils 2>/dev/null || true)
    if [ "$status" != "install ok installed" ]; then
        sudo_cmd=(); if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
        "${sudo_cmd[@]}" apt-get install -y -qq cairo-perf-utils >/dev/null
    fi
fi
if [ ${#blt[@]} -gt 0 ] && [ ! -x "$work/build/test/lowlevel-blt-bench" ]; then Scripts/test-pixman.sh; fi
Scripts/install.sh --pixman --prefix "$work/prefix" > "$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
preload="$work/prefix/lib/libsheen-pixman.so"
cc -O2 Benchmarks/pixman/dropin_calls.c $(pkg-config --cflags --libs pixman-1) -o "$work/dropin_calls"
core=$(( $(nproc) - 1 ))
echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), core $core; pixman $(dpkg-query -W -f='${Version}' libpixman-1-0); $rounds rounds, the order swapped every round"

python3 - "$work" "$preload" "$core" "$rounds" "${#fast[@]}" "${#cairo[@]}" "${cairo[@]}" "${blt[@]}" <<'PY'
import json, os, re, statistics, subprocess, sys
work, preload, core, rounds, fast = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] != "0"
tests, blt = sys.argv[7:7 + int(sys.argv[6])], sys.argv[7 + int(sys.argv[6]):]

def run(cmd, preloaded, env=None):
    e = dict(os.environ, **(env or {}))
    e.pop("LD_PRELOAD", None)
    if preloaded:
        e["LD_PRELOAD"] = os.path.abspath(preload)
    return subprocess.run(["taskset", "-c", core] + cmd, env=e, capture_output=True, text=True, check=True).stdout

def orders(r):
    """Round r's order: without first in even rounds, with first in odd ones."""
    return (False, True) if r % 2 == 0 else (True, False)

def table(title, unit, rows, faster_is_lower=True):
    print(f"\n### {title}\n\n| case | without ({unit}) | with ({unit}) | ratio |\n|---|---:|---:|---:|")
    for name, (a, b) in rows.items():
        print(f"| {name} | {a:,.1f} | {b:,.1f} | {a / b:.2f}× |")

calls = {}
for r in range(rounds):
    for preloaded in orders(r):
        for line in run([os.path.join(work, "dropin_calls"), "3"], preloaded).splitlines():
            name, ns = line.split()
            calls.setdefault(name, ([], []))[preloaded].append(float(ns))
table("Small calls (ns per call, best of each run, best over the runs)", "ns",
      {n: (min(a), min(b)) for n, (a, b) in calls.items()})

if tests:
    # A case's line: index, backend, name, its fastest iteration in ticks, [ticks/iterations],
    # min and median in ms (3 decimals: too coarse for the small sizes, so ticks are used).
    pattern = re.compile(r"image\.rgba\s+(\S+)\s+([\d.]+)\s+\[")
    # A round runs each named test both ways back to back, not the whole set one way and then the
    # other: on a shared machine a slow spell lasts tens of seconds and lands on a run of the whole set
    # (~85 s a side at --fast) one way only; a test's pair (1–30 s each) shares it far more often.
    # A case a later name matches again (cairo-perf-micro's names are substrings) keeps its first
    # measurement.
    cases = {}
    kept = []
    for r in range(rounds):
        ticks = ({}, {})
        for test in tests:
            for preloaded in orders(r):
                out = run(["cairo-perf-micro"] + (["-f"] if fast else []) + ["-i", "5", test], preloaded, {"CAIRO_TEST_TARGET": "image"})
                for name, value in pattern.findall(out):
                    ticks[preloaded].setdefault(name, float(value))
        for preloaded in orders(r):
            kept.append({"round": r, "preloaded": preloaded, "ticks": ticks[preloaded]})
            for name, value in ticks[preloaded].items():
                cases.setdefault(name, ([], []))[preloaded].append(value)
    with open(os.path.join(work, "bench-cairo-rounds.json"), "w") as f:
        json.dump(kept, f)
    rows = {n: (statistics.median(a), statistics.median(b)) for n, (a, b) in cases.items() if a and b and min(a) > 0 and min(b) > 0}
    table("cairo-perf-micro, image backend (ticks of each run's fastest iteration, median over the runs)", "ticks", rows)
    ratios = {n: a / b for n, (a, b) in rows.items()}
    if ratios:
        def test_of(name):
            return name.split("_")[0] if "_" in name else name.rsplit(".", 1)[0]
        def source_of(name):
            parts = name.split("_")
            return parts[1] if len(parts) > 2 else ""
        def summary(values):
            return (f"{len(values)} | {statistics.geometric_mean(values):.2f}× | {min(values):.2f}× | "
                    f"{max(values):.2f}× | {sum(v < 0.97 for v in values)}")
        print("\n### Per test\n\n| test | cases | geometric mean | lowest | highest | below 0.97× |\n|---|---:|---:|---:|---:|---:|")
        for test in dict.fromkeys(test_of(n) for n in ratios):
            print(f"| {test} | {summary([v for n, v in ratios.items() if test_of(n) == test])} |")
        paint_and_mask = lambda n: test_of(n) in ("paint", "paint-with-alpha") or test_of(n).startswith("mask")
        groups = {
            "every case": lambda n: True,
            "linear gradient sources, paint and mask tests (target ≥ 5×)": lambda n: paint_and_mask(n) and source_of(n).startswith("linear"),
            "radial gradient sources, paint and mask tests (target ≥ 5×)": lambda n: paint_and_mask(n) and source_of(n).startswith("radial"),
            "glyph tests: glyphs*, text (target ≥ 1.2×)": lambda n: test_of(n).startswith("glyphs") or test_of(n) == "text",
            "mask tests (target ≥ 1.2×)": lambda n: test_of(n).startswith("mask"),
            "paint-with-alpha (target ≥ 1.2×)": lambda n: test_of(n) == "paint-with-alpha",
        }
        print("\n### Target groups\n\n| group | cases | geometric mean | lowest | highest | below 0.97× |\n|---|---:|---:|---:|---:|---:|")
        for title, member in groups.items():
            values = [v for n, v in ratios.items() if member(n)]
            if values:
                print(f"| {title} | {summary(values)} |")
        best = [min(a) / min(b) for a, b in cases.values() if a and b and min(a) > 0 and min(b) > 0]
        print(f"\nBy each side's best round instead of its median: geometric mean {statistics.geometric_mean(best):.2f}×, "
              f"{sum(v < 0.97 for v in best)} of {len(best)} cases below 0.97×")

if blt:
    # lowlevel-blt-bench -c prints one CSV line per operation: Mpix/s of L1, L2, M, HT, VT, R, RT.
    columns = ["L1", "L2", "M", "HT", "VT", "R", "RT"]
    speeds = {}
    for r in range(rounds):
        for preloaded in orders(r):
            for operation in blt:
                line = run([os.path.join(work, "build", "test", "lowlevel-blt-bench"), "-c", operation], preloaded).strip().splitlines()[-1]
                for column, value in zip(columns, line.split(",")):
                    speeds.setdefault(f"{operation} {column}", ([], []))[preloaded].append(float(value))
    print("\n### pixman's lowlevel-blt-bench (Mpix/s, best over the runs)\n\n| operation test | without (Mpix/s) | with (Mpix/s) | ratio |\n|---|---:|---:|---:|")
    ratios = []
    for name, (a, b) in speeds.items():
        ratios.append(max(b) / max(a))
        print(f"| {name} | {max(a):,.1f} | {max(b):,.1f} | {max(b) / max(a):.2f}× |")
    print(f"\ngeometric mean {statistics.geometric_mean(ratios):.2f}×, lowest {min(ratios):.2f}× over {len(ratios)} tests")
PY
