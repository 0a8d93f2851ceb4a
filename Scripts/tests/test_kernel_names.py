"""One grep of a kernel's name finds everything about it. For every kernel of
Sources/CSheenSIMD/include/SheenKernels.h: its table row, each level's file that builds it, a
public Swift API whose doc comment names it, its reference twin, a test suite, a sheen-bench
case and a fuzz harness (the one `Scripts/fuzz.sh --kernel NAME` picks)."""
import glob
import os
import re
import subprocess
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADER = os.path.join(ROOT, "Sources/CSheenSIMD/include/SheenKernels.h")
# The level files of each dispatch entry (SheenKernelTable's fields).
FAMILY = {"composite": "Composite", "gradient_span": "Gradient", "blur": "Blur", "fill_rows": "Rows",
          "copy_rows": "Rows", "check_premultiplied": "Rows", "sample_bilinear": "Rows",
          "sample_convolution": "Rows"}
LEVELS = ("SIMD128", "AVX2", "AVX512")


def kernels():
    """[(name, entry)] from the SHEEN_KERNELS rows."""
    text = open(HEADER).read()
    body = text[text.index("#define SHEEN_KERNELS(X)"):text.index("#define SHEEN_COMPOSITE_PATHS")]
    return re.findall(r"X\((\w+),\s*(\w+),", body)


def files(pattern):
    return [p for p in glob.glob(os.path.join(ROOT, pattern), recursive=True) if "/.build" not in p]


def mentions(paths, name, line_filter=lambda line: True):
    word = re.compile(rf"\b{re.escape(name)}\b")
    return [os.path.relpath(p, ROOT) for p in paths
            if any(word.search(line) and line_filter(line) for line in open(p, encoding="utf-8", errors="replace"))]


class KernelNameTests(unittest.TestCase):
    def test_there_are_kernels(self):
        self.assertGreaterEqual(len(kernels()), 9)

    def test_one_grep_finds_everything_about_each_kernel(self):
        swift = files("Sources/SheenRaster/**/*.swift")
        for name, entry in kernels():
            with self.subTest(kernel=name):
                levels = [os.path.join(ROOT, f"Sources/CSheenSIMD/{FAMILY[entry]}+{level}.c") for level in LEVELS]
                self.assertEqual(len(mentions(levels, name)), 3, f"{name}: not named by every level's file")
                self.assertTrue(mentions(swift, name, lambda l: l.strip().startswith("///")),
                                f"{name}: no public API's doc comment names it")
                self.assertTrue(mentions(swift, name, lambda l: "twin" in l.lower()), f"{name}: no reference twin names it")
                suites = [p for p in files("Tests/**/*Tests.swift") if not p.endswith("/KernelsTests.swift")]
                self.assertTrue(mentions(suites, name), f"{name}: no test suite names it")
                self.assertTrue(mentions(files("Benchmarks/sheen-bench/*.swift"), name, lambda l: f'"{name}"' in l),
                                f"{name}: no sheen-bench case names it")
                harnesses = mentions(files("Fuzz/sheen-fuzz*/*.swift"), name, lambda l: f'"{name}"' in l)
                self.assertEqual(len({os.path.dirname(h) for h in harnesses}), 1, f"{name}: fuzz harnesses {harnesses}")

    def test_fuzz_script_refuses_an_unknown_kernel(self):
        r = subprocess.run([os.path.join(ROOT, "Scripts/fuzz.sh"), "--kernel", "no_such_kernel"], capture_output=True,
                           text=True, cwd=ROOT)
        self.assertEqual(r.returncode, 2)
        self.assertIn("unknown kernel no_such_kernel", r.stderr)


if __name__ == "__main__":
    unittest.main()
