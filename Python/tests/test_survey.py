"""The survey for Python compositors: Sheen's kernels pass within Sheen's contract; injected bugs
are caught; skia-python's blend modes are surveyed (the fourth adapter of bench/oracle.md)."""

import os
import subprocess
import sys

import numpy as np
import pytest

import sheen


def sheen_compositor(op, paint, destination, mask):
    return sheen.composite(op, paint, destination, mask)


def test_sheen_kernels_keep_their_contract():
    calls = []

    def counted(op, paint, destination, mask):
        calls.append(len(destination))
        return sheen_compositor(op, paint, destination, mask)

    s = sheen.survey(counted, name="Sheen", rule="sheen", tolerance_full=0.5 + 1e-9,
                     tolerance_partial=1.5 + 1e-9, cases=20_000, formats=("rgba8",))
    assert not s.failed, s.markdown()
    assert len(s.rows) == 2 * len(sheen.OPERATORS)
    # The compositor sees each row's pixels in one call, as whole arrays (never a call a pixel).
    # No time is asserted: the test command runs this beside builds (Scripts/test.sh's lanes);
    # the survey's rate is what its report prints.
    assert calls == [20_000] * len(s.rows), calls[:8]
    assert s.checked == 20_000 * len(s.rows)


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


def test_sheen_blur_is_within_one_level_and_a_wrong_sigma_is_caught():
    s = sheen.survey_blur(lambda image, sigma: sheen.blur(image, sigma), name="Sheen", sigmas=(0.5, 2, 8), images=4)
    assert not s.failed, s.markdown()
    assert all(r["max_error"] <= 1 for r in s.rows)
    wrong = sheen.survey_blur(lambda image, sigma: sheen.blur(image, sigma * 1.1), sigmas=(2, 8), images=4)
    assert wrong.failed


def test_exact_blur_keeps_the_total_within_the_image_and_refuses_bad_sigma():
    image = np.zeros((21, 21, 4), np.uint8)
    image[10, 10] = 255
    exact = sheen.exact_blur(image, 1.0)  # the kernel reaches ⌈5σ⌉ = 5 px: all of it lands inside
    assert abs(exact[..., 3].sum() - 255) < 1e-9 and abs(exact[10, 10, 3] - exact[10, 10, 0]) < 1e-12
    with pytest.raises(sheen.SheenError):
        sheen.exact_blur(image, float("nan"))
    with pytest.raises(ValueError, match="shape"):
        sheen.exact_blur(np.zeros((3, 3, 3), np.uint8), 1.0)


SPAN_BUG = '''
import numpy as np
import sheen


def composite(op, paint, destination, mask):
    """Sheen's kernel, but the eighth pixel of every block of eight is three levels off: a bug in
    a vector loop that a pixel composited alone never shows."""
    out = sheen.composite(op, paint, destination, mask).astype(np.int64)
    out[7::8] = np.clip(out[7::8] + 3, 0, 255)
    if out.ndim == 2:
        out[7::8, :3] = np.minimum(out[7::8, :3], out[7::8, 3:])
    return out.astype(np.uint8)
'''


def test_a_span_bug_reproduces_from_the_survey(tmp_path, monkeypatch):
    (tmp_path / "span_adapter.py").write_text(SPAN_BUG)
    monkeypatch.syspath_prepend(str(tmp_path))
    import span_adapter
    s = sheen.survey(span_adapter.composite, rule="sheen", tolerance_full=1.0, tolerance_partial=1.5, cases=3_000,
                     operators=("sourceOver", "plus", "xor"))
    findings = [r for r in s.rows if r["beyond_tolerance"]]
    assert findings, s.markdown()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path)] + sys.path))
    for row in findings:
        assert row["span"][1] - row["span"][0] == 8, row["span"]  # alone (or 7 before it) the pixel is fine
        program = tmp_path / f"repro_{row['operator']}_{row['coverage']}.py"
        program.write_text(s.reproduction(row, "span_adapter"))
        run = subprocess.run([sys.executable, str(program)], env=env, capture_output=True, text=True)
        assert run.returncode == 1, f"{row['operator']} {row['coverage']}: {run.stdout}{run.stderr}"


def one_level_off(op, paint, destination, mask):
    """Exactly one level off wherever the exact result is a whole level: errors of 1 plus the
    references' noise, which a tolerance of 1 must admit."""
    exact = sheen.exact_composite(op, paint, destination, mask)
    whole = np.abs(exact - np.round(exact)) < 1e-6
    out = np.where(whole, np.round(exact) + np.where(np.round(exact) < 255, 1, -1), np.round(exact))
    if out.ndim == 2:  # keep the result premultiplied: an alpha nudged down takes its colour along
        out[:, :3] = np.minimum(out[:, :3], out[:, 3:])
    return out.astype(np.uint8)


def test_exact_one_level_errors_are_not_findings_at_tolerance_one():
    s = sheen.survey(one_level_off, rule="sheen", tolerance_full=1.0, tolerance_partial=1.5, cases=4_000,
                     operators=("multiply", "screen", "softLight", "hue"))
    assert max(r["max_error"] for r in s.rows) > 1, "the compositor made no error above one level"
    assert not s.failed, s.markdown()
