#!/usr/bin/env python3
"""Mutation testing of the C kernels (Sources/CSheenSIMD) against the conformance goldens.

Scripts/mutate.sh is the command; this is its body. See that script's usage for what it runs.

A mutant is one edit of one line of a kernel source: an arithmetic, comparison, logical or shift
operator swapped, an integer constant moved by one, a rounding mode changed, min and max swapped,
a statement removed (a clamp, a saturation, a store), a loop bound or tail length moved. Its id
names the file, a hash of the line's text (and, for a line whose text an earlier line of the
file repeats, which repeat it is), the rule and the occurrence in the line, so it survives edits
elsewhere in the file.

For each mutant the kernel sources are copied, the edit applied, and every C file that includes
the edited one is compiled at -O0 (the optimiser would take minutes a mutant; -O0 computes the
same bits, as the debug test runs show) for three targets: x86-64 natively (with
AddressSanitizer, as Scripts/test-arm64.sh's sanitizer run has it), AArch64 (ASIMD) and AArch64
with SHEEN_GENERIC_128 (the generic forms). A target whose objects come out identical to
the unmutated ones does not contain the mutant (it sits in another level's #if branch) and is
not counted there; nor is a level where the mutant survives, is killed elsewhere, and its files
compiled at -O2 still come out identical (the optimiser proves the mutated code dead or folds it
away at that level: a branch on another level's block size, say). Every level whose object changed runs the goldens (only the kinds of
case that reach the changed files) until the first failure: x86 levels natively, the AArch64
builds under qemu-aarch64-static. The mutant is killed at a level when the run fails, faults or
times out, and survives there when every case passes. A mutant that does not compile is
stillborn and not counted.

Survivors that cannot change any output are listed, with the reason, in bench/kernel-notes.md
("Equivalent mutants", one line each starting with the mutant's id in backquotes); they are
reported apart and left out of the score. The score of a level is killed / (killed + survivors
not listed).
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources" / "CSheenSIMD"
CONFORMANCE = ROOT / "Tests" / "Conformance" / "conformance.c"
NOTES = ROOT / "bench" / "kernel-notes.md"
SAMPLE = ROOT / "Scripts" / "mutation-sample.txt"
CROSS = ["--target=aarch64-linux-gnu", "--sysroot=/usr/aarch64-linux-gnu", "--gcc-toolchain=/usr"]

# target → (extra compile flags, how a level runs)
# x86 builds with AddressSanitizer too (at -O0 it costs little): a mutant that reads a stack
# array or a table past its end changes no output the goldens see, but the sanitizer run of
# Scripts/test-arm64.sh would catch it, and so does this.
TARGETS = {
    "x86": (["-fsanitize=address", "-fno-omit-frame-pointer"], []),
    "aarch64": (CROSS, ["qemu-aarch64-static"]),
    "generic": (CROSS + ["-DSHEEN_GENERIC_128"], ["qemu-aarch64-static"]),
}
LINK = {"x86": ["-fsanitize=address", "-fuse-ld=lld"], "aarch64": CROSS + ["-fuse-ld=lld", "-static"], "generic": CROSS + ["-fuse-ld=lld", "-static"]}
# A C file's level (shared files run at every level) and the golden kinds its kernels answer for.
LEVEL_OF = {"SIMD128": "simd128", "AVX2": "avx2", "AVX512": "avx512"}
FAMILY_KINDS = {"Composite": "C", "Gradient": "CG", "Blur": "B", "Rows": "FPVS"}


def family_of(path):
    """The kernel family a source file belongs to (composite, gradient, blur, rows, shared)."""
    name = Path(path).name
    for prefix, family in (("Composite", "composite"), ("Blend", "composite"), ("SheenOperators", "composite"),
                           ("Gradient", "gradient"), ("Blur", "blur"), ("Rows", "rows"), ("ShortCopy", "rows"),
                           ("PremultipliedCheck", "rows"), ("SampleBilinear", "rows")):
        if name.startswith(prefix):
            return family
    return "shared"


# MARK: the catalogue

# (rule, pattern, replacement): applied to each match of `pattern` in a code line, one mutant a match.
RULES = [
    ("add-sub", r"(?<=[\w)\]]) \+ (?=[\w(])", " - "),
    ("sub-add", r"(?<=[\w)\]]) - (?=[\w(])", " + "),
    ("mul-add", r"(?<=[\w)\]]) \* (?=[\w(])", " + "),
    ("lt-le", r" < ", " <= "),
    ("le-lt", r" <= ", " < "),
    ("gt-ge", r" > ", " >= "),
    ("ge-gt", r" >= ", " > "),
    ("eq-ne", r" == ", " != "),
    ("ne-eq", r" != ", " == "),
    ("and-or", r" && ", " || "),
    ("or-and", r" \|\| ", " && "),
    ("band-bor", r"(?<=[\w)]) & (?=[\w(~])", " | "),
    ("bor-band", r"(?<=[\w)]) \| (?=[\w(~])", " & "),
    ("xor-or", r" \^ ", " | "),
    ("shr-1", r">> (\d+)", lambda m: f">> {int(m.group(1)) + 1}"),
    ("shl-1", r"<< (\d+)", lambda m: f"<< {int(m.group(1)) + 1}"),
    ("roundeven-round", r"__builtin_elementwise_roundeven", "__builtin_elementwise_round"),
    ("neon-ties-away", r"vcvtnq_s32_f32", "vcvtaq_s32_f32"),
    ("min-max", r"\b(vmin|_mm\w*_min|min)(?=\w*\()", lambda m: m.group(0).replace("min", "max")),
    ("max-min", r"\b(vmax|_mm\w*_max|max)(?=\w*\()", lambda m: m.group(0).replace("max", "min")),
    ("floor-ceil", r"__builtin_elementwise_floor", "__builtin_elementwise_ceil"),
    ("packus-packs", r"packus_epi16", "packs_epi16"),
    ("int-plus1", r"(?<![\w.])(\d+)(?![\w.])", lambda m: str(int(m.group(1)) + 1)),
    ("int-minus1", r"(?<![\w.])([1-9]\d*)(?![\w.])", lambda m: str(int(m.group(1)) - 1)),
    ("hex-plus1", r"\b0x([0-9A-Fa-f]+)(u?)\b", lambda m: f"0x{int(m.group(1), 16) + 1:X}{m.group(2)}"),
    ("float-nudge", r"(?<![\w.])(\d+\.\d*)f\b", lambda m: f"{float(m.group(1)) * 1.0001!r}f"),
]
# Statement removal: a line that is a whole assignment or call statement (not a declaration).
STATEMENT = re.compile(r"^\s+(?:[\w\[\]\.\->*]+\s*(?:[-+|&^]?=)\s*.+|\w+\(.*\));\s*(//.*)?$")
DECLARATION = re.compile(r"^\s*(?:const\s+)?(?:static\s+)?(?:u?int\w*|float|double|lanes|words|bytes|block|vf|vi|vd|vl|"
                         r"flanes|dlanes|intptr_t|size_t|int|unsigned|__m\w+|\w+_t)\b[\s*]+\w+")


# The planted bugs of the review that opened this work (issue 65), which every golden once let
# through: always in the run. (name, file, text of the line, its replacement)
PLANTED = [
    ("neon-ties-away", "GradientShade.h", "return (vi)vbslq_s32(inside, vcvtnq_s32_f32((float32x4_t)v), vdupq_n_s32(INT32_MIN));",
     "return (vi)vbslq_s32(inside, vcvtaq_s32_f32((float32x4_t)v), vdupq_n_s32(INT32_MIN));"),
    ("neon-no-range-select", "GradientShade.h", "return (vi)vbslq_s32(inside, vcvtnq_s32_f32((float32x4_t)v), vdupq_n_s32(INT32_MIN));",
     "return (vi)vcvtnq_s32_f32((float32x4_t)v);"),
    ("generic-ties-away", "GradientShade.h", "const vf r = __builtin_elementwise_roundeven(v);",
     "const vf r = __builtin_elementwise_round(v);"),
    ("generic-no-range-select", "GradientShade.h",
     "return seli(inside, __builtin_convertvector(sel(inside, r, (vf)0.0f), vi), (vi)INT32_MIN);",
     "return __builtin_convertvector(r, vi);"),
    ("x86-no-alpha-clamp", "GradientShade.h", "v = SHEEN_MIN_EPU8(v, SHEEN_SHUFFLE_EPI8(v, alpha));", ";"),
    ("neon-no-alpha-clamp", "GradientShade.h", "v = vminq_u8(v, vqtbl1q_u8(v, alpha));", ";"),
    ("generic-no-alpha-clamp", "GradientShade.h", "r = seli(r > a, a, r); g = seli(g > a, a, g); b = seli(b > a, a, b);", ";"),
    ("blur-ties-away", "BlurRecursion.h", "return __builtin_elementwise_roundeven(s);", "return __builtin_elementwise_round(s);"),
]


def planted():
    """The PLANTED mutants, found by their lines' text."""
    found = []
    for name, file, before, after in PLANTED:
        lines = (SOURCES / file).read_text().split("\n")
        hits = [n for n, line in enumerate(lines) if line.strip() == before]
        if len(hits) != 1:
            raise SystemExit(f"mutate: planted mutant {name}: {len(hits)} lines of {file} read '{before}' (want 1)")
        line = lines[hits[0]]
        indent = line[: len(line) - len(line.lstrip())]
        found.append({"id": f"planted:{name}", "file": file, "line": hits[0], "rule": "planted",
                      "before": line, "after": indent + after})
    return found


