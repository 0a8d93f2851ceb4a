"""An Atheris harness that holds a Python compositor to Sheen's exact result: each input becomes one
case (operator, span of 1-64 premultiplied pixels, optional coverage) and a result beyond the
tolerance raises with the case, which Atheris saves and reports.

    pip install atheris "sheen[pillow]"
    python Python/examples/atheris_composite.py -max_total_time=60

Replace `compositor` with your own (op, paint, destination, coverage) -> uint8 destination.
`check(data)` needs no Atheris: the package's tests run it on random bytes."""

import sys

import numpy as np

import sheen

TOLERANCE_FULL, TOLERANCE_PARTIAL = 0.5 + 1e-9, 1.5 + 1e-9   # Sheen's contract: its rule, rounded once
RULE = "sheen"


def compositor(op, paint, destination, coverage):
    return sheen.composite(op, paint, destination, coverage)


def case(data):
    """The case `data` seeds: bytes read in order (missing ones are 0), every pixel made valid."""
    b = np.frombuffer(data[:1 + 1 + 64 * 9], np.uint8)
    b = np.concatenate([b, np.zeros(1 + 1 + 64 * 9 - b.size, np.uint8)])
    op = sheen.OPERATORS[int(b[0]) % len(sheen.OPERATORS)]
    n = 1 + int(b[1]) % 64
    raw = b[2:2 + 8 * n].reshape(n, 2, 4).astype(np.uint16)
    alpha = raw[:, :, 3:]
    pixels = np.concatenate([raw[:, :, :3] % (alpha + 1), alpha], axis=2).astype(np.uint8)
    masked = b[1] >= 128
    coverage = np.ascontiguousarray(b[2 + 8 * 64:2 + 8 * 64 + n]) if masked else None
    return op, np.ascontiguousarray(pixels[:, 0]), np.ascontiguousarray(pixels[:, 1]), coverage


def check(data):
    """Raises AssertionError when the compositor's result for `data`'s case is beyond the tolerance."""
    op, paint, destination, coverage = case(data)
    got = compositor(op, paint.copy(), destination.copy(), None if coverage is None else coverage.copy())
    exact = sheen.exact_composite(op, paint, destination, coverage, rule=RULE)
    tolerance = np.where(coverage is None or coverage == 255, TOLERANCE_FULL, TOLERANCE_PARTIAL)
    error = np.abs(got.astype(np.float64) - exact)
    beyond = np.argwhere(error > np.broadcast_to(np.reshape(tolerance, (-1, 1)), error.shape))
    if beyond.size:
        i, k = beyond[0]
        raise AssertionError(f"{op}, pixel {i} of {len(paint)}, byte {k}: {got[i, k]} where the exact result is "
                             f"{exact[i, k]:.6f}; paint {paint[i].tolist()}, destination {destination[i].tolist()}, "
                             f"coverage {None if coverage is None else int(coverage[i])}")


if __name__ == "__main__":
    import atheris
    atheris.Setup(sys.argv, check)
    atheris.Fuzz()
