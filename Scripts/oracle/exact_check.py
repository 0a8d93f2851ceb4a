"""Holds Sheen's exact references (in libSheenC) to independent computations in arbitrary
precision: sheen_exact_composite to Python's fractions for every operator (the W3C Compositing and
Blending Level 1 formulas written again here, SetSat by sorting as the specification does, 60-digit
decimal square roots for softLight); sheen_exact_gradient to fractions for linear gradients (every
spread, premultiplied and straight interpolation, 2–5 stops); sheen_exact_blur to a 60-digit
decimal sampled Gaussian. Every value must agree within 1e-9 level.

    python3 Scripts/oracle/exact_check.py LIBSHEENC [--cases N] [--seed S]
"""

import argparse
import ctypes
import decimal
import math
import random
import sys
from fractions import Fraction as F

# Sheen's rule for coverage, stated again here: these Porter-Duff operators scale the paint, every
# other operator interpolates.
SCALES_PAINT = {"destination", "destinationOver", "plus", "destinationOut", "sourceAtop", "sourceOver", "xor"}
RULE_SHEEN, RULE_SCALES, RULE_INTERPOLATES = 0, 1, 2
RGBA8, A8 = 0, 2

decimal.getcontext().prec = 60


def sqrt(x):
    """√x of a non-negative Fraction to 60 significant digits, as a Fraction."""
    return F((decimal.Decimal(x.numerator) / decimal.Decimal(x.denominator)).sqrt())


# The W3C Porter-Duff operators: (Fa, Fb) as functions of (Sa, Da); plus is min(1, S + D).
PORTER_DUFF = {
    "clear": lambda sa, da: (0, 0), "source": lambda sa, da: (1, 0), "destination": lambda sa, da: (0, 1),
    "sourceOver": lambda sa, da: (1, 1 - sa), "destinationOver": lambda sa, da: (1 - da, 1),
    "sourceIn": lambda sa, da: (da, 0), "destinationIn": lambda sa, da: (0, sa), "sourceOut": lambda sa, da: (1 - da, 0),
    "destinationOut": lambda sa, da: (0, 1 - sa), "sourceAtop": lambda sa, da: (da, 1 - sa),
    "destinationAtop": lambda sa, da: (1 - da, sa), "xor": lambda sa, da: (1 - da, 1 - sa), "plus": None,
}


def porter_duff(op, s, d):
    if op == "plus":
        return [min(F(1), a + b) for a, b in zip(s, d)]
    fa, fb = PORTER_DUFF[op](s[3], d[3])
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
    raise ValueError(f"exact_check has no W3C formula for the blend mode {op}: add it to separable()")


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
    apply = porter_duff if op in PORTER_DUFF else blend
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


class Buffer(ctypes.Structure):
    _fields_ = [("pixels", ctypes.c_void_p), ("width", ctypes.c_ssize_t), ("height", ctypes.c_ssize_t),
                ("bytes_per_row", ctypes.c_ssize_t), ("format", ctypes.c_int32)]


class Stop(ctypes.Structure):
    _fields_ = [("offset", ctypes.c_double), ("red", ctypes.c_float), ("green", ctypes.c_float),
                ("blue", ctypes.c_float), ("alpha", ctypes.c_float)]