def code_part(line):
    """The line without a trailing // comment (string literals are not in the kernels)."""
    i = line.find("//")
    return line if i < 0 else line[:i]


def catalogue():
    """Every candidate mutant of the kernel sources, in file and line order."""
    files = sorted(SOURCES.glob("*.h")) + sorted(SOURCES.glob("*.c")) + [SOURCES / "include" / "SheenOperators.h"]
    mutants = []
    for path in files:
        rel = str(path.relative_to(SOURCES))
        lines = path.read_text().split("\n")
        seen = {}   # a line's text → how many lines before it read the same (their ids must differ)
        in_block_comment = False
        for n, line in enumerate(lines):
            stripped = line.strip()
            if in_block_comment:
                if "*/" in stripped:
                    in_block_comment = False
                continue
            if stripped.startswith("/*"):
                in_block_comment = "*/" not in stripped
                continue
            if not stripped or stripped.startswith("//") or stripped.startswith("#include") or stripped.startswith("#pragma"):
                continue
            if stripped.startswith(("#if", "#elif", "#else", "#endif", "#error", "#undef")):
                continue
            if "static const char" in line or "__attribute__((target" in line or "SHEEN_TARGET" in line:
                continue
            code = code_part(line)
            key = hashlib.sha1(stripped.encode()).hexdigest()[:8]
            seen[stripped] = seen.get(stripped, -1) + 1
            if seen[stripped]:
                key += f".{seen[stripped]}"
            for rule, pattern, replacement in RULES:
                for k, m in enumerate(re.finditer(pattern, code)):
                    new = replacement(m) if callable(replacement) else replacement
                    mutated = code[: m.start()] + new + code[m.end():] + line[len(code):]
                    if mutated != line:
                        mutants.append({"id": f"{rel}:{key}:{rule}:{k}", "file": rel, "line": n, "rule": rule,
                                        "before": line, "after": mutated})
            if STATEMENT.match(line) and not DECLARATION.match(line) and not stripped.startswith("return"):
                indent = line[: len(line) - len(line.lstrip())]
                mutants.append({"id": f"{rel}:{key}:delete:0", "file": rel, "line": n, "rule": "delete",
                                "before": line, "after": indent + ";" + (" \\" if line.rstrip().endswith("\\") else "")})
    return mutants


