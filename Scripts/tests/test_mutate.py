"""Scripts/mutate.py's catalogue: the planted mutants are found, every mutant edits its line and
has an id of its own, a run's selection reaches every kernel family, and every id of the fixed
CI sample still names a mutant (an edit to its line must come with a new pick). Run:
"$(Scripts/scripts-python.sh)" -m unittest discover -s Scripts/tests"""

import collections
import importlib.util
import os
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("mutate", os.path.join(ROOT, "Scripts", "mutate.py"))
mutate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mutate)


class CatalogueTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.every = mutate.planted() + mutate.catalogue()

    def test_planted_mutants_are_found(self):
        self.assertEqual(len(mutate.planted()), len(mutate.PLANTED))

    def test_each_mutant_changes_its_line_and_has_its_own_id(self):
        ids = collections.Counter(m["id"] for m in self.every)
        self.assertEqual([i for i, n in ids.items() if n > 1], [])
        for m in self.every:
            self.assertNotEqual(m["before"], m["after"], m["id"])

    def test_selection_reaches_every_family(self):
        chosen = mutate.select(self.every[len(mutate.PLANTED):], 400, 65)
        self.assertGreaterEqual(len(chosen), 300)
        families = collections.Counter(mutate.family_of(m["file"]) for m in chosen)
        for family in ("composite", "gradient", "blur", "rows"):
            self.assertGreaterEqual(families[family], 10, families)

    def test_the_ci_sample_names_existing_mutants(self):
        ids = {m["id"] for m in self.every}
        sample = [l.split("#")[0].strip() for l in open(mutate.SAMPLE).read().split("\n") if l.split("#")[0].strip()]
        self.assertGreaterEqual(len(sample), 8)
        self.assertEqual([i for i in sample if i not in ids], [])


if __name__ == "__main__":
    unittest.main()
