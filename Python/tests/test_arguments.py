"""Wrong input is refused by name, never converted: each case here was once taken silently (a
float paint read as (0, 0, 0, 1), int16 wrapped, NaN as 0, complex as its real part, a float
image blurred to zeros, straight colour composited, a 3-component stop given alpha 0, a KeyError
for an unknown format, an AttributeError for a scalar paint, a reshape error for cases=0)."""

from fractions import Fraction

import numpy as np
import pytest

import sheen

ONE = np.array([[10, 20, 30, 40]], np.uint8)
STOPS = [(0, (1, 0, 0, 1)), (1, (0, 0, 1, 1))]


@pytest.mark.parametrize("paint", [
    np.array([[0.5, 0.2, 0.1, 1.0]]),                 # float levels in 0…1
    np.array([[300, -1, 0, 255]], np.int16),          # out of range integers
    np.array([[np.nan, 0, 0, 1]]),                    # NaN
    np.array([[1 + 2j, 0, 0, 1]]),                    # complex
    np.array([[10, 20, 30, 40]], np.int64),           # the right values, the wrong dtype
])
@pytest.mark.parametrize("function", [sheen.exact_composite, sheen.composite])
def test_a_paint_that_is_not_uint8_is_refused_by_name(function, paint):
    with pytest.raises(TypeError, match="paint must have dtype uint8"):
        function("sourceOver", paint, ONE)
    with pytest.raises(TypeError, match="destination must have dtype uint8"):
        function("sourceOver", ONE, paint)


@pytest.mark.parametrize("value", [5, 0.5, np.uint8(5), [[10, 20, 30, 40]], "pixels", None])
def test_a_paint_that_is_not_an_array_is_refused_by_name(value):
    with pytest.raises(TypeError, match="paint must be a NumPy array"):
        sheen.exact_composite("sourceOver", value, ONE)
    with pytest.raises(TypeError, match="destination must be a NumPy array"):
        sheen.composite("sourceOver", ONE, value)


def test_straight_colour_is_refused_and_premultiply_converts_it():
    straight = np.array([[200, 100, 50, 128], [0, 0, 0, 0]], np.uint8)
    dst = np.zeros((2, 4), np.uint8)
    for function in (sheen.exact_composite, sheen.composite):
        with pytest.raises(ValueError, match=r"paint is not premultiplied: pixel 0 is \[200, 100, 50, 128\]"):
            function("hue", straight, dst)
        with pytest.raises(ValueError, match="destination is not premultiplied: pixel 0"):
            function("sourceOver", dst, straight)
    with pytest.raises(ValueError, match="image is not premultiplied: pixel \\(1, 2\\)"):
        image = np.zeros((3, 3, 4), np.uint8)
        image[1, 2] = (9, 0, 0, 8)
        sheen.blur(image, 1)
    # The oracle's invalid-input surveys ask for the formulas on the bytes as they are.
    assert sheen.exact_composite("sourceOver", straight, dst, allow_invalid=True)[0, 0] == 200
    p = sheen.premultiply(straight)
    assert p.tolist() == [[100, 50, 25, 128], [0, 0, 0, 0]] and straight[0, 0] == 200
    assert np.isfinite(sheen.exact_composite("hue", p, dst)).all()


def test_premultiply_rounds_every_pair_to_nearest():
    c, a = np.meshgrid(np.arange(256), np.arange(256), indexing="ij")
    pixels = np.stack([c, c, c, a], axis=-1).astype(np.uint8)
    got = sheen.premultiply(pixels)
    for cv, av in [(1, 1), (128, 255), (255, 1), (127, 2), (200, 128), (37, 91)]:
        want = Fraction(cv * av, 255)
        assert abs(Fraction(int(got[cv, av, 0])) - want) <= Fraction(1, 2), (cv, av)
    exact = c * a / 255
    assert np.abs(got[..., 0] - exact).max() <= 0.5 and (got[..., 3] == a).all()
    with pytest.raises(TypeError, match="straight must have dtype uint8"):
        sheen.premultiply(np.zeros((1, 4)))
    with pytest.raises(ValueError, match=r"straight must have shape \(…, 4\)"):
        sheen.premultiply(np.zeros((1, 3), np.uint8))


