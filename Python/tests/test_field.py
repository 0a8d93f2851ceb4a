"""Text fields and views from Python are the command line's: `sheen.TextField(...).png()` and
`sheen field` with the same options (written out by hand below, not derived from the Python
arguments) give the same PNG bytes, on twenty-four fields and views; wrong values are refused by name.
Python indices are code points, the command line's UTF-16 offsets: the cases with emoji and
astral characters check the conversion."""

import shutil
import subprocess
import os

import numpy as np
import pytest

import sheen

BLACK = dict(fill="#000000")
FIELDS = [
    (dict(text="Hello", size=28, **BLACK), ["Hello", "--size", "28", "--fill", "#000000"]),
    (dict(text="Gradient text while editing", size=28, canvas=(300, 60), shadows=[(0, 3, 3, "#00000080")], editing=True,
          fill=["#3478F6", "#FF3B30"]),  # the command line's default fill
     ["Gradient text while editing", "--size", "28", "--canvas", "300x60", "--shadow", "0,3,3,#00000080", "--editing"]),
    (dict(text="", placeholder="Search…", editing=True, canvas=(300, 60), **BLACK),
     ["", "--placeholder", "Search…", "--editing", "--canvas", "300x60", "--fill", "#000000"]),
    (dict(text="", placeholder="Gradient placeholder", placeholder_fill=["#8E8E93", "#C7C7CC"], canvas=(260, 40), size=22),
     ["", "--placeholder", "Gradient placeholder", "--placeholder-fill", "#8E8E93,#C7C7CC", "--canvas", "260x40",
      "--size", "22"]),
    (dict(text="Caret in the middle", size=24, editing=True, caret=5, caret_color="#FF3B30", **BLACK),
     ["Caret in the middle", "--size", "24", "--editing", "--caret", "5", "--caret-color", "#FF3B30", "--fill", "#000000"]),
    (dict(text="Select a word", size=24, editing=True, selection=(7, 8), **BLACK),
     ["Select a word", "--size", "24", "--editing", "--select", "7:8", "--fill", "#000000"]),
    (dict(text="A text much wider than its field scrolls to the caret", size=24, canvas=(200, 40), editing=True,
          caret=30, **BLACK),
     ["A text much wider than its field scrolls to the caret", "--size", "24", "--canvas", "200x40", "--editing",
      "--caret", "30", "--fill", "#000000"]),
    (dict(text="At rest a long text ends in an ellipsis", size=24, canvas=(200, 40), **BLACK),
     ["At rest a long text ends in an ellipsis", "--size", "24", "--canvas", "200x40", "--fill", "#000000"]),
    (dict(text="hunter2", secure=True, size=28, canvas=(200, 44), **BLACK),
     ["hunter2", "--secure", "--size", "28", "--canvas", "200x44", "--fill", "#000000"]),
    (dict(text="Disabled", disabled=True, size=28, **BLACK),
     ["Disabled", "--disabled", "--size", "28", "--fill", "#000000"]),
    (dict(text="Shrinks to fit this field", size=32, canvas=(180, 44), min_font_size=12, **BLACK),
     ["Shrinks to fit this field", "--size", "32", "--canvas", "180x44", "--min-font-size", "12", "--fill", "#000000"]),
    (dict(text="Right", align="right", size=24, canvas=(220, 40), background="#F2F2F7", editing=True, **BLACK),
     ["Right", "--align", "right", "--size", "24", "--canvas", "220x40", "--background", "#F2F2F7", "--editing",
      "--fill", "#000000"]),
    (dict(text="Stroked and glowing", size=30, stroke=(2, "#1C1C1E"), fill="#FFFFFF", shadows=[(0, 0, 6, "#FF9500")]),
     ["Stroked and glowing", "--size", "30", "--stroke", "2,#1C1C1E", "--fill", "#FFFFFF", "--glow", "6,#FF9500"]),
    (dict(text="Insets", size=24, insets=(6, 12, 6, 12), background="#FFE08A", alpha=0.7, **BLACK),
     ["Insets", "--size", "24", "--insets", "6,12,6,12", "--background", "#FFE08A", "--alpha", "0.7", "--fill", "#000000"]),
    (dict(text="שלום עולם", size=28, editing=True, caret=4, caret_affinity="trailing", **BLACK),
     ["שלום עולם", "--size", "28", "--editing", "--caret", "4", "--caret-affinity", "trailing", "--fill", "#000000"]),
    # Astral characters: Python index 3 is UTF-16 offset 5 (two emoji of two units each).
    (dict(text="😀😀 emoji", size=28, editing=True, caret=3, **BLACK),
     ["😀😀 emoji", "--size", "28", "--editing", "--caret", "5", "--fill", "#000000"]),
    (dict(text="𝒜𝒷𝒸 selected", size=28, editing=True, selection=(1, 3), font="DejaVu Sans", **BLACK),
     ["𝒜𝒷𝒸 selected", "--size", "28", "--editing", "--select", "2:6", "--font", "DejaVu Sans", "--fill", "#000000"]),
    (dict(text="A text view wraps its text at the width of its frame", size=20, canvas=(200, 0), multiline=True,
          **BLACK),
     ["A text view wraps its text at the width of its frame", "--size", "20", "--canvas", "200x0", "--multiline",
      "--fill", "#000000"]),
    (dict(text="Short\nNext line\nThird", size=20, canvas=(180, 70), multiline=True, editing=True, caret=8,
          scroll=10, **BLACK),
     ["Short\nNext line\nThird", "--size", "20", "--canvas", "180x70", "--multiline", "--editing", "--caret", "8",
      "--scroll", "10", "--fill", "#000000"]),
    (dict(text="A view with insets and a selection", size=20, canvas=(190, 0), multiline=True, insets=(4, 4, 4, 4),
          editing=True, selection=(2, 12), fill=["#3478F6", "#FF3B30"]),
     ["A view with insets and a selection", "--size", "20", "--canvas", "190x0", "--multiline", "--insets", "4,4,4,4",
      "--editing", "--select", "2:12", "--fill", "#3478F6,#FF3B30"]),
    (dict(text="Top of the field", size=20, canvas=(200, 60), vertical="top", editing=True, **BLACK),
     ["Top of the field", "--size", "20", "--canvas", "200x60", "--vertical", "top", "--editing", "--fill", "#000000"]),
    (dict(text="Spaced lines\nand paragraphs in a view", size=18, canvas=(150, 0), multiline=True, line_height=1.4,
          line_spacing=3, paragraph_spacing=(2, 9), **BLACK),
     ["Spaced lines\nand paragraphs in a view", "--size", "18", "--canvas", "150x0", "--multiline", "--line-height", "1.4",
      "--line-spacing", "3", "--paragraph-spacing", "2,9", "--fill", "#000000"]),
    # Marked text with astral characters: Python (1, 4) is UTF-16 2:6, (2, 3) is 4:5.
    (dict(text="𝒜😀かな漢 marked", size=24, editing=True, caret=4, marked=(1, 4), marked_selection=(2, 3),
          marked_color="#FF3B30", font="DejaVu Sans", **BLACK),
     ["𝒜😀かな漢 marked", "--size", "24", "--editing", "--caret", "6", "--marked", "2:6", "--marked-selection", "4:5",
      "--marked-color", "#FF3B30", "--font", "DejaVu Sans", "--fill", "#000000"]),
    (dict(text="Bottom", size=18, canvas=(150, 90), multiline=True, vertical="bottom", **BLACK),
     ["Bottom", "--size", "18", "--canvas", "150x90", "--multiline", "--vertical", "bottom", "--fill", "#000000"]),
]


