# Reproduction: skia-python 144.1, difference on rgba8, error -1.992157 levels at byte 0.
import sys
import numpy as np
import sheen
from sheen.adapters.skia import composite
paint = np.array([1, 2, 2, 19], np.uint8)[None]
destination = np.array([1, 1, 1, 1], np.uint8)[None]
mask = None
got = composite('difference', paint.copy(), destination.copy(), mask)
exact = sheen.exact_composite('difference', paint, destination, mask, rule='scales-paint', format='rgba8')
print('result', got.tolist(), 'exact', exact.round(6).tolist())
sys.exit(1 if np.abs(got - exact).max() > 1.0 else 0)
