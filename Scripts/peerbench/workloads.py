"""The peers' side of each workload: the same operation sheen-bench times, on the same dumped
pixels, single-threaded, outputs preallocated where the API allows, a warm-up and then the
median of the repetitions. Each function returns result rows
{"case", "library", "value", "max_err", "mean_err", "note"}; `value` is Mpix/s (labels/s for W5)
and the errors (levels) come from `reference`."""

import statistics
import time

import numpy as np

from . import blend2d as b2d
from . import reference as ref

CAIRO = "cairo (pixman)"
SKIA = "skia-python"
OPENCV = "OpenCV"
PILLOW = "Pillow"
PILLOW_BOX = "Pillow (box approximation)"

SKIA_NOTE = "GCC-built wheel: Skia's portable pipeline, several times slower than a clang build"
SKIA_CANVAS = "Skia (clang, canvas API)"


class Runner:
    """Timing settings shared by every peer: warm-up count and timed repetitions (median)."""

    def __init__(self, reps=25, warmup=3):
        self.reps = reps
        self.warmup = warmup

    def median_seconds(self, body, setup=None):
        """Median seconds of `body()`, with `setup()` (untimed) before every call."""
        samples = []
        for i in range(self.warmup + self.reps):
            if setup is not None:
                setup()
            t0 = time.perf_counter_ns()
            body()
            t = time.perf_counter_ns() - t0
            if i >= self.warmup:
                samples.append(t / 1e9)
        return statistics.median(samples)


def row(case, library, seconds, pixels, output=None, expected=None, note="", per_op=False):
    """One result row; `output` is compared with `expected` when both are given."""
    max_err = mean_err = None
    if output is not None and expected is not None:
        max_err, mean_err = ref.errors(output, expected)
    value = 1.0 / seconds if per_op else pixels / seconds / 1e6
    return {"case": case, "library": library, "value": value, "max_err": max_err, "mean_err": mean_err,
            "note": note}


def bgra(rgba):
    """RGBA ↔ BGRA (the same swap both ways), as a new contiguous array."""
    return np.ascontiguousarray(rgba[..., [2, 1, 0, 3]])


# MARK: skia and cairo helpers

def skia_colors(skia):
    return [skia.Color(*c[:3]) for c in ref.BENCH_COLORS]


def skia_shader(skia, shape, w, h):
    """The W1 gradient as a Skia shader (None where Skia has no equivalent)."""
    import math
    colors = skia_colors(skia)
    if shape == "linear.horizontal":
        return skia.GradientShader.MakeLinear([skia.Point(0, 0), skia.Point(w, 0)], colors)
    if shape == "linear.vertical":
        return skia.GradientShader.MakeLinear([skia.Point(0, 0), skia.Point(0, h)], colors)
    if shape == "linear.angled30":
        a = math.radians(30)
        c, s = math.cos(a), math.sin(a)
        span = w * c + h * s
        p0 = skia.Point(w / 2 - span / 2 * c, h / 2 - span / 2 * s)
        p1 = skia.Point(w / 2 + span / 2 * c, h / 2 + span / 2 * s)
        return skia.GradientShader.MakeLinear([p0, p1], colors)
    if shape == "radial":
        return skia.GradientShader.MakeRadial(skia.Point(w / 2, h / 2), math.hypot(w, h) / 2, colors)
    if shape == "conic":
        return skia.GradientShader.MakeSweep(w / 2, h / 2, colors)
    return None


def blend2d_gradient(c, shape, w, h):
    """The W1 gradient as a Blend2D gradient (pad extend, the two bench colours)."""
    import math
    if shape == "linear.horizontal":
        kind, values = b2d.LINEAR, [0, 0, w, 0]
    elif shape == "linear.vertical":
        kind, values = b2d.LINEAR, [0, 0, 0, h]
    elif shape == "linear.angled30":
        a = math.radians(30)
        cs, sn = math.cos(a), math.sin(a)
        span = w * cs + h * sn
        kind, values = b2d.LINEAR, [w / 2 - span / 2 * cs, h / 2 - span / 2 * sn, w / 2 + span / 2 * cs,
                                    h / 2 + span / 2 * sn]
    elif shape == "radial":
        kind, values = b2d.RADIAL, [w / 2, h / 2, w / 2, h / 2, math.hypot(w, h) / 2, 0]
    elif shape == "conic":
        kind, values = b2d.CONIC, [w / 2, h / 2, 0, 1]
    else:
        return None
    return b2d.Gradient(c, kind, values, [0, 1], ref.BENCH_COLORS)


