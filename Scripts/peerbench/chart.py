"""Bar charts as PNG, drawn with Pillow: one chart per workload, a group of horizontal bars per
case (one bar per library), on a logarithmic axis because the libraries differ by orders of
magnitude, with the same-run memcpy reference as a dashed line. Text is DejaVu Sans (the font
Scripts/install-deps.sh installs for the tests; it has ×, σ and …), or Pillow's bundled font
where it is missing."""

import io
import math
import os

from PIL import Image, ImageDraw, ImageFont

BACKGROUND = (255, 255, 255)
INK = (34, 34, 34)
GRID = (221, 221, 221)
REFERENCE = (200, 60, 60)
PALETTE = {
    "Sheen": (52, 120, 246),
    "Sheen (v3)": (20, 60, 160),
    "cairo (pixman)": (52, 168, 83),
    "skia-python": (255, 149, 0),
    "OpenCV": (175, 82, 222),
    "Pillow": (142, 142, 147),
    "Sheen C API": (20, 60, 160),
    "pixman": (52, 168, 83),
    "Blend2D": (255, 59, 48),
}
OTHER = (90, 200, 250)

BAR = 12
BAR_GAP = 2
GROUP_GAP = 12
LEFT = 300
RIGHT = 90
WIDTH = 980


FONT_SIZE = 13
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FONT = ImageFont.truetype(DEJAVU, FONT_SIZE) if os.path.exists(DEJAVU) else ImageFont.load_default(size=FONT_SIZE)
# The height a line of text takes, for centring labels on bars.
TEXT_HEIGHT = FONT_SIZE


class Canvas:
    """An RGB image being drawn: rectangles, dashed lines and text."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.image = Image.new("RGB", (width, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    def rect(self, x0, y0, x1, y1, colour):
        """Fills [x0, x1) × [y0, y1) (whole pixels), clipped to the image."""
        x0, x1, y0, y1 = int(x0), int(x1), int(y0), int(y1)
        if x0 < x1 and y0 < y1:
            self.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=colour)

    def vline(self, x, y0, y1, colour, dash=0):
        """A 1-px vertical line, dashed (dash px on, dash px off) when dash > 0."""
        y0, y1 = int(y0), int(y1)
        if dash == 0:
            self.rect(x, y0, x + 1, y1, colour)
            return
        for y in range(y0, y1, 2 * dash):
            self.rect(x, y, x + 1, min(y1, y + dash), colour)

    def text(self, x, y, s, colour=INK):
        """Draws `s` with its top-left corner at (x, y); returns the x after it."""
        self.draw.text((x, y), s, font=FONT, fill=colour)
        return x + text_width(s)

    def png(self):
        out = io.BytesIO()
        self.image.save(out, format="PNG", optimize=True)
        return out.getvalue()


def text_width(s):
    return math.ceil(FONT.getlength(s))


def fit(s, width):
    """`s` shortened with "…" to at most `width` pixels."""
    if text_width(s) <= width:
        return s
    n = len(s)
    while n > 0 and text_width(s[:n] + "…") > width:
        n -= 1
    return s[:n] + "…"


def colour(library):
    return PALETTE.get(library, OTHER)


def axis(values):
    """(lo, hi) decades of a log axis covering every positive value."""
    positive = [v for v in values if v and v > 0]
    if not positive:
        return 1.0, 10.0
    lo = 10 ** math.floor(math.log10(min(positive)))
    hi = 10 ** math.ceil(math.log10(max(positive)))
    return lo, hi if hi > lo else lo * 10


def format_value(v):
    return f"{v:,.0f}" if v >= 100 else f"{v:,.1f}" if v >= 10 else f"{v:,.2f}"


def bar_chart(title, subtitle, unit, groups, reference=None):
    """PNG bytes of a chart. `groups` is [(case, [(library, value), …]), …]; `reference` an
    optional (label, value) drawn as a dashed line."""
    libraries = []
    for _, bars in groups:
        for library, _ in bars:
            if library not in libraries:
                libraries.append(library)
    values = [v for _, bars in groups for _, v in bars] + ([reference[1]] if reference else [])
    lo, hi = axis(values)
    top = 78
    plot_height = sum(len(bars) * (BAR + BAR_GAP) + GROUP_GAP for _, bars in groups)
    height = top + plot_height + 34
    c = Canvas(WIDTH, height)
    c.text(12, 8, title)
    c.text(12, 26, subtitle, (100, 100, 100))
    x = 12
    for library in libraries:
        c.rect(x, 50, x + 12, 62, colour(library))
        x = c.text(x + 16, 48, library) + 18
    plot_w = WIDTH - LEFT - RIGHT

    def xpos(v):
        return LEFT + plot_w * (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))

    bottom = top + plot_height
    decade = lo
    while decade <= hi * 1.0001:
        gx = xpos(decade)
        c.vline(gx, top - 4, bottom, GRID)
        label = f"{decade:,.0f}" if decade >= 1 else f"{decade:g}"
        c.text(gx - text_width(label) / 2, bottom + 4, label, (100, 100, 100))
        decade *= 10
    c.text(LEFT + plot_w - text_width(unit), bottom + 18, unit, (100, 100, 100))
    y = top
    for case, bars in groups:
        c.text(8, y + (len(bars) * (BAR + BAR_GAP) - TEXT_HEIGHT) / 2, fit(case, LEFT - 16))
        for library, v in bars:
            if v and v > 0:
                end = max(LEFT + 1, xpos(min(max(v, lo), hi)))
                c.rect(LEFT, y, end, y + BAR, colour(library))
                c.text(end + 4, y + (BAR - TEXT_HEIGHT) / 2, format_value(v))
            y += BAR + BAR_GAP
        y += GROUP_GAP
    if reference:
        rx = xpos(min(max(reference[1], lo), hi))
        c.vline(rx, top - 8, bottom, REFERENCE, dash=4)
        label = f"{reference[0]} {format_value(reference[1])}"
        c.text(min(rx + 4, WIDTH - text_width(label) - 4), top - 16, label, REFERENCE)
    return c.png()
