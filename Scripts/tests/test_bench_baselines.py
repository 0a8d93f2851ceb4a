"""sheen-bench's regression baselines, end to end on the real binary (SHEEN_BENCH=path; Scripts/
test.sh builds it and sets it). Baselines are rescaled copies of a real run, so the verdicts do
not depend on the machine's noise: a baseline 1000× slower than now must read "faster", one 1000×
faster must be a confirmed regression with exit status 3."""

import json
import os
import subprocess
import tempfile
import unittest

BENCH = os.environ.get("SHEEN_BENCH")
CASE = "gradient.linear.horizontal.480x270"
ARGS = ["--quick", "--filter", "gradient.linear.horizontal", "--reps", "3"]


@unittest.skipUnless(BENCH and os.path.exists(BENCH), "SHEEN_BENCH does not name a built sheen-bench")
class BaselineTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.saved = os.path.join(self.dir.name, "saved.jsonl")
        r = self.run_bench("--save-baseline", self.saved)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("saved baseline", r.stdout)

    def tearDown(self):
        self.dir.cleanup()

    def run_bench(self, *extra):
        return subprocess.run([BENCH, *ARGS, *extra], capture_output=True, text=True, timeout=300)

    def scaled(self, factor):
        """A copy of the saved baseline with every median multiplied by `factor`."""
        path = os.path.join(self.dir.name, f"scaled-{factor}.jsonl")
        with open(self.saved) as f, open(path, "w") as out:
            for line in f:
                record = json.loads(line)
                record["median_ns"] *= factor
                out.write(json.dumps(record) + "\n")
        return path

    def test_saved_baseline_holds_the_run_and_its_references(self):
        with open(self.saved) as f:
            names = [json.loads(line)["case"] for line in f]
        self.assertIn(CASE, names)
        self.assertIn("reference.memcpy.480x270", names)

    def test_much_slower_baseline_reads_faster_and_passes(self):
        r = self.run_bench("--compare", self.scaled(1000))
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        line = next(l for l in r.stdout.splitlines() if l.startswith(CASE) and "→" in l)
        self.assertIn("faster", line)
        self.assertIn("no regressions", r.stdout)

    def test_much_faster_baseline_is_a_confirmed_regression(self):
        r = self.run_bench("--compare", self.scaled(0.001), "--confirm", "2")
        self.assertEqual(r.returncode, 3, r.stdout + r.stderr)
        line = next(l for l in r.stdout.splitlines() if l.startswith(CASE) and "→" in l)
        self.assertIn("SLOWER", line)
        self.assertIn("best of 3 runs", line)
        summary = next(l for l in r.stdout.splitlines() if "regression(s): " in l)
        self.assertIn(CASE, summary)   # and the other size --filter selects; never a reference
        self.assertNotIn("reference.", summary)
        ref = next(l for l in r.stdout.splitlines() if l.startswith("reference.memset.480x270") and "→" in l)
        self.assertIn("reference", ref.split()[-1])

    def test_cases_the_run_skips_are_counted(self):
        r = subprocess.run([BENCH, "--quick", "--filter", "gradient.linear.horizontal.480", "--reps", "3",
                            "--compare", self.scaled(1000)], capture_output=True, text=True, timeout=300)
        self.assertEqual(r.returncode, 0, r.stderr)
        # The other two sizes of the case (128x32 and the large 960x540) were not run.
        self.assertIn("2 case(s) of the baseline were not run", r.stdout)

    def test_threshold_decides(self):
        # Twice as slow now, judged with a 150 % threshold: not a regression.
        r = self.run_bench("--compare", self.scaled(0.5), "--threshold", "1000", "--confirm", "0")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

    def test_json_mode_keeps_stdout_for_records(self):
        r = self.run_bench("--json", "--compare", self.scaled(1000))
        self.assertEqual(r.returncode, 0, r.stderr)
        for line in r.stdout.splitlines():
            json.loads(line)
        self.assertIn("no regressions", r.stderr)

    def test_missing_or_broken_baseline_fails_before_measuring(self):
        r = self.run_bench("--compare", os.path.join(self.dir.name, "nope.jsonl"))
        self.assertEqual(r.returncode, 64)
        self.assertIn("cannot read baseline", r.stderr)
        self.assertIn("no such file (make one with --save-baseline NAME)", r.stderr)
        self.assertNotIn("NSCocoaErrorDomain", r.stderr)
        r = self.run_bench("--compare", self.dir.name + "/")   # a directory
        self.assertEqual(r.returncode, 64)
        self.assertIn("cannot be read", r.stderr)
        broken = os.path.join(self.dir.name, "broken.jsonl")
        with open(broken, "w") as f:
            f.write('{"case": "x", "median_ns": 5}\nnot json\n')
        r = self.run_bench("--compare", broken)
        self.assertEqual(r.returncode, 64)
        self.assertIn("line 2", r.stderr)
        self.assertEqual(r.stdout, "")

    def test_bad_threshold_is_an_argument_error(self):
        r = self.run_bench("--compare", self.saved, "--threshold", "nan")
        self.assertEqual(r.returncode, 64)


if __name__ == "__main__":
    unittest.main()


@unittest.skipUnless(BENCH and os.path.exists(BENCH), "SHEEN_BENCH does not name a built sheen-bench")
class ArgumentTests(unittest.TestCase):
    """sheen-bench's arguments: mistakes exit 64 (as sheen's do) with a message instead of measuring
    something else; an output it cannot create exits 73."""

    def run_bench(self, *args):
        return subprocess.run([BENCH, *args], capture_output=True, text=True, timeout=300)

    def test_a_filter_that_matches_nothing_is_an_error(self):
        r = self.run_bench("--quick", "--reps", "1", "--filter", "gradient.nosuch")
        self.assertEqual(r.returncode, 64, r.stdout + r.stderr)
        self.assertIn("--filter gradient.nosuch matches no case", r.stderr)

    def test_an_output_that_cannot_be_created_exits_73(self):
        with tempfile.TemporaryDirectory() as d:
            # Under a regular file: no directory can be made there.
            with open(os.path.join(d, "file"), "w") as f:
                f.write("x")
            missing = os.path.join(d, "file", "b.jsonl")
            r = self.run_bench("--quick", "--reps", "1", "--filter", "gradient.linear.vertical", "--save-baseline", missing)
            self.assertEqual(r.returncode, 73, r.stdout + r.stderr)
            self.assertIn("cannot write baseline", r.stderr)
            self.assertNotIn("USAGE", r.stderr)

    def test_options_need_their_values(self):
        for option in ["--filter", "--reps", "--dump", "--compare", "--simd"]:
            r = self.run_bench(option)
            self.assertEqual(r.returncode, 64, option)
            self.assertIn("Missing value", r.stderr, option)
        r = self.run_bench("--reps", "0")
        self.assertEqual(r.returncode, 64)
        self.assertIn("--reps", r.stderr)
        r = self.run_bench("--bogus")
        self.assertEqual(r.returncode, 64)

    def test_help_and_version(self):
        r = self.run_bench("--help")
        self.assertEqual(r.returncode, 0)
        self.assertIn("--filter", r.stdout)
        r = self.run_bench("--version")
        self.assertEqual(r.returncode, 0)
        self.assertRegex(r.stdout.strip(), r"^\d+\.\d+\.\d+$")
