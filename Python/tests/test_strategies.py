"""The Hypothesis strategies draw what the package takes, a Hypothesis test built from them catches
a compositor's bug in a few lines, and the Atheris example's check runs without Atheris."""

import importlib.util
import os

import numpy as np
import pytest

import sheen

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings, HealthCheck  # noqa: E402

import sheen.strategies as ss  # noqa: E402

# Derandomised: CI sees the same examples every run (a failure is a fact, not a chance).
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


@FAST
@given(ss.composite_cases())
def test_drawn_cases_are_what_the_references_take(case):
    op, paint, destination, coverage = case
    assert paint.dtype == np.uint8 and paint.flags.c_contiguous and paint.shape == destination.shape
    assert (paint[:, :3] <= paint[:, 3:]).all() and (destination[:, :3] <= destination[:, 3:]).all()
    assert coverage is None or coverage.shape == (len(paint),)
    sheen.exact_composite(op, paint, destination, coverage)


@FAST
@given(ss.images(format="rgba8"), ss.blur_edges())
def test_drawn_images_blur_within_one_level(image, edges):
    got = sheen.blur(image, 1.5, edges=edges)
    assert np.abs(got - sheen.exact_blur(image, 1.5, edges=edges)).max() <= 1


@settings(max_examples=60, deadline=None, derandomize=True)
@given(ss.gradients())
def test_drawn_gradients_fill_within_one_level(gradient):
    filled = sheen.fill_gradient(gradient, 8, 3).reshape(-1, 4).astype(float)
    centres = np.array([[x + 0.5, y + 0.5] for y in range(3) for x in range(8)])
    # A pixel on a discontinuity (hard stop, wrap, cone edge) gets the exact colour of a point within
    # 10⁻³ px (GradientFill's promise): each pixel is held to the nearest of its centre and four
    # points 1.5·10⁻³ px from it, as the oracle holds gradients.
    errors = [np.abs(filled - sheen.exact_gradient(gradient, centres + d)).max(axis=1)
              for d in ((0, 0), (1.5e-3, 0), (-1.5e-3, 0), (0, 1.5e-3), (0, -1.5e-3))]
    assert np.min(errors, axis=0).max() <= 1


def sheen_rule_test(compositor):
    """The README's few lines: a compositor held to Sheen's exact result under Sheen's contract."""
    @settings(max_examples=400, deadline=None, database=None, derandomize=True)
    @given(ss.composite_cases(operators=["sourceOver", "multiply", "xor", "plus"]))
    def test(case):
        op, paint, destination, coverage = case
        got = compositor(op, paint, destination, coverage)
        exact = sheen.exact_composite(op, paint, destination, coverage)
        tolerance = 0.5 + 1e-9 if coverage is None else 1.5 + 1e-9
        assert np.abs(got - exact).max() <= tolerance
    return test


def test_a_hypothesis_test_passes_sheen_and_catches_a_bug():
    sheen_rule_test(sheen.composite)()

    def truncating(op, paint, destination, coverage):
        return np.floor(sheen.exact_composite(op, paint, destination, coverage)).astype(np.uint8)

    with pytest.raises(AssertionError):
        sheen_rule_test(truncating)()


def test_masks_and_pixels_favour_edge_levels():
    seen = []

    # Derandomised: the same examples every run, so the shares below are a fact, not a chance.
    @settings(max_examples=100, deadline=None, database=None, derandomize=True)
    @given(ss.masks(64), ss.pixels(64))
    def collect(mask, pixels):
        seen.append(np.concatenate([mask, pixels[:, 3]]))

    collect()
    values = np.concatenate(seen)
    assert (values == 0).mean() > 0.02 and (values == 255).mean() > 0.02
    assert np.isin(values, (1, 2, 127, 128, 253, 254)).mean() > 0.01
    with pytest.raises(ValueError, match="unknown operators"):
        ss.operators(["sourceOverr"])


def test_the_atheris_example_checks_without_atheris():
    path = os.path.join(os.path.dirname(__file__), "..", "examples", "atheris_composite.py")
    spec = importlib.util.spec_from_file_location("atheris_composite", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    rng = np.random.default_rng(5)
    for _ in range(300):
        example.check(rng.integers(0, 256, rng.integers(0, 700)).astype(np.uint8).tobytes())
    example.compositor = lambda op, p, d, c: np.floor(sheen.exact_composite(op, p, d, c, rule="sheen")).astype(np.uint8)
    with pytest.raises(AssertionError, match="where the exact result is"):
        for _ in range(300):
            example.check(rng.integers(0, 256, 600).astype(np.uint8).tobytes())
