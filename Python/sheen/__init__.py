"""Sheen from Python: the exact compositing and gradient references (unrounded float64 levels),
Sheen's kernels, and the oracle survey for any compositor that takes NumPy arrays.

Pixels are NumPy uint8 arrays of shape (n, 4) — premultiplied R, G, B, A — or (n,) for A8;
coverage is a uint8 array of shape (n,) or None (fully covered). Arrays are taken as they are or
refused with a TypeError or ValueError naming the argument — never converted (a float image is not
truncated, straight colour not read as premultiplied: `premultiply` converts on request).
`sheen.strategies` (with Hypothesis installed) draws valid cases for property tests. Operators are named as Swift
names them ("sourceOver", "colorDodge"; `OPERATORS`)."""

from ._library import SheenError, gradient_kinds, lib, operators as _operators
from .conversions import premultiply
from .field import TextField, TextView
from .fonts import add_font_directory
from .exact import Gradient, exact_blur, exact_composite, exact_gradient
from .kernels import blur, composite, fill_gradient
from .label import Label
from .survey import Survey, survey, survey_blur

OPERATORS = _operators()
"""Every operator's name, in sheen.h's order."""


def library_version():
    """The version of the libSheenC this package loaded (sheen_version())."""
    return lib.sheen_version().decode()


__all__ = ["OPERATORS", "Gradient", "Label", "SheenError", "Survey", "TextField", "TextView", "add_font_directory", "blur", "composite", "exact_blur", "exact_composite",
           "gradient_kinds",
           "exact_gradient", "fill_gradient", "library_version", "premultiply", "survey", "survey_blur"]
