"""libSheenC through ctypes: the wheel's copy (sheen/_lib/libSheenC.so), or the one named by the
SHEEN_LIBRARY environment variable. Every call's status is checked here: a refusal raises
SheenError with the library's own message."""

import ctypes
import functools
import os

_HERE = os.path.dirname(os.path.abspath(__file__))


class SheenError(Exception):
    """A Sheen call refused its arguments; `status` is the C API's sheen_status."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


class Buffer(ctypes.Structure):
    _fields_ = [("pixels", ctypes.c_void_p), ("width", ctypes.c_ssize_t), ("height", ctypes.c_ssize_t),
                ("bytes_per_row", ctypes.c_ssize_t), ("format", ctypes.c_int32)]


class Color(ctypes.Structure):
    _fields_ = [("red", ctypes.c_float), ("green", ctypes.c_float), ("blue", ctypes.c_float),
                ("alpha", ctypes.c_float)]


class Paint(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int32), ("color", Color), ("premultiplied", ctypes.c_uint8 * 4),
                ("gradient", ctypes.c_void_p), ("image", ctypes.POINTER(Buffer)), ("image_x", ctypes.c_ssize_t),
                ("image_y", ctypes.c_ssize_t), ("pattern", ctypes.c_void_p)]


class Coverage(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int32), ("alpha", ctypes.c_uint8), ("mask", ctypes.POINTER(Buffer)),
                ("mask_x", ctypes.c_ssize_t), ("mask_y", ctypes.c_ssize_t)]


class GradientStop(ctypes.Structure):
    _fields_ = [("offset", ctypes.c_double), ("color", Color)]


FORMATS = {"rgba8": 0, "bgra8": 1, "a8": 2}
RULES = {"sheen": 0, "scales-paint": 1, "interpolates": 2}
SPREADS = {"pad": 0, "repeat": 1, "reflect": 2}
SPACES = {"srgb": 0, "linear": 1, "oklab": 2}
EDGES = {"transparent": 0, "clamp": 1}
STATUS_FONT = 4
PAINT_IMAGE = 3
COVERAGE_MASK = 2


def _load():
    path = os.environ.get("SHEEN_LIBRARY") or os.path.join(_HERE, "_lib", "libSheenC.so")
    if not os.path.exists(path):
        raise ImportError(f"sheen: libSheenC.so is not at {path} (build the wheel with Scripts/python-package.sh, "
                          "or set SHEEN_LIBRARY)")
    lib = ctypes.CDLL(path)
    u8p, dp, vp, i32, ip = (ctypes.POINTER(ctypes.c_uint8), ctypes.POINTER(ctypes.c_double), ctypes.c_void_p,
                            ctypes.c_int32, ctypes.c_ssize_t)
    signatures = {
        "sheen_version": ([], ctypes.c_char_p),
        "sheen_last_error_message": ([], ctypes.c_char_p),
        "sheen_operator_name": ([i32], ctypes.c_char_p),
        "sheen_exact_composite": ([i32, i32, i32, u8p, u8p, u8p, ip, dp], ctypes.c_int),
        "sheen_composite": ([ctypes.POINTER(Buffer), ctypes.POINTER(Paint), i32, ctypes.POINTER(Coverage)], ctypes.c_int),
        "sheen_gradient_create_shape": ([i32, dp, ctypes.c_size_t, ctypes.POINTER(GradientStop), ctypes.c_size_t,
                                         ctypes.POINTER(vp)], ctypes.c_int),
        "sheen_gradient_kind_name": ([i32], ctypes.c_char_p),
        "sheen_gradient_kind_numbers": ([i32], ctypes.c_char_p),
        "sheen_gradient_set_spread": ([vp, i32], ctypes.c_int),
        "sheen_gradient_set_color_space": ([vp, i32], ctypes.c_int),
        "sheen_gradient_set_alpha_interpolation": ([vp, i32], ctypes.c_int),
        "sheen_gradient_destroy": ([vp], None),
        "sheen_exact_gradient": ([vp, dp, ip, ctypes.c_bool, dp], ctypes.c_int),
        "sheen_fill_gradient": ([ctypes.POINTER(Buffer), vp], ctypes.c_int),
        "sheen_exact_blur": ([ctypes.POINTER(Buffer), ctypes.c_double, ctypes.c_double, i32, dp], ctypes.c_int),
        "sheen_blur": ([ctypes.POINTER(Buffer), ctypes.c_double, ctypes.c_double, i32], ctypes.c_int),
        "sheen_label_create_from_spec": ([ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(vp)], ctypes.c_int),
        "sheen_label_image": ([vp, ctypes.POINTER(vp)], ctypes.c_int),
        "sheen_label_destroy": ([vp], None),
        "sheen_image_get_buffer": ([vp, ctypes.POINTER(Buffer)], ctypes.c_int),
        "sheen_image_destroy": ([vp], None),
        "sheen_png_encode": ([ctypes.POINTER(Buffer), ctypes.POINTER(u8p), ctypes.POINTER(ctypes.c_size_t)], ctypes.c_int),
        "sheen_free": ([vp], None),
        "sheen_font_create_named": ([ctypes.c_char_p, ctypes.c_double, ctypes.POINTER(vp)], ctypes.c_int),
        "sheen_font_destroy": ([vp], None),
        "sheen_font_add_directory": ([ctypes.c_char_p], ctypes.c_int),
        "sheen_text_field_image_from_spec": ([ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(vp)], ctypes.c_int),
    }
    for name, (arguments, result) in signatures.items():
        f = getattr(lib, name)
        f.argtypes = arguments
        f.restype = result
    return lib


lib = _load()


def check(status):
    """Raises SheenError for a status other than SHEEN_OK."""
    if status != 0:
        raise SheenError(status, lib.sheen_last_error_message().decode())


@functools.lru_cache(maxsize=1)
def gradient_kinds():
    """The gradient kinds, {name: (C value, names of its numbers in order)}, from the C API's own
    table, read once."""
    kinds, i = {}, 0
    while True:
        name = lib.sheen_gradient_kind_name(i)
        if name is None:
            return kinds
        kinds[name.decode()] = (i, tuple(lib.sheen_gradient_kind_numbers(i).decode().split(",")))
        i += 1


@functools.lru_cache(maxsize=1)
def operators():
    """The operators' names in sheen.h's order (the C API's own list), read once."""
    names, i = [], 0
    while True:
        name = lib.sheen_operator_name(i)
        if name is None:
            return tuple(names)
        names.append(name.decode())
        i += 1
