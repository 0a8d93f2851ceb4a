"""Holds Sheen's exact compositing reference (sheen_exact_composite, in libSheenC) to an
independent computation in rational arithmetic: Python's fractions for every operator (the W3C
Compositing and Blending Level 1 formulas written again here, SetSat by sorting as the
specification does), and 60-digit decimal square roots for softLight. Every channel of every case
must agree within 1e-9 level.

    python3 Scripts/oracle/exact_check.py LIBSHEENC [--cases N] [--seed S]
"""

import argparse
import ctypes
import decimal
import random
import sys
from fractions import Fraction as F

OPERATORS = ["clear", "source", "destination", "sourceOver", "destinationOver", "sourceIn", "destinationIn",
             "sourceOut", "destinationOut", "sourceAtop", "destinationAtop", "xor", "plus", "multiply", "screen",
             "overlay", "darken", "lighten", "colorDodge", "colorBurn", "hardLight", "softLight", "difference",
             "exclusion", "hue", "saturation", "color", "luminosity"]
SCALES_PAINT = {"destination", "destinationOver", "plus", "destinationOut", "sourceAtop", "sourceOver", "xor"}
RULE_SHEEN, RULE_SCALES, RULE_INTERPOLATES = 0, 1, 2
RGBA8, A8 = 0, 2

decimal.getcontext().prec = 60


def sqrt(x):
    """√x of a non-negative Fraction to 60 significant digits, as a Fraction."""
    return F((decimal.Decimal(x.numerator) / decimal.Decimal(x.denominator)).sqrt())


def porter_duff(op, s, d):
    sa, da = s[3], d[3]
    if op == "plus":
        return [min(F(1), a + b) for a, b in zip(s, d)]
    fa, fb = {
        "clear": (0, 0), "source": (1, 0), "destination": (0, 1), "sourceOver": (1, 1 - sa),
        "destinationOver": (1 - da, 1), "sourceIn": (da, 0), "destinationIn": (0, sa), "sourceOut": (1 - da, 0),
        "destinationOut": (0, 1 - sa), "sourceAtop": (da, 1 - sa), "destinationAtop": (1 - da, sa),
        "xor": (1 - da, 1 - sa),
    }[op]
    return [a * fa + b * fb for a, b in zip(s, d)]


def separable(op, cs, cb):
    def hard_light(cb, cs):
        return cb * 2 * cs if cs <= F(1, 2) else cb + (2 * cs - 1) - cb * (2 * cs - 1)
    if op == "multiply": return cs * cb
    if op == "screen": return cs + cb - cs * cb
    if op == "overlay": return hard_light(cs, cb)
    if op == "darken": return min(cs, cb)
    if op == "lighten": return max(cs, cb)
    if op == "hardLight": return hard_light(cb, cs)
    if op == "difference": return abs(cs - cb)
    if op == "exclusion": return cs + cb - 2 * cs * cb
    if op == "colorDodge":
        if cb == 0: return F(0)
        if cs == 1: return F(1)
        return min(F(1), cb / (1 - cs))
    if op == "colorBurn":
        if cb == 1: return F(1)
        if cs == 0: return F(0)
        return 1 - min(F(1), (1 - cb) / cs)
    if op == "softLight":
        if cs <= F(1, 2): return cb - (1 - 2 * cs) * cb * (1 - cb)
        d = ((16 * cb - 12) * cb + 4) * cb if cb <= F(1, 4) else sqrt(cb)
        return cb + (2 * cs - 1) * (d - cb)
    raise ValueError(op)


def lum(c): return F(3, 10) * c[0] + F(59, 100) * c[1] + F(11, 100) * c[2]


def clip_color(c):
    l, n, x = lum(c), min(c), max(c)
    if n < 0: c = [l + (v - l) * l / (l - n) for v in c]
    if x > 1: c = [l + (v - l) * (1 - l) / (x - l) for v in c]
    return c


def set_lum(c, l):
    d = l - lum(c)
    return clip_color([v + d for v in c])


def set_sat(c, s):
    order = sorted(range(3), key=lambda i: c[i])
    lo, mid, hi = order
    r = [F(0)] * 3
    if c[hi] > c[lo]:
        r[mid] = (c[mid] - c[lo]) * s / (c[hi] - c[lo])
        r[hi] = s
    return r


