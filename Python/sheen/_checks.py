"""The package's argument checks. An array is taken as it is or refused with a TypeError (its type
or dtype) or ValueError (its shape, layout or values) that names the argument: nothing is
converted behind the caller's back — a float image is not truncated to bytes, an int16 colour not
wrapped, straight colour not read as premultiplied (`sheen.premultiply` converts on request)."""

import numbers

import numpy as np


def _array(value, name, what):
    """`value` as an ndarray (NumPy arrays only: a list would be converted with a dtype NumPy picks)."""
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name} must be a NumPy array of {what}, not {type(value).__name__}")
    return value


def uint8(value, name):
    """`value` when it is a NumPy uint8 array; else the TypeError naming `name` (levels are bytes:
    nothing is rounded, clipped or wrapped into them here)."""
    a = _array(value, name, "uint8 levels")
    if a.dtype != np.uint8:
        raise TypeError(f"{name} must have dtype uint8 (levels 0…255); it has {a.dtype} — convert it yourself "
                        f"(for float levels in 0…1: np.round(x * 255).astype(np.uint8))")
    return a


def _contiguous(a, name):
    if not a.flags.c_contiguous:
        raise ValueError(f"{name} must be C-contiguous (a strided view is not read in place); pass "
                         f"np.ascontiguousarray({name})")
    return a


def pixels(value, name, format, count=None, allow_invalid=False):
    """Pixels of `format`: uint8 (n, 4) premultiplied ("rgba8", "bgra8": alpha last) or (n,) ("a8"),
    n = `count` when given. Colour above alpha is refused unless `allow_invalid` (the oracle's
    surveys of invalid input)."""
    a = uint8(value, name)
    shape = "(n,)" if format == "a8" else "(n, 4)"
    if (format == "a8" and a.ndim != 1) or (format != "a8" and (a.ndim != 2 or a.shape[1] != 4)):
        raise ValueError(f"{name} must have shape {shape} for {format}; it has {a.shape}")
    if count is not None and a.shape[0] != count:
        raise ValueError(f"{name} must have shape {shape} with n = {count} (the paint's length); it has {a.shape}")
    _contiguous(a, name)
    if format != "a8" and not allow_invalid:
        premultiplied(a, name)
    return a


def premultiplied(a, name):
    """Refuses (n…, 4) pixels with a colour channel above alpha, naming the first."""
    bad = (a[..., :3] > a[..., 3:]).any(axis=-1)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        index = where[0] if len(where) == 1 else where
        raise ValueError(f"{name} is not premultiplied: pixel {index} is {a[where].tolist()}, a colour above its alpha "
                         f"(sheen.premultiply converts straight colour)")


def coverage(value, count):
    """Coverage: None, or uint8 (count,)."""
    if value is None:
        return None
    a = uint8(value, "coverage")
    if a.shape != (count,):
        raise ValueError(f"coverage must have shape ({count},); it has {a.shape}")
    return _contiguous(a, "coverage")


def image(value, name="image"):
    """An image: uint8 (h, w, 4) premultiplied RGBA or (h, w) A8, both sides ≥ 1."""
    a = uint8(value, name)
    if not ((a.ndim == 3 and a.shape[2] == 4) or a.ndim == 2):
        raise ValueError(f"{name} must have shape (h, w, 4) or (h, w); it has {a.shape}")
    if a.shape[0] < 1 or a.shape[1] < 1:
        raise ValueError(f"{name} must be at least 1 × 1; it has {a.shape}")
    _contiguous(a, name)
    if a.ndim == 3:
        premultiplied(a, name)
    return a


def real(value, name):
    """A real number (int or float, not bool, complex or text) as a float; whether it is finite and
    in range the library checks and names."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
    return float(value)


def points(value, name="points"):
    """Points: a real array-like of shape (n, 2), finite, as float64 (ints are exact in it)."""
    a = np.asarray(value)
    if a.dtype == bool or a.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers; it has dtype {a.dtype}")
    if a.ndim != 2 or a.shape[1] != 2:
        raise ValueError(f"{name} must have shape (n, 2); they have {a.shape}")
    a = np.ascontiguousarray(a, dtype=np.float64)
    if not np.isfinite(a).all():
        raise ValueError(f"{name} must be finite; row {int(np.argwhere(~np.isfinite(a))[0][0])} is not")
    return a


def stop(value, index):
    """A gradient stop (offset, (r, g, b, a)): five real numbers, the colour straight sRGB in 0…1."""
    try:
        offset, color = value
    except (TypeError, ValueError):
        raise TypeError(f"stops[{index}] must be (offset, (r, g, b, a)); it is {value!r}") from None
    offset = real(offset, f"stops[{index}].offset")
    if isinstance(color, (str, bytes)) or not hasattr(color, "__len__") or len(color) != 4:
        raise ValueError(f"stops[{index}] colour must have four components (r, g, b, a) in 0…1; it is {color!r}")
    return offset, [real(c, f"stops[{index}] colour[{k}]") for k, c in enumerate(color)]


def positive_count(value, name):
    """A whole number ≥ 1 (int or integral NumPy integer; not bool, not float)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1; it is {value}")
    return int(value)


def choice(value, name, table):
    """`value` when it is a key of `table`; else a ValueError listing the keys."""
    if not isinstance(value, str) or value not in table:
        raise ValueError(f"unknown {name} {value!r}; one of {', '.join(table)}")
    return value
