"""Blend2D as a peer: PyPI's blend2d-python wheel carries the static libblend2d.a (with its JIT
pipelines) but its Python binding has no mask fill, so blend2d_bench.c is built against that
archive into a small shared library under .build/peers/ and called through ctypes. Each call
is one Blend2D operation on caller memory (premultiplied BGRA, Blend2D's PRGB32), on the calling
thread, flushed before it returns."""

import ctypes
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LIBRARY = os.path.join(ROOT, ".build", "peers", "libsheen-blend2d.so")
SOURCE = os.path.join(HERE, "blend2d_bench.c")
# The declarations of the Blend2D API the harnesses call (the wheel ships no header).
API_HEADER = os.path.join(ROOT, "Oracle", "adapters", "blend2d_api.h")

NAME = "Blend2D"
NOTE = "JIT pipelines (blend2d-python's libblend2d.a), one thread"

LINEAR, RADIAL, CONIC = 0, 1, 2


def archive():
    """Path of libblend2d.a inside the installed blend2d package."""
    import blend2d
    path = os.path.join(os.path.dirname(blend2d.__file__), "libblend2d.a")
    if not os.path.exists(path):
        raise RuntimeError(f"blend2d-python has no libblend2d.a at {path}")
    return path


def version():
    import importlib.metadata
    return "blend2d-python " + importlib.metadata.version("blend2d-python")


def load():
    """Builds (when missing or stale) and loads the ctypes library."""
    lib = archive()
    newest = max(os.path.getmtime(lib), os.path.getmtime(SOURCE), os.path.getmtime(API_HEADER))
    if not os.path.exists(LIBRARY) or os.path.getmtime(LIBRARY) < newest:
        os.makedirs(os.path.dirname(LIBRARY), exist_ok=True)
        subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-I" + os.path.dirname(API_HEADER), "-o", LIBRARY, SOURCE, lib,
                        "-lstdc++", "-lm", "-lpthread"], check=True)
    c = ctypes.CDLL(LIBRARY)
    vp, i, ip = ctypes.c_void_p, ctypes.c_int, ctypes.c_ssize_t
    c.b2d_target.restype = vp
    c.b2d_target.argtypes = [vp, i, i, ip]
    c.b2d_target_free.argtypes = [vp]
    c.b2d_mask.restype = vp
    c.b2d_mask.argtypes = [vp, i, i, ip]
    c.b2d_mask_free.argtypes = [vp]
    c.b2d_gradient.restype = vp
    c.b2d_gradient.argtypes = [ctypes.c_uint32, ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double),
                               ctypes.POINTER(ctypes.c_uint64), ctypes.c_size_t]
    c.b2d_gradient_free.argtypes = [vp]
    c.b2d_fill_mask_solid.argtypes = [vp, vp, i, i, ctypes.c_uint32]
    c.b2d_fill_mask_gradient.argtypes = [vp, vp, i, i, vp]
    c.b2d_fill_all_gradient.argtypes = [vp, vp]
    return c


class Target:
    """A Blend2D context over a numpy (h, w, 4) BGRA uint8 array, which must outlive it."""

    def __init__(self, c, array):
        self.c = c
        self.array = array
        h, w = array.shape[:2]
        self.handle = c.b2d_target(array.ctypes.data, w, h, array.strides[0])
        if not self.handle:
            raise RuntimeError("Blend2D refused the target image")

    def __del__(self):
        if getattr(self, "handle", None):
            self.c.b2d_target_free(self.handle)


class Mask:
    """A Blend2D A8 image over a numpy (h, w) uint8 array, which must outlive it."""

    def __init__(self, c, array):
        self.c = c
        self.array = array
        h, w = array.shape
        self.handle = c.b2d_mask(array.ctypes.data, w, h, array.strides[0])
        if not self.handle:
            raise RuntimeError("Blend2D refused the mask image")

    def __del__(self):
        if getattr(self, "handle", None):
            self.c.b2d_mask_free(self.handle)


class Gradient:
    """A pad-extended Blend2D gradient between 8-bit RGBA stops `colors` at `offsets`."""

    def __init__(self, c, kind, values, offsets, colors):
        self.c = c
        vals = (ctypes.c_double * len(values))(*values)
        offs = (ctypes.c_double * len(offsets))(*offsets)
        # BLRgba64: 0xAAAARRRRGGGGBBBB, each 8-bit level v widened as v·257.
        packed = [(c4[3] * 257) << 48 | (c4[0] * 257) << 32 | (c4[1] * 257) << 16 | (c4[2] * 257) for c4 in colors]
        cols = (ctypes.c_uint64 * len(packed))(*packed)
        self.handle = c.b2d_gradient(kind, vals, offs, cols, len(packed))
        if not self.handle:
            raise RuntimeError("Blend2D refused the gradient")

    def __del__(self):
        if getattr(self, "handle", None):
            self.c.b2d_gradient_free(self.handle)


def argb32(rgba):
    """A straight 8-bit (R, G, B, A) colour as Blend2D's 0xAARRGGBB."""
    r, g, b, a = rgba
    return a << 24 | r << 16 | g << 8 | b
