"""Text fields and text views from Python: UITextField- and UITextView-like pictures — the text or
its placeholder, while editing the caret or a selection, scrolled to the caret — drawn by Sheen.

A TextField is a field spec (docs/label-spec.md, "Field specs": what sheen_text_field_image_from_spec
reads) built from keyword arguments; `sheen field` draws the same picture from the same options."""

import ctypes
import numbers

from ._library import check, lib
from .picture import Picture, shadow_spec, snake_to_spec, spec_json, stroke_spec


def _utf16_offset(text, index, name):
    """The UTF-16 offset of Python index `index` (a code point offset) into `text`, 0…len(text)."""
    if isinstance(index, bool) or not isinstance(index, numbers.Integral):
        raise TypeError(f"{name} must be an int (an index into the text), not {type(index).__name__}")
    if not 0 <= index <= len(text):
        raise ValueError(f"{name} {index} is outside the text (0…{len(text)})")
    return len(text[:index].encode("utf-16-le")) // 2


def _utf16_range(text, given, name):
    """A (start, end) pair of Python indices into `text` as [start, end] UTF-16 offsets; None stays None."""
    if given is None:
        return None
    if not isinstance(given, (tuple, list)) or len(given) != 2:
        raise ValueError(f"{name} must be (start, end); it is {given!r}")
    start, end = (_utf16_offset(text, v, f"{name}[{i}]") for i, v in enumerate(given))
    if start > end:
        raise ValueError(f"{name} ({given[0]}, {given[1]}) starts after it ends")
    return [start, end]


class TextField(Picture):
    """A one-line text field (UITextField) drawn by Sheen; `TextView` is the multi-line one.

    text: the text (str; empty shows the placeholder). runs: attributed text instead, each a dict of
    the spec's run fields ({"text": "Bold", "color": "#FF3B30", "size": 32, "fill": [...]}, ...);
    indices are then into the runs' texts joined. placeholder: shown when the text is empty;
    placeholder_fill: its colour or gradient (default UIKit's placeholder grey).
    editing: draw the caret, or the selection. caret: the caret's index into `text` (a Python
    index, moved back to a whole grapheme cluster; default its end). selection: (start, end) Python
    indices, drawn instead of the caret. caret_affinity: "leading" or "trailing" (which side of a
    direction boundary the caret stands on). caret_color: a colour. scroll: the scroll offset the
    field had, pixels (drawing moves it only to show the caret).
    secure: every character drawn as a bullet (not for a text view). disabled: drawn at half
    opacity without caret or selection. min_font_size: auto-shrink a text wider than the field
    down to this size in pixels. marked: (start, end) Python indices of marked text — an input
    method's composition, underlined while editing; marked_selection: (start, end) the clause of it
    being converted (underlined thicker); marked_color: the underline's colour (default the text
    colour). vertical: where the line sits in the text rectangle ("top",
    "center" — a field's default —, "bottom"; a text view's lines start at the top by default).
    A text view's spacing (refused for a one-line field): line_height (a multiple of the font's
    line height), line_spacing (extra pixels between lines), paragraph_spacing (before, after):
    extra pixels before and after each paragraph.
    The style is the label's: font (a fontconfig pattern, default "DejaVu Sans:bold"), size (pixels,
    default 48), fill (a colour, a list of colours for a gradient over the text's ink, or a gradient
    object), text_color, stroke (width, colour), shadows [(dx, dy, sigma, colour[, spread]), ...],
    background, align ("left", "right", "center", "natural", ...), insets (top, left, bottom,
    right), alpha 0…1, hinting ("none", "light", "full").
    canvas: the frame (width, height) in pixels, a side of 0 sized to the text (default both).

    Nothing is drawn until `image()`, `png()` or `pil()`; the picture is the frame (a shadow the
    frame cannot hold is cropped, never the text). A spec the library refuses raises SheenError
    with its message, which names the field ("spec: selection: ...")."""

    _multiline = False

    def __init__(self, text="", *, runs=None, placeholder=None, placeholder_fill=None, editing=None, caret=None,
                 selection=None, caret_affinity=None, caret_color=None, scroll=None, secure=None, disabled=None,
                 min_font_size=None, font=None, size=None, fill=None, text_color=None, stroke=None, shadows=None,
                 background=None, align=None, insets=None, alpha=None, hinting=None, canvas=None, vertical=None,
                 line_height=None, line_spacing=None, paragraph_spacing=None, marked=None, marked_selection=None,
                 marked_color=None):
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        if runs is not None:
            if text:
                raise TypeError("a TextField takes text or runs, not both")
            if not isinstance(runs, (list, tuple)) or not all(isinstance(r, dict) and isinstance(r.get("text"), str)
                                                             for r in runs):
                raise TypeError("runs must be a list of dicts, each with a \"text\" str")
            text = "".join(r["text"] for r in runs)
        if caret is not None:
            caret = _utf16_offset(text, caret, "caret")
        selection, marked, marked_selection = (_utf16_range(text, r, name) for r, name in (
            (selection, "selection"), (marked, "marked"), (marked_selection, "marked_selection")))
        paragraph = None
        if paragraph_spacing is not None:
            if not isinstance(paragraph_spacing, (tuple, list)) or len(paragraph_spacing) != 2:
                raise ValueError(f"paragraph_spacing must be (before, after) in pixels; it is {paragraph_spacing!r}")
            paragraph = {"spacingBefore": paragraph_spacing[0], "spacingAfter": paragraph_spacing[1]}
        given = {"text": text if runs is None else None, "runs": list(runs) if runs is not None else None,
                 "placeholder": placeholder, "placeholder_fill": placeholder_fill, "editing": editing,
                 "caret": caret, "selection": selection, "caret_affinity": caret_affinity, "caret_color": caret_color,
                 "scroll": scroll, "secure": secure, "disabled": disabled, "min_font_size": min_font_size,
                 "font": font, "size": size, "fill": fill, "text_color": text_color,
                 "stroke": stroke_spec(stroke) if stroke is not None else None,
                 "shadows": [shadow_spec(s, i) for i, s in enumerate(shadows)] if shadows is not None else None,
                 "background": background, "align": align,
                 "insets": list(insets) if isinstance(insets, tuple) else insets, "alpha": alpha, "hinting": hinting,
                 "canvas": list(canvas) if isinstance(canvas, tuple) else canvas, "vertical": vertical,
                 "line_height": line_height, "line_spacing": line_spacing, "paragraph": paragraph, "marked": marked,
                 "marked_selection": marked_selection, "marked_color": marked_color}
        self.spec = {snake_to_spec(k): v for k, v in given.items() if v is not None}
        """The field spec (a dict of docs/label-spec.md's field spec fields), indices as UTF-16 offsets."""
        if self._multiline:
            self.spec["multiline"] = True

    def json(self):
        """The field spec as JSON text (what sheen_text_field_image_from_spec reads)."""
        return spec_json(self.spec, "text field")

    def _draw(self, image):
        data = self.json().encode()
        check(lib.sheen_text_field_image_from_spec(data, len(data), image))


class TextView(TextField):
    """A multi-line text view (UITextView) drawn by Sheen: the text wraps at the frame's width
    (canvas (width, 0) sizes the height to the text), line breaks begin paragraphs, `scroll` is
    vertical, with UITextView's text container insets (8, 5, 8, 5) unless `insets` are given. The
    arguments are TextField's; a view has no secure entry (`secure=True` is refused)."""

    _multiline = True
