"""Hypothesis strategies for testing a compositor, a gradient or a blur against Sheen's exact
references in a few lines (needs Hypothesis: pip install "sheen[hypothesis]").

    from hypothesis import given
    import sheen, sheen.strategies as ss

    @given(ss.composite_cases(operators=["sourceOver", "multiply"]))
    def test_my_compositor(case):
        op, paint, destination, coverage = case
        got = my_composite(op, paint, destination, coverage)
        exact = sheen.exact_composite(op, paint, destination, coverage, rule="scales-paint")
        assert np.abs(got - exact).max() <= 1 + 1e-9

Everything drawn is what the package's functions take: C-contiguous uint8 arrays of valid
premultiplied colour (no colour above its alpha), levels the kit's edge cases favour (0, 1, 2, 127,
128, 253, 254, 255), shrinking towards small spans of transparent black."""

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from ._library import EDGES, FORMATS, SPACES, SPREADS, gradient_kinds, operators as _operators

EDGE_LEVELS = (0, 1, 2, 127, 128, 253, 254, 255)
"""The levels where rounding and clamping go wrong most: drawn about half the time."""

_level = st.one_of(st.sampled_from(EDGE_LEVELS), st.integers(0, 255))


def _count(n):
    return n if isinstance(n, st.SearchStrategy) else st.just(int(n))


@st.composite
def pixels(draw, n=st.integers(1, 64), format="rgba8"):
    """n pixels (an int or a strategy of ints) of `format`: uint8 (n, 4) premultiplied, alpha last
    ("rgba8", "bgra8"), or uint8 (n,) alphas ("a8"). Each colour channel is an edge level or any
    level up to its pixel's alpha."""
    if format not in FORMATS:
        raise ValueError(f"unknown format {format!r}; one of {', '.join(FORMATS)}")
    count = draw(_count(n))
    alpha = draw(hnp.arrays(np.uint8, count, elements=_level))
    if format == "a8":
        return alpha
    raw = draw(hnp.arrays(np.uint8, (count, 3), elements=_level)).astype(np.uint16)
    a = alpha.astype(np.uint16)[:, None]
    # An edge level above alpha becomes alpha itself (a common real value); others wrap below it.
    colour = np.where(raw > a, np.where(np.isin(raw, EDGE_LEVELS), a, raw % (a + 1)), raw)
    return np.ascontiguousarray(np.concatenate([colour.astype(np.uint8), alpha[:, None]], axis=1))


@st.composite
def images(draw, height=st.integers(1, 24), width=st.integers(1, 24), format="rgba8"):
    """An image: uint8 (h, w, 4) premultiplied RGBA, or (h, w) A8 for format "a8"."""
    h, w = draw(_count(height)), draw(_count(width))
    flat = draw(pixels(h * w, "a8" if format == "a8" else "rgba8"))
    return np.ascontiguousarray(flat.reshape((h, w) if format == "a8" else (h, w, 4)))


def masks(n=st.integers(1, 64)):
    """Coverage: uint8 (n,), edge levels (0 and 255 the commonest in text) or any level."""
    return _count(n).flatmap(lambda count: hnp.arrays(np.uint8, count, elements=_level))


def operators(names=None):
    """Operator names (`sheen.OPERATORS`, or those of `names`)."""
    return _operator_names(names)


def _operator_names(names):
    every = _operators()
    chosen = every if names is None else tuple(names)
    unknown = [o for o in chosen if o not in every]
    if unknown:
        raise ValueError(f"unknown operators {unknown}; the operators are {', '.join(every)}")
    return st.sampled_from(chosen)


@st.composite
def composite_cases(draw, operators=None, format="rgba8", n=st.integers(1, 64), coverage=True):
    """(operator, paint, destination, coverage): one span of n pixels; coverage None (full) or a
    mask when `coverage` allows it."""
    op = draw(_operator_names(operators))
    count = draw(_count(n))
    paint, destination = draw(pixels(count, format)), draw(pixels(count, format))
    mask = draw(st.one_of(st.none(), masks(count))) if coverage else None
    return op, paint, destination, mask


@st.composite
def gradients(draw, kinds=None, stops=st.integers(1, 5), extent=64.0):
    """A `sheen.Gradient` of one of `kinds` (default every kind the library has), its numbers
    multiples of 1/16 in ±`extent` (lengths 0…`extent`: no circle so small the library refuses
    it), 1–5 stops at offsets in 0…1 (multiples of 1/64, coincident ones included) with straight
    sRGB colours in levels, any spread, interpolation space and alpha interpolation."""
    from .exact import Gradient
    table = gradient_kinds()
    kind = draw(st.sampled_from(tuple(kinds) if kinds else tuple(table)))
    numbers = []
    steps = int(extent * 16)
    for name in table[kind][1]:
        length = not (name.endswith(".x") or name.endswith(".y") or "angle" in name.lower())
        numbers.append(draw(st.integers(0 if length else -steps, steps)) / 16)
    offset, level = st.integers(0, 64).map(lambda v: v / 64), st.integers(0, 255).map(lambda v: v / 255)
    stop_list = [(draw(offset), tuple(draw(level) for _ in range(4))) for _ in range(draw(_count(stops)))]
    return Gradient(kind, numbers, stop_list, spread=draw(st.sampled_from(tuple(SPREADS))),
                    space=draw(st.sampled_from(tuple(SPACES))), premultiplied=draw(st.booleans()))


def blur_edges():
    """The edge rules a blur may have ("transparent", "clamp")."""
    return st.sampled_from(tuple(EDGES))
