#!/usr/bin/env python3
"""Regenerates bench/README.md's benchmark table from sheen-bench JSON lines (never typed by hand).

usage: readme_table.py DEFAULT.jsonl V3.jsonl [--readme bench/README.md]
Without --readme the table is printed. With it, the text between the markers
<!-- bench:begin --> and <!-- bench:end --> is replaced.
"""
import argparse, datetime, json, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peerbench.machine import description as machine_description  # noqa: E402

BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip().startswith("{")]


def machine():
    return machine_description() + ", single thread"


def fmt(v, digits=0):
    return "–" if v is None else f"{v:,.{digits}f}"


def table(default, v3, when):
    by_case = {r["case"]: r for r in v3}
    lines = [
        f"Measured {when} on {machine()}; median of each case. Ratios are to memset/memcpy of the same size in the same run.",
        "",
        "| case | size | default Mpix/s | ×memset | v3 Mpix/s | ×memset | intermediate | make / fill (v3, µs) |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    counted = [d for d in default if d.get("unit")]
    for d in default:
        if d.get("unit"):
            continue
        o = by_case.get(d["case"], {})
        phases = ""
        if "make_ns" in o:
            phases = f"{o['make_ns'] / 1000:.2f} / {o['fill_ns'] / 1000:.1f}"
        inter = d.get("intermediate_bytes", 0)
        lines.append(
            f"| `{d['case']}` | {d['width']}×{d['height']} | {fmt(d['mpix_s'])} | {fmt(d.get('ratio_memset'), 2)} "
            f"| {fmt(o.get('mpix_s'))} | {fmt(o.get('ratio_memset'), 2)} | {inter:,} B | {phases} |"
        )
    if counted:
        lines += [
            "",
            "Cases counted in operations (text layout and masks; one operation per repetition, median):",
            "",
            "| case | size | default | v3 | unit | default µs | v3 µs |",
            "|---|---|---:|---:|---|---:|---:|",
        ]
        for d in counted:
            o = by_case.get(d["case"], {})
            lines.append(
                f"| `{d['case']}` | {d['width']}×{d['height']} | {fmt(d.get('per_s'))} | {fmt(o.get('per_s'))} "
                f"| {d['unit']} | {fmt(d['median_ns'] / 1000, 1)} | {fmt(o['median_ns'] / 1000 if o else None, 1)} |"
            )
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("default")
    ap.add_argument("v3")
    ap.add_argument("--readme")
    ap.add_argument("--date", help="date to print (default: the default file's modification date)")
    args = ap.parse_args()
    when = args.date or datetime.date.fromtimestamp(os.path.getmtime(args.default)).isoformat()
    text = table(load(args.default), load(args.v3), when)
    if not args.readme:
        print(text)
        return 0
    with open(args.readme) as f:
        readme = f.read()
    if BEGIN not in readme or END not in readme:
        sys.exit(f"{args.readme} has no {BEGIN} … {END} markers")
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    readme = pattern.sub(lambda _: BEGIN + "\n" + text + "\n" + END, readme)
    with open(args.readme, "w") as f:
        f.write(readme)
    return 0


if __name__ == "__main__":
    sys.exit(main())
