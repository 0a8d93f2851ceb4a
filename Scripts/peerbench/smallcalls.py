"""W6, the small calls: builds smallcalls.c against pixman (pkg-config), the static libblend2d.a of
blend2d-python and Sheen's C library (libSheenC.so from the release build) into .build/peers/,
runs it on one core, and returns its rows: per case and library the calls per second of the
median round (ns per call beside it). pixman, Blend2D and Sheen's C API are measured in one
process, in interleaved rounds, on the same glyphs and rectangles; the Swift API's figures for
the same cases come from sheen-bench."""

import json
import os
import subprocess

from . import blend2d, machine

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SOURCE = os.path.join(HERE, "smallcalls.c")
BINARY = os.path.join(ROOT, ".build", "peers", "smallcalls")
RELEASE = os.path.join(ROOT, ".build", "release")


def build():
    """Builds libSheenC.so (release) and the harness."""
    subprocess.run(["swift", "build", "-c", "release", "--product", "SheenC"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    pixman = subprocess.run(["pkg-config", "--cflags", "--libs", "pixman-1"], check=True, stdout=subprocess.PIPE,
                            text=True).stdout.split()
    os.makedirs(os.path.dirname(BINARY), exist_ok=True)
    subprocess.run(["cc", "-O2", "-std=c11", "-o", BINARY, SOURCE, "-I" + os.path.join(ROOT, "Sources", "CSheenAPI", "include"),
                    "-I" + os.path.dirname(blend2d.API_HEADER)]
                   + pixman + [blend2d.archive(), "-L" + RELEASE, "-lSheenC", "-Wl,-rpath," + RELEASE,
                               "-lstdc++", "-lm", "-lpthread"], check=True)


def run(rounds=21, quick=False):
    """The harness's rows, in compare-peers' row form."""
    build()
    cmd = [BINARY, str(3 if quick else rounds)]
    out = machine.pinned(cmd)
    rows = []
    for line in out.splitlines():
        r = json.loads(line)
        note = {"pixman": "pixman_image_composite32 per glyph, pixman_composite_glyphs_no_mask for a run "
                          "(glyphs in its cache); a gradient: pixman_image_create_linear_gradient per call",
                "Blend2D": "blContextFillMaskIRgba32 per glyph; a gradient: blGradientInitAs + "
                           "blContextFillRectIExt per call",
                "Sheen C API": "sheen_composite per glyph, sheen_composite_glyphs for a run; a gradient: "
                               "sheen_gradient_create_linear + sheen_fill_gradient_rect per call, or one "
                               "prepared handle"}[r["library"]]
        rows.append({"case": r["case"], "library": r["library"], "value": 1e9 / r["ns_per_call"],
                     "ns_per_call": r["ns_per_call"], "best_ns_per_call": r["best_ns_per_call"],
                     "max_err": None, "mean_err": None, "note": note})
    return rows
