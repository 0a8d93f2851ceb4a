"""The exact references: sheen_exact_composite and sheen_exact_gradient on NumPy arrays."""

import ctypes

import numpy as np

from . import _checks
from ._library import (EDGES, FORMATS, RULES, SPACES, SPREADS, Buffer, Color, GradientStop, check, gradient_kinds, lib,
                       operators)


def _op(op):
    names = operators()
    if not isinstance(op, str) or op not in names:
        raise ValueError(f"unknown operator {op!r}; one of {', '.join(names)}")
    return names.index(op)


def _format(paint, format):
    """The format asked for (checked), or the one `paint`'s shape implies."""
    if format is not None:
        return _checks.choice(format, "format", FORMATS)
    _checks._array(paint, "paint", "uint8 pixels")
    return "a8" if paint.ndim == 1 else "rgba8"


def _operands(paint, destination, coverage, format, allow_invalid):
    """The checked format, paint, destination and coverage of a composite."""
    format = _format(paint, format)
    paint = _checks.pixels(paint, "paint", format, allow_invalid=allow_invalid)
    n = paint.shape[0]
    destination = _checks.pixels(destination, "destination", format, n, allow_invalid=allow_invalid)
    return format, paint, destination, _checks.coverage(coverage, n)


def _u8(a):
    return a.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8))


def exact_composite(op, paint, destination, coverage=None, rule="sheen", format=None, allow_invalid=False):
    """The exact, unrounded result of `paint` `op` `destination` through `coverage`, as float64
    levels (0…255 as real numbers) of the destination's shape: W3C Compositing and Blending Level 1
    on premultiplied pixels read as level / 255.

    paint, destination: NumPy uint8 (n, 4) premultiplied (alpha last) or (n,) for "a8", C-contiguous;
    coverage: uint8 (n,) or None. `rule`: "sheen", "scales-paint" (op(S·c, D)) or "interpolates"
    (D + (op(S, D) − D)·c). `format`: "rgba8", "bgra8" or "a8" (None: "a8" for a one-dimensional
    paint, else "rgba8"). A colour above its alpha is refused unless `allow_invalid` (then the
    formulas are applied to the bytes as they are, as the oracle's invalid-input surveys want).
    TypeError / ValueError name a bad argument; nothing is converted."""
    _op(op)
    _checks.choice(rule, "coverage rule", RULES)
    format, paint, destination, coverage = _operands(paint, destination, coverage, format, allow_invalid)
    n = paint.shape[0]
    out = np.empty(destination.shape, dtype=np.float64)
    mask = None if coverage is None else _u8(coverage)
    check(lib.sheen_exact_composite(_op(op), RULES[rule], FORMATS[format], _u8(paint), mask, _u8(destination), n,
                                    out.ctypes.data_as(ctypes.POINTER(ctypes.c_double))))
    return out


class Gradient:
    """A gradient in the HTML canvas's terms, held as a Sheen gradient handle.

    shape: a kind of `gradient_kinds()` with its numbers in order as points — "linear":
    (x0, y0, x1, y1); "radial" (two-point conical): (x0, y0, r0, x1, y1, r1); "conic": (cx, cy,
    start_angle); any other kind the library has: the numbers it names. stops: [(offset, (r, g, b, a)), ...] straight
    sRGB components in 0…1. spread "pad" | "repeat" | "reflect"; space "srgb" | "linear" |
    "oklab"; premultiplied: interpolate premultiplied colour (CSS) or straight."""

    def __init__(self, shape, points, stops, spread="pad", space="srgb", premultiplied=True):
        kinds = gradient_kinds()
        _checks.choice(shape, "gradient shape", kinds)
        _checks.choice(spread, "spread", SPREADS)
        _checks.choice(space, "space", SPACES)
        kind, names = kinds[shape]
        numbers = [_checks.real(v, f"points[{i}]") for i, v in enumerate(points)]
        if len(numbers) != len(names):
            raise ValueError(f"a {shape} gradient takes {len(names)} numbers ({', '.join(names)}), "
                             f"not {len(numbers)}")
        checked = [_checks.stop(s, i) for i, s in enumerate(stops)]
        self.shape, self.points, self.stops = shape, tuple(numbers), list(stops)
        self.spread, self.space, self.premultiplied = spread, space, premultiplied
        cstops = (GradientStop * max(len(checked), 1))(*[GradientStop(o, Color(*c)) for o, c in checked])
        handle = ctypes.c_void_p()
        array = (ctypes.c_double * len(names))(*numbers)
        check(lib.sheen_gradient_create_shape(kind, array, len(names), cstops, len(checked), ctypes.byref(handle)))
        self.handle = handle
        check(lib.sheen_gradient_set_spread(handle, SPREADS[spread]))
        check(lib.sheen_gradient_set_color_space(handle, SPACES[space]))
        check(lib.sheen_gradient_set_alpha_interpolation(handle, 0 if premultiplied else 1))

    def __del__(self):
        if getattr(self, "handle", None):
            lib.sheen_gradient_destroy(self.handle)
            self.handle = None


def exact_gradient(gradient, points, premultiplied=True):
    """The exact colour of `gradient` at `points` (float array (n, 2) of pixel-space x, y; a
    pixel's centre is (x + 0.5, y + 0.5)): float64 (n, 4) R, G, B, A levels, unrounded, never
    dithered; premultiplied, or straight (colour ÷ alpha)."""
    if not isinstance(gradient, Gradient):
        raise TypeError(f"gradient must be a sheen.Gradient, not {type(gradient).__name__}")
    p = _checks.points(points)
    out = np.empty((p.shape[0], 4), dtype=np.float64)
    dp = ctypes.POINTER(ctypes.c_double)
    check(lib.sheen_exact_gradient(gradient.handle, p.ctypes.data_as(dp), p.shape[0], premultiplied,
                                   out.ctypes.data_as(dp)))
    return out


def _image(array):
    """A C buffer over a checked image: uint8 (h, w, 4) premultiplied RGBA or (h, w) A8."""
    a = _checks.image(array)
    if a.ndim == 3:
        return a, Buffer(a.ctypes.data, a.shape[1], a.shape[0], 4 * a.shape[1], FORMATS["rgba8"])
    return a, Buffer(a.ctypes.data, a.shape[1], a.shape[0], a.shape[1], FORMATS["a8"])


def exact_blur(image, sigma, sigma_y=None, edges="transparent"):
    """The exact Gaussian blur of `image` (uint8 (h, w, 4) premultiplied RGBA or (h, w) A8) as
    float64 levels of the same shape, unrounded: the sampled Gaussian e^(−k²/2σ²) over |k| ≤ ⌈5σ⌉,
    normalised, along x (σ = `sigma`) then y (σ = `sigma_y`, default `sigma`) in double; `edges`
    "transparent" or "clamp". σ per axis 0 or in (0, 256] (below 0.25 that axis is unchanged)."""
    _checks.choice(edges, "edges", EDGES)
    sigma = _checks.real(sigma, "sigma")
    sigma_y = sigma if sigma_y is None else _checks.real(sigma_y, "sigma_y")
    a, buffer = _image(image)
    out = np.empty(a.shape, dtype=np.float64)
    check(lib.sheen_exact_blur(ctypes.byref(buffer), sigma, sigma_y, EDGES[edges],
                               out.ctypes.data_as(ctypes.POINTER(ctypes.c_double))))
    return out
