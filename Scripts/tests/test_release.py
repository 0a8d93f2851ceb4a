"""Releases: the version is written in several files and they agree; Scripts/release.sh sets it in
all of them, opens a new CHANGELOG section, commits and tags — in a scratch clone here — and refuses
what would make a bad release. Run: "$(Scripts/scripts-python.sh)" -m unittest discover -s Scripts/tests"""

import os
import re
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def versions(root):
    """Every place a release's version is written, by file."""
    def read(path):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            return f.read()
    header = read("Sources/CSheenAPI/include/sheen.h")
    parts = [re.search(rf"#define SHEEN_VERSION_{k} (\d+)", header).group(1) for k in ("MAJOR", "MINOR", "PATCH")]
    snippet = r'\.package\(url: "https://github.com/OWNER/sheen", from: "([^"]+)"'
    return {
        "Version.swift": re.search(r'public static let version = "([^"]+)"', read("Sources/SheenRaster/Version.swift")).group(1),
        "SHEEN_VERSION_STRING": re.search(r'#define SHEEN_VERSION_STRING "([^"]+)"', header).group(1),
        "SHEEN_VERSION_MAJOR.MINOR.PATCH": ".".join(parts),
        "README.md": re.search(snippet, read("README.md")).group(1),
        "GettingStarted.md": re.search(snippet, read("Sources/SheenRaster/SheenRaster.docc/GettingStarted.md")).group(1),
    }


def git(cwd, *args):
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout


class ReleaseTests(unittest.TestCase):
    def test_every_place_names_one_version_with_a_changelog_section(self):
        found = versions(ROOT)
        self.assertEqual(len(set(found.values())), 1, found)
        version = found["Version.swift"]
        with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as f:
            self.assertRegex(f.read(), rf"(?m)^## {re.escape(version)}\b")

    def test_release_sets_the_version_everywhere_and_tags(self):
        with tempfile.TemporaryDirectory() as d:
            clone = os.path.join(d, "sheen")
            git(d, "clone", "-q", ROOT, clone)
            git(clone, "config", "user.email", "release@test")
            git(clone, "config", "user.name", "release test")
            # The script under test is this worktree's, committed into the clone.
            script = os.path.join(clone, "Scripts", "release.sh")
            shutil.copy(os.path.join(ROOT, "Scripts", "release.sh"), script)
            git(clone, "add", "Scripts/release.sh")
            if git(clone, "status", "--porcelain"):
                git(clone, "commit", "-qm", "release.sh under test")

            def release(*args):
                return subprocess.run([script, *args], cwd=clone, capture_output=True, text=True, timeout=60)

            current = versions(clone)["Version.swift"]
            # Refused, nothing changed: not a version, not above the current one, a dirty tree.
            for bad in ("1.2", "v9.0.0", current, "0.0.1"):
                r = release(bad)
                self.assertNotEqual(r.returncode, 0, bad)
                self.assertIn("release:", r.stderr, bad)
            with open(os.path.join(clone, "README.md"), "a") as f:
                f.write("\n")
            self.assertIn("worktree has changes", release("9.8.7").stderr)
            git(clone, "checkout", "-q", "README.md")
            self.assertEqual(git(clone, "status", "--porcelain"), "")

            # Give the Unreleased section a line (it may be empty on main right after a release).
            path = os.path.join(clone, "CHANGELOG.md")
            with open(path, encoding="utf-8") as f:
                text = f.read()
            with open(path, "w", encoding="utf-8") as f:
                f.write(text.replace("## Unreleased\n", "## Unreleased\n\n- A change.\n", 1))
            git(clone, "commit", "-qam", "A change")
            r = release("9.8.7")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(set(versions(clone).values()), {"9.8.7"})
            self.assertEqual(git(clone, "describe", "--exact-match", "--tags").strip(), "9.8.7")
            self.assertEqual(git(clone, "status", "--porcelain"), "")
            with open(path, encoding="utf-8") as f:
                log = f.read()
            self.assertRegex(log, r"## Unreleased\n\n## 9\.8\.7 — \d{4}-\d{2}-\d{2}\n\n- A change\.")
            # The same version again: refused (tag exists / not above).
            self.assertNotEqual(release("9.8.7").returncode, 0)


if __name__ == "__main__":
    unittest.main()
