#!/usr/bin/env python3
"""Real programs drawn through the drop-in pixman (Scripts/test-pixman.sh runs this).

  pixman-programs.py PRELOAD WORKDIR [--report DIR] [--rounds N]

rsvg-convert draws every scalable icon of Debian's Tango icon theme that has a gradient (linear
or radial: 213 files) at 128 × 128, and pango-view draws multi-script paragraphs (Latin, Greek,
Cyrillic, Arabic, Hebrew, Thai, CJK, emoji, combining marks) in three fonts and sizes, each once
with the system pixman and once with the drop-in preloaded (PRELOAD: libsheen-pixman.so). Every
run must exit 0 and make a picture of the same size, and every pixel must be within 2 levels of
pixman's on every channel, compared premultiplied (the programs write straight alpha, where one
level of premultiplied colour at alpha 1 reads as 255): 2 levels is the drop-in's bound against
pixman for smooth gradients (Tests/Pixman/gradients.c), whose colours differ from pixman's by its
16.16 fixed-point t and 8-bit interpolation against Sheen's. Exits 1, naming the file, otherwise.

Prints, per program, the files, how many differ, the pixels that differ and the largest
difference, the total time without and with (best of N rounds, default 1, each a run of the
whole set, alternated; start-up dominates); with --report DIR, also writes DIR/pixman-worst-crop.png: the 32 × 32 crop around the
largest difference of the file with most differing pixels, without | with | difference × 64.
"""
import os
import subprocess
import sys
import time

from PIL import Image, ImageChops

ICONS = "/usr/share/icons/Tango/scalable"
TOLERANCE = 2
PARAGRAPH = "\n".join([
    "The quick brown fox jumps over the lazy dog — “quotes”, ﬁ ligatures, 0123456789.",
    "Ωμέγα Кириллица Ελληνικά: Съешь же ещё этих мягких французских булок.",
    "عربي: الخط العربي جميل جدا، وهذه جملة للاختبار.",
    "עברית: זהו משפט בעברית לבדיקה.",
    "ภาษาไทย: การทดสอบการตัดคำภาษาไทยในย่อหน้า",
    "中文：这是一个测试段落。日本語：これはテストです。한국어: 테스트 문단입니다.",
    "Emoji: 😀🎨🚀 and combining: é q̃ n̈",
])
FONTS = [("DejaVu Sans 20", 600), ("DejaVu Serif Italic 13", 300), ("DejaVu Sans Bold 36", 900)]


def gradient_icons():
    """The Tango theme's scalable icons (files, not links) that draw a gradient."""
    out = []
    for root, _, files in os.walk(ICONS):
        for name in files:
            path = os.path.join(root, name)
            if name.endswith(".svg") and not os.path.islink(path):
                with open(path, encoding="utf-8", errors="replace") as f:
                    if "Gradient" in f.read():
                        out.append(path)
    return sorted(out)


def jobs(work):
    """(program, name, command writing OUTPUT) for every drawing."""
    out = []
    for path in gradient_icons():
        name = os.path.relpath(path, ICONS).replace("/", "_")
        out.append(("rsvg-convert", name, ["rsvg-convert", "-w", "128", "-h", "128", path, "-o", "OUTPUT"]))
    text = os.path.join(work, "paragraph.txt")
    with open(text, "w", encoding="utf-8") as f:
        f.write(PARAGRAPH + "\n")
    for font, width in FONTS:
        out.append(("pango-view", f"{font} at {width}px",
                    ["pango-view", "-q", "--font", font, "--width", str(width), "--output", "OUTPUT", text]))
    return out


def draw(all_jobs, side, preload, work):
    """Runs every job once with or without the drop-in; the seconds the whole set took."""
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    if side == "with":
        env["LD_PRELOAD"] = preload
    start = time.perf_counter()
    for program, name, command in all_jobs:
        output = os.path.join(work, side, f"{program}-{name}.png".replace(" ", "_"))
        result = subprocess.run([output if c == "OUTPUT" else c for c in command], env=env, capture_output=True)
        if result.returncode != 0:
            sys.exit(f"pixman-programs: {program} {name} {side} the drop-in exited {result.returncode}: {result.stderr[-400:]!r}")
    return time.perf_counter() - start


