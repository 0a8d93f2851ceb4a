"""The float64 references every output is held to, computed with numpy from the same inputs
sheen-bench dumped. Values are premultiplied 8-bit levels as floats (unrounded), so an output's
error is |output - reference| in levels: a perfect 8-bit result has max error ≤ 0.5."""

import math

import numpy as np

BENCH_COLORS = ((0x34, 0x78, 0xF6, 0xFF), (0xFF, 0x3B, 0x30, 0xFF))
"""#3478F6 → #FF3B30, both opaque: every W1, W1p and W3 gradient (sheen-bench's benchColors)."""


def ramp(t):
    """Premultiplied RGBA levels (…, 4) of the two-stop sRGB gradient at t (clamped to [0, 1])."""
    t = np.clip(t, 0.0, 1.0)[..., None]
    c0 = np.array(BENCH_COLORS[0], dtype=np.float64)
    c1 = np.array(BENCH_COLORS[1], dtype=np.float64)
    return c0 + (c1 - c0) * t


def gradient(shape, width, height):
    """The W1/W1p gradient `shape` (sheen-bench's geometry) sampled at pixel centres, RGBA."""
    x = np.arange(width, dtype=np.float64)[None, :] + 0.5
    y = np.arange(height, dtype=np.float64)[:, None] + 0.5
    x, y = np.broadcast_arrays(x, y)
    w, h = float(width), float(height)
    if shape == "linear.horizontal":
        t = x / w
    elif shape == "linear.vertical":
        t = y / h
    elif shape == "linear.angled30":
        a = math.radians(30)
        c, s = math.cos(a), math.sin(a)
        span = w * c + h * s
        x0, y0 = w / 2 - span / 2 * c, h / 2 - span / 2 * s
        t = ((x - x0) * c + (y - y0) * s) / span
    elif shape == "radial":
        t = np.hypot(x - w / 2, y - h / 2) / (math.hypot(w, h) / 2)
    elif shape == "conic":
        t = np.mod(np.arctan2(y - h / 2, x - w / 2) / (2 * math.pi), 1.0)
    else:
        raise ValueError(f"unknown gradient shape {shape}")
    return ramp(t)


def over_through_mask(dst, paint, mask):
    """sourceOver of premultiplied RGBA `paint` (broadcastable to dst) through A8 `mask` onto
    premultiplied RGBA `dst`, in real numbers: S·c + D·(1 − Sa·c)."""
    c = mask.astype(np.float64)[..., None] / 255.0
    s = np.broadcast_to(paint, dst.shape).astype(np.float64) * c
    d = dst.astype(np.float64)
    return s + d * (1.0 - s[..., 3:4] / 255.0)


def gaussian_matrix(n, sigma, clamp):
    """The n×n matrix of a 1-D normalised sampled Gaussian (taps |k| ≤ ⌈4σ⌉): `clamp` folds
    taps past an edge onto the edge pixel, otherwise they read zero (transparent)."""
    r = int(math.ceil(4 * sigma))
    k = np.arange(-r, r + 1, dtype=np.float64)
    taps = np.exp(-0.5 * (k / sigma) ** 2)
    taps /= taps.sum()
    m = np.zeros((n, n), dtype=np.float64)
    for i in range(n):
        j = i + k.astype(np.int64)
        if clamp:
            np.add.at(m[i], np.clip(j, 0, n - 1), taps)
        else:
            inside = (j >= 0) & (j < n)
            m[i, j[inside]] = taps[inside]
    return m


def blur(image, sigma, clamp=False):
    """The separable Gaussian blur of `image` (H×W or H×W×C levels) in float64."""
    h, w = image.shape[:2]
    mv = gaussian_matrix(h, sigma, clamp)
    mh = gaussian_matrix(w, sigma, clamp)
    src = image.astype(np.float64)
    if src.ndim == 2:
        return mv @ src @ mh.T
    return np.stack([mv @ src[..., c] @ mh.T for c in range(src.shape[2])], axis=-1)


def errors(output, reference):
    """(max, mean) absolute error of an 8-bit `output` against a float `reference`, in levels."""
    diff = np.abs(output.astype(np.float64) - reference)
    return float(diff.max()), float(diff.mean())
