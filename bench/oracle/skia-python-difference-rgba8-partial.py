# Reproduction: skia-python 144.1, difference on rgba8, error +2.536009 levels at byte 1.
import sys
import numpy as np
import sheen
from sheen.adapters.skia import composite
paint = np.array([0, 236, 253, 253], np.uint8)[None]
destination = np.array([159, 216, 13, 233], np.uint8)[None]
mask = np.array([194], np.uint8)
got = composite('difference', paint.copy(), destination.copy(), mask)
exact = sheen.exact_composite('difference', paint, destination, mask, rule='scales-paint', format='rgba8')
print('result', got.tolist(), 'exact', exact.round(6).tolist())
sys.exit(1 if np.abs(got - exact).max() > 1.5 else 0)
