"""The survey for Python compositors: Sheen's kernels pass within Sheen's contract; injected bugs
are caught; skia-python's blend modes are surveyed (the fourth adapter of bench/oracle.md)."""

import numpy as np
import pytest

import sheen


def sheen_compositor(op, paint, destination, mask):
    return sheen.composite(op, paint, destination, mask)


def test_sheen_kernels_keep_their_contract():
    s = sheen.survey(sheen_compositor, name="Sheen", rule="sheen", tolerance_full=0.5 + 1e-9,
                     tolerance_partial=1.5 + 1e-9, cases=20_000, formats=("rgba8",))
    assert not s.failed, s.markdown()
    assert len(s.rows) == 2 * len(sheen.OPERATORS)
    assert s.pixels_per_second > 1e6, f"{s.pixels_per_second:.0f} pixels per second"


def test_a8_is_surveyed_for_the_porter_duff_operators():
    ops = sheen.OPERATORS[:13]
    s = sheen.survey(sheen_compositor, rule="sheen", tolerance_full=0.5 + 1e-9, tolerance_partial=1.5 + 1e-9,
                     cases=5_000, formats=("a8",), operators=ops)
    assert not s.failed, s.markdown()


def truncating(op, paint, destination, mask):
    """A compositor that rounds down: the exact value, floored."""
    return np.floor(sheen.exact_composite(op, paint, destination, mask)).astype(np.uint8)


def neighbour(op, paint, destination, mask):
    """A compositor that runs the next operator."""
    ops = sheen.OPERATORS
    return sheen.composite(ops[(ops.index(op) + 1) % len(ops)], paint, destination, mask)


def straight(op, paint, destination, mask):
    """A compositor that skips premultiplication: it treats the paint as straight colour."""
    p = paint.astype(np.float64)
    premultiplied = np.concatenate([p[:, :3] * p[:, 3:] / 255, p[:, 3:]], axis=1).round().astype(np.uint8)
    return sheen.composite(op, premultiplied, destination, mask)


@pytest.mark.parametrize("compositor", [truncating, neighbour, straight])
def test_injected_bugs_are_caught(compositor):
    s = sheen.survey(compositor, rule="sheen", tolerance_full=0.5 + 1e-9, tolerance_partial=1.5 + 1e-9, cases=2_000,
                     operators=("sourceOver", "multiply", "xor"))
    assert s.failed


def test_skia_python_blend_modes():
    skia = pytest.importorskip("sheen.adapters.skia")
    s = sheen.survey(skia.composite, name=skia.NAME, version=skia.VERSION, rule=skia.coverage_rule,
                     operators=skia.OPERATORS, cases=20_000)
    assert {r["operator"] for r in s.rows} == set(sheen.OPERATORS)
    # Skia's own rounding stays near the exact result where it is exact arithmetic (sourceOver
    # of an opaque paint is a single lerp), whatever else the survey finds.
    over = next(r for r in s.rows if r["operator"] == "sourceOver" and r["coverage"] == "full")
    assert over["max_error"] < 2, s.markdown()
