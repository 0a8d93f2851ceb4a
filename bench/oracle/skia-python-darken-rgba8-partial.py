# Reproduction: skia-python 144.1, darken on rgba8, error -1.540254 levels at byte 2.
import sys
import numpy as np
import sheen
from sheen.adapters.skia import composite
paint = np.array([2, 111, 31, 111], np.uint8)[None]
destination = np.array([212, 34, 212, 212], np.uint8)[None]
mask = np.array([185], np.uint8)
got = composite('darken', paint.copy(), destination.copy(), mask)
exact = sheen.exact_composite('darken', paint, destination, mask, rule='scales-paint', format='rgba8')
print('result', got.tolist(), 'exact', exact.round(6).tolist())
sys.exit(1 if np.abs(got - exact).max() > 1.5 else 0)