def gradient_colour(stops, spread, premultiplied, t):
    """The exact premultiplied colour (levels) at t of stops [(offset, [r, g, b, a])] (Fractions)."""
    if spread == 0:
        t = min(max(t, F(0)), F(1))
    elif spread == 1:
        t = t - (t.numerator // t.denominator)
    else:
        u = t / 2 - ((t / 2).numerator // (t / 2).denominator)
        t = 1 - abs(2 * u - 1)
    def point(c):
        return [c[0] * c[3], c[1] * c[3], c[2] * c[3], c[3]] if premultiplied else list(c)
    if t <= stops[0][0]:
        p = point(stops[0][1])
    elif t >= stops[-1][0]:
        p = point(stops[-1][1])
    else:
        k = max(i for i in range(len(stops)) if stops[i][0] <= t)
        (o0, c0), (o1, c1) = stops[k], stops[k + 1]
        u = (t - o0) / (o1 - o0)
        p = [a + (b - a) * u for a, b in zip(point(c0), point(c1))]
    if not premultiplied:
        p = [p[0] * p[3], p[1] * p[3], p[2] * p[3], p[3]]
    return [v * 255 for v in p]


def check_gradients(lib, rng, cases):
    """Linear gradients against fractions: the worst difference in levels."""
    f = lib.sheen_gradient_create_linear
    f.argtypes = [ctypes.c_double] * 4 + [ctypes.POINTER(Stop), ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p)]
    lib.sheen_gradient_set_spread.argtypes = [ctypes.c_void_p, ctypes.c_int32]
    lib.sheen_gradient_set_alpha_interpolation.argtypes = [ctypes.c_void_p, ctypes.c_int32]
    lib.sheen_gradient_destroy.argtypes = [ctypes.c_void_p]
    e = lib.sheen_exact_gradient
    e.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_double), ctypes.c_ssize_t, ctypes.c_bool,
                  ctypes.POINTER(ctypes.c_double)]
    worst = 0.0
    for _ in range(cases):
        n = rng.randint(2, 5)
        offsets = sorted(rng.uniform(0, 1) for _ in range(n))
        if rng.random() < 0.5:
            offsets[0], offsets[-1] = 0.0, 1.0
        colours = [[float(ctypes.c_float(rng.randrange(256) / 255).value) for _ in range(3)] +
                   [float(ctypes.c_float(1.0 if rng.random() < 0.6 else rng.randrange(256) / 255).value)]
                   for _ in range(n)]
        x0, y0 = rng.uniform(-20, 40), rng.uniform(-20, 20)
        x1, y1 = x0 + rng.uniform(-50, 50), y0 + rng.uniform(-50, 50)
        spread, premultiplied = rng.randrange(3), rng.random() < 0.5
        stops = (Stop * n)(*[Stop(o, *c) for o, c in zip(offsets, colours)])
        handle = ctypes.c_void_p()
        if f(x0, y0, x1, y1, stops, n, ctypes.byref(handle)) != 0:
            continue  # a line too short to paint: refused, nothing to compare
        lib.sheen_gradient_set_spread(handle, spread)
        lib.sheen_gradient_set_alpha_interpolation(handle, 0 if premultiplied else 1)
        px, py = rng.uniform(-10, 50), rng.uniform(-10, 30)
        out = (ctypes.c_double * 4)()
        e(handle, (ctypes.c_double * 2)(px, py), 1, True, out)
        lib.sheen_gradient_destroy(handle)
        dx, dy = F(x1) - F(x0), F(y1) - F(y0)
        t = ((F(px) - F(x0)) * dx + (F(py) - F(y0)) * dy) / (dx * dx + dy * dy)
        want = gradient_colour([(F(o), [F(v) for v in c]) for o, c in zip(offsets, colours)], spread, premultiplied, t)
        worst = max(worst, max(float(abs(F(g) - w)) for g, w in zip(out, want)))
    return worst