def select(mutants, count, seed):
    """`count` mutants spread over the files: each file's share in proportion to its candidates,
    at least a few from every file, and within a file the rules taken in turn (so the many
    constants of a shuffle table do not crowd out the operators)."""
    rng = random.Random(seed)
    by_file = {}
    for m in mutants:
        by_file.setdefault(m["file"], []).append(m)
    total = len(mutants)
    chosen = []
    for file, ms in sorted(by_file.items()):
        share = min(len(ms), max(3, round(count * len(ms) / total)))
        by_rule = {}
        for m in ms:
            by_rule.setdefault(m["rule"], []).append(m)
        for pool in by_rule.values():
            rng.shuffle(pool)
        rules = sorted(by_rule)
        rng.shuffle(rules)
        while share > 0:
            for rule in rules:
                if share > 0 and by_rule[rule]:
                    chosen.append(by_rule[rule].pop())
                    share -= 1
    return sorted(chosen, key=lambda m: (m["file"], m["line"], m["id"]))


def listed_equivalents():
    """Mutant ids bench/kernel-notes.md lists as equivalent, with the reason given."""
    if not NOTES.exists():
        return {}
    text = NOTES.read_text()
    start = text.find("## Equivalent mutants")
    if start < 0:
        return {}
    section = text[start:].split("\n## ", 1)[0]
    found = {}
    for line in section.split("\n"):
        m = re.match(r"^- `([^`]+)`\s*[:—-]?\s*(.*)$", line)
        if m:
            found[m.group(1)] = m.group(2)
    return found