def cairo_pattern(cairo, shape, w, h):
    """The W1 gradient as a cairo pattern (None where cairo has no equivalent: conic)."""
    import math
    if shape == "linear.horizontal":
        g = cairo.LinearGradient(0, 0, w, 0)
    elif shape == "linear.vertical":
        g = cairo.LinearGradient(0, 0, 0, h)
    elif shape == "linear.angled30":
        a = math.radians(30)
        c, s = math.cos(a), math.sin(a)
        span = w * c + h * s
        g = cairo.LinearGradient(w / 2 - span / 2 * c, h / 2 - span / 2 * s,
                                 w / 2 + span / 2 * c, h / 2 + span / 2 * s)
    elif shape == "radial":
        g = cairo.RadialGradient(w / 2, h / 2, 0, w / 2, h / 2, math.hypot(w, h) / 2)
    else:
        return None
    for offset, c in ((0, ref.BENCH_COLORS[0]), (1, ref.BENCH_COLORS[1])):
        g.add_color_stop_rgba(offset, c[0] / 255, c[1] / 255, c[2] / 255, c[3] / 255)
    return g


class CairoTarget:
    """A cairo ARGB32 image surface over a numpy BGRA buffer (premultiplied, as sheen's)."""

    def __init__(self, cairo, w, h):
        self.array = np.zeros((h, w, 4), np.uint8)
        self.surface = cairo.ImageSurface.create_for_data(memoryview(self.array).cast("B"), cairo.FORMAT_ARGB32, w, h, w * 4)
        self.context = cairo.Context(self.surface)

    def rgba(self):
        self.surface.flush()
        return bgra(self.array)


class SkiaTarget:
    """A Skia raster surface over a numpy BGRA premultiplied buffer."""

    def __init__(self, skia, w, h):
        self.array = np.zeros((h, w, 4), np.uint8)
        self.surface = skia.Surface(self.array, colorType=skia.ColorType.kBGRA_8888_ColorType,
                                    alphaType=skia.AlphaType.kPremul_AlphaType)
        self.canvas = self.surface.getCanvas()

    def rgba(self):
        return bgra(self.array)


# MARK: W1 gradients

def gradients(runner, dump, cases):
    """W1: each gradient case filled by cairo, Skia and Blend2D (conic: Skia and Blend2D)."""
    import cairocffi as cairo
    import skia
    lib = b2d.load()
    rows = []
    for case in cases:
        shape, size = case[len("gradient."):].rsplit(".", 1)
        w, h = (int(v) for v in size.split("x"))
        expected = ref.gradient(shape, w, h)
        pattern = cairo_pattern(cairo, shape, w, h)
        if pattern is not None:
            t = CairoTarget(cairo, w, h)
            t.context.set_operator(cairo.OPERATOR_SOURCE)
            t.context.set_source(pattern)
            s = runner.median_seconds(t.context.paint)
            rows.append(row(case, CAIRO, s, w * h, t.rgba(), expected))
        shader = skia_shader(skia, shape, w, h)
        t = SkiaTarget(skia, w, h)
        paint = skia.Paint(Shader=shader, BlendMode=skia.BlendMode.kSrc)
        s = runner.median_seconds(lambda: t.canvas.drawPaint(paint))
        rows.append(row(case, SKIA, s, w * h, t.rgba(), expected, SKIA_NOTE))
        gradient = blend2d_gradient(lib, shape, w, h)
        if gradient is not None:
            target = np.zeros((h, w, 4), np.uint8)
            b = b2d.Target(lib, target)
            s = runner.median_seconds(lambda: lib.b2d_fill_all_gradient(b.handle, gradient.handle))
            rows.append(row(case, b2d.NAME, s, w * h, bgra(target), expected, b2d.NOTE))
        rows += sheen_error_rows(dump, case, expected)
    return rows


def sheen_error_rows(dump, case, expected):
    """Errors of each Sheen build's dumped output for `case` (speeds come from sheen-bench's
    JSON); `dump.sheen` maps a library label to that build's Dump."""
    rows = []
    for label, d in dump.sheen.items():
        out = d.load(case, "output")
        if out is not None:
            max_err, mean_err = ref.errors(out, expected)
            rows.append({"case": case, "library": label, "max_err": max_err, "mean_err": mean_err})
    return rows


# MARK: W1p the 1-pixel pattern question

