"""Fonts for labels: directories of fonts added to those Sheen finds, and the fallback fonts the
wheel ships (DejaVu Sans and DejaVu Sans Bold, the label's default, in sheen/_fonts) for machines
where fontconfig finds none — a container or a minimal system without fonts or without
fontconfig's configuration."""

import ctypes
import os
import threading

from ._library import STATUS_FONT, check, lib

FALLBACK_DIRECTORY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_fonts")
"""Where the wheel's fallback font lies (absent in a source checkout, where the system's fonts are used)."""

_lock = threading.Lock()
_checked = False


def add_font_directory(path):
    """Adds the fonts (TTF, OTF, TTC) in directory `path` and its subdirectories to those labels find
    by family name, for the rest of the process (sheen_font_add_directory); a family that fell back
    to the default before is found afterwards. Raises SheenError naming the path when it is not a
    readable directory."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or os.PathLike, not {type(path).__name__}")
    check(lib.sheen_font_add_directory(os.fsencode(path)))


SYSTEM_CONFIGURATION = "/etc/fonts/fonts.conf"
"""Where fontconfig (the system's, and the wheel's copy) reads its configuration by default."""


def ensure_a_font():
    """Before the first label: on a machine without fontconfig's configuration, points fontconfig at
    the wheel's own (sheen/_fonts/fonts.conf: its fonts only) instead of letting it complain and
    find nothing; then, when fontconfig still finds no font at all, adds the wheel's fallback fonts,
    so a label draws anyway (in DejaVu Sans). Once per process; a machine with fonts is untouched."""
    global _checked
    with _lock:
        if _checked:
            return
        bundled = os.path.join(FALLBACK_DIRECTORY, "fonts.conf")
        if "FONTCONFIG_FILE" not in os.environ and not os.path.exists(SYSTEM_CONFIGURATION) and os.path.exists(bundled):
            os.environ["FONTCONFIG_FILE"] = bundled
        font = ctypes.c_void_p()
        status = lib.sheen_font_create_named(b"sans-serif", 12.0, ctypes.byref(font))
        if status == 0:
            lib.sheen_font_destroy(font)
        elif status == STATUS_FONT and os.path.isdir(FALLBACK_DIRECTORY):
            add_font_directory(FALLBACK_DIRECTORY)
        _checked = True
