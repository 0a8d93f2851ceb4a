"""Reads what `sheen-bench --dump DIR` wrote: a manifest of raw pixel files per case and role."""

import json
import os

import numpy as np

CHANNELS = {"rgba8Premultiplied": 4, "bgra8Premultiplied": 4, "a8": 1}


class Dump:
    """The dumped buffers of one sheen-bench run, as numpy arrays in RGBA order (H×W×4) or A8
    (H×W)."""

    def __init__(self, directory):
        self.directory = directory
        self.entries = {}
        # Library label → Dump of each Sheen build whose outputs are checked (set by the driver).
        self.sheen = {}
        with open(os.path.join(directory, "manifest.jsonl")) as f:
            for line in f:
                if line.strip():
                    e = json.loads(line)
                    self.entries[(e["case"], e["role"])] = e

    def cases(self, prefix=""):
        """Case names with a dumped output, in manifest order, starting with `prefix`."""
        seen = []
        for (case, role) in self.entries:
            if role == "output" and case.startswith(prefix) and case not in seen:
                seen.append(case)
        return seen

    def load(self, case, role):
        """The buffer, or None when the case or role was not dumped."""
        e = self.entries.get((case, role))
        if e is None:
            return None
        c = CHANNELS[e["format"]]
        a = np.fromfile(os.path.join(self.directory, e["file"]), dtype=np.uint8)
        a = a.reshape(e["height"], e["width"], c) if c > 1 else a.reshape(e["height"], e["width"])
        if e["format"] == "bgra8Premultiplied":
            a = a[..., [2, 1, 0, 3]]
        return np.ascontiguousarray(a)
