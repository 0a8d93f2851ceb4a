"""bench/oracle.md's writer (Scripts/oracle/report.py) on recorded surveys (Scripts/tests/data/oracle:
a few rows of Sheen's and pixman's, one pixman reproduction and what it printed)."""

import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "oracle"))

import report  # noqa: E402


class OracleReportTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.output = os.path.join(self.dir, "bench", "oracle.md")
        os.makedirs(os.path.dirname(self.output))
        report.write(os.path.join(HERE, "data", "oracle"), self.output)
        self.text = open(self.output).read()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_tables_per_format_and_coverage_with_every_library(self):
        for heading in ("## RGBA8, full coverage", "## RGBA8, partial coverage", "## Gradients",
                        "## Results beyond the tolerance", "## Input that is not premultiplied colour"):
            self.assertIn(heading, self.text)
        self.assertIn("| operator | Sheen | pixman |", self.text)
        self.assertIn("Libraries: Sheen 0.6.0, pixman 0.42.2.", self.text)

    def test_rows_beyond_the_tolerance_are_bold_and_listed_with_their_reproduction(self):
        multiply = next(line for line in self.text.splitlines() if line.startswith("| multiply |"))
        sheen_cell, pixman_cell = multiply.split("|")[2:4]
        self.assertNotIn("**", sheen_cell)
        self.assertIn("**1.49", pixman_cell)
        row = next(line for line in self.text.splitlines() if line.startswith("| pixman | multiply, rgba8, full"))
        self.assertTrue(row.endswith("| yes |"), row)
        kept = os.path.join(self.dir, "bench", "oracle", "pixman-multiply-rgba8-full.c")
        self.assertTrue(os.path.exists(kept))
        # A row whose program is missing says so instead of claiming a reproduction.
        gradient = next(line for line in self.text.splitlines() if line.startswith("| pixman | linear gradient, repeat"))
        self.assertTrue(gradient.endswith("| no program |"), gradient)

    def test_sheen_shows_nothing_beyond_its_contract(self):
        listed = [line for line in self.text.splitlines() if line.startswith("| Sheen |") and "coverage |" in line]
        self.assertEqual(listed, [])


if __name__ == "__main__":
    unittest.main()