def compare(a_path, b_path):
    """(pixels that differ, largest difference, where) of two pictures, premultiplied."""
    a, b = Image.open(a_path), Image.open(b_path)
    if a.size != b.size:
        return None
    mode = "RGBa" if "A" in a.mode or "A" in b.mode else "RGB"
    a, b = a.convert(mode), b.convert(mode)
    data, bands, width = ImageChops.difference(a, b).tobytes(), len(mode), a.size[0]
    differing, largest, at = 0, 0, None
    for i in range(0, len(data), bands):
        high = max(data[i:i + bands])
        if high:
            differing += 1
            if high > largest:
                largest, at = high, (i // bands % width, i // bands // width)
    return differing, largest, at


def main():
    args = sys.argv[1:]
    if args[:1] in (["--help"], ["-h"]):
        print(__doc__.strip())
        return
    usage = "usage: pixman-programs.py PRELOAD WORKDIR [--report DIR] [--rounds N] (--help for more)"
    if len(args) < 2 or len(args) % 2:
        print(usage, file=sys.stderr)
        sys.exit(2)
    preload, work, options = args[0], args[1], dict(zip(args[2::2], args[3::2]))
    if set(options) - {"--report", "--rounds"} or not options.get("--rounds", "1").isdigit() or options.get("--rounds") == "0":
        print(usage, file=sys.stderr)
        sys.exit(2)
    report, rounds = options.get("--report"), int(options.get("--rounds", "1"))
    for side in ("without", "with"):
        os.makedirs(os.path.join(work, side), exist_ok=True)
    all_jobs = jobs(work)
    icons = sum(1 for p, _, _ in all_jobs if p == "rsvg-convert")
    if icons < 200:
        sys.exit(f"pixman-programs: only {icons} gradient icons under {ICONS} (tango-icon-theme installed?)")
    times = {"without": [], "with": []}
    for _ in range(rounds):
        for side in ("without", "with"):
            times[side].append(draw(all_jobs, side, preload, work))
    failures, worst = [], None
    for program in ("rsvg-convert", "pango-view"):
        files = differ = pixels = largest = 0
        for p, name, _ in all_jobs:
            if p != program:
                continue
            files += 1
            file = f"{program}-{name}.png".replace(" ", "_")
            a, b = os.path.join(work, "without", file), os.path.join(work, "with", file)
            result = compare(a, b)
            if result is None:
                failures.append(f"{program} {name}: the pictures' sizes differ")
                continue
            n, high, at = result
            if n:
                differ += 1
                pixels += n
                largest = max(largest, high)
                if worst is None or n > worst[0]:
                    worst = (n, a, b, at)
            if high > TOLERANCE:
                failures.append(f"{program} {name}: {n} pixels differ, by up to {high} levels (bound {TOLERANCE})")
        print(f"  {program}: {files} files, {differ} differ from pixman's, {pixels} pixels, largest difference {largest} levels")
    print(f"  time for every drawing: without {min(times['without']):.2f} s, with {min(times['with']):.2f} s (best of {rounds})")
    if report and worst:
        n, a_path, b_path, (x, y) = worst
        a, b = Image.open(a_path).convert("RGBA"), Image.open(b_path).convert("RGBA")
        box = (max(0, x - 16), max(0, y - 16), max(0, x - 16) + 32, max(0, y - 16) + 32)
        difference = ImageChops.difference(a.convert("RGBa"), b.convert("RGBa")).crop(box)
        magnified = Image.new("L", difference.size)
        magnified.putdata([min(255, 64 * max(p)) for p in difference.getdata()])
        crops = [a.crop(box), b.crop(box), magnified.convert("RGBA")]
        sheet = Image.new("RGBA", (3 * 32 * 4 + 16, 32 * 4), (255, 255, 255, 255))
        for i, crop in enumerate(crops):
            sheet.paste(crop.resize((128, 128), Image.NEAREST), (i * (128 + 8), 0))
        sheet.save(os.path.join(report, "pixman-worst-crop.png"))
        print(f"  worst file: {os.path.basename(a_path)} ({n} pixels differ), crop around ({x}, {y}) in {report}/pixman-worst-crop.png")
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
