"""The exact references: sheen_exact_composite and sheen_exact_gradient on NumPy arrays."""

import ctypes

import numpy as np

from ._library import (EDGES, FORMATS, RULES, SPACES, SPREADS, Buffer, Color, GradientStop, check, gradient_kinds, lib,
                       operators)


def _op(op):
    names = operators()
    if op not in names:
        raise ValueError(f"unknown operator {op!r}; one of {', '.join(names)}")
    return names.index(op)


def _format(paint, format):
    """The format asked for, or the one `paint`'s shape implies."""
    if format is not None:
        return format
    return "a8" if np.ndim(paint) == 1 else "rgba8"


def _pixels(array, format, name, count=None):
    a = np.ascontiguousarray(array, dtype=np.uint8)
    shape = (a.shape[0],) if format == "a8" else (a.shape[0], 4)
    if a.shape != shape or (count is not None and a.shape[0] != count):
        raise ValueError(f"{name} must have shape {('n',) if format == 'a8' else ('n', 4)} with n = "
                         f"{count if count is not None else 'its length'}; it has {array.shape}")
    return a


def _u8(a):
    return a.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8))


def exact_composite(op, paint, destination, coverage=None, rule="sheen", format=None):
    """The exact, unrounded result of `paint` `op` `destination` through `coverage`, as float64
    levels (0…255 as real numbers) of the destination's shape: W3C Compositing and Blending Level 1
    on premultiplied pixels read as level / 255. `rule`: "sheen", "scales-paint" (op(S·c, D)) or
    "interpolates" (D + (op(S, D) − D)·c). `format`: "rgba8", "bgra8" or "a8" (None: "a8" for a
    one-dimensional paint, else "rgba8")."""
    format = _format(paint, format)
    if format not in FORMATS:
        raise ValueError(f"unknown format {format!r}")
    if rule not in RULES:
        raise ValueError(f"unknown coverage rule {rule!r}; one of {', '.join(RULES)}")
    paint = _pixels(paint, format, "paint")
    n = paint.shape[0]
    destination = _pixels(destination, format, "destination", n)
    out = np.empty(destination.shape, dtype=np.float64)
    mask = None
    if coverage is not None:
        coverage = np.ascontiguousarray(coverage, dtype=np.uint8)
        if coverage.shape != (n,):
            raise ValueError(f"coverage must have shape ({n},); it has {coverage.shape}")
        mask = _u8(coverage)
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
        self.shape, self.points, self.stops = shape, tuple(points), list(stops)
        self.spread, self.space, self.premultiplied = spread, space, premultiplied
        cstops = (GradientStop * max(len(stops), 1))(*[GradientStop(o, Color(*c)) for o, c in stops])
        handle = ctypes.c_void_p()
        kinds = gradient_kinds()
        if shape not in kinds:
            raise ValueError(f"unknown gradient shape {shape!r}: one of {', '.join(kinds)}")
        kind, names = kinds[shape]
        if len(self.points) != len(names):
            raise ValueError(f"a {shape} gradient takes {len(names)} numbers ({', '.join(names)}), "
                             f"not {len(self.points)}")
        numbers = (ctypes.c_double * len(names))(*self.points)
        check(lib.sheen_gradient_create_shape(kind, numbers, len(names), cstops, len(stops), ctypes.byref(handle)))
        self.handle = handle
        if spread not in SPREADS or space not in SPACES:
            raise ValueError(f"unknown spread {spread!r} or space {space!r}")
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
    p = np.ascontiguousarray(points, dtype=np.float64)
    if p.ndim != 2 or p.shape[1] != 2:
        raise ValueError(f"points must have shape (n, 2); they have {p.shape}")
    out = np.empty((p.shape[0], 4), dtype=np.float64)
    dp = ctypes.POINTER(ctypes.c_double)
    check(lib.sheen_exact_gradient(gradient.handle, p.ctypes.data_as(dp), p.shape[0], premultiplied,
                                   out.ctypes.data_as(dp)))
    return out


def _image(array):
    """A C buffer over a contiguous uint8 image (h, w, 4) premultiplied RGBA or (h, w) A8."""
    a = np.ascontiguousarray(array, dtype=np.uint8)
    if a.ndim == 3 and a.shape[2] == 4:
        return a, Buffer(a.ctypes.data, a.shape[1], a.shape[0], 4 * a.shape[1], FORMATS["rgba8"])
    if a.ndim == 2:
        return a, Buffer(a.ctypes.data, a.shape[1], a.shape[0], a.shape[1], FORMATS["a8"])
    raise ValueError(f"an image must have shape (h, w, 4) or (h, w); it has {a.shape}")


def exact_blur(image, sigma, sigma_y=None, edges="transparent"):
    """The exact Gaussian blur of `image` (uint8 (h, w, 4) premultiplied RGBA or (h, w) A8) as
    float64 levels of the same shape, unrounded: the sampled Gaussian e^(−k²/2σ²) over |k| ≤ ⌈5σ⌉,
    normalised, along x (σ = `sigma`) then y (σ = `sigma_y`, default `sigma`) in double; `edges`
    "transparent" or "clamp". σ per axis 0 or in (0, 256] (below 0.25 that axis is unchanged)."""
    if edges not in EDGES:
        raise ValueError(f"unknown edges {edges!r}; one of {', '.join(EDGES)}")
    a, buffer = _image(image)
    out = np.empty(a.shape, dtype=np.float64)
    check(lib.sheen_exact_blur(ctypes.byref(buffer), sigma, sigma if sigma_y is None else sigma_y, EDGES[edges],
                               out.ctypes.data_as(ctypes.POINTER(ctypes.c_double))))
    return out
