"""Tests of the peer comparison's report, charts and references on recorded sample data: no
peers, no network, no Swift build. Run: "$(Scripts/scripts-python.sh)" -m unittest discover -s Scripts/tests"""

import copy
import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import io  # noqa: E402

from PIL import Image  # noqa: E402

from peerbench import chart, report  # noqa: E402

try:
    import numpy as np
    from peerbench import reference
except ImportError:   # the references need numpy; the rest needs Pillow (Scripts/scripts-python.sh)
    np = None


def decode(data):
    """(width, height, RGB bytes) of PNG `data`."""
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image.width, image.height, image.convert("RGB").tobytes()


def sample():
    """The recorded inputs of assemble(): sheen-bench JSON records and peer rows."""
    with open(os.path.join(HERE, "data", "peers-sample-input.json")) as f:
        data = json.load(f)
    return data["sheen"], data["peers"], data["meta"]


def compare_peers():
    """Scripts/compare-peers.py as a module (its name has a hyphen)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("compare_peers", os.path.join(os.path.dirname(HERE), "compare-peers.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class RoundsTests(unittest.TestCase):
    def rounds(self, sheen_speeds, peer_speeds):
        """Rounds of one W2/W3 case: Sheen's Mpix/s (as sheen-bench's records) and one peer's."""
        sheen, peers, meta = sample()
        out = []
        for mine, theirs in zip(sheen_speeds, peer_speeds):
            s = copy.deepcopy(sheen)
            s["default"]["composite.over_n_8_8888.text"]["mpix_s"] = mine
            p = {"W2/W3": [{"case": "composite.over_n_8_8888.text", "library": "Blend2D", "value": theirs,
                            "max_err": 0.5, "mean_err": 0.1, "note": ""}]}
            out.append({"sheen": s, "peers": p})
        return out, meta

    def sheen_row(self, results):
        w = next(w for w in results["workloads"] if w["id"] == "W2/W3")
        return next(r for r in w["cases"][0]["results"] if r["library"] == "Sheen")

    def test_ratios_are_taken_within_a_round_then_the_median_and_range(self):
        # Sheen's best round (120) and the peer's best round (100) are different rounds: the
        # best-of-each ratio would be 1.2; within each round it is 1.0, 1.1 and 0.8.
        rounds, meta = self.rounds([100, 110, 120], [100, 100, 150])
        r = self.sheen_row(report.assemble_rounds(rounds, dict(meta, rounds=3)))
        self.assertAlmostEqual(r["ratio_best_peer"], 1.0)
        self.assertEqual([round(x, 6) for x in r["ratio_range"]], [0.8, 1.1])
        self.assertEqual(r["ratio_rounds"], 3)
        self.assertAlmostEqual(r["value"], 110)   # each speed: the median of its rounds

    def test_one_round_is_that_round(self):
        rounds, meta = self.rounds([90], [100])
        r = self.sheen_row(report.assemble_rounds(rounds, meta))
        self.assertAlmostEqual(r["ratio_best_peer"], 0.9)
        self.assertNotIn("ratio_range", r)

    def test_table_shows_the_range_and_the_header_the_rounds(self):
        rounds, meta = self.rounds([100, 110, 120], [100, 100, 150])
        text = report.markdown(report.assemble_rounds(rounds, dict(meta, rounds=3)))
        self.assertIn("1.00× [0.80–1.10] Blend2D", text)
        self.assertIn("3 rounds", text.splitlines()[0])
        self.assertNotIn("rounds", report.markdown(report.assemble_rounds(rounds[:1], meta)).splitlines()[0])

    def test_a_record_saved_before_rounds_is_one_round(self):
        sheen, peers, meta = sample()
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "record.json")
            with open(path, "w") as f:
                json.dump({"sheen": sheen, "peers": peers, "meta": meta}, f)
            out = os.path.join(d, "out")
            sys_argv = sys.argv
            sys.argv = ["compare-peers.py", "--from-record", path, "--out", out]
            try:
                compare_peers().main()
            finally:
                sys.argv = sys_argv
            self.assertTrue(os.path.exists(os.path.join(out, "peers.md")))


