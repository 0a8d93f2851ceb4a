#!/usr/bin/env python3
"""Sheen against the libraries users would otherwise pick, in one run.

Runs sheen-bench --json --dump (release build; add --builds default,v3 for the AVX2 build too),
then the same workloads on the peers pip provides — cairo through cairocffi (pixman), OpenCV,
Pillow, skia-python, and Blend2D (its JIT pipelines, through a small C shim over the static
library in PyPI's blend2d-python, for W1, W2 and W3) — on the very pixels sheen-bench dumped,
and W6, the small calls (one glyph, one glyph run, one small gradient rectangle per call), in ns
per call for pixman, Blend2D and Sheen's C API in one C process (peerbench/smallcalls.c) beside
sheen-bench's Swift API figures, with Pango laying out sheen-bench's text-layout texts
(peerbench/textlayout.c) —
single-threaded, warm-up then the median of --reps repetitions. Every output, Sheen's included, is checked against one float64
reference (max and mean error in levels). Writes bench/peers.json, bench/peers.md (one table per
workload) and bench/charts/<workload>.png, and with --readme replaces the README's summary (a line per workload) between
`<!-- peers:begin -->` and `<!-- peers:end -->`.

The peers are installed by this script (pinned: Scripts/peerbench/requirements.txt) into a
virtual environment under .build/, never into the project or the system.
"""

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "peers-venv")
REQUIREMENTS = os.path.join(ROOT, "Scripts", "peerbench", "requirements.txt")
BUILD_DIRS = {"default": ".build", "v3": ".build-v3"}
WORKLOADS = ("W1", "W1p", "W2/W3", "W4", "W5", "W6")
BUILD_FLAGS = {"default": [], "v3": ["--scratch-path", ".build-v3", "-Xcc", "-march=x86-64-v3"]}


def in_venv():
    return os.path.realpath(sys.prefix) == os.path.realpath(VENV)


def bootstrap():
    """Creates the virtual environment with the pinned peers when needed, then re-runs this
    script inside it."""
    python = os.path.join(VENV, "bin", "python")
    stamp = os.path.join(VENV, "requirements.txt")
    wanted = open(REQUIREMENTS).read()
    if not os.path.exists(stamp) or open(stamp).read() != wanted:
        print("compare-peers: installing the peers into .build/peers-venv", file=sys.stderr)
        subprocess.run([os.path.join(ROOT, "Scripts", "install-deps.sh"), "--peers"], check=True)
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "-r", REQUIREMENTS], check=True)
        with open(stamp, "w") as f:
            f.write(wanted)
    os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])


# The sheen-bench case prefix each workload needs (W5's label case is "label.").
# W6's cases (composite.over_n_8_8888.glyph…, gradient.linear.rect…) share no one prefix: it runs all.
PREFIXES = {"W1": "gradient.", "W1p": "pattern.", "W2/W3": "composite.", "W4": "blur.", "W5": "label.", "W6": None}


def run_sheen(build, dump_dir, quick, reps, chosen=WORKLOADS):
    """Builds and runs sheen-bench (only the cases of one workload when one is chosen); returns
    its JSON records by case."""
    subprocess.run(["swift", "build", "-c", "release", "--product", "sheen-bench"] + BUILD_FLAGS[build],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    os.makedirs(dump_dir, exist_ok=True)
    cmd = [os.path.join(ROOT, BUILD_DIRS[build], "release", "sheen-bench"), "--json", "--build", build,
           "--dump", dump_dir, "--reps", str(reps)]
    if quick:
        cmd.append("--quick")
    if len(chosen) == 1 and PREFIXES[chosen[0]]:
        cmd += ["--filter", PREFIXES[chosen[0]]]
    out = subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True).stdout
    return {r["case"]: r for r in (json.loads(line) for line in out.splitlines() if line.startswith("{"))}