# MARK: building and running


def run(cmd, cwd=None, timeout=None):
    env = {**os.environ, "ASAN_OPTIONS": "detect_leaks=0"}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


class Worker:
    """A private copy of the kernel sources and the unmutated objects of every target."""

    def __init__(self, root, goldens):
        self.root = Path(root)
        self.goldens = goldens
        self.src = self.root / "src"
        if self.src.exists():
            shutil.rmtree(self.src)
        shutil.copytree(SOURCES, self.src)
        self.c_files = sorted(p.name for p in self.src.glob("*.c"))
        self.includes = {}   # C file → the headers it includes, transitively (names)
        for c in self.c_files:
            deps = run(["clang", "-MM", f"-I{self.src / 'include'}", str(self.src / c)]).stdout
            names = {Path(d).name for d in deps.replace("\\\n", " ").split()[1:]}
            self.includes[c] = names
        self.base = {}
        for target in TARGETS:
            out = self.root / target / "base"
            out.mkdir(parents=True, exist_ok=True)
            for c in self.c_files + ["conformance.c"]:
                self.compile(target, c, out)
            self.base[target] = out

    def compile(self, target, c, out, optimised=False):
        source = CONFORMANCE if c == "conformance.c" else self.src / c
        flags = ["-O2", *[f for f in TARGETS[target][0] if not f.startswith(("-fsanitize", "-fno-omit"))]] if optimised \
            else ["-O0", *TARGETS[target][0]]
        r = run(["clang", *flags, "-w", f"-I{self.src / 'include'}", "-c", str(source), "-o", str(out / (c + ".o"))])
        return r.returncode == 0

    def same_when_optimised(self, target, c):
        """Whether `c` as the sources now stand (mutated) compiles at -O2 to the same object as
        unmutated: the mutant then sits in code the optimiser proves dead or folds away at this
        target (an #if branch of another level, a branch on a block size this level does not
        have), and cannot change anything there."""
        base = self.root / target / "base-O2"
        base.mkdir(parents=True, exist_ok=True)
        if not (base / (c + ".o")).exists():
            mutated = (self.src / self.current["file"]).read_text()
            (self.src / self.current["file"]).write_text(self.current_original)
            try:
                self.compile(target, c, base, optimised=True)
            finally:
                (self.src / self.current["file"]).write_text(mutated)
        out = self.root / target / "mutant-O2"
        out.mkdir(parents=True, exist_ok=True)
        return self.compile(target, c, out, optimised=True) and \
            (out / (c + ".o")).read_bytes() == (base / (c + ".o")).read_bytes()

    def affected(self, file):
        """The C files whose translation includes `file`."""
        name = Path(file).name
        return [c for c in self.c_files if c == name or name in self.includes[c]]

    def test(self, mutant, timeout):
        """Applies `mutant`, builds and runs it; returns {target: {level: verdict}} or 'stillborn'."""
        path = self.src / mutant["file"]
        original = path.read_text()
        lines = original.split("\n")
        assert lines[mutant["line"]] == mutant["before"], f"{mutant['id']}: the source changed"
        lines[mutant["line"]] = mutant["after"]
        path.write_text("\n".join(lines))
        self.current, self.current_original = mutant, original
        try:
            verdicts, files = {}, {}
            for target in TARGETS:
                out = self.root / target / "mutant"
                if out.exists():
                    shutil.rmtree(out)
                out.mkdir(parents=True)
                changed = []
                for c in self.affected(mutant["file"]):
                    if not self.compile(target, c, out):
                        return "stillborn"
                    if (out / (c + ".o")).read_bytes() != (self.base[target] / (c + ".o")).read_bytes():
                        changed.append(c)
                if not changed:
                    continue
                objects = [str(out / (c + ".o")) if c in changed else str(self.base[target] / (c + ".o"))
                           for c in self.c_files + ["conformance.c"]]
                binary = out / "conformance"
                r = run(["clang", *LINK[target], *objects, "-o", str(binary), "-lm"])
                if r.returncode != 0:
                    return "stillborn"
                levels, kinds = set(), set()
                for c in changed:
                    stem, _, rest = c.partition("+")
                    level = LEVEL_OF.get(rest.removesuffix(".c"))
                    if target == "x86":
                        levels |= {level} if level else {"simd128", "avx2", "avx512"}
                    elif level in (None, "simd128"):
                        levels.add("simd128")
                    kinds |= set(FAMILY_KINDS.get(stem, "CGBFPV"))
                verdicts[target] = {}
                level_files = {level: [c for c in changed if LEVEL_OF.get(c.partition("+")[2].removesuffix(".c")) in (level, None)]
                               for level in levels}
                for level in sorted(levels):
                    cmd = [*TARGETS[target][1], str(binary), self.goldens, level, "--first-failure",
                           "--kinds", "".join(sorted(kinds))]
                    try:
                        r = run(cmd, timeout=timeout * (2 if TARGETS[target][1] else 1))
                        verdicts[target][level] = "survived" if r.returncode == 0 else "killed"
                    except subprocess.TimeoutExpired:
                        verdicts[target][level] = "killed (timeout)"
                files[target] = level_files
            # Killed at one level and not at another: is the mutated code there at all? A level
            # whose files compile at -O2 to the unmutated objects does not have it.
            if any(v.startswith("killed") for levels in verdicts.values() for v in levels.values()):
                for target in list(verdicts):
                    for level in [l for l, v in verdicts[target].items() if v == "survived"]:
                        if all(self.same_when_optimised(target, c) for c in files[target][level]):
                            del verdicts[target][level]
                    if not verdicts[target]:
                        del verdicts[target]
            return verdicts
        finally:
            path.write_text(original)