class ApproximationTests(unittest.TestCase):
    def test_an_approximation_is_shown_but_is_not_the_best_peer(self):
        sheen, peers, meta = sample()
        peers = copy.deepcopy(peers)
        peers["W4"].append({"case": "blur.a8.s8", "library": "Pillow (box blur)", "value": 1e6, "max_err": 18.0,
                            "mean_err": 0.5, "note": "not a Gaussian", "approximation": True})
        results = report.assemble(sheen, peers, meta)
        e = next(e for w in results["workloads"] for e in w["cases"] if e["case"] == "blur.a8.s8")
        by = {r["library"]: r for r in e["results"]}
        self.assertIn("Pillow (box blur)", by)
        self.assertNotEqual(by["Sheen"]["best_peer"], "Pillow (box blur)")


class ReferenceSizeTests(unittest.TestCase):
    def test_each_case_is_held_to_the_references_of_its_own_size(self):
        sheen, peers, meta = sample()
        sheen = copy.deepcopy(sheen)
        case = "gradient.conic.1920x1080"
        big = case.replace("1920x1080", "3840x2160")
        record = dict(sheen["default"][case], case=big, width=3840, height=2160, mpix_s=1000.0)
        sheen["default"][big] = record
        for kind, v in (("memset", 5000.0), ("memcpy", 2000.0)):
            sheen["default"][f"reference.{kind}.3840x2160"] = {"case": f"reference.{kind}.3840x2160", "width": 3840,
                                                              "height": 2160, "mpix_s": v, "median_ns": 1}
        peers = copy.deepcopy(peers)
        peers["W1"].append({"case": big, "library": "Blend2D", "value": 800.0, "max_err": 1, "mean_err": 0.2,
                            "note": ""})
        results = report.assemble(sheen, peers, meta)
        e = next(e for w in results["workloads"] for e in w["cases"] if e["case"] == big)
        by = {r["library"]: r for r in e["results"]}
        self.assertAlmostEqual(by["Sheen"]["x_memset"], 0.2)
        self.assertAlmostEqual(by["Sheen"]["x_memcpy"], 0.5)
        self.assertAlmostEqual(by["Sheen"]["ratio_best_peer"], 1.25)
        small = next(e for w in results["workloads"] for e in w["cases"] if e["case"] == case)
        sheen_small = next(r for r in small["results"] if r["library"] == "Sheen")
        self.assertAlmostEqual(sheen_small["x_memset"],
                               sheen_small["value"] / sheen["default"]["reference.memset.1920x1080"]["mpix_s"])
        self.assertIn("3840x2160 memset 5,000", report.markdown(results))

    def test_each_sheen_build_is_held_to_its_own_runs_references(self):
        sheen, peers, meta = sample()
        results = report.assemble(sheen, peers, meta)
        e = next(e for w in results["workloads"] for e in w["cases"] if e["case"] == "blur.a8.s8")
        by = {r["library"]: r for r in e["results"]}
        for label, build in (("Sheen", "default"), ("Sheen (v3)", "v3")):
            memset = sheen[build]["reference.memset.1920x1080"]["mpix_s"]
            self.assertAlmostEqual(by[label]["x_memset"], by[label]["value"] / memset)
        self.assertAlmostEqual(by["OpenCV"]["x_memset"],
                               by["OpenCV"]["value"] / sheen["default"]["reference.memset.1920x1080"]["mpix_s"])


