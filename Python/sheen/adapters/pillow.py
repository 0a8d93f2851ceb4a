"""Pillow's ImageFilter.GaussianBlur as a blur for `sheen.survey_blur`: radius = σ (Pillow's
parameter is the standard deviation), on the premultiplied channels as an "RGBA" image (a blur is
linear, so no unpremultiplication is wanted); Pillow extends the edge pixels outward (clamp)."""

import numpy as np
import PIL
from PIL import Image, ImageFilter

NAME = "Pillow"
VERSION = PIL.__version__
BLUR_EDGES = "clamp"


def blur(image, sigma):
    return np.asarray(Image.frombytes("RGBa", (image.shape[1], image.shape[0]), image.tobytes()).filter(ImageFilter.GaussianBlur(sigma)))
