"""Turns one run's measurements into the published comparison: a results JSON, one markdown table
per workload (speed, ×memcpy of the same run, max and mean error against the float64 reference,
Sheen's ratio to the best peer), a bar chart PNG per workload, and the README's short summary (a
line per workload, linking the tables) between `<!-- peers:begin -->` and `<!-- peers:end -->`.
Standard library only."""

import json
import os
import re

from . import chart

WORKLOADS = [
    ("W1", "Gradient fills", "Mpix/s", "gradient."),
    ("W1p", "The 1-pixel pattern question (make + fill)", "Mpix/s", "pattern."),
    ("W2/W3", "Mask compositing: sourceOver through an A8 mask", "Mpix/s", "composite."),
    ("W4", "Gaussian blur", "Mpix/s", "blur."),
    ("W5", "The styled label", "labels/s", "label."),
    ("W6", "Small calls: a glyph, a glyph run, a small gradient rectangle (10,000 per run over 1920×1080), "
           "a text layout",
     "calls/s", ""),
]
BEGIN = "<!-- peers:begin -->"
END = "<!-- peers:end -->"


def sheen_label(build):
    """The library name of a sheen-bench build in tables and charts."""
    return "Sheen" if build == "default" else f"Sheen ({build})"


def is_sheen(library):
    return library == "Sheen" or library.startswith("Sheen (") or library == "Sheen C API"


def assemble(sheen, peers, meta):
    """The results document. `sheen` maps a build to its sheen-bench JSON records by case;
    `peers` maps a workload id to result rows (peer rows with `value`, Sheen rows with errors
    only, labelled by `sheen_label`)."""
    references = {}
    for build, records in sheen.items():
        refs = {}
        for kind in ("memset", "memcpy"):
            r = records.get(f"reference.{kind}.1920x1080") or next(
                (v for k, v in records.items() if k.startswith(f"reference.{kind}.")), None)
            refs[kind + "_mpix_s"] = r["mpix_s"] if r else None
            refs[kind + "_size"] = f'{r["width"]}x{r["height"]}' if r else None
            # Every size sheen-bench measured its references at, for the cases of that size.
            refs[kind + "_by_size"] = {f'{v["width"]}x{v["height"]}': v["mpix_s"] for k, v in records.items()
                                       if k.startswith(f"reference.{kind}.")}
        references[sheen_label(build)] = refs
    workloads = []
    for wid, title, unit, prefix in WORKLOADS:
        rows = peers.get(wid, [])
        cases = []
        for r in rows:
            if r["case"] not in cases:
                cases.append(r["case"])
        entries = []
        for case in cases:
            results = []
            for build, records in sheen.items():
                label = sheen_label(build)
                rec = records.get(case)
                err = next((r for r in rows if r["case"] == case and r["library"] == label), {})
                if rec is None:
                    continue
                value = rec["per_s"] if unit != "Mpix/s" else rec["mpix_s"]
                results.append({"library": label, "value": value, "max_err": err.get("max_err"),
                                "mean_err": err.get("mean_err"), "note": ""})
            for r in rows:
                # Peers, and Sheen measured by a peer harness (W6's C API rows carry a value).
                if r["case"] == case and (not is_sheen(r["library"]) or r.get("value") is not None):
                    results.append({k: r.get(k) for k in ("library", "value", "max_err", "mean_err", "note")})
                    if r.get("approximation"):
                        results[-1]["approximation"] = True
                    if r.get("max_err_interior") is not None:
                        results[-1]["max_err_interior"] = r["max_err_interior"]
            # An approximation (Pillow's box-filter "Gaussian") is shown, not counted as a peer.
            peer_values = [(r["value"], r["library"]) for r in results
                           if not is_sheen(r["library"]) and r["value"] and not r.get("approximation")]
            best = max(peer_values) if peer_values else None
            for r in results:
                if is_sheen(r["library"]) and best:
                    r["ratio_best_peer"] = r["value"] / best[0]
                    r["best_peer"] = best[1]
            size = re.search(r"(\d+)x(\d+)", case)
            record = next((recs.get(case) for recs in sheen.values() if case in recs), None)
            width, height = ((record["width"], record["height"]) if record
                             else (int(size.group(1)), int(size.group(2))) if size else (None, None))
            # The bandwidth yardsticks of this case's size: a Sheen build's from its own
            # sheen-bench run, the peers' from the first build's (whose dump they worked on).
            if unit == "Mpix/s" and width and height and references:
                first = next(iter(references.values()))
                for r in results:
                    refs = references.get(r["library"], first)
                    for kind in ("memset", "memcpy"):
                        yard = refs[kind + "_by_size"].get(f"{width}x{height}") or refs[kind + "_mpix_s"]
                        if yard and r["value"]:
                            r["x_" + kind] = r["value"] / yard
            entries.append({"case": case, "width": width, "height": height, "results": results})
        workloads.append({"id": wid, "title": title, "unit": unit, "cases": entries})
    return {"meta": meta, "references": references, "workloads": workloads}


