"""OpenCV's cv2.GaussianBlur as a blur for `sheen.survey_blur`: σ on both axes, the kernel size
OpenCV derives from σ (ksize (0, 0)), BORDER_CONSTANT (transparent outside), on the premultiplied
channels as they are (a blur is linear)."""

import cv2

NAME = "OpenCV"
VERSION = cv2.__version__
BLUR_EDGES = "transparent"


def blur(image, sigma):
    return cv2.GaussianBlur(image, (0, 0), sigmaX=sigma, sigmaY=sigma, borderType=cv2.BORDER_CONSTANT)