def patterns(runner, dump, w, h):
    """W1p: the vertical and horizontal gradient painted three ways by cairo and Skia: rendered
    to a full-size image then painted (fullwidth), rendered to a 1-px strip then repeated
    (column/row), or filled directly (direct). Intermediates are rendered inside the timing, as
    sheen-bench's make + fill."""
    import cairocffi as cairo
    import skia
    rows = []
    for direction in ("vertical", "horizontal"):
        shape = "linear." + direction
        expected = ref.gradient(shape, w, h)
        strip = "column" if direction == "vertical" else "row"
        sw, sh = (1, h) if direction == "vertical" else (w, 1)
        for method in ("fullwidth", strip, "direct"):
            case = f"pattern.{direction}.{method}"
            iw, ih = (w, h) if method == "fullwidth" else (sw, sh)
            # cairo
            t = CairoTarget(cairo, w, h)
            pattern = cairo_pattern(cairo, shape, w, h)
            if method == "direct":
                t.context.set_operator(cairo.OPERATOR_SOURCE)
                t.context.set_source(pattern)
                body = t.context.paint
            else:
                inter = CairoTarget(cairo, iw, ih)
                inter.context.set_operator(cairo.OPERATOR_SOURCE)
                inter.context.set_source(pattern)

                def body(t=t, inter=inter):
                    inter.context.paint()
                    inter.surface.flush()
                    source = cairo.SurfacePattern(inter.surface)
                    source.set_extend(cairo.EXTEND_REPEAT)
                    t.context.set_operator(cairo.OPERATOR_SOURCE)
                    t.context.set_source(source)
                    t.context.paint()
            s = runner.median_seconds(body)
            rows.append(row(case, CAIRO, s, w * h, t.rgba(), expected))
            # Skia
            t = SkiaTarget(skia, w, h)
            shader = skia_shader(skia, shape, w, h)
            if method == "direct":
                paint = skia.Paint(Shader=shader, BlendMode=skia.BlendMode.kSrc)

                def body(t=t, paint=paint):
                    t.canvas.drawPaint(paint)
            else:
                inter = SkiaTarget(skia, iw, ih)
                make = skia.Paint(Shader=shader, BlendMode=skia.BlendMode.kSrc)

                def body(t=t, inter=inter, make=make):
                    inter.canvas.drawPaint(make)
                    image = inter.surface.makeImageSnapshot()
                    repeat = image.makeShader(skia.TileMode.kRepeat, skia.TileMode.kRepeat)
                    t.canvas.drawPaint(skia.Paint(Shader=repeat, BlendMode=skia.BlendMode.kSrc))
            s = runner.median_seconds(body)
            rows.append(row(case, SKIA, s, w * h, t.rgba(), expected, SKIA_NOTE))
            rows += sheen_error_rows(dump, case, expected)
    return rows


# MARK: W2/W3 mask compositing

