# Reproduction: skia-python 144.1, multiply on rgba8, error -1.525905 levels at byte 2.
import sys
import numpy as np
import sheen
from sheen.adapters.skia import composite
paint = np.array([127, 0, 121, 127], np.uint8)[None]
destination = np.array([11, 34, 253, 253], np.uint8)[None]
mask = np.array([228], np.uint8)
got = composite('multiply', paint.copy(), destination.copy(), mask)
exact = sheen.exact_composite('multiply', paint, destination, mask, rule='scales-paint', format='rgba8')
print('result', got.tolist(), 'exact', exact.round(6).tolist())
sys.exit(1 if np.abs(got - exact).max() > 1.5 else 0)