class AssembleTests(unittest.TestCase):
    def setUp(self):
        self.sheen, self.peers, self.meta = sample()
        self.results = report.assemble(self.sheen, self.peers, self.meta)

    def workload(self, wid):
        return next(w for w in self.results["workloads"] if w["id"] == wid)

    def entry(self, case):
        for w in self.results["workloads"]:
            for e in w["cases"]:
                if e["case"] == case:
                    return e
        self.fail(f"no {case}")

    def test_every_workload_in_order_with_its_unit(self):
        self.assertEqual([w["id"] for w in self.results["workloads"]], ["W1", "W1p", "W2/W3", "W4", "W5", "W6"])
        self.assertEqual(self.workload("W5")["unit"], "labels/s")
        self.assertEqual(self.workload("W4")["unit"], "Mpix/s")

    def test_sheen_rows_take_speed_from_sheen_bench_and_errors_from_the_check(self):
        e = self.entry("blur.a8.s8")
        by = {r["library"]: r for r in e["results"]}
        self.assertAlmostEqual(by["Sheen"]["value"], self.sheen["default"]["blur.a8.s8"]["mpix_s"])
        self.assertAlmostEqual(by["Sheen (v3)"]["value"], self.sheen["v3"]["blur.a8.s8"]["mpix_s"])
        self.assertLess(by["Sheen"]["max_err"], 1.0)   # the contract: within 1 level
        self.assertEqual((e["width"], e["height"]), (1920, 1080))

    def test_ratio_is_to_the_fastest_peer_never_to_sheen(self):
        e = self.entry("blur.a8.s8")
        by = {r["library"]: r for r in e["results"]}
        fastest = max((r for r in e["results"] if not report.is_sheen(r["library"])), key=lambda r: r["value"])
        self.assertEqual(by["Sheen"]["best_peer"], fastest["library"])
        self.assertAlmostEqual(by["Sheen"]["ratio_best_peer"], by["Sheen"]["value"] / fastest["value"])
        self.assertNotIn("ratio_best_peer", by["OpenCV"])

    def test_labels_use_operations_per_second(self):
        e = self.entry("label.styled.1024x160")
        by = {r["library"]: r for r in e["results"]}
        self.assertAlmostEqual(by["Sheen"]["value"], self.sheen["default"]["label.styled.1024x160"]["per_s"])
        self.assertIsNone(by["Sheen"]["max_err"])

    def test_references_per_build(self):
        refs = self.results["references"]
        self.assertEqual(set(refs), {"Sheen", "Sheen (v3)"})
        self.assertAlmostEqual(refs["Sheen"]["memcpy_mpix_s"],
                               self.sheen["default"]["reference.memcpy.1920x1080"]["mpix_s"])

    def test_small_calls_show_both_sheen_apis_against_the_peers_only(self):
        sheen = copy.deepcopy(self.sheen)
        case = "composite.over_n_8_8888.glyph.12x16"
        sheen["default"][case] = {"case": case, "width": 12, "height": 16, "median_ns": 1.2e6, "mpix_s": 0,
                                  "per_s": 8.0e6, "calls": 10000, "ns_per_call": 125.0, "unit": "calls/s"}
        peers = dict(self.peers, W6=[
            {"case": case, "library": "pixman", "value": 5.0e6, "max_err": None, "mean_err": None, "note": "p"},
            {"case": case, "library": "Blend2D", "value": 7.5e6, "max_err": None, "mean_err": None, "note": "b"},
            {"case": case, "library": "Sheen C API", "value": 9.0e6, "max_err": None, "mean_err": None, "note": "c"},
        ])
        results = report.assemble(sheen, peers, self.meta)
        w6 = next(w for w in results["workloads"] if w["id"] == "W6")
        self.assertEqual(w6["unit"], "calls/s")
        by = {r["library"]: r for r in w6["cases"][0]["results"]}
        self.assertAlmostEqual(by["Sheen"]["value"], 8.0e6)
        self.assertEqual(by["Sheen"]["best_peer"], "Blend2D")
        self.assertAlmostEqual(by["Sheen C API"]["ratio_best_peer"], 9.0e6 / 7.5e6)
        self.assertNotIn("ratio_best_peer", by["Blend2D"])
        self.assertIn("#### W6 · ", report.markdown(results))

    def test_a_case_no_peer_runs_has_no_ratio(self):
        peers = copy.deepcopy(self.peers)
        peers["W1"] = [r for r in peers["W1"] if r["case"] != "gradient.conic.1920x1080"
                       or report.is_sheen(r["library"])]
        results = report.assemble(self.sheen, peers, self.meta)
        e = next(e for w in results["workloads"] for e in w["cases"] if e["case"] == "gradient.conic.1920x1080")
        self.assertTrue(all("ratio_best_peer" not in r for r in e["results"]))