def composites(runner, dump, cases):
    """W2 (opaque #3478F6) and W3 (the horizontal W1 gradient) sourceOver through the dumped A8
    mask onto the dumped destination image (restored before every repetition, untimed)."""
    import cairocffi as cairo
    import skia
    from PIL import Image
    lib = b2d.load()
    rows = []
    for case in cases:
        dst0 = dump.load(case, "input")
        mask = dump.load(case, "mask")
        if dst0 is None or mask is None:
            continue
        h, w = mask.shape
        solid = "_n_" in case
        paint = (np.array(ref.BENCH_COLORS[0], np.float64) if solid
                 else ref.gradient("linear.horizontal", w, h))
        expected = ref.over_through_mask(dst0, paint, mask)
        dst0_bgra = bgra(dst0)
        # cairo: OVER with mask_surface
        t = CairoTarget(cairo, w, h)
        mask_array = np.ascontiguousarray(mask)
        mask_surface = cairo.ImageSurface.create_for_data(memoryview(mask_array).cast("B"), cairo.FORMAT_A8, w, h, w)
        source = (cairo.SolidPattern(*(c / 255 for c in ref.BENCH_COLORS[0])) if solid
                  else cairo_pattern(cairo, "linear.horizontal", w, h))

        def restore_cairo(t=t):
            t.surface.flush()
            np.copyto(t.array, dst0_bgra)
            t.surface.mark_dirty()

        def draw_cairo(t=t, source=source):
            t.context.set_source(source)
            t.context.mask_surface(mask_surface, 0, 0)
        s = runner.median_seconds(draw_cairo, restore_cairo)
        rows.append(row(case, CAIRO, s, w * h, t.rgba(), expected))
        # Skia: an alpha-8 image drawn with the paint's colour or shader
        t = SkiaTarget(skia, w, h)
        image = skia.Image.fromarray(mask_array, colorType=skia.ColorType.kAlpha_8_ColorType)
        p = (skia.Paint(Color=skia.Color(*ref.BENCH_COLORS[0][:3])) if solid
             else skia.Paint(Shader=skia_shader(skia, "linear.horizontal", w, h)))
        sampling = skia.SamplingOptions()
        s = runner.median_seconds(lambda: t.canvas.drawImage(image, 0, 0, sampling, p),
                                  lambda: np.copyto(t.array, dst0_bgra))
        rows.append(row(case, SKIA, s, w * h, t.rgba(), expected, SKIA_NOTE))
        # Pillow: paste through the mask. Pillow blends each channel as stored, so on
        # premultiplied pixels with an opaque source this is exactly sourceOver.
        target = Image.fromarray(dst0.copy(), "RGBA")
        mask_image = Image.fromarray(mask_array, "L")
        if solid:
            src = tuple(ref.BENCH_COLORS[0])
        else:
            src = Image.fromarray(np.rint(paint).astype(np.uint8), "RGBA")

        def restore_pillow():
            nonlocal target
            target = Image.fromarray(dst0.copy(), "RGBA")
        s = runner.median_seconds(lambda: target.paste(src, (0, 0, w, h), mask_image), restore_pillow)
        rows.append(row(case, PILLOW, s, w * h, np.asarray(target), expected,
                        "paste through the mask: exact sourceOver only for an opaque paint"))
        # Blend2D: fillMask with a solid colour or the gradient, onto its PRGB32 (BGRA) image
        b2d_target = dst0_bgra.copy()
        b = b2d.Target(lib, b2d_target)
        b_mask = b2d.Mask(lib, mask_array)
        if solid:
            colour = b2d.argb32(ref.BENCH_COLORS[0])

            def draw_blend2d():
                lib.b2d_fill_mask_solid(b.handle, b_mask.handle, w, h, colour)
        else:
            gradient = blend2d_gradient(lib, "linear.horizontal", w, h)

            def draw_blend2d():
                lib.b2d_fill_mask_gradient(b.handle, b_mask.handle, w, h, gradient.handle)
        s = runner.median_seconds(draw_blend2d, lambda: np.copyto(b2d_target, dst0_bgra))
        rows.append(row(case, b2d.NAME, s, w * h, bgra(b2d_target), expected, b2d.NOTE))
        rows += sheen_error_rows(dump, case, expected)
    return rows


# MARK: W4 blur

def blurs(runner, dump, cases):
    """W4: the dumped text-like image blurred by OpenCV (BORDER_CONSTANT: transparent edges,
    kernel ±3σ as OpenCV sizes it for 8-bit), Pillow (edges extended: held to the clamp
    reference), and Skia (a blur image filter with decal edges, a fresh SkImage every
    repetition: Skia caches filter results per image)."""
    import cv2
    import skia
    from PIL import Image, ImageFilter
    cv2.setNumThreads(1)
    cv2.ocl.setUseOpenCL(False)
    rows = []
    for case in cases:
        src = dump.load(case, "input")
        if src is None:
            continue
        sigma = float(case.split(".s", 1)[1].split(".")[0])
        h, w = src.shape[:2]
        expected = ref.blur(src, sigma)
        out = np.empty_like(src)
        s = runner.median_seconds(lambda: cv2.GaussianBlur(src, (0, 0), sigma, dst=out, sigmaY=sigma,
                                                           borderType=cv2.BORDER_CONSTANT))
        rows.append(row(case, OPENCV, s, w * h, out, expected, "IPP / AVX-512 dispatch"))
        image = Image.fromarray(src, "L" if src.ndim == 2 else "RGBA")
        blurred = []
        s = runner.median_seconds(lambda: blurred.append(image.filter(ImageFilter.GaussianBlur(sigma))),
                                  blurred.clear)
        out = np.asarray(blurred[-1])
        clamped = ref.blur(src, sigma, clamp=True)
        r = int(np.ceil(4 * sigma))
        interior = (ref.errors(out[r:-r, r:-r], clamped[r:-r, r:-r])[0]
                    if min(h, w) > 2 * r else None)
        rows.append(row(case, PILLOW_BOX, s, w * h, out, clamped,
                        "ImageFilter.GaussianBlur is three box filters, an approximation of a Gaussian (its "
                        "errors show it), so it is listed but never counted as the best peer; edges extended, "
                        "so held to the clamp reference"))
        rows[-1]["max_err_interior"] = interior
        rows[-1]["approximation"] = True
        a8 = src.ndim == 2
        color = skia.ColorType.kAlpha_8_ColorType if a8 else skia.ColorType.kRGBA_8888_ColorType
        fresh = [skia.Image.fromarray(src.copy(), colorType=color, alphaType=skia.AlphaType.kPremul_AlphaType)
                 for _ in range(runner.warmup + runner.reps)]
        target = np.zeros_like(src)
        surface = skia.Surface(target, colorType=color,
                               alphaType=skia.AlphaType.kPremul_AlphaType)
        canvas = surface.getCanvas()
        paint = skia.Paint(ImageFilter=skia.ImageFilters.Blur(sigma, sigma, skia.TileMode.kDecal),
                           BlendMode=skia.BlendMode.kSrc)
        sampling = skia.SamplingOptions()
        it = iter(fresh)
        s = runner.median_seconds(lambda: canvas.drawImage(next(it), 0, 0, sampling, paint))
        rows.append(row(case, SKIA, s, w * h, target, expected, SKIA_NOTE))
        rows += sheen_error_rows(dump, case, expected)
    return rows