def check_blur(lib, rng, cases):
    """Small images blurred in 60-digit decimals: the worst difference in levels."""
    D = decimal.Decimal
    lib.sheen_exact_blur.argtypes = [ctypes.POINTER(Buffer), ctypes.c_double, ctypes.c_double, ctypes.c_int32,
                                     ctypes.POINTER(ctypes.c_double)]
    worst = 0.0
    for _ in range(cases):
        w, h, edges = rng.randint(1, 9), rng.randint(1, 7), rng.randrange(2)
        sx, sy = rng.choice([0, 0.3, rng.uniform(0.25, 4)]), rng.uniform(0.25, 4)
        pixels = [rng.randrange(256) for _ in range(w * h * 4)]
        data = (ctypes.c_uint8 * len(pixels))(*pixels)
        out = (ctypes.c_double * len(pixels))()
        if lib.sheen_exact_blur(ctypes.byref(Buffer(ctypes.addressof(data), w, h, 4 * w, 0)), sx, sy, edges, out) != 0:
            sys.exit(f"exact_check: sheen_exact_blur refused σ {sx}, {sy}")
        def weights(sigma):
            if sigma < 0.25:
                return [D(1)]
            r = max(1, math.ceil(5 * sigma))  # the truncation, as Sheen states it: |k| ≤ ⌈5σ⌉
            ws = [(-D(k * k) / (2 * D(sigma) * D(sigma))).exp() for k in range(-r, r + 1)]
            total = sum(ws)
            return [x / total for x in ws]
        def sample(i, count):
            if 0 <= i < count:
                return i
            return None if edges == 0 else min(max(i, 0), count - 1)
        values = [D(v) for v in pixels]
        for sigma, count, stride, lines in ((sx, w, 4, [(y * w * 4 + c) for y in range(h) for c in range(4)]),
                                            (sy, h, 4 * w, list(range(w * 4)))):
            ws = weights(sigma)
            r = len(ws) // 2
            for start in lines:
                line = [values[start + n * stride] for n in range(count)]
                for n in range(count):
                    total = D(0)
                    for k in range(-r, r + 1):
                        m = sample(n + k, count)
                        if m is not None:
                            total += ws[k + r] * line[m]
                    values[start + n * stride] = total
        worst = max(worst, max(float(abs(D(g) - v)) for g, v in zip(out, values)))
    return worst


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
    name = lib.sheen_operator_name
    name.argtypes, name.restype = [ctypes.c_int32], ctypes.c_char_p
    operators = []   # every operator the library has, in its order
    while name(len(operators)) is not None:
        operators.append(name(len(operators)).decode())
    rng = random.Random(args.seed)
    worst, worst_case = 0.0, None
    for i in range(args.cases):
        op = operators[i % len(operators)]
        rule = rng.randrange(3)
        a8 = op in PORTER_DUFF and rng.random() < 0.2
        s, d = premultiplied(rng), premultiplied(rng)
        if a8:
            s, d = [0, 0, 0, s[3]], [0, 0, 0, d[3]]
        c = 255 if rng.random() < 0.3 else rng.randrange(256)
        want = exact(op, rule, s, d, c)
        if a8:
            got = (ctypes.c_double * 1)()
            status = f(operators.index(op), rule, A8, (ctypes.c_uint8 * 1)(s[3]), (ctypes.c_uint8 * 1)(c),
                       (ctypes.c_uint8 * 1)(d[3]), 1, got)
            pairs = [(got[0], want[3])]
        else:
            got = (ctypes.c_double * 4)()
            status = f(operators.index(op), rule, RGBA8, (ctypes.c_uint8 * 4)(*s), (ctypes.c_uint8 * 1)(c),
                       (ctypes.c_uint8 * 4)(*d), 1, got)
            pairs = list(zip(got, want))
        if status != 0:
            sys.exit(f"exact_check: sheen_exact_composite returned {status} for {op}")
        for g, w in pairs:
            e = abs(F(g) - w)
            if e > worst:
                worst, worst_case = float(e), (op, rule, s, d, c, g, float(w))
    print(f"exact_check: {args.cases} compositing cases (every operator, the three coverage rules, RGBA8 and A8): "
          f"largest difference from rational arithmetic {worst:.3g} level")
    if worst > 1e-9:
        sys.exit(f"exact_check: beyond 1e-9 level: {worst_case}")
    gradients = check_gradients(lib, rng, args.cases // 5)
    print(f"exact_check: {args.cases // 5} linear gradient colours (every spread, both interpolations): "
          f"largest difference {gradients:.3g} level")
    blurs = check_blur(lib, rng, max(args.cases // 250, 1))
    print(f"exact_check: {max(args.cases // 250, 1)} blurred images (both edges, σ 0…4): largest difference {blurs:.3g} level")
    if gradients > 1e-9 or blurs > 1e-9:
        sys.exit("exact_check: a gradient or blur reference is beyond 1e-9 level")


if __name__ == "__main__":
    main()
