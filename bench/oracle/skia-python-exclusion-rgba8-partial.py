# Reproduction: skia-python 144.1, exclusion on rgba8, error -2.482399 levels at byte 0.
import sys
import numpy as np
import sheen
from sheen.adapters.skia import composite
paint = np.array([3, 47, 127, 127], np.uint8)[None]
destination = np.array([1, 0, 127, 127], np.uint8)[None]
mask = np.array([127], np.uint8)
got = composite('exclusion', paint.copy(), destination.copy(), mask)
exact = sheen.exact_composite('exclusion', paint, destination, mask, rule='scales-paint', format='rgba8')
print('result', got.tolist(), 'exact', exact.round(6).tolist())
sys.exit(1 if np.abs(got - exact).max() > 1.5 else 0)