# MARK: W5 the styled label

LABEL_TEXT = "Always correct gradient text"
LABEL_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def labels(runner):
    """W5: sheen-bench's seed label — DejaVu Sans Bold 48 px centred on a transparent 1024×160
    canvas, shadow #00000080 offset (0, 4) σ 6, 2 px stroke #333333 outside the glyphs, fill
    #3478F6 → #FF3B30 across the ink — drawn idiomatically by skia-python, by a clang-built Skia
    through its canvas API (skia-canvas-pyr) and by Pillow; warm (same size again)
    and cold (a new size every label, so no glyph cache helps). No float64 reference exists for
    rasterised text, so the error columns stay empty."""
    rows = []
    # skia-canvas-pyr records drawing and runs it only when pixels are read back, so its label is
    # timed with getImageData; the readback of a cleared canvas (the clear, the 640 KB copy and
    # the conversion to unpremultiplied bytes) is measured beside it and taken off.
    readback_seconds = runner.median_seconds(skia_canvas_label(False)[1])
    for cold in (False, True):
        case = "label.styled.1024x160" + (".cold" if cold else "")
        s = runner.median_seconds(skia_label(cold))
        rows.append(row(case, SKIA, s, 0, note=SKIA_NOTE, per_op=True))
        s = runner.median_seconds(pillow_label(cold))
        rows.append(row(case, PILLOW, s, 0, per_op=True,
                        note="ImageDraw text + stroke, GaussianBlur shadow, gradient through the text mask"))
        with_readback = runner.median_seconds(skia_canvas_label(cold)[0])
        rows.append(row(case, SKIA_CANVAS, max(with_readback - readback_seconds, 1e-9), 0, per_op=True,
                        note="skia-canvas-pyr (a clang-built Skia, its HTML canvas API): strokeText 4 px centred "
                             "casting the shadow (shadowBlur 12 = σ 6), then fillText with the gradient; the drawing "
                             "is recorded and runs when getImageData reads the pixels back, so it is timed with "
                             "that readback and the readback of a cleared canvas, measured in the same round "
                             f"({readback_seconds * 1e6:.0f} µs), is subtracted"))
        rows[-1]["with_readback_per_s"] = 1 / with_readback
    return rows


def skia_canvas_label(cold):
    """The seed label through skia-canvas-pyr's canvas API (Skia built with clang, its SIMD
    pipelines at full speed). Returns the draw (label + readback) and the readback of a cleared
    canvas alone, both callables."""
    from skia_canvas_pyr import Canvas, FontLibrary
    FontLibrary.use("SheenLabelFont", [LABEL_FONT])
    canvas = Canvas(1024, 160)
    ctx = canvas.getContext("2d")
    counter = [0]
    c0, c1 = ref.BENCH_COLORS

    # The context holds its canvas weakly: the closures keep it alive (default arguments).
    def draw(canvas=canvas):
        counter[0] += 1
        size = 48 + (counter[0] / 64 if cold else 0)
        ctx.clearRect(0, 0, canvas.width, canvas.height)
        ctx.font = f"{size}px SheenLabelFont"
        ctx.textAlign = "center"
        ctx.textBaseline = "middle"
        ctx.lineJoin = "round"
        ctx.lineWidth = 4
        ctx.strokeStyle = "#333333"
        ctx.shadowColor = "rgba(0, 0, 0, 0.5)"
        ctx.shadowBlur = 12
        ctx.shadowOffsetY = 4
        ctx.strokeText(LABEL_TEXT, 512, 80)
        ctx.shadowColor = "transparent"
        half = ctx.measureText(LABEL_TEXT).width / 2
        gradient = ctx.createLinearGradient(512 - half, 0, 512 + half, 0)
        gradient.addColorStop(0, "#%02X%02X%02X" % tuple(c0[:3]))
        gradient.addColorStop(1, "#%02X%02X%02X" % tuple(c1[:3]))
        ctx.fillStyle = gradient
        ctx.fillText(LABEL_TEXT, 512, 80)
        return ctx.getImageData(0, 0, 1024, 160)

    def readback(canvas=canvas):
        ctx.clearRect(0, 0, canvas.width, canvas.height)
        return ctx.getImageData(0, 0, 1024, 160)

    return draw, readback


