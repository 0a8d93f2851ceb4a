# Reproduction: skia-python 144.1, sourceOver on rgba8, error -1.588558 levels at byte 1.
import sys
import numpy as np
import sheen
from sheen.adapters.skia import composite
paint = np.array([87, 40, 44, 87], np.uint8)[None]
destination = np.array([253, 253, 127, 253], np.uint8)[None]
mask = np.array([239], np.uint8)
got = composite('sourceOver', paint.copy(), destination.copy(), mask)
exact = sheen.exact_composite('sourceOver', paint, destination, mask, rule='scales-paint', format='rgba8')
print('result', got.tolist(), 'exact', exact.round(6).tolist())
sys.exit(1 if np.abs(got - exact).max() > 1.5 else 0)