def test_shape_layout_and_words_are_checked():
    with pytest.raises(ValueError, match="unknown format 'rgb565'"):
        sheen.exact_composite("sourceOver", ONE, ONE, format="rgb565")
    with pytest.raises(ValueError, match="unknown format 'rgb565'"):
        sheen.composite("sourceOver", ONE, ONE, format="rgb565")
    with pytest.raises(ValueError, match=r"paint must have shape \(n, 4\) for rgba8; it has \(1, 3\)"):
        sheen.exact_composite("sourceOver", np.zeros((1, 3), np.uint8), ONE)
    with pytest.raises(ValueError, match=r"paint must have shape \(n,\) for a8"):
        sheen.exact_composite("sourceOver", ONE, ONE, format="a8")
    strided = np.zeros((4, 4), np.uint8)[::2]
    with pytest.raises(ValueError, match="paint must be C-contiguous"):
        sheen.composite("sourceOver", strided, np.zeros((2, 4), np.uint8))
    with pytest.raises(TypeError, match="coverage must have dtype uint8"):
        sheen.exact_composite("sourceOver", ONE, ONE, np.array([0.5]))
    with pytest.raises(ValueError, match=r"coverage must have shape \(1,\)"):
        sheen.composite("sourceOver", ONE, ONE, np.zeros(2, np.uint8))
    with pytest.raises(ValueError, match="unknown operator 3"):
        sheen.exact_composite(3, ONE, ONE)
    with pytest.raises(ValueError, match="unknown edges 'wrap'"):
        sheen.blur(np.zeros((2, 2), np.uint8), 1, edges="wrap")


def test_images_are_checked():
    with pytest.raises(TypeError, match="image must have dtype uint8"):
        sheen.blur(np.full((4, 4, 4), 0.5), 1)
    with pytest.raises(TypeError, match="image must have dtype uint8"):
        sheen.exact_blur(np.full((4, 4), 0.5), 1)
    with pytest.raises(ValueError, match="image must be at least 1 × 1"):
        sheen.blur(np.zeros((0, 4, 4), np.uint8), 1)
    with pytest.raises(TypeError, match="sigma must be a real number, not complex"):
        sheen.blur(np.zeros((2, 2), np.uint8), 1j)
    with pytest.raises(TypeError, match="sigma_y must be a real number, not str"):
        sheen.exact_blur(np.zeros((2, 2), np.uint8), 1, "2")


def test_gradients_are_checked():
    with pytest.raises(ValueError, match=r"stops\[1\] colour must have four components"):
        sheen.Gradient("linear", (0, 0, 10, 0), [(0, (1, 0, 0, 1)), (1, (0, 0, 1))])
    with pytest.raises(TypeError, match=r"stops\[0\] must be \(offset, \(r, g, b, a\)\)"):
        sheen.Gradient("linear", (0, 0, 10, 0), [0.5])
    with pytest.raises(TypeError, match=r"stops\[0\] colour\[2\] must be a real number, not complex"):
        sheen.Gradient("linear", (0, 0, 10, 0), [(0, (1, 0, 1j, 1))])
    with pytest.raises(TypeError, match=r"points\[1\] must be a real number, not str"):
        sheen.Gradient("linear", (0, "0", 10, 0), STOPS)
    with pytest.raises(ValueError, match="unknown spread 'mirror'"):
        sheen.Gradient("linear", (0, 0, 10, 0), STOPS, spread="mirror")
    g = sheen.Gradient("linear", (0, 0, 10, 0), STOPS)
    with pytest.raises(TypeError, match="points must hold real numbers; it has dtype complex"):
        sheen.exact_gradient(g, np.array([[1 + 1j, 0]]))
    with pytest.raises(ValueError, match="points must be finite; row 1"):
        sheen.exact_gradient(g, [[1, 2], [np.nan, 0]])
    with pytest.raises(TypeError, match="gradient must be a sheen.Gradient"):
        sheen.exact_gradient("linear", [[1, 2]])
    with pytest.raises(ValueError, match="width must be at least 1"):
        sheen.fill_gradient(g, 0, 4)
    with pytest.raises(TypeError, match="height must be a whole number, not float"):
        sheen.fill_gradient(g, 4, 2.5)
    assert sheen.exact_gradient(g, [[5, 0]]).shape == (1, 4)   # integer points are exact as float64


def test_survey_counts_are_checked():
    with pytest.raises(ValueError, match="cases must be at least 1"):
        sheen.survey(sheen.composite, cases=0)
    with pytest.raises(TypeError, match="cases must be a whole number, not float"):
        sheen.survey(sheen.composite, cases=1e9)
    with pytest.raises(ValueError, match="images must be at least 1"):
        sheen.survey_blur(sheen.blur, images=0)
    s = sheen.survey(sheen.composite, operators=("sourceOver",), cases=np.int64(3), rule="sheen")
    assert s.checked == 6
