"""The oracle survey for a Python compositor: N seeded pixels per operator, format and coverage,
each byte measured against sheen_exact_composite — the Python twin of the kit's C survey
(Oracle/driver.c), for compositors that are Python callables (Pillow, skia-python, NumPy code)."""

import json
import time

import numpy as np

from . import _checks
from .exact import exact_blur, exact_composite

EDGES = np.array([0, 1, 2, 127, 128, 253, 254, 255], dtype=np.int64)

TOLERANCE_MARGIN = 1e-9
"""Added to every tolerance before a byte is judged: the exact references carry rounding noise of
about 3e-14 level, which would otherwise turn an exact one-level error into a finding against a
tolerance of 1 (the kit's C adapters add the same margin)."""

SPAN_LENGTHS = tuple(range(1, 33)) + tuple(64 << k for k in range(12))
"""The lengths of the spans, ending at the worst pixel, that a reproduction tries, shortest first:
every length to 32 (a vector loop's tail), then doubling."""


def _pixels(rng, n, format, invalid):
    """n pixels: valid premultiplied colour of several kinds (edge alphas, transparent, opaque,
    any), each colour an edge level, 0, its alpha or anything up to it; or, for invalid input,
    bytes with a colour above alpha."""
    if invalid:
        p = rng.integers(0, 256, (n, 4))
        p[:, 3] = np.minimum(p[:, 3], 254)
        channel = rng.integers(0, 3, n)
        p[np.arange(n), channel] = p[:, 3] + 1 + (rng.random(n) * (254 - p[:, 3])).astype(np.int64)
        return (p[:, 3] if format == "a8" else p).astype(np.uint8)
    kind = rng.integers(0, 5, n)
    alpha = np.select([kind == 0, kind == 1, kind == 2], [EDGES[rng.integers(0, len(EDGES), n)], 0, 255],
                      rng.integers(0, 256, n))
    if format == "a8":
        return alpha.astype(np.uint8)
    mode = rng.integers(0, 4, (n, 3))
    a = alpha[:, None]
    colour = np.select([mode == 0, mode == 1, mode == 2],
                       [np.minimum(EDGES[rng.integers(0, len(EDGES), (n, 3))], a), 0, a],
                       (rng.random((n, 3)) * (a + 1)).astype(np.int64))
    return np.concatenate([colour, a], axis=1).astype(np.uint8)


def survey_inputs(key, cases, format="rgba8", masked=False, invalid=False):
    """The paint, destination and mask (None unless `masked`) the survey gives a compositor for its
    seeded `key` ([seed, operator index, format index, masked], as a row's "key" holds it): a
    reproduction regenerates a call's inputs from it instead of carrying them."""
    rng = np.random.default_rng(list(key))
    paint, destination = _pixels(rng, cases, format, invalid), _pixels(rng, cases, format, invalid)
    return paint, destination, _mask(rng, cases) if masked else None


def _mask(rng, n):
    """Coverage shaped like text: runs of 0, 255, ramps, edge levels and noise."""
    lengths = rng.integers(1, 11, n)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    runs = np.searchsorted(starts, np.arange(n), side="right") - 1
    kind = rng.integers(0, 5, n)[runs]
    k = np.arange(n) - starts[runs]
    ramp = np.minimum(rng.integers(0, 256, n)[runs] + k * rng.integers(1, 81, n)[runs], 255)
    return np.select([kind == 0, kind == 1, kind == 2, kind == 3], [0, 255, ramp, EDGES[rng.integers(0, 8, n)]],
                     rng.integers(0, 256, n)).astype(np.uint8)