def level_kind(target, level):
    return {"x86": f"x86 {level}", "aarch64": "AArch64 NEON", "generic": "generic 128-bit"}[target]


def report(results, equivalents, out):
    """Killed / survived per file and per level kind, and every survivor; returns the survivors not listed."""
    per_file, per_level, survivors = {}, {}, []
    stillborn = absent = 0
    for r in results:
        v = r["verdicts"]
        if v == "stillborn":
            stillborn += 1
            continue
        if not v:
            absent += 1
            continue
        listed = r["id"] in equivalents
        survived_somewhere = False
        for target, levels in v.items():
            for level, verdict in levels.items():
                key = level_kind(target, level)
                row = per_level.setdefault(key, [0, 0, 0])
                if verdict.startswith("killed"):
                    row[0] += 1
                elif listed:
                    row[2] += 1
                else:
                    row[1] += 1
                    survived_somewhere = True
        f = per_file.setdefault(r["file"], [0, 0, 0])
        if all(verdict.startswith("killed") for levels in v.values() for verdict in levels.values()):
            f[0] += 1
        elif listed:
            f[2] += 1
        else:
            f[1] += 1
        if survived_somewhere:
            survivors.append(r)
    lines = ["# Kernel mutants", "",
             f"{len(results)} mutants tried: {stillborn} did not compile, {absent} compiled to the same objects everywhere "
             "(in no level's code, or folded away), the rest below.", "",
             "| level | killed | survived | equivalent (listed) | score |", "|---|---:|---:|---:|---:|"]
    for key in sorted(per_level):
        k, s, e = per_level[key]
        lines.append(f"| {key} | {k} | {s} | {e} | {100 * k / max(k + s, 1):.1f} % |")
    lines += ["", "| file | killed | survived | equivalent (listed) |", "|---|---:|---:|---:|"]
    for key in sorted(per_file):
        k, s, e = per_file[key]
        lines.append(f"| {key} | {k} | {s} | {e} |")
    if survivors:
        lines += ["", "Survivors:", ""]
        for r in survivors:
            where = ", ".join(f"{level_kind(t, l)}" for t, ls in r["verdicts"].items() for l, v in ls.items() if v == "survived")
            lines.append(f"- `{r['id']}` ({where}) line {r['line'] + 1}: `{r['before'].strip()}` → `{r['after'].strip()}`")
    text = "\n".join(lines) + "\n"
    print(text)
    if out:
        Path(out).write_text(text)
    return survivors, per_level


