"""W6's text layout: builds textlayout.c against Pango (pkg-config pangocairo) into .build/peers/,
runs it on one core on the texts sheen-bench dumped for `text.layout.label`,
`text.layout.paragraph` and, each when dumped, the Chinese, Korean, Thai, Arabic, Hebrew and
Devanagari paragraphs, and returns its rows: Pango's layouts per second of the median round (ns
per layout beside it). Sheen's figures for the same cases come from sheen-bench."""

import json
import os
import subprocess

from . import machine

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SOURCE = os.path.join(HERE, "textlayout.c")
BINARY = os.path.join(ROOT, ".build", "peers", "textlayout")
CASES = ("text.layout.label", "text.layout.paragraph")
SCRIPT_CASES = ("text.layout.chinese", "text.layout.korean", "text.layout.thai", "text.layout.arabic",
                "text.layout.hebrew", "text.layout.devanagari")


def build():
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "pangocairo"], check=True, stdout=subprocess.PIPE,
                           text=True).stdout.split()
    os.makedirs(os.path.dirname(BINARY), exist_ok=True)
    subprocess.run(["cc", "-O2", "-std=c11", "-Wall", "-Wextra", "-o", BINARY, SOURCE] + flags, check=True)


def version():
    return subprocess.run(["pkg-config", "--modversion", "pango"], check=True, stdout=subprocess.PIPE,
                          text=True).stdout.strip()


def run(dump, rounds=21, quick=False):
    """Pango's rows, in compare-peers' row form; none when sheen-bench dumped no text cases."""
    if not all(dump.entries.get((case, "text")) for case in CASES):
        return []
    texts = [(case, dump.entries[(case, "text")]) for case in CASES + SCRIPT_CASES if (case, "text") in dump.entries]
    build()
    cmd = [BINARY, str(3 if quick else rounds)] + [f'{case}={os.path.join(dump.directory, t["file"])}'
                                                   for case, t in texts]
    out = machine.pinned(cmd)
    rows = []
    for line in out.splitlines():
        r = json.loads(line)
        rows.append({"case": r["case"], "library": "Pango", "value": 1e9 / r["ns_per_call"],
                     "ns_per_call": r["ns_per_call"], "best_ns_per_call": r["best_ns_per_call"],
                     "max_err": None, "mean_err": None, "lines": r["lines"],
                     "note": f"Pango {version()} (pangocairo, unhinted, unrounded positions): a new PangoLayout "
                             f"per call, font, width and text set, extents asked for"})
    return rows
