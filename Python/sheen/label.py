"""Labels from Python: styled text drawn by Sheen into NumPy arrays, PNG bytes or Pillow images.

A Label is a label spec (docs/label-spec.md: what `sheen render --spec` draws and
sheen_label_create_from_spec reads) built from keyword arguments, so a label drawn here is the one
the command line draws from the same spec, byte for byte."""

import ctypes

from ._library import check, lib
from .picture import Picture, shadow_spec, snake_to_spec, spec_json, stroke_spec


class Label(Picture):
    """A label of `text` (or attributed `runs`) drawn by Sheen.

    text: the text (str). runs: attributed runs instead, each a dict of the spec's run fields
    ({"text": "Bold", "color": "#FF3B30", "underline": True}, ...).
    font: a fontconfig pattern ("DejaVu Sans:bold", the default). size: the font size in pixels
    (default 48). fill: a colour ("#3478F6", "tomato", "rgba(0, 0, 0, 0.5)"), a list of colours for
    a gradient over the text's ink, or a gradient object ({"colors": [...], "kind": "radial"}).
    text_color: the colour of runs without one. stroke: (width, colour) or a spec object
    ({"width": 2, "paint": ..., "placement": "inside"}). shadows: a list of (dx, dy, sigma,
    colour[, spread]) or spec objects; a glow is a shadow with offset (0, 0). background: a colour
    over the frame. canvas: the frame (width, height) in pixels (default: the size that fits the
    text). align: "left", "right", "center", "justified", "natural".
    vertical: "top", "center", "bottom". lines: the most lines, 0 for any (default 1). line_break:
    "word", "char", "clip", "head", "tail", "middle". min_scale: auto-shrink down to this scale.
    insets: (top, left, bottom, right). alpha: the whole label's opacity 0…1. clip: clip to the
    frame. hinting: "none", "light", "full".
    Any other field of the spec is taken by its name, in snake_case or the spec's own spelling
    (line_height=1.2, tighten=True); an unknown field is refused, naming it.

    Nothing is drawn until `image()`, `png()` or `pil()`; a spec the library refuses raises
    SheenError with its message, which names the field ("spec: lineBreak: ...")."""

    def __init__(self, text=None, *, runs=None, font=None, size=None, fill=None, text_color=None, stroke=None,
                 shadows=None, background=None, canvas=None, align=None, vertical=None, lines=None, line_break=None,
                 min_scale=None, insets=None, alpha=None, clip=None, hinting=None, **fields):
        if (text is None) == (runs is None):
            raise TypeError("a Label takes text or runs (one of them)")
        if text is not None and not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        given = {"text": text, "runs": runs, "font": font, "size": size, "fill": fill, "text_color": text_color,
                 "stroke": stroke_spec(stroke) if stroke is not None else None,
                 "shadows": [shadow_spec(s, i) for i, s in enumerate(shadows)] if shadows is not None else None,
                 "background": background, "canvas": list(canvas) if isinstance(canvas, tuple) else canvas,
                 "align": align, "vertical": vertical, "lines": lines, "line_break": line_break,
                 "min_scale": min_scale, "insets": list(insets) if isinstance(insets, tuple) else insets,
                 "alpha": alpha, "clip": clip, "hinting": hinting}
        given.update(fields)
        self.spec = {snake_to_spec(k): v for k, v in given.items() if v is not None}
        """The label spec (a dict of docs/label-spec.md's fields) this label is drawn from."""

    def json(self):
        """The label spec as JSON text: what `sheen render --spec FILE -o out.png` draws alike."""
        return spec_json(self.spec, "label")

    def _draw(self, image):
        data = self.json().encode()
        label = ctypes.c_void_p()
        check(lib.sheen_label_create_from_spec(data, len(data), ctypes.byref(label)))
        try:
            check(lib.sheen_label_image(label, image))
        finally:
            lib.sheen_label_destroy(label)