def main():
    p = argparse.ArgumentParser(description="Mutation testing of the C kernels (see Scripts/mutate.sh).")
    p.add_argument("--goldens", required=True)
    p.add_argument("--count", type=int, default=400, help="mutants drawn from the catalogue (--all: every one)")
    p.add_argument("--all", action="store_true")
    p.add_argument("--sample", action="store_true", help="run the fixed list in Scripts/mutation-sample.txt")
    p.add_argument("--ids", nargs="*", default=[], help="run these mutant ids")
    p.add_argument("--list", action="store_true", help="print the selected mutants and stop")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=65)
    p.add_argument("--timeout", type=int, default=30,
                   help="seconds a native run may take (qemu: twice that); the whole goldens take 3 s natively, 9 s under qemu")
    p.add_argument("--work", default=str(ROOT / ".build-mutate"))
    p.add_argument("--results", help="JSON lines of every mutant's verdicts (default: WORK/results.jsonl)")
    p.add_argument("--report", help="also write the report to this file")
    a = p.parse_args()

    if not Path(a.goldens).is_file() or Path(a.goldens).stat().st_size == 0:
        # Written by the Swift twins as Scripts/test-arm64.sh writes them.
        Path(a.goldens).parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["swift", "test", "--filter", "ConformanceGoldens"], cwd=ROOT,
                       env={**os.environ, "SHEEN_CONFORMANCE_OUT": str(Path(a.goldens).resolve())},
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not Path(a.goldens).is_file():
            print(f"mutate: the goldens ({a.goldens}) were not written", file=sys.stderr)
            return 1
    every = planted() + catalogue()
    by_id = {m["id"]: m for m in every}
    if a.sample or a.ids:
        wanted = a.ids or [l.split("#")[0].strip() for l in SAMPLE.read_text().split("\n") if l.split("#")[0].strip()]
        missing = [i for i in wanted if i not in by_id]
        if missing:
            print("mutate: these mutants no longer exist (their line changed); pick the sample again from a full run:\n  "
                  + "\n  ".join(missing), file=sys.stderr)
            return 2
        chosen = [by_id[i] for i in wanted]
    else:
        chosen = every if a.all else planted() + select(every[len(PLANTED):], a.count, a.seed)
    print(f"mutate: {len(chosen)} of {len(every)} candidate mutants", flush=True)
    if a.list:
        for m in chosen:
            print(f"{m['id']}\t{m['before'].strip()}  →  {m['after'].strip()}")
        return 0

    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    workers = [Worker(work / f"w{k}", a.goldens) for k in range(a.jobs)]
    results_path = Path(a.results) if a.results else work / "results.jsonl"
    results = []
    with results_path.open("w") as out, concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        free = list(workers)
        lock = threading.Lock()

        def one(m):
            with lock:
                w = free.pop()
            try:
                return m, w.test(m, a.timeout)
            finally:
                with lock:
                    free.append(w)

        for n, (m, verdicts) in enumerate(pool.map(one, chosen)):
            r = {**m, "verdicts": verdicts}
            results.append(r)
            out.write(json.dumps(r) + "\n")
            out.flush()
            brief = verdicts if isinstance(verdicts, str) else " ".join(
                f"{level_kind(t, l)}: {v}" for t, ls in verdicts.items() for l, v in ls.items()) or "in no level"
            print(f"[{n + 1}/{len(chosen)}] {m['id']}: {brief}", flush=True)
    survivors, _ = report(results, listed_equivalents(), a.report)
    if survivors:
        print(f"mutate: {len(survivors)} mutants survived that bench/kernel-notes.md does not list as equivalent",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
