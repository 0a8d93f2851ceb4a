#!/usr/bin/env bash
# Installs the wheel Scripts/python-package.sh built (.build-python/dist) on a machine that has none
# of what building Sheen needs: a minimal Debian of this machine's release, made by debootstrap
# (minbase, plus python3 and python3-venv) in .build-python/debian — no FreeType, HarfBuzz,
# fontconfig (neither library nor configuration), ICU, libpng, fonts, compiler or Swift. There, in a
# fresh venv, `pip install` of the wheel and NumPy, then a label drawn with
# `sheen.Label('Hi', size=40)` (the wheel's fallback font, as fontconfig finds none), a text field
# and a gradient filled; the label's PNG must equal, byte for byte, the one the same wheel draws on this machine
# with its own fonts (the same DejaVu Sans). Needs root (debootstrap, chroot).
#   Scripts/python-wheel-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/.build-python"
wheel=$(ls "$work"/dist/sheen-*.whl 2>/dev/null | head -1)
[ -n "$wheel" ] || { echo "python-wheel-check: no wheel in $work/dist (run Scripts/python-package.sh)" >&2; exit 1; }
venv="$root/.build/python-venv"
[ -x "$venv/bin/python" ] || { echo "python-wheel-check: no $venv (run Scripts/python-package.sh)" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "python-wheel-check: needs root (debootstrap and chroot)" >&2; exit 1; }
command -v debootstrap > /dev/null || { echo "python-wheel-check: debootstrap is missing (Scripts/install-deps.sh installs it)" >&2; exit 1; }

target="$work/debian"
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
if [ ! -x "$target/usr/bin/python3" ]; then
    rm -rf "$target"
    debootstrap --variant=minbase --include=python3,python3-venv "$suite" "$target" http://deb.debian.org/debian \
        > "$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; exit 1; }
fi
# The network as this machine reaches it (its resolver, hosts and certificate authorities), for pip.
cp /etc/resolv.conf /etc/hosts "$target/etc/"
cp /etc/ssl/certs/ca-certificates.crt "$target/etc/ssl/certs/ca-certificates.crt"

# What the wheel must do without: none of these libraries, no fontconfig configuration, no fonts.
missing=$(chroot "$target" /bin/sh -c 'ldconfig -p | grep -cE "lib(freetype|harfbuzz|fontconfig|icuuc|png16)\." || true')
[ "$missing" = "0" ] || { echo "python-wheel-check: the minimal Debian has $missing of the libraries the wheel must bring" >&2; exit 1; }
if [ -e "$target/etc/fonts/fonts.conf" ] || [ -d "$target/usr/share/fonts" ] || chroot "$target" sh -c 'command -v swift' > /dev/null; then
    echo "python-wheel-check: the minimal Debian has fonts, a fontconfig configuration or Swift" >&2; exit 1
fi

rm -rf "$target/check" && mkdir -p "$target/check"
cp "$wheel" "$target/check/"
numpy=$(grep -E '^numpy==' Scripts/peerbench/requirements.txt)
cat > "$target/check/draw.py" <<'EOF'
import sys

import numpy as np
import sheen

image = sheen.Label("Hi", size=40).image()
assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 4, image.shape
assert image[..., 3].max() == 255, "the label drew no opaque pixel"
gradient = sheen.Gradient("linear", [0, 0, 16, 0], [(0, (1, 0, 0, 1)), (1, (0, 0, 1, 1))])
assert sheen.fill_gradient(gradient, 16, 2)[0, 0, 0] > 200
field = sheen.TextField("Field", editing=True, caret=2, size=20, canvas=(120, 0)).image()
assert field.shape[1] == 120 and field[..., 3].max() == 255, field.shape
open(sys.argv[1], "wb").write(sheen.Label("Hi", size=40).png())
print(f"python-wheel-check: {sheen.__name__} {sheen.library_version()}: label {image.shape[1]}x{image.shape[0]}")
EOF
chroot "$target" /bin/sh -c "rm -rf /check/venv && python3 -m venv /check/venv \
    && env -u LD_LIBRARY_PATH -u PIP_FIND_LINKS /check/venv/bin/pip install -q --no-cache-dir $numpy /check/$(basename "$wheel") \
    && cd / && env -u LD_LIBRARY_PATH /check/venv/bin/python /check/draw.py /check/label.png"
"$venv/bin/python" -c "import sheen, sys; open(sys.argv[1], 'wb').write(sheen.Label('Hi', size=40).png())" "$work/label-here.png"
cmp "$target/check/label.png" "$work/label-here.png" \
    || { echo "python-wheel-check: the label drawn in the minimal Debian differs from this machine's" >&2; exit 1; }
echo "python-wheel-check: $(basename "$wheel") ($(( $(stat -c %s "$wheel") / 1048576 )) MiB) installs and draws in a minimal $suite without the -dev packages, fonts or Swift; its label equals this machine's byte for byte"