class MarkdownTests(unittest.TestCase):
    def setUp(self):
        sheen, peers, meta = sample()
        self.results = report.assemble(sheen, peers, meta)
        self.md = report.markdown(self.results, "bench/charts")

    def test_one_table_per_workload_with_its_chart(self):
        for wid in ("W1", "W1p", "W2/W3", "W4", "W5"):
            self.assertIn(f"#### {wid} · ", self.md)
            self.assertIn(f"(bench/charts/{report.chart_file(wid)})", self.md)

    def test_header_names_machine_date_versions_and_references(self):
        self.assertIn(self.results["meta"]["machine"], self.md)
        self.assertIn(self.results["meta"]["date"], self.md)
        self.assertIn("skia-python 144.1", self.md)
        memcpy = self.results["references"]["Sheen"]["memcpy_mpix_s"]
        self.assertIn(f"1920x1080 memset {self.results['references']['Sheen']['memset_mpix_s']:,.0f}, "
                      f"memcpy {memcpy:,.0f}", self.md)

    def test_rows_carry_speed_memcpy_ratio_errors_and_ratio_to_best_peer(self):
        line = next(l for l in self.md.splitlines() if l.startswith("| `blur.a8.s8`"))
        cells = [c.strip() for c in line.strip("|").split("|")]
        self.assertEqual(cells[1], "**Sheen**")
        r = next(r for e in self.results["workloads"][3]["cases"] if e["case"] == "blur.a8.s8"
                 for r in e["results"] if r["library"] == "Sheen")
        self.assertEqual(cells[2], f"{r['value']:,.0f}")
        refs = self.results["references"]["Sheen"]
        self.assertEqual(cells[3], f"{r['value'] / refs['memset_mpix_s']:.2f}")
        self.assertEqual(cells[4], f"{r['value'] / refs['memcpy_mpix_s']:.2f}")
        self.assertEqual(cells[5], "0.51")
        fastest = max((r for e in self.results["workloads"][3]["cases"] if e["case"] == "blur.a8.s8"
                       for r in e["results"] if not report.is_sheen(r["library"])), key=lambda r: r["value"])
        self.assertTrue(cells[7].endswith("× " + fastest["library"]), cells[7])

    def test_label_table_has_no_memcpy_column_and_dashes_for_missing_errors(self):
        table = self.md.split("#### W5")[1]
        self.assertNotIn("×memcpy", table)
        self.assertIn("| — | — |", table)

    def test_pillow_interior_error_is_shown_beside_its_own_whole_image_error(self):
        lines = [l for l in self.md.splitlines() if "≥ 4σ from the edges)" in l]
        self.assertTrue(lines)
        for line in lines:
            self.assertEqual(line.split("|")[2].strip(), "Pillow", line)

    def test_each_library_note_appears_once_per_workload(self):
        w4 = self.md.split("#### W4")[1].split("####")[0]
        self.assertEqual(w4.count("*skia-python*:"), 1)


class ChartTests(unittest.TestCase):
    def test_chart_is_a_valid_png_with_a_bar_per_library_and_case(self):
        groups = [("case.a", [("Sheen", 1000.0), ("OpenCV", 100.0)]),
                  ("case.b", [("Sheen", 10.0), ("OpenCV", 50.0)])]
        w, h, rgb = decode(chart.bar_chart("T", "sub", "Mpix/s", groups, ("memcpy", 500.0)))
        self.assertEqual(w, chart.WIDTH)
        self.assertGreater(h, 100)

        def bar_length(row_y, colour):
            return sum(1 for x in range(w) if tuple(rgb[(row_y * w + x) * 3:(row_y * w + x) * 3 + 3]) == colour)
        top = 78
        rows = [top + 5, top + chart.BAR + chart.BAR_GAP + 5]
        sheen_a = bar_length(rows[0], chart.colour("Sheen"))
        opencv_a = bar_length(rows[1], chart.colour("OpenCV"))
        # Log axis 10…1000 over the plot width: 1000 is two decades, 100 one.
        plot = chart.WIDTH - chart.LEFT - chart.RIGHT
        self.assertAlmostEqual(sheen_a, plot, delta=2)
        self.assertAlmostEqual(opencv_a, plot / 2, delta=2)

    def test_reference_line_is_drawn(self):
        groups = [("c", [("Sheen", 1000.0)])]
        w, h, rgb = decode(chart.bar_chart("T", "s", "Mpix/s", groups, ("memcpy", 100.0)))
        reds = sum(1 for i in range(0, len(rgb), 3) if tuple(rgb[i:i + 3]) == chart.REFERENCE)
        self.assertGreater(reds, 10)

    def test_one_chart_per_workload(self):
        sheen, peers, meta = sample()
        charts = report.charts(report.assemble(sheen, peers, meta))
        self.assertEqual(sorted(charts), ["W1.png", "W1p.png", "W2-W3.png", "W4.png", "W5.png"])
        for data in charts.values():
            decode(data)

    def test_long_case_names_are_shortened(self):
        self.assertLessEqual(chart.text_width(chart.fit("x" * 200, 100)), 100)
        self.assertTrue(chart.fit("x" * 200, 100).endswith("…"))

    def test_text_is_drawn(self):
        c = chart.Canvas(40, 20)
        self.assertEqual(c.text(0, 0, "M"), chart.text_width("M"))
        _, _, rgb = decode(c.png())
        self.assertTrue(any(b < 255 for b in rgb))
        self.assertGreater(chart.text_width("MM"), chart.text_width("M"))


