"""What labels and text fields share: spec values from Python ones, and the picture drawn by the
library as a NumPy array, PNG bytes or a Pillow image."""

import ctypes
import json
import re

import numpy as np

from ._library import Buffer, check, lib
from .fonts import ensure_a_font


def snake_to_spec(name):
    """A spec key from a Python keyword: line_break → lineBreak."""
    return re.sub(r"_([a-z])", lambda m: m.group(1).upper(), name)


def stroke_spec(value):
    """A stroke given as (width, colour), or a spec object as it is."""
    if isinstance(value, (tuple, list)):
        if len(value) != 2:
            raise ValueError(f"stroke must be (width, colour) or a spec object; it is {value!r}")
        return {"width": value[0], "color": value[1]}
    return value


def shadow_spec(value, index):
    """A shadow given as (dx, dy, sigma, colour[, spread]), or a spec object as it is."""
    if isinstance(value, (tuple, list)):
        if len(value) not in (4, 5):
            raise ValueError(f"shadows[{index}] must be (dx, dy, sigma, colour[, spread]) or a spec object; it is {value!r}")
        shadow = {"offset": [value[0], value[1]], "sigma": value[2], "color": value[3]}
        if len(value) == 5:
            shadow["spread"] = value[4]
        return shadow
    return value


def spec_json(spec, what):
    """`spec` as JSON text, refusing what JSON cannot carry with the error naming `what`."""
    try:
        return json.dumps(spec, ensure_ascii=False, allow_nan=False)
    except ValueError as e:
        raise ValueError(f"a {what}'s numbers must be finite: {e}") from None
    except TypeError as e:
        raise TypeError(f"a {what}'s values must be text, numbers, booleans, lists or dicts: {e}") from None


class Picture:
    """Something the library draws into a new image (a subclass's `_draw(out)` stores a
    sheen_image* through `out`), read back as an array, PNG bytes or a Pillow image."""

    def _draw(self, image):
        raise NotImplementedError

    def _with_image(self, use):
        ensure_a_font()
        image = ctypes.c_void_p()
        self._draw(ctypes.byref(image))
        try:
            buffer = Buffer()
            check(lib.sheen_image_get_buffer(image, ctypes.byref(buffer)))
            return use(buffer)
        finally:
            lib.sheen_image_destroy(image)

    def image(self):
        """A new uint8 (height, width, 4) array of premultiplied R, G, B, A, as the command line draws it."""
        def copy(buffer):
            rows = ctypes.string_at(buffer.pixels, buffer.bytes_per_row * buffer.height)
            a = np.frombuffer(rows, np.uint8).reshape(buffer.height, buffer.bytes_per_row)
            return np.ascontiguousarray(a[:, :4 * buffer.width].reshape(buffer.height, buffer.width, 4))
        return self._with_image(copy)

    def png(self):
        """PNG bytes (RGBA, straight alpha): the bytes the command line writes for the same spec."""
        def encode(buffer):
            data, count = ctypes.POINTER(ctypes.c_uint8)(), ctypes.c_size_t()
            check(lib.sheen_png_encode(ctypes.byref(buffer), ctypes.byref(data), ctypes.byref(count)))
            try:
                return ctypes.string_at(data, count.value)
            finally:
                lib.sheen_free(data)
        return self._with_image(encode)

    def pil(self):
        """A Pillow image, mode "RGBA" (straight alpha; needs Pillow)."""
        import io
        from PIL import Image
        return Image.open(io.BytesIO(self.png())).convert("RGBA")