def skia_label(cold):
    import skia
    typeface = skia.Typeface.MakeFromFile(LABEL_FONT)
    target = SkiaTarget(skia, 1024, 160)
    counter = [0]

    def draw():
        counter[0] += 1
        size = 48 + (counter[0] / 64 if cold else 0)
        font = skia.Font(typeface, size)
        font.setEdging(skia.Font.Edging.kAntiAlias)
        font.setSubpixel(True)
        blob = skia.TextBlob.MakeFromString(LABEL_TEXT, font)
        bounds = blob.bounds()
        x = (1024 - font.measureText(LABEL_TEXT)) / 2
        y = 80 + size * 0.35
        canvas = target.canvas
        canvas.clear(skia.ColorTRANSPARENT)
        # Stroke-and-fill 4 px wide is the glyphs grown by 2 px: the union the shadow is cast by,
        # and (under the fill) a 2 px outside stroke.
        shadow = skia.Paint(AntiAlias=True, Color=skia.ColorSetARGB(0x80, 0, 0, 0),
                            Style=skia.Paint.kStrokeAndFill_Style, StrokeWidth=4,
                            MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, 6))
        canvas.drawTextBlob(blob, x, y + 4, shadow)
        stroke = skia.Paint(AntiAlias=True, Color=skia.Color(0x33, 0x33, 0x33),
                            Style=skia.Paint.kStrokeAndFill_Style, StrokeWidth=4)
        canvas.drawTextBlob(blob, x, y, stroke)
        left, right = x + bounds.left(), x + bounds.right()
        fill = skia.Paint(AntiAlias=True, Shader=skia.GradientShader.MakeLinear(
            [skia.Point(left, 0), skia.Point(right, 0)], skia_colors(skia)))
        canvas.drawTextBlob(blob, x, y, fill)
    return draw


def pillow_label(cold):
    from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont
    counter = [0]
    fonts = {}

    def draw():
        counter[0] += 1
        size = 48 + (counter[0] / 64 if cold else 0)
        font = fonts.get(size) or ImageFont.truetype(LABEL_FONT, size)
        if not cold:
            fonts[size] = font
        canvas = Image.new("RGBA", (1024, 160))
        union = Image.new("L", (1024, 160))
        ImageDraw.Draw(union).text((512, 80), LABEL_TEXT, font=font, fill=255, anchor="mm", stroke_width=2)
        glyphs = Image.new("L", (1024, 160))
        ImageDraw.Draw(glyphs).text((512, 80), LABEL_TEXT, font=font, fill=255, anchor="mm")
        shadow = ImageChops.offset(union, 0, 4).filter(ImageFilter.GaussianBlur(6))
        canvas.alpha_composite(Image.merge("RGBA", [Image.new("L", (1024, 160))] * 3
                                           + [shadow.point(lambda v: v // 2)]))
        stroke = Image.new("RGBA", (1024, 160), (0x33, 0x33, 0x33, 255))
        stroke.putalpha(union)
        canvas.alpha_composite(stroke)
        box = glyphs.getbbox() or (0, 0, 1024, 160)
        ramp = Image.linear_gradient("L").rotate(90).resize((box[2] - box[0], 160))
        c0, c1 = ref.BENCH_COLORS
        bands = [ramp.point(lambda v, a=a, b=b: a + (b - a) * v // 255) for a, b in zip(c0[:3], c1[:3])]
        fill = Image.new("RGBA", (1024, 160))
        fill.paste(Image.merge("RGB", bands), (box[0], 0))
        fill.putalpha(glyphs)
        canvas.alpha_composite(fill)
    return draw