class Survey:
    """A survey's figures: `rows` (one dict per operator, format and coverage, the C survey's JSON
    fields), the pixels checked and the seconds it took."""

    def __init__(self, name, version, rows, checked, seconds):
        self.name, self.version, self.rows, self.checked, self.seconds = name, version, rows, checked, seconds

    @property
    def failed(self):
        """True when a valid pixel's byte was beyond the tolerance."""
        return any(r["beyond_tolerance"] and not r.get("invalid") for r in self.rows)

    @property
    def pixels_per_second(self):
        return self.checked / self.seconds if self.seconds else float("inf")

    def markdown(self):
        """The survey as the C survey prints it: one Markdown table."""
        lines = [f"{self.name} {self.version} against Sheen's exact references", "",
                 "| operator | format | coverage | rule | max error | mean |error| | bias | correctly rounded | within 1 "
                 "| beyond tolerance | fits |",
                 "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
        for r in self.rows:
            if r["kind"] == "blur":
                b = max(r["bytes"], 1)
                lines.append(f"| blur σ {r['sigma']} | rgba8 | {r['edges']} edges | – | {r['max_error']:.3f} | "
                             f"{r['mean_abs_error']:.4f} | {r['bias']:+.4f} | {100 * r['correctly_rounded'] / b:.2f}% | "
                             f"{100 * r['within_one'] / b:.2f}% | {r['beyond_tolerance']} | – |")
                continue
            b = max(r["bytes"], 1)
            lines.append(f"| {r['operator']} | {r['format']} | {r['coverage']} | {r['rule']} | {r['max_error']:.3f} | "
                         f"{r['mean_abs_error']:.4f} | {r['bias']:+.4f} | {100 * r['correctly_rounded'] / b:.2f}% | "
                         f"{100 * r['within_one'] / b:.2f}% | {r['beyond_tolerance']} | {r['fits']} |")
        lines += ["", f"{self.checked} pixels checked in {self.seconds:.2f} s: "
                      f"{self.pixels_per_second / 1e6:.2f} million pixels per second"]
        return "\n".join(lines)

    def reproduction(self, row, adapter_module):
        """A Python program that replays `row`'s worst case through `adapter_module`'s composite and
        the exact reference, and exits 1 while its byte is still beyond the tolerance: the worst
        pixel alone when alone it still is, else the shortest span of the survey's call ending at it
        (regenerated from the row's seed key), as the survey found when it ran."""
        head = (f"# Reproduction: {self.name} {self.version}, {row['operator']} on {row['format']}, "
                f"error {row['worst_signed_error']:+.6f} levels at byte {row['worst_byte']}.\n"
                "import sys\nimport numpy as np\nimport sheen\n"
                f"from {adapter_module} import composite\n")
        pixel = row["worst_pixel"]
        start, end = row.get("span", [pixel, pixel + 1])
        if end - start == 1:
            a8 = row["format"] == "a8"
            shape = "" if a8 else "[None]"
            mask = f"np.array({row['worst_mask']}, np.uint8)" if "worst_mask" in row else "None"
            inputs = (f"paint = np.array({row['worst_paint'][0:1] if a8 else row['worst_paint']}, np.uint8){shape}\n"
                      f"destination = np.array({row['worst_destination'][0:1] if a8 else row['worst_destination']}, np.uint8){shape}\n"
                      f"mask = {mask}\n")
        else:
            inputs = ("from sheen.survey import survey_inputs\n"
                      f"# The pixel alone is within the tolerance: pixels {start}…{end - 1} of the survey's call show it.\n"
                      f"paint, destination, mask = survey_inputs({row['key']}, {row['pixels']}, {row['format']!r}, "
                      f"{row['coverage'] == 'partial'}, {row['invalid']})\n"
                      f"window = slice({start}, {end})\n"
                      "paint, destination = paint[window].copy(), destination[window].copy()\n"
                      "mask = None if mask is None else mask[window].copy()\n")
        at = f"[{pixel - start}:{pixel - start + 1}]"
        return (head + inputs +
                f"got = composite({row['operator']!r}, paint.copy(), destination.copy(), mask){at}\n"
                f"exact = sheen.exact_composite({row['operator']!r}, paint, destination, mask, rule={row['rule']!r}, "
                f"format={row['format']!r}){at}\n"
                "print('result', got.tolist(), 'exact', exact.round(6).tolist())\n"
                f"sys.exit(1 if np.abs(got - exact).max() > {row['tolerance']!r} + {TOLERANCE_MARGIN!r} else 0)\n")

    def write_jsonl(self, path):
        """The rows as JSON lines, as the C survey's --json writes them."""
        with open(path, "w") as f:
            for r in self.rows:
                f.write(json.dumps(r) + "\n")


def survey(composite, *, name="python", version="", operators=None, formats=("rgba8",), rule="scales-paint",
           tolerance_full=1.0, tolerance_partial=1.5, cases=100_000, seed=1, invalid=False):
    """Surveys `composite(op, paint, destination, mask)` — op a name of `sheen.OPERATORS`, paint
    and destination uint8 (n, 4) premultiplied R, G, B, A (or (n,) for "a8"), mask uint8 (n,) or
    None; it returns the composited destination as a new uint8 array and must not change its
    arguments — over `cases` pixels per operator, format and coverage (full, partial).

    `rule` is the coverage rule the compositor's mask follows ("scales-paint", "interpolates",
    "sheen"), or a function of the operator giving it. A byte is beyond the tolerance when its
    error exceeds `tolerance_full` (fully covered) or `tolerance_partial`, plus TOLERANCE_MARGIN
    (so a tolerance of 1 admits an exact one-level error despite the references' noise). A row's
    worst case is the byte furthest beyond its tolerance; where one is, "span" [start, end) is the
    shortest run of the call ending at its pixel ("worst_pixel") that still shows it (the pixel
    alone when alone it does; the whole call when no shorter run does), which
    `Survey.reproduction` replays."""
    from . import OPERATORS
    cases = _checks.positive_count(cases, "cases")
    rule_of = rule if callable(rule) else (lambda op: rule)
    rows, checked = [], 0
    started = time.perf_counter()
    for index, op in enumerate(operators or OPERATORS):
        for f, format in enumerate(formats):
            for masked in (False, True):
                key = [seed, index, f, int(masked)]
                paint, destination, mask = survey_inputs(key, cases, format, masked, invalid)
                got = np.asarray(composite(op, paint.copy(), destination.copy(), None if mask is None else mask.copy()),
                                 dtype=np.uint8)
                if got.shape != destination.shape:
                    raise ValueError(f"{name}: the compositor returned shape {got.shape} for {destination.shape}")
                alternatives = {}
                if masked:
                    for other in ("scales-paint", "interpolates"):
                        alternatives[other] = exact_composite(op, paint, destination, mask, other, format,
                                                              allow_invalid=invalid)
                # The compositor's own rule is one of the two already worked out, unless it is Sheen's mix.
                exact = alternatives.get(rule_of(op))
                if exact is None:
                    exact = exact_composite(op, paint, destination, mask, rule=rule_of(op), format=format,
                                            allow_invalid=invalid)
                if invalid:
                    exact = np.clip(exact, 0, 255)
                defined = ~np.isnan(exact)
                error = np.where(defined, got.astype(np.float64) - exact, 0.0)
                magnitude = np.abs(error)
                channels = 1 if format == "a8" else 4
                covered = np.ones(cases, bool) if mask is None else mask == 255
                tolerance = np.where(covered, tolerance_full, tolerance_partial) + TOLERANCE_MARGIN
                if channels == 4:
                    tolerance = tolerance[:, None]
                n = int(defined.sum())
                pixels_valid = got.reshape(cases, -1)
                valid_output = cases if channels == 1 else int((pixels_valid[:, :3] <= pixels_valid[:, 3:]).all(axis=1).sum())
                # The worst case is the byte furthest beyond its tolerance (a partial pixel's larger
                # tolerance can hide a larger error), else the largest error.
                excess = np.where(defined, magnitude - tolerance, -np.inf)
                beyond = bool((excess > 0).any())
                worst = np.unravel_index(int(np.argmax(excess if beyond else magnitude)), magnitude.shape)
                pixel = int(worst[0])
                row = {"kind": "composite", "library": name, "version": version, "operator": op, "format": format,
                       "coverage": "partial" if masked else "full", "rule": rule_of(op), "invalid": invalid,
                       "pixels": cases, "bytes": n, "refused": 0, "undefined": int((~defined).sum()), "valid_output": valid_output,
                       "max_error": float(magnitude.max()), "mean_abs_error": float(magnitude[defined].mean()),
                       "bias": float(error[defined].mean()),
                       "correctly_rounded": int(((magnitude <= 0.5 + 1e-9) & defined).sum()),
                       "within_one": int(((magnitude < 1) & defined).sum()),
                       "beyond_tolerance": int(((magnitude > tolerance) & defined).sum()),
                       "tolerance": tolerance_partial if masked else tolerance_full,
                       "worst_paint": paint[pixel].tolist() if channels == 4 else [int(paint[pixel])],
                       "worst_destination": destination[pixel].tolist() if channels == 4 else [int(destination[pixel])],
                       "worst_byte": int(worst[1]) if channels == 4 else 0,
                       "worst_signed_error": float(error[worst]), "fits": "–", "key": key, "worst_pixel": pixel}
                if masked:
                    row["worst_mask"] = [int(mask[pixel])]
                    scaled = np.nanmax(np.abs(got - alternatives["scales-paint"]))
                    lerped = np.nanmax(np.abs(got - alternatives["interpolates"]))
                    row["scaled_max_error"], row["interpolated_max_error"] = float(scaled), float(lerped)
                    row["fits"] = ("either" if abs(scaled - lerped) < 1e-6 else
                                   "scales-paint" if scaled < lerped else "interpolates")
                if beyond and not invalid:
                    row["span"] = _smallest_span(composite, op, paint, destination, mask, pixel, rule_of(op), format,
                                                 tolerance_partial if masked else tolerance_full)
                rows.append(row)
                checked += cases
    return Survey(name, version, rows, checked, time.perf_counter() - started)


def _smallest_span(composite, op, paint, destination, mask, pixel, rule, format, tolerance):
    """The shortest run [start, end) of the call's pixels ending at `pixel` whose compositing still
    puts that pixel beyond `tolerance` (SPAN_LENGTHS' lengths, the pixel alone first): a result that
    depends on its neighbours, as a bug in a span's last pixels does, shows only in a span. The
    whole call when none shorter does."""
    for length in SPAN_LENGTHS:
        start = pixel + 1 - length
        if start < 0:
            break
        window = slice(start, pixel + 1)
        m = None if mask is None else mask[window].copy()
        got = np.asarray(composite(op, paint[window].copy(), destination[window].copy(), m), dtype=np.uint8)
        exact = exact_composite(op, paint[window], destination[window], m, rule=rule, format=format)
        if got.shape == exact.shape and np.nanmax(np.abs(got[-1].astype(np.float64) - exact[-1])) > tolerance + TOLERANCE_MARGIN:
            return [start, pixel + 1]
    return [0, len(paint)]


def _blur_image(rng, size):
    """A premultiplied RGBA image like a shadow's source: opaque and translucent rectangles with
    hard edges (text strokes, boxes) over transparency, or, one time in four, valid noise."""
    if rng.random() < 0.25:
        return _pixels(rng, size * size, "rgba8", False).reshape(size, size, 4)
    image = np.zeros((size, size, 4), np.uint8)
    for _ in range(rng.integers(1, 12)):
        x0, y0 = rng.integers(0, size, 2)
        w, h = rng.integers(1, size // 2, 2)
        alpha = 255 if rng.random() < 0.6 else int(rng.integers(1, 256))
        colour = (rng.random(3) * (alpha + 1)).astype(np.uint8)
        image[y0:y0 + h, x0:x0 + w, :3] = colour
        image[y0:y0 + h, x0:x0 + w, 3] = alpha
    return image


def survey_blur(blur, *, name="python", version="", sigmas=(0.5, 1, 2, 3, 5, 8, 13), edges="transparent",
                tolerance=1.0, images=12, size=64, seed=1):
    """Surveys `blur(image, sigma)` — image uint8 (size, size, 4) premultiplied RGBA, returning the
    blurred image as a new uint8 array of the same shape — against `exact_blur` with the same σ on
    both axes and `edges` ("transparent" or "clamp": what the library puts outside the image):
    one row per σ over `images` images. Returns a Survey whose rows have kind "blur"."""
    images, size = _checks.positive_count(images, "images"), _checks.positive_count(size, "size")
    rows, checked = [], 0
    started = time.perf_counter()
    for sigma in sigmas:
        rng = np.random.default_rng([seed, int(sigma * 1000)])
        errors = []
        worst = (0.0, None)
        for _ in range(images):
            image = _blur_image(rng, size)
            got = np.asarray(blur(image.copy(), sigma), dtype=np.uint8)
            if got.shape != image.shape:
                raise ValueError(f"{name}: the blur returned shape {got.shape} for {image.shape}")
            e = got.astype(np.float64) - exact_blur(image, sigma, edges=edges)
            errors.append(e.ravel())
            if np.abs(e).max() > abs(worst[0]):
                index = np.unravel_index(int(np.argmax(np.abs(e))), e.shape)
                worst = (float(e[index]), [int(v) for v in index])
            checked += size * size
        e = np.concatenate(errors)
        a = np.abs(e)
        rows.append({"kind": "blur", "library": name, "version": version, "sigma": sigma, "edges": edges,
                     "pixels": images * size * size, "bytes": int(e.size), "refused": 0, "undefined": 0,
                     "max_error": float(a.max()), "mean_abs_error": float(a.mean()), "bias": float(e.mean()),
                     "correctly_rounded": int((a <= 0.5 + 1e-9).sum()), "within_one": int((a < 1).sum()),
                     "beyond_tolerance": int((a > tolerance + TOLERANCE_MARGIN).sum()), "tolerance": tolerance,
                     "worst_signed_error": worst[0], "worst_at": worst[1], "worst_byte": worst[1][2] if worst[1] else 0})
    return Survey(name, version, rows, checked, time.perf_counter() - started)
