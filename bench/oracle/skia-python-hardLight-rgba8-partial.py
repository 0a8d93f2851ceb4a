# Reproduction: skia-python 144.1, hardLight on rgba8, error -2.128028 levels at byte 0.
import sys
import numpy as np
import sheen
from sheen.adapters.skia import composite
paint = np.array([87, 232, 0, 232], np.uint8)[None]
destination = np.array([243, 128, 0, 243], np.uint8)[None]
mask = np.array([104], np.uint8)
got = composite('hardLight', paint.copy(), destination.copy(), mask)
exact = sheen.exact_composite('hardLight', paint, destination, mask, rule='scales-paint', format='rgba8')
print('result', got.tolist(), 'exact', exact.round(6).tolist())
sys.exit(1 if np.abs(got - exact).max() > 1.5 else 0)
