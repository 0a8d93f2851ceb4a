"""The exact references from Python: the C API's numbers, shapes and errors."""

from fractions import Fraction

import numpy as np
import pytest

import sheen


def test_operators_are_the_c_api_list():
    assert sheen.OPERATORS[0] == "clear" and sheen.OPERATORS[3] == "sourceOver" and len(sheen.OPERATORS) == 28


def test_package_version_is_the_library_version():
    from importlib.metadata import version
    assert version("sheen") == sheen.library_version()


def test_source_over_and_multiply_are_the_rational_formula():
    rng = np.random.default_rng(7)
    alpha = rng.integers(0, 256, (500, 1))
    paint = np.concatenate([(rng.random((500, 3)) * (alpha + 1)).astype(int), alpha], axis=1).astype(np.uint8)
    alpha = rng.integers(0, 256, (500, 1))
    dst = np.concatenate([(rng.random((500, 3)) * (alpha + 1)).astype(int), alpha], axis=1).astype(np.uint8)
    over = sheen.exact_composite("sourceOver", paint, dst)
    multiply = sheen.exact_composite("multiply", paint, dst)
    for i in range(500):
        s, d = [Fraction(int(v), 255) for v in paint[i]], [Fraction(int(v), 255) for v in dst[i]]
        for k in range(4):
            want = s[k] + d[k] * (1 - s[3])
            assert abs(Fraction(over[i, k]) - want * 255) < Fraction(1, 10 ** 9)
        for k in range(3):
            cs = s[k] / s[3] if s[3] else 0
            cb = d[k] / d[3] if d[3] else 0
            want = s[k] * (1 - d[3]) + d[k] * (1 - s[3]) + s[3] * d[3] * cs * cb
            assert abs(Fraction(multiply[i, k]) - want * 255) < Fraction(1, 10 ** 9)


def test_coverage_rules_differ_where_the_operator_is_not_linear_in_the_paint():
    paint = np.array([[200, 0, 0, 200]], np.uint8)
    dst = np.array([[0, 100, 0, 100]], np.uint8)
    mask = np.array([128], np.uint8)
    scaled = sheen.exact_composite("source", paint, dst, mask, rule="scales-paint")
    lerped = sheen.exact_composite("source", paint, dst, mask, rule="interpolates")
    assert scaled[0, 1] == 0 and abs(lerped[0, 1] - 100 * 127 / 255) < 1e-9
    assert np.allclose(sheen.exact_composite("sourceOver", paint, dst, mask, rule="scales-paint"),
                       sheen.exact_composite("sourceOver", paint, dst, mask, rule="interpolates"), atol=1e-9)


def test_a8_and_bgra8():
    a = sheen.exact_composite("sourceIn", np.array([255, 128], np.uint8), np.array([51, 255], np.uint8), format="a8")
    assert np.allclose(a, [51, 128])
    rgba = sheen.exact_composite("screen", np.array([[10, 20, 30, 40]], np.uint8), np.array([[50, 60, 70, 80]], np.uint8))
    bgra = sheen.exact_composite("screen", np.array([[30, 20, 10, 40]], np.uint8), np.array([[70, 60, 50, 80]], np.uint8),
                                 format="bgra8")
    assert np.array_equal(rgba[0], bgra[0][[2, 1, 0, 3]])


def test_bad_input_raises_and_names_it():
    one = np.zeros((1, 4), np.uint8)
    with pytest.raises(ValueError, match="unknown operator"):
        sheen.exact_composite("sourceOverr", one, one)
    with pytest.raises(ValueError, match="destination must have shape"):
        sheen.exact_composite("sourceOver", one, np.zeros((2, 4), np.uint8))
    with pytest.raises(ValueError, match="coverage rule"):
        sheen.exact_composite("sourceOver", one, one, rule="lerp")
    with pytest.raises(sheen.SheenError, match="offset"):
        sheen.Gradient("linear", (0, 0, 10, 0), [(float("nan"), (1, 0, 0, 1)), (1, (0, 0, 1, 1))])


def test_every_kind_of_the_library_is_a_gradient():
    kinds = sheen.gradient_kinds()
    assert {"linear", "radial", "conic"} <= set(kinds)
    assert kinds["conic"][1] == ("center.x", "center.y", "startAngle")
    for name, (_, numbers) in kinds.items():
        g = sheen.Gradient(name, [3 + i for i in range(len(numbers))], [(0, (1, 0, 0, 1)), (1, (0, 0, 1, 1))])
        filled = sheen.fill_gradient(g, 12, 3)
        centres = np.array([[x + 0.5, y + 0.5] for y in range(3) for x in range(12)])
        assert np.abs(filled.reshape(-1, 4).astype(float) - sheen.exact_gradient(g, centres)).max() <= 1, name
    with pytest.raises(ValueError, match="unknown gradient shape 'diamond'; one of linear"):
        sheen.Gradient("diamond", (0, 0, 1), [(0, (1, 0, 0, 1))])
    with pytest.raises(ValueError, match=r"takes 3 numbers \(center.x, center.y, startAngle\), not 2"):
        sheen.Gradient("conic", (0, 0), [(0, (1, 0, 0, 1))])


def test_gradient_exact_colour_and_fill():
    g = sheen.Gradient("linear", (0, 0, 10, 0), [(0, (0, 0, 1, 1)), (1, (1, 0, 0, 1))])
    exact = sheen.exact_gradient(g, [[1, 2], [5, 0]])
    assert np.allclose(exact[0], [0.1 * 255, 0, 0.9 * 255, 255]) and np.allclose(exact[1], [127.5, 0, 127.5, 255])
    filled = sheen.fill_gradient(g, 10, 2)
    centres = np.array([[x + 0.5, 0.5] for x in range(10)])
    assert np.abs(filled[0].astype(float) - sheen.exact_gradient(g, centres)).max() <= 1
    half = sheen.Gradient("radial", (5, 5, 0, 5, 5, 10), [(0, (1, 1, 1, 1)), (1, (1, 1, 1, 0))], spread="reflect")
    straight = sheen.exact_gradient(half, [[5, 10]], premultiplied=False)
    assert np.allclose(straight[0, :3], 255) and abs(straight[0, 3] - 127.5) < 1e-9