def sat(c): return max(c) - min(c)


def blend(op, s, d):
    sa, da = s[3], d[3]
    cs = [v / sa if sa else F(0) for v in s[:3]]
    cb = [v / da if da else F(0) for v in d[:3]]
    if op == "hue": b = set_lum(set_sat(cs, sat(cb)), lum(cb))
    elif op == "saturation": b = set_lum(set_sat(cb, sat(cs)), lum(cb))
    elif op == "color": b = set_lum(cs, lum(cb))
    elif op == "luminosity": b = set_lum(cb, lum(cs))
    else: b = [separable(op, x, y) for x, y in zip(cs, cb)]
    return [s[k] * (1 - da) + d[k] * (1 - sa) + sa * da * b[k] for k in range(3)] + [sa + da - sa * da]


def exact(op, rule, s, d, c):
    """The exact result in levels (Fractions) of paint s over destination d (level lists) through c."""
    s = [F(v, 255) for v in s]
    d = [F(v, 255) for v in d]
    c = F(c, 255)
    apply = porter_duff if OPERATORS.index(op) <= OPERATORS.index("plus") else blend
    scales = rule == RULE_SCALES or (rule == RULE_SHEEN and op in SCALES_PAINT)
    if c == 1:
        r = apply(op, s, d)
    elif scales:
        r = apply(op, [v * c for v in s], d)
    else:
        r = [b + (x - b) * c for x, b in zip(apply(op, s, d), d)]
    return [v * 255 for v in r]


def premultiplied(rng):
    a = rng.choice([0, 1, 2, 127, 128, 254, 255, rng.randrange(256), rng.randrange(256)])
    return [rng.randrange(a + 1) if rng.random() < 0.8 else rng.choice([0, a]) for _ in range(3)] + [a]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("library", help="path of libSheenC.so")
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=51)
    args = parser.parse_args()
    lib = ctypes.CDLL(args.library)
    f = lib.sheen_exact_composite
    u8 = ctypes.POINTER(ctypes.c_uint8)
    f.argtypes = [ctypes.c_int32, ctypes.c_int32, ctypes.c_int32, u8, u8, u8, ctypes.c_ssize_t,
                  ctypes.POINTER(ctypes.c_double)]
    f.restype = ctypes.c_int
    rng = random.Random(args.seed)
    worst, worst_case = 0.0, None
    for i in range(args.cases):
        op = OPERATORS[i % len(OPERATORS)]
        rule = rng.randrange(3)
        a8 = op in SCALES_PAINT | {"clear", "source", "sourceIn", "destinationIn", "sourceOut", "destinationAtop"} \
            and rng.random() < 0.2
        s, d = premultiplied(rng), premultiplied(rng)
        if a8:
            s, d = [0, 0, 0, s[3]], [0, 0, 0, d[3]]
        c = 255 if rng.random() < 0.3 else rng.randrange(256)
        want = exact(op, rule, s, d, c)
        if a8:
            got = (ctypes.c_double * 1)()
            status = f(OPERATORS.index(op), rule, A8, (ctypes.c_uint8 * 1)(s[3]), (ctypes.c_uint8 * 1)(c),
                       (ctypes.c_uint8 * 1)(d[3]), 1, got)
            pairs = [(got[0], want[3])]
        else:
            got = (ctypes.c_double * 4)()
            status = f(OPERATORS.index(op), rule, RGBA8, (ctypes.c_uint8 * 4)(*s), (ctypes.c_uint8 * 1)(c),
                       (ctypes.c_uint8 * 4)(*d), 1, got)
            pairs = list(zip(got, want))
        if status != 0:
            sys.exit(f"exact_check: sheen_exact_composite returned {status} for {op}")
        for g, w in pairs:
            e = abs(F(g) - w)
            if e > worst:
                worst, worst_case = float(e), (op, rule, s, d, c, g, float(w))
    print(f"exact_check: {args.cases} cases (every operator, the three coverage rules, RGBA8 and A8): "
          f"largest difference from rational arithmetic {worst:.3g} level")
    if worst > 1e-9:
        sys.exit(f"exact_check: beyond 1e-9 level: {worst_case}")


if __name__ == "__main__":
    main()
