"""Sheen's kernels on NumPy arrays: what the exact references are the meaning of."""

import ctypes

import numpy as np

from . import _checks
from ._library import COVERAGE_MASK, EDGES, FORMATS, PAINT_IMAGE, Buffer, Coverage, Paint, check, lib
from .exact import Gradient, _image, _op, _operands


def _buffer(array, format, width, height):
    return Buffer(array.ctypes.data, width, height, array.strides[0] if array.ndim > 1 and height > 1 else
                  width * (1 if format == "a8" else 4), FORMATS[format])


def composite(op, paint, destination, coverage=None, format=None, allow_invalid=False):
    """Sheen's `op` of `paint` over a copy of `destination` through `coverage` (uint8 (n,) or None),
    by sheen_composite (the fastest level this CPU runs): a new uint8 array. The arguments are
    those of `exact_composite` (checked alike: a colour above its alpha is refused unless
    `allow_invalid`). Blend modes need "rgba8" or "bgra8"; SheenError for what Sheen refuses."""
    _op(op)
    format, paint, destination, mask = _operands(paint, destination, coverage, format, allow_invalid)
    n = paint.shape[0]
    result = destination.copy()
    image = _buffer(paint, format, n, 1)
    target = _buffer(result, format, n, 1)
    p = Paint(kind=PAINT_IMAGE, image=ctypes.pointer(image))
    c = None
    if mask is not None:
        m = _buffer(mask, "a8", n, 1)
        c = Coverage(kind=COVERAGE_MASK, alpha=255, mask=ctypes.pointer(m))
        check(lib.sheen_composite(ctypes.byref(target), ctypes.byref(p), _op(op), ctypes.byref(c)))
    else:
        check(lib.sheen_composite(ctypes.byref(target), ctypes.byref(p), _op(op), None))
    return result


def fill_gradient(gradient, width, height):
    """Sheen's fill of `gradient` over width × height pixels: uint8 (height, width, 4), premultiplied
    R, G, B, A."""
    if not isinstance(gradient, Gradient):
        raise TypeError(f"gradient must be a sheen.Gradient, not {type(gradient).__name__}")
    width, height = _checks.positive_count(width, "width"), _checks.positive_count(height, "height")
    out = np.zeros((height, width, 4), dtype=np.uint8)
    b = Buffer(out.ctypes.data, width, height, 4 * width, FORMATS["rgba8"])
    check(lib.sheen_fill_gradient(ctypes.byref(b), gradient.handle))
    return out


def blur(image, sigma, sigma_y=None, edges="transparent"):
    """Sheen's Gaussian blur of a copy of `image` (uint8 (h, w, 4) premultiplied RGBA or (h, w)
    A8): a new uint8 array, every byte within 1 level of `exact_blur`."""
    _checks.choice(edges, "edges", EDGES)
    sigma = _checks.real(sigma, "sigma")
    sigma_y = sigma if sigma_y is None else _checks.real(sigma_y, "sigma_y")
    a, buffer = _image(_checks.image(image).copy())
    check(lib.sheen_blur(ctypes.byref(buffer), sigma, sigma_y, EDGES[edges]))
    return a
