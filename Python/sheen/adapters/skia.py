"""skia-python's blend modes as a compositor for `sheen.survey`: the paint an RGBA_8888 premul
image drawn onto a raster surface over the destination with the mode (full coverage), or an
Alpha_8 image of the mask drawn with the paint as its shader. Skia multiplies the shader by an
alpha-only image's values before blending, so through a mask every mode scales the paint (the
survey's "fits" column confirms it; an anti-aliased path edge would interpolate for some modes)."""

import numpy as np
import skia

NAME = "skia-python"
VERSION = skia.__version__

_MODES = {
    "clear": skia.BlendMode.kClear, "source": skia.BlendMode.kSrc, "destination": skia.BlendMode.kDst,
    "sourceOver": skia.BlendMode.kSrcOver, "destinationOver": skia.BlendMode.kDstOver,
    "sourceIn": skia.BlendMode.kSrcIn, "destinationIn": skia.BlendMode.kDstIn, "sourceOut": skia.BlendMode.kSrcOut,
    "destinationOut": skia.BlendMode.kDstOut, "sourceAtop": skia.BlendMode.kSrcATop,
    "destinationAtop": skia.BlendMode.kDstATop, "xor": skia.BlendMode.kXor, "plus": skia.BlendMode.kPlus,
    "multiply": skia.BlendMode.kMultiply, "screen": skia.BlendMode.kScreen, "overlay": skia.BlendMode.kOverlay,
    "darken": skia.BlendMode.kDarken, "lighten": skia.BlendMode.kLighten, "colorDodge": skia.BlendMode.kColorDodge,
    "colorBurn": skia.BlendMode.kColorBurn, "hardLight": skia.BlendMode.kHardLight,
    "softLight": skia.BlendMode.kSoftLight, "difference": skia.BlendMode.kDifference,
    "exclusion": skia.BlendMode.kExclusion, "hue": skia.BlendMode.kHue, "saturation": skia.BlendMode.kSaturation,
    "color": skia.BlendMode.kColor, "luminosity": skia.BlendMode.kLuminosity,
}
OPERATORS = tuple(_MODES)
_WIDTH = 1024


def coverage_rule(op):
    return "scales-paint"


def composite(op, paint, destination, mask):
    n = paint.shape[0]
    rows = -(-n // _WIDTH)
    # Skia draws rows of 1,024 pixels; the last row padded with transparent pixels (not read back).
    def image(a, channels):
        padded = np.zeros((rows * _WIDTH, channels) if channels > 1 else (rows * _WIDTH,), np.uint8)
        padded[:n] = a
        return padded.reshape((rows, _WIDTH, channels) if channels > 1 else (rows, _WIDTH))
    target = np.ascontiguousarray(image(destination, 4))
    source = skia.Image.fromarray(image(paint, 4), colorType=skia.kRGBA_8888_ColorType,
                                  alphaType=skia.kPremul_AlphaType)
    surface = skia.Surface(target, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
    p = skia.Paint()
    p.setBlendMode(_MODES[op])
    with surface as canvas:
        if mask is None:
            canvas.drawImage(source, 0, 0, skia.SamplingOptions(), p)
        else:
            coverage = skia.Image.fromarray(np.ascontiguousarray(image(mask, 1)), colorType=skia.kAlpha_8_ColorType)
            p.setShader(source.makeShader(skia.SamplingOptions()))
            canvas.drawImage(coverage, 0, 0, skia.SamplingOptions(), p)
    return target.reshape(-1, 4)[:n].copy()


BLUR_EDGES = "transparent"


def blur(image, sigma):
    """Skia's Gaussian blur image filter (ImageFilters.Blur, decal tiling: transparent outside) of a
    premultiplied RGBA image."""
    h, w = image.shape[:2]
    source = skia.Image.fromarray(np.ascontiguousarray(image), colorType=skia.kRGBA_8888_ColorType,
                                  alphaType=skia.kPremul_AlphaType)
    target = np.zeros_like(image)
    surface = skia.Surface(target, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
    p = skia.Paint()
    p.setImageFilter(skia.ImageFilters.Blur(sigma, sigma, skia.TileMode.kDecal))
    p.setBlendMode(skia.BlendMode.kSrc)
    with surface as canvas:
        canvas.drawImage(source, 0, 0, skia.SamplingOptions(), p)
    return target