def cli():
    path = os.environ.get("SHEEN_CLI") or shutil.which("sheen")
    if not path:
        pytest.skip("no sheen command line (Scripts/python-package.sh --test sets SHEEN_CLI)")
    return path


def make(arguments):
    arguments = dict(arguments)
    kind = sheen.TextView if arguments.pop("multiline", False) else sheen.TextField
    return kind(**arguments)


@pytest.mark.parametrize("index", range(len(FIELDS)))
def test_a_field_is_the_command_lines(index, tmp_path):
    arguments, flags = FIELDS[index]
    field, out = make(arguments), tmp_path / "field.png"
    subprocess.run([cli(), "field", *flags, "-o", str(out)], check=True, capture_output=True)
    png = field.png()
    assert png == out.read_bytes(), f"field {index}: {field.json()}"
    image = field.image()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 4
    assert (image[..., :3] <= image[..., 3:]).all() and image[..., 3].max() > 0


def test_indices_are_python_indices():
    assert sheen.TextField("😀a", caret=1).spec["caret"] == 2
    assert sheen.TextField("a😀b", selection=(1, 2)).spec["selection"] == [1, 3]
    assert sheen.TextView("x").spec["multiline"] is True


def test_wrong_values_are_refused_by_name():
    with pytest.raises(ValueError, match="caret 9 is outside the text"):
        sheen.TextField("short", caret=9)
    with pytest.raises(TypeError, match="caret must be an int"):
        sheen.TextField("short", caret=1.5)
    with pytest.raises(ValueError, match="starts after it ends"):
        sheen.TextField("short", selection=(3, 1))
    with pytest.raises(ValueError, match="selection must be"):
        sheen.TextField("short", selection=3)
    with pytest.raises(TypeError, match="text must be a str"):
        sheen.TextField(b"bytes")
    with pytest.raises(sheen.SheenError, match="secure"):
        sheen.TextView("secret", secure=True).image()
    with pytest.raises(sheen.SheenError, match="caretAffinity"):
        sheen.TextField("x", caret_affinity="sideways").image()
    with pytest.raises(sheen.SheenError, match="canvas"):
        sheen.TextField("x", canvas=(-1, 20)).image()
    with pytest.raises(sheen.SheenError, match="minFontSize"):
        sheen.TextField("x", min_font_size=1e9).image()
    with pytest.raises(ValueError, match="finite"):
        sheen.TextField("x", scroll=float("nan")).image()
    with pytest.raises(sheen.SheenError, match="lineHeight: a one-line field"):
        sheen.TextField("x", line_height=2).image()
    with pytest.raises(sheen.SheenError, match="paragraph: a one-line field"):
        sheen.TextField("x", paragraph_spacing=(1, 2)).image()
    with pytest.raises(ValueError, match="marked_selection \\(3, 1\\) starts after it ends"):
        sheen.TextField("short", marked=(0, 4), marked_selection=(3, 1))
    with pytest.raises(sheen.SheenError, match="markedSelectedRange"):
        sheen.TextField("short", editing=True, marked=(0, 2), marked_selection=(1, 4)).image()
    with pytest.raises(ValueError, match="paragraph_spacing must be"):
        sheen.TextView("x", paragraph_spacing=4)
    with pytest.raises(sheen.SheenError, match="lineSpacing"):
        sheen.TextView("x", line_spacing=5000).image()