def assemble_rounds(rounds, meta):
    """The results document of several rounds, each {"sheen", "peers"} measured in turn. Every
    round is assembled alone, so each ratio is Sheen's and the peer's speed in the same round;
    then per case and library the median over rounds of the speed, ×memset and ×memcpy, and per
    Sheen row the median of its same-round ratios to the best peer with their range
    (`ratio_range`) and the peer that was fastest in most rounds."""
    import statistics
    per_round = [assemble(r["sheen"], r["peers"], meta) for r in rounds]
    first = per_round[0]
    if len(per_round) == 1:
        return first
    for wi, w in enumerate(first["workloads"]):
        for ci, entry in enumerate(w["cases"]):
            for r in entry["results"]:
                same = []
                for other in per_round:
                    oe = next((e for e in other["workloads"][wi]["cases"] if e["case"] == entry["case"]), None)
                    o = next((x for x in (oe or {}).get("results", []) if x["library"] == r["library"]
                              and (x["value"] is None) == (r["value"] is None)), None)
                    if o is not None:
                        same.append(o)
                for key in ("value", "x_memset", "x_memcpy"):
                    values = [o[key] for o in same if o.get(key) is not None]
                    if values:
                        r[key] = statistics.median(values)
                ratios = [o["ratio_best_peer"] for o in same if o.get("ratio_best_peer") is not None]
                if ratios:
                    r["ratio_best_peer"] = statistics.median(ratios)
                    r["ratio_range"] = [min(ratios), max(ratios)]
                    r["ratio_rounds"] = len(ratios)
                    peers = [o["best_peer"] for o in same if o.get("best_peer")]
                    r["best_peer"] = max(set(peers), key=peers.count)
    for label, refs in first["references"].items():
        rounds_refs = [x["references"].get(label, {}) for x in per_round]
        for kind in ("memset", "memcpy"):
            values = [r[kind + "_mpix_s"] for r in rounds_refs if r.get(kind + "_mpix_s")]
            if values:
                refs[kind + "_mpix_s"] = statistics.median(values)
            for size in refs[kind + "_by_size"]:
                refs[kind + "_by_size"][size] = statistics.median(
                    r[kind + "_by_size"][size] for r in rounds_refs if size in r.get(kind + "_by_size", {}))
    return first


def fmt(v, digits=0):
    if v is None:
        return "—"
    return f"{v:,.{digits}f}"


def chart_file(workload_id):
    """The chart's file name: `W2/W3` → `W2-W3.png`."""
    return workload_id.replace("/", "-") + ".png"


def markdown(results, chart_dir="charts"):
    """Markdown of the whole comparison: a header with machine, date, versions and references,
    then per workload a table, its notes and its chart."""
    meta, refs = results["meta"], results["references"]
    rounds = meta.get("rounds", 1)
    of_rounds = (f"; {rounds} rounds, Sheen and the peers measured in turn: each speed is the median of its "
                 f"rounds, each ratio the median [and range] of the ratios taken within one round") if rounds > 1 else ""
    lines = [f"Measured {meta['date']} on {meta['machine']}; {meta['threads']}; median of "
             f"{meta['reps']} repetitions after a warm-up{of_rounds}.", ""]
    for label, r in refs.items():
        sizes = r.get("memset_by_size") or {r["memset_size"]: r["memset_mpix_s"]}
        lines.append(f"- Same-run references ({label}'s sheen-bench), Mpix/s: " + "; ".join(
            f"{size} memset {fmt(sizes[size])}, memcpy {fmt(r.get('memcpy_by_size', {}).get(size, r['memcpy_mpix_s']))}"
            for size in sizes) + ".")
    versions = ", ".join(f"{k} {v}" for k, v in meta.get("versions", {}).items())
    if versions:
        lines.append(f"- Versions: {versions}; Python {meta.get('python', '?')}.")
    lines.append("- Errors are in 8-bit levels against one float64 reference computed from the same "
                 "inputs (a perfectly rounded result has max ≤ 0.5); — where no reference applies.")
    memcpy = next((r["memcpy_mpix_s"] for r in refs.values() if r["memcpy_mpix_s"]), None)
    memset = next((r["memset_mpix_s"] for r in refs.values() if r["memset_mpix_s"]), None)
    for w in results["workloads"]:
        if not w["cases"]:
            continue
        per_pixel = w["unit"] == "Mpix/s"
        lines += ["", f"#### {w['id']} · {w['title']} ({w['unit']}, higher is better)", ""]
        head = ["case", "library", w["unit"]] + (["×memset", "×memcpy"] if per_pixel else []) + ["max err", "mean err",
                                                                                        "Sheen ÷ best peer"]
        lines.append("| " + " | ".join(head) + " |")
        lines.append("|" + "|".join(["---", "---"] + ["---:"] * (len(head) - 2)) + "|")
        notes = {}
        for entry in w["cases"]:
            for i, r in enumerate(entry["results"]):
                name = f"**{r['library']}**" if is_sheen(r["library"]) else r["library"]
                if r.get("note"):
                    notes.setdefault(r["library"], [])
                    if r["note"] not in notes[r["library"]]:
                        notes[r["library"]].append(r["note"])
                cells = [f"`{entry['case']}`" if i == 0 else "", name, fmt(r["value"], 0 if (r["value"] or 0) >= 10 else 1)]
                if per_pixel:
                    for kind, fallback in (("memset", memset), ("memcpy", memcpy)):
                        x = r.get("x_" + kind) or (r["value"] / fallback if fallback and r["value"] else None)
                        cells.append(fmt(x, 2))
                max_err = fmt(r["max_err"], 2)
                if r.get("max_err_interior") is not None:
                    max_err += f" ({fmt(r['max_err_interior'], 2)} ≥ 4σ from the edges)"
                cells += [max_err, fmt(r["mean_err"], 3)]
                ratio = r.get("ratio_best_peer")
                spread = (f" [{r['ratio_range'][0]:.2f}–{r['ratio_range'][1]:.2f}]"
                          if r.get("ratio_range") and r["ratio_range"][0] != r["ratio_range"][1] else "")
                cells.append(f"{ratio:.2f}×{spread} {r['best_peer']}" if ratio is not None else "")
                lines.append("| " + " | ".join(cells) + " |")
        for library, texts in notes.items():
            lines.append("")
            lines.append(f"*{library}*: " + "; ".join(texts) + ".")
        lines += ["", f"![{w['id']} chart]({chart_dir}/{chart_file(w['id'])})"]
    return "\n".join(lines) + "\n"


