"""The scripts' command lines: --help prints each script's usage and exits 0 before installing or
building anything; a wrong argument is refused with exit status 2 and touches nothing. Run:
"$(Scripts/scripts-python.sh)" -m unittest discover -s Scripts/tests"""

import os
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(script, *args, cwd=ROOT):
    return subprocess.run([os.path.join(ROOT, "Scripts", script), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=20)


class UsageTests(unittest.TestCase):
    def test_help_prints_the_usage_and_does_nothing_else(self):
        expected = {"bench.sh": "Runs sheen-bench twice", "test.sh": "The README's test command",
                    "demo.sh": "Scripts/demo.sh [OUTPUT_DIR]", "fuzz.sh": "Scripts/fuzz.sh [--target",
                    "release.sh": "Makes a release of Sheen", "test-release.sh": "README's dependency snippet resolves",
                    "docs.sh": "Builds the DocC documentation", "scripts-python.sh": "Prints the path of a Python",
                    "test-arm64.sh": "The C kernel levels against the Swift reference twins",
                    "llvm-mca.sh": "Predicted cycles per 16 pixels", "oracle.sh": "Builds and runs the oracle kit",
                    "python-package.sh": "Builds the Python package", "mutate.sh": "Mutation testing of the C kernels",
                    "test-pixman.sh": "The drop-in pixman under pixman's own test programs",
                    "bench-pixman.sh": "The drop-in pixman's speed against the system pixman",
                    "pixman-crc.sh": "pixman's CRC programs with the drop-in"}
        for script, phrase in expected.items():
            for flag in ("--help", "-h"):
                r = run(script, flag)
                self.assertEqual(r.returncode, 0, f"{script} {flag}: {r.stderr}")
                self.assertIn(phrase, r.stdout, script)
                self.assertNotIn("set -euo", r.stdout, script)
                self.assertFalse(r.stdout.startswith("#"), script)

    def test_help_writes_no_files(self):
        # demo.sh once made a directory named --help; bench.sh started two builds.
        with tempfile.TemporaryDirectory() as d:
            for script in ("bench.sh", "test.sh", "demo.sh", "fuzz.sh", "release.sh", "test-release.sh", "docs.sh", "scripts-python.sh",
                           "test-arm64.sh", "llvm-mca.sh", "oracle.sh", "python-package.sh", "mutate.sh", "test-pixman.sh",
                           "bench-pixman.sh"):
                self.assertEqual(run(script, "--help", cwd=d).returncode, 0)
            self.assertEqual(os.listdir(d), [])
        self.assertFalse(os.path.exists(os.path.join(ROOT, "--help")))

    def test_wrong_arguments_are_refused(self):
        for script, args in (("test.sh", ["--filter", "x"]), ("demo.sh", ["--size"]), ("fuzz.sh", ["--bogus"]), ("docs.sh", ["--bogus"]),
                             ("test-arm64.sh", ["--bogus"]), ("llvm-mca.sh", ["--bogus"]), ("oracle.sh", ["--bogus"]),
                             ("oracle.sh", ["--survey", "nosuchlibrary"]), ("oracle.sh", []),
                             ("python-package.sh", ["--bogus"]), ("mutate.sh", ["--bogus"]), ("mutate.sh", ["--count", "x"]),
                             ("test-pixman.sh", ["--bogus"]), ("bench-pixman.sh", ["--rounds", "x"]), ("bench-pixman.sh", ["--cairo"])):
            r = run(script, *args)
            self.assertEqual(r.returncode, 2, f"{script} {args}: {r.stdout} {r.stderr}")
            self.assertTrue(r.stderr.strip(), script)
        self.assertFalse(os.path.exists(os.path.join(ROOT, "--size")))


if __name__ == "__main__":
    unittest.main()