def test_runs_are_attributed_text():
    field = sheen.TextField(runs=[{"text": "Red "}, {"text": "😀Big", "color": "#0000FF", "size": 32}], size=16,
                            editing=True, caret=5)
    assert field.spec["runs"][1]["size"] == 32 and "text" not in field.spec
    assert field.spec["caret"] == 6   # after the emoji: two UTF-16 units
    image = field.image()
    blue = (image[..., 2].astype(int) - image[..., 0] > 100).sum()
    assert blue > 0
    plain = sheen.TextField("Red 😀Big", size=16, editing=True, caret=5).image()
    assert (plain[..., 2].astype(int) - plain[..., 0] > 100).sum() < blue
    with pytest.raises(TypeError, match="text or runs"):
        sheen.TextField("x", runs=[{"text": "y"}])
    with pytest.raises(TypeError, match="runs must be"):
        sheen.TextField(runs=["y"])
    with pytest.raises(sheen.SheenError, match="runs"):
        sheen.TextField(runs=[]).image()


def test_a_label_field_is_refused_by_name():
    field = sheen.TextField("x")
    field.spec["lines"] = 2
    with pytest.raises(sheen.SheenError, match='unknown field "lines"'):
        field.image()


def test_help_shows_each_parameter():
    doc = sheen.TextField.__doc__
    for name in ("placeholder", "editing", "caret", "selection", "caret_affinity", "scroll", "secure", "disabled",
                 "min_font_size", "canvas", "vertical", "line_height", "line_spacing", "paragraph_spacing",
                 "marked", "marked_selection", "marked_color", "runs"):
        assert name in doc, name