def summary(results, tables="bench/peers.md"):
    """The README's summary: per workload, how many cases, and the lowest, median and highest of
    Sheen's (default build's) ratio to the best peer over them, with a link to the full tables."""
    import statistics
    meta = results["meta"]
    lines = [f"Sheen ÷ the best peer measured in the same round (higher is faster), {meta['date']}, {meta['machine']}, "
             f"single thread; every case, speed and error: [{tables}]({tables}).", "",
             "| workload | cases | lowest | median | highest |", "|---|---:|---:|---:|---:|"]
    for w in results["workloads"]:
        ratios = [(r["ratio_best_peer"], e["case"]) for e in w["cases"] for r in e["results"]
                  if r["library"] == "Sheen" and r.get("ratio_best_peer") is not None]
        if not ratios:
            continue
        low, high = min(ratios), max(ratios)
        lines.append(f"| {w['id']} · {w['title'].split(':')[0]} | {len(ratios)} | {low[0]:.2f}× (`{low[1]}`) "
                     f"| {statistics.median(r for r, _ in ratios):.2f}× | {high[0]:.2f}× |")
    return "\n".join(lines) + "\n"


def charts(results):
    """{file name: PNG bytes}, one chart per workload with cases."""
    meta, refs = results["meta"], results["references"]
    memcpy = next(((label, r["memcpy_mpix_s"]) for label, r in refs.items() if r["memcpy_mpix_s"]), None)
    out = {}
    for w in results["workloads"]:
        if not w["cases"]:
            continue
        groups = [(e["case"], [(r["library"], r["value"]) for r in e["results"]]) for e in w["cases"]]
        reference = (f"memcpy ({memcpy[0]} run)", memcpy[1]) if memcpy and w["unit"] == "Mpix/s" else None
        out[chart_file(w["id"])] = chart.bar_chart(
            f"{w['id']} · {w['title']}", f"{w['unit']}, single thread, higher is better · {meta['machine']} · {meta['date']}",
            w["unit"], groups, reference)
    return out


def replace_block(text, block):
    """`text` with the part between the peers markers replaced by `block`."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the README has no {BEGIN} … {END} block")
    return text[:start + len(BEGIN)] + "\n" + block + text[end:]


def write_all(results, out_dir, readme=None):
    """Writes peers.json, peers.md and charts/*.png under `out_dir` (and the README's summary);
    returns the paths written."""
    os.makedirs(os.path.join(out_dir, "charts"), exist_ok=True)
    paths = []
    path = os.path.join(out_dir, "peers.json")
    with open(path, "w") as f:
        json.dump(results, f, indent=1)
        f.write("\n")
    paths.append(path)
    path = os.path.join(out_dir, "peers.md")
    with open(path, "w") as f:
        f.write(markdown(results, "charts"))
    paths.append(path)
    for name, data in charts(results).items():
        path = os.path.join(out_dir, "charts", name)
        with open(path, "wb") as f:
            f.write(data)
        paths.append(path)
    if readme:
        rel = os.path.relpath(os.path.join(out_dir, "peers.md"), os.path.dirname(os.path.abspath(readme)))
        with open(readme) as f:
            text = f.read()
        with open(readme, "w") as f:
            f.write(replace_block(text, summary(results, rel)))
        paths.append(readme)
    return paths
