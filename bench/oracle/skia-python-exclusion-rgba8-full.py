# Reproduction: skia-python 144.1, exclusion on rgba8, error -1.992157 levels at byte 2.
import sys
import numpy as np
import sheen
from sheen.adapters.skia import composite
paint = np.array([156, 0, 1, 255], np.uint8)[None]
destination = np.array([1, 150, 1, 237], np.uint8)[None]
mask = None
got = composite('exclusion', paint.copy(), destination.copy(), mask)
exact = sheen.exact_composite('exclusion', paint, destination, mask, rule='scales-paint', format='rgba8')
print('result', got.tolist(), 'exact', exact.round(6).tolist())
sys.exit(1 if np.abs(got - exact).max() > 1.0 else 0)
