# Reproduction: skia-python 144.1, lighten on rgba8, error -1.586851 levels at byte 0.
import sys
import numpy as np
import sheen
from sheen.adapters.skia import composite
paint = np.array([60, 0, 43, 61], np.uint8)[None]
destination = np.array([115, 0, 0, 255], np.uint8)[None]
mask = np.array([36], np.uint8)
got = composite('lighten', paint.copy(), destination.copy(), mask)
exact = sheen.exact_composite('lighten', paint, destination, mask, rule='scales-paint', format='rgba8')
print('result', got.tolist(), 'exact', exact.round(6).tolist())
sys.exit(1 if np.abs(got - exact).max() > 1.5 else 0)
