"""Sheen's kernels on NumPy arrays: what the exact references are the meaning of."""

import ctypes

import numpy as np

from ._library import COVERAGE_MASK, EDGES, FORMATS, PAINT_IMAGE, Buffer, Coverage, Paint, check, lib
from .exact import _format, _image, _op, _pixels


def _buffer(array, format, width, height):
    return Buffer(array.ctypes.data, width, height, array.strides[0] if array.ndim > 1 and height > 1 else
                  width * (1 if format == "a8" else 4), FORMATS[format])


def composite(op, paint, destination, coverage=None, format=None):
    """Sheen's `op` of `paint` over a copy of `destination` through `coverage` (uint8 (n,) or None),
    by sheen_composite (the fastest level this CPU runs): a new uint8 array. Blend modes need
    "rgba8" or "bgra8" (None: "a8" for a one-dimensional paint, else "rgba8"); SheenError for what
    Sheen refuses."""
    format = _format(paint, format)
    paint = _pixels(paint, format, "paint")
    n = paint.shape[0]
    result = _pixels(destination, format, "destination", n).copy()
    image = _buffer(paint, format, n, 1)
    target = _buffer(result, format, n, 1)
    p = Paint(kind=PAINT_IMAGE, image=ctypes.pointer(image))
    c = None
    if coverage is not None:
        mask = np.ascontiguousarray(coverage, dtype=np.uint8)
        if mask.shape != (n,):
            raise ValueError(f"coverage must have shape ({n},); it has {mask.shape}")
        m = _buffer(mask, "a8", n, 1)
        c = Coverage(kind=COVERAGE_MASK, alpha=255, mask=ctypes.pointer(m))
        check(lib.sheen_composite(ctypes.byref(target), ctypes.byref(p), _op(op), ctypes.byref(c)))
    else:
        check(lib.sheen_composite(ctypes.byref(target), ctypes.byref(p), _op(op), None))
    return result


def fill_gradient(gradient, width, height):
    """Sheen's fill of `gradient` over width × height pixels: uint8 (height, width, 4), premultiplied
    R, G, B, A."""
    out = np.zeros((height, width, 4), dtype=np.uint8)
    b = Buffer(out.ctypes.data, width, height, 4 * width, FORMATS["rgba8"])
    check(lib.sheen_fill_gradient(ctypes.byref(b), gradient.handle))
    return out


def blur(image, sigma, sigma_y=None, edges="transparent"):
    """Sheen's Gaussian blur of a copy of `image` (uint8 (h, w, 4) premultiplied RGBA or (h, w)
    A8): a new uint8 array, every byte within 1 level of `exact_blur`."""
    if edges not in EDGES:
        raise ValueError(f"unknown edges {edges!r}; one of {', '.join(EDGES)}")
    a, buffer = _image(np.array(image, dtype=np.uint8, copy=True))
    check(lib.sheen_blur(ctypes.byref(buffer), sigma, sigma if sigma_y is None else sigma_y, EDGES[edges]))
    return a