def peer_versions():
    import cairocffi
    import cv2
    import numpy
    import PIL
    import skia
    from importlib.metadata import version
    ipp = next((line.split(":", 1)[1].strip() for line in cv2.getBuildInformation().splitlines()
                if "Intel IPP:" in line), "no IPP")
    from peerbench import blend2d
    return {"Blend2D": blend2d.version(), "cairo": cairocffi.cairo_version_string(), "cairocffi": cairocffi.version,
            "OpenCV": f"{cv2.__version__} (IPP {ipp})", "Pillow": PIL.__version__,
            "skia-python": skia.__version__, "skia-canvas-pyr": version("skia-canvas-pyr"), "numpy": numpy.__version__}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=25, help="timed repetitions per case, ≥ 20 (default 25)")
    parser.add_argument("--quick", action="store_true", help="small sizes and 3 repetitions: a smoke run")
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure everything this many times, Sheen and the peers in turn; every ratio is "
                             "taken within one round, then the median and range over rounds are reported, "
                             "beside each library's median speed (default 1)")
    parser.add_argument("--builds", default="default", help="sheen-bench builds: default, v3 or default,v3")
    parser.add_argument("--workloads", default=",".join(WORKLOADS),
                        help="the peer workloads to measure, comma-separated (default: all of "
                             + ", ".join(WORKLOADS) + "); with fewer, write to another --out")
    parser.add_argument("--out", default=os.path.join(ROOT, "bench"), help="where peers.json, peers.md and charts/ go")
    parser.add_argument("--readme", help="README to update between the peers markers")
    parser.add_argument("--record", help="also save the raw measurements (sheen-bench records, peer rows) here")
    parser.add_argument("--from-record", help="regenerate the report from a saved --record file; measure nothing")
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(ROOT, "Scripts"))
    if args.from_record:
        try:
            import PIL  # noqa: F401  (the charts are drawn with Pillow)
        except ImportError:
            python = subprocess.run([os.path.join(ROOT, "Scripts", "scripts-python.sh")], capture_output=True,
                                    text=True, check=True).stdout.strip()
            os.execv(python, [python, *sys.argv])
        from peerbench import report
        with open(args.from_record) as f:
            saved = json.load(f)
        write_report(report, saved, args)
        return
    if not in_venv():
        bootstrap()
    if not args.quick and args.reps < 20:
        parser.error("--reps must be at least 20 (the median of fewer is too noisy to publish)")
    reps = 3 if args.quick else args.reps

    from peerbench import machine, report

    chosen = [w.strip() for w in args.workloads.split(",") if w.strip()]
    for w in chosen:
        if w not in WORKLOADS:
            parser.error(f"unknown workload {w!r} ({', '.join(WORKLOADS)})")
    builds = [b.strip() for b in args.builds.split(",") if b.strip()]
    for b in builds:
        if b not in BUILD_DIRS:
            parser.error(f"unknown build {b!r} (default or v3)")
    rounds = []
    for n in range(max(args.rounds, 1)):
        if args.rounds > 1:
            print(f"compare-peers: round {n + 1} of {args.rounds}", file=sys.stderr)
        this_sheen, this_peers = measure(builds, args.quick, reps, chosen)
        rounds.append({"sheen": this_sheen, "peers": this_peers})

    meta = {
        "machine": machine.description(), "date": datetime.date.today().isoformat(), "reps": reps,
        "quick": args.quick, "rounds": max(args.rounds, 1), "python": platform.python_version(), "versions": peer_versions(),
        "threads": "single thread everywhere (cv2.setNumThreads(1); Skia, cairo and Pillow draw on the calling thread)",
    }
    saved = {"rounds": rounds, "meta": meta}
    if args.record:
        os.makedirs(os.path.dirname(os.path.abspath(args.record)), exist_ok=True)
        with open(args.record, "w") as f:
            json.dump(saved, f, indent=1)
            f.write("\n")
    write_report(report, saved, args)


def measure(builds, quick, reps, chosen=WORKLOADS):
    """One round: sheen-bench for every build (dumping its inputs), then each chosen peer workload
    on those inputs. Returns (Sheen's records by build and case, the peers' rows by workload)."""
    from peerbench import report, workloads
    from peerbench.dump import Dump

    sheen = {}
    dump = None
    for b in builds:
        dump_dir = os.path.join(ROOT, ".build", "peers", "dump-" + b)
        print(f"compare-peers: sheen-bench ({b})", file=sys.stderr)
        sheen[b] = run_sheen(b, dump_dir, quick, reps, chosen)
        this = Dump(dump_dir)
        dump = dump or this   # the inputs are the same in every build: the first one's feed the peers
        dump.sheen[report.sheen_label(b)] = this

    runner = workloads.Runner(reps=reps, warmup=1 if quick else 3)
    peers = {}
    if "W1" in chosen:
        print("compare-peers: W1 gradients", file=sys.stderr)
        peers["W1"] = workloads.gradients(runner, dump, dump.cases("gradient."))
    if "W1p" in chosen:
        print("compare-peers: W1p patterns", file=sys.stderr)
        first = dump.cases("pattern.")[0]
        pw, ph = dump.entries[(first, "output")]["width"], dump.entries[(first, "output")]["height"]
        peers["W1p"] = workloads.patterns(runner, dump, pw, ph)
    if "W2/W3" in chosen:
        print("compare-peers: W2/W3 compositing", file=sys.stderr)
        peers["W2/W3"] = workloads.composites(runner, dump, dump.cases("composite."))
    if "W4" in chosen:
        print("compare-peers: W4 blur", file=sys.stderr)
        # σ 256 is Sheen's alone: OpenCV's direct kernel there (1,537 taps a pass) takes seconds a call.
        peers["W4"] = workloads.blurs(runner, dump, [c for c in dump.cases("blur.")
                                                     if not c.endswith("threads2") and not c.startswith("blur.a8.s256")])
    if "W5" in chosen:
        print("compare-peers: W5 label", file=sys.stderr)
        peers["W5"] = workloads.labels(runner)
    if "W6" in chosen:
        print("compare-peers: W6 small calls", file=sys.stderr)
        from peerbench import smallcalls, textlayout
        peers["W6"] = smallcalls.run(quick=quick) + textlayout.run(dump, quick=quick)
    return sheen, peers


def write_report(report, saved, args):
    # A record of one round saved before rounds were kept apart has its sheen and peers at the top.
    rounds = saved.get("rounds") or [{"sheen": saved["sheen"], "peers": saved["peers"]}]
    results = report.assemble_rounds(rounds, saved["meta"])
    for p in report.write_all(results, args.out, readme=args.readme):
        print("wrote " + os.path.relpath(p, ROOT), file=sys.stderr)


if __name__ == "__main__":
    main()
