#!/usr/bin/env python3
"""Builds Tests/SheenTextTests/Fixtures/colr-v0.ttf: a two-glyph COLR version 0 font for the
colour-glyph tests (no Debian package ships a COLR v0 font). "A" is a red square with a blue
square inside it, as two COLR layers over a CPAL palette; its own outline is the plain square
that renderers without colour support draw. Needs fontTools (pip install fonttools); the
committed file is what the tests read, so this runs only to change it."""
import pathlib
import sys

from fontTools.colorLib.builder import buildCOLR, buildCPAL
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen


def square(x0, y0, x1, y1):
    pen = TTGlyphPen(None)
    pen.moveTo((x0, y0)); pen.lineTo((x0, y1)); pen.lineTo((x1, y1)); pen.lineTo((x1, y0)); pen.closePath()
    return pen.glyph()


def main(out):
    fb = FontBuilder(1000, isTTF=True)
    names = [".notdef", "A", "outer", "inner"]
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({0x41: "A"})
    glyphs = {".notdef": square(50, 0, 450, 700), "A": square(100, 0, 900, 800),
              "outer": square(100, 0, 900, 800), "inner": square(300, 200, 700, 600)}
    fb.setupGlyf(glyphs)
    # Each glyph's left side bearing is its outline's xMin, as TrueType requires (FreeType moves
    # an outline to match its bearing).
    fb.setupHorizontalMetrics({".notdef": (1000, 50), "A": (1000, 100), "outer": (1000, 100), "inner": (1000, 300)})
    fb.setupHorizontalHeader(ascent=900, descent=-100)
    fb.setupNameTable({"familyName": "Sheen COLR Test", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=900, sTypoDescender=-100, usWinAscent=900, usWinDescent=100)
    fb.setupPost()
    fb.font["COLR"] = buildCOLR({"A": [("outer", 0), ("inner", 1)]}, version=0)
    fb.font["CPAL"] = buildCPAL([[(1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0)]])
    fb.save(out)


if __name__ == "__main__":
    root = pathlib.Path(__file__).resolve().parent.parent
    main(sys.argv[1] if len(sys.argv) > 1 else str(root / "Tests/SheenTextTests/Fixtures/colr-v0.ttf"))
