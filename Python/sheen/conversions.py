"""Conversions a caller asks for by name: the package's functions take premultiplied uint8 pixels
as they are and refuse anything else (sheen/_checks.py)."""

import numpy as np

from . import _checks


def premultiply(straight):
    """Straight-alpha uint8 RGBA or BGRA pixels (any shape ending in 4, alpha last) as premultiplied
    ones: each colour channel × alpha / 255, rounded to nearest (halves up), alpha unchanged; a new
    array."""
    a = _checks.uint8(straight, "straight")
    if a.ndim < 1 or a.shape[-1] != 4:
        raise ValueError(f"straight must have shape (…, 4); it has {a.shape}")
    wide = a.astype(np.uint32)
    out = a.copy()
    # (c·a + 127) // 255 rounds c·a/255 to nearest; no product is a half (255 is odd).
    out[..., :3] = (wide[..., :3] * wide[..., 3:] + 127) // 255
    return out