class WriteTests(unittest.TestCase):
    def test_writes_json_markdown_charts_and_the_readme_block(self):
        sheen, peers, meta = sample()
        results = report.assemble(sheen, peers, meta)
        with tempfile.TemporaryDirectory() as d:
            readme = os.path.join(d, "README.md")
            with open(readme, "w") as f:
                f.write(f"intro\n{report.BEGIN}\nold\n{report.END}\noutro\n")
            out = os.path.join(d, "bench")
            paths = report.write_all(results, out, readme=readme)
            self.assertIn(os.path.join(out, "peers.json"), paths)
            with open(os.path.join(out, "peers.json")) as f:
                self.assertEqual(json.load(f), json.loads(json.dumps(results)))
            with open(readme) as f:
                text = f.read()
            self.assertTrue(text.startswith("intro\n") and text.endswith(f"{report.END}\noutro\n"))
            self.assertNotIn("\nold\n", text)
            self.assertIn("(bench/peers.md)", text)
            self.assertIn("| W4 · Gaussian blur |", text)
            self.assertNotIn("W4.png", text)   # the tables and charts stay in bench/
            report.write_all(results, out, readme=readme)   # idempotent
            with open(readme) as f:
                self.assertEqual(f.read(), text)

    def test_readme_without_markers_is_an_error(self):
        with self.assertRaises(ValueError):
            report.replace_block("no markers here", "x")


@unittest.skipIf(np is None, "numpy is not installed")
class ReferenceTests(unittest.TestCase):
    def test_gradient_samples_pixel_centres(self):
        g = reference.gradient("linear.horizontal", 4, 1)
        c0, c1 = (np.array(c, float) for c in reference.BENCH_COLORS)
        np.testing.assert_allclose(g[0, 0], c0 + (c1 - c0) * 0.125)
        np.testing.assert_allclose(g[0, 3], c0 + (c1 - c0) * 0.875)

    def test_conic_turns_clockwise_from_plus_x(self):
        g = reference.gradient("conic", 100, 100)
        c0, c1 = (np.array(c, float) for c in reference.BENCH_COLORS)
        below = g[90, 50]   # +y on screen: a quarter turn
        np.testing.assert_allclose(below, c0 + (c1 - c0) * 0.25, atol=0.5)

    def test_gaussian_rows_are_normalised(self):
        m = reference.gaussian_matrix(50, 3, clamp=True)
        np.testing.assert_allclose(m.sum(axis=1), 1)
        z = reference.gaussian_matrix(50, 3, clamp=False)
        np.testing.assert_allclose(z[25].sum(), 1)
        self.assertLess(z[0].sum(), 0.6)

    def test_blur_keeps_constants_with_clamp_and_a_dot_gives_the_gaussian(self):
        np.testing.assert_allclose(reference.blur(np.full((9, 11), 200, np.uint8), 2, clamp=True), 200)
        dot = np.zeros((41, 41), np.uint8)
        dot[20, 20] = 255
        b = reference.blur(dot, 3)
        self.assertAlmostEqual(b.sum(), 255, places=6)
        self.assertAlmostEqual(b[20, 23] / b[20, 20], np.exp(-0.5), places=2)

    def test_over_through_mask(self):
        dst = np.full((1, 3, 4), 100, np.uint8)
        mask = np.array([[0, 255, 51]], np.uint8)
        out = reference.over_through_mask(dst, np.array([255, 0, 0, 255], float), mask)
        np.testing.assert_allclose(out[0, 0], 100)
        np.testing.assert_allclose(out[0, 1], [255, 0, 0, 255])
        np.testing.assert_allclose(out[0, 2], [51 + 80, 80, 80, 51 + 80])

    def test_errors(self):
        self.assertEqual(reference.errors(np.array([1, 2], np.uint8), np.array([1.5, 2.0])), (0.5, 0.25))


if __name__ == "__main__":
    unittest.main()
