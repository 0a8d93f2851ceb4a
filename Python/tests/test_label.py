"""Labels from Python are the command line's: the same spec drawn by `sheen.Label(...).png()` and by
`sheen render --spec` gives the same PNG bytes, on twenty labels; wrong values are refused by name."""

import json
import os
import shutil
import struct
import subprocess

import numpy as np
import pytest

import sheen

LABELS = [
    dict(text="Hi", size=40),
    dict(text="Always correct gradient text", size=48, fill=["#3478F6", "#FF3B30"], stroke=(2, "#333333"),
         shadows=[(0, 4, 6, "#00000080")], canvas=(1024, 160)),
    dict(text="Plain black"),
    dict(text="Tomato", fill="tomato", size=30),
    dict(text="Radial", fill={"colors": ["#FFD60A", "#FF3B30"], "kind": "radial"}, size=44),
    dict(text="Conic sweep", fill={"colors": ["#34C759", "#5856D6", "#34C759"], "kind": "conic"}, size=36),
    dict(text="Angled", fill={"colors": ["#000000", "#FFFFFF"], "angle": 45}, size=50, background="#202020"),
    dict(text="Glow", size=42, shadows=[(0, 0, 8, "#FF9500", 2)]),
    dict(text="Two shadows", size=32, shadows=[(2, 2, 1, "#000000"), (-3, 5, 6, "#3478F680")]),
    dict(text="Inside stroke", size=40, stroke={"width": 3, "color": "#FFFFFF", "placement": "inside"}, fill="#111111"),
    dict(text="A long line that wraps onto several lines in a narrow frame", size=20, canvas=(160, 120), lines=0),
    dict(text="Truncated at the tail of a long line", size=24, canvas=(180, 40), line_break="tail"),
    dict(text="Middle of it all goes away", size=24, canvas=(170, 40), line_break="middle"),
    dict(text="Right\nAligned", size=28, canvas=(300, 90), lines=0, align="right"),
    dict(text="Centred", size=28, canvas=(300, 120), align="center", vertical="center"),
    dict(text="Shrinks to fit the frame", size=40, canvas=(200, 50), min_scale=0.3),
    dict(text="Faded", size=40, alpha=0.5, fill="#3478F6"),
    dict(text="Insets", size=30, insets=(10, 20, 10, 20), background="#FFE08A"),
    dict(runs=[{"text": "Rich ", "underline": True}, {"text": "runs", "color": "#FF3B30", "size": 30},
               {"text": " struck", "strikethrough": "double"}], size=26),
    dict(text="שלום עולם مرحبا", size=32, line_height=1.3, hinting="light"),
]


def cli():
    path = os.environ.get("SHEEN_CLI") or shutil.which("sheen")
    if not path:
        pytest.skip("no sheen command line (Scripts/python-package.sh --test sets SHEEN_CLI)")
    return path


@pytest.mark.parametrize("index", range(len(LABELS)))
def test_a_label_is_the_command_lines(index, tmp_path):
    label = sheen.Label(**LABELS[index])
    spec, out = tmp_path / "label.json", tmp_path / "label.png"
    spec.write_text(label.json(), encoding="utf-8")
    subprocess.run([cli(), "render", "--spec", str(spec), "-o", str(out)], check=True, capture_output=True)
    png = label.png()
    assert png == out.read_bytes(), f"label {index}: {label.json()}"
    width, height = struct.unpack(">II", png[16:24])
    image = label.image()
    assert image.shape == (height, width, 4) and image.dtype == np.uint8
    assert (image[..., :3] <= image[..., 3:]).all() and image[..., 3].max() > 0


def test_the_readme_line():
    image = sheen.Label("Hi", size=40).image()
    assert image.ndim == 3 and image.shape[2] == 4 and image[..., 3].any()


def test_wrong_values_are_refused_by_name():
    with pytest.raises(sheen.SheenError, match="lineBreak"):
        sheen.Label("x", line_break="sideways").image()
    with pytest.raises(sheen.SheenError, match="letterSpacing"):
        sheen.Label("x", letter_spacing=2).image()
    with pytest.raises(sheen.SheenError, match="size"):
        sheen.Label("x", size=-4).image()
    with pytest.raises(ValueError, match="finite"):
        sheen.Label("x", size=float("nan")).image()
    with pytest.raises(TypeError, match="text or runs"):
        sheen.Label()
    with pytest.raises(TypeError, match="text must be a str"):
        sheen.Label(b"bytes")
    with pytest.raises(ValueError, match=r"shadows\[0\] must be"):
        sheen.Label("x", shadows=[(1, 2)])


def test_keywords_become_the_specs_fields():
    label = sheen.Label("x", stroke=(2, "#333"), shadows=[(1, -2, 3, "#000", 4), {"offset": [0, 0], "sigma": 5,
                        "color": "red"}], canvas=(10, 20), insets=(1, 2, 3, 4), line_break="tail", min_scale=0.5)
    assert label.spec == {"text": "x", "stroke": {"width": 2, "color": "#333"},
                          "shadows": [{"offset": [1, -2], "sigma": 3, "color": "#000", "spread": 4},
                                      {"offset": [0, 0], "sigma": 5, "color": "red"}],
                          "canvas": [10, 20], "insets": [1, 2, 3, 4], "lineBreak": "tail", "minScale": 0.5}


def test_pil_image_when_pillow_is_there():
    pytest.importorskip("PIL")
    image = sheen.Label("Pillow", size=30, fill="#3478F6").pil()
    assert image.mode == "RGBA" and image.size[0] > 0
    spec = json.loads(sheen.Label("x", line_height=1.2).json())
    assert spec == {"text": "x", "lineHeight": 1.2}
