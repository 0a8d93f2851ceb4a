#!/usr/bin/env bash
# Installs the Debian packages Sheen builds and tests against, only when one is missing.
# Idempotent and quiet when everything is present; safe to call from README commands and CI.
# `--pixman` what the drop-in pixman's installation and tests need (and a deb-src entry, for pixman's
# source package). `--peers` also installs what Scripts/compare-peers.py needs beyond pip (cairo for cairocffi, pixman
# for the small-call harness); `--oracle` what Scripts/oracle.sh's pixman, cairo and Blend2D adapters
# need; `--mca` Debian's llvm-19, whose llvm-mca Scripts/llvm-mca.sh runs.
set -euo pipefail

packages=(
  libpng-dev          # SheenPNG (PNG encode/decode)
  libfreetype-dev     # SheenText: glyph rasterisation
  libfontconfig-dev   # SheenText: font lookup
  libharfbuzz-dev     # SheenText: shaping
  libicu-dev          # SheenText: line breaking, bidi
  fonts-dejavu-core   # the font the tests and goldens use
  fonts-dejavu-extra  # DejaVu Serif Italic: the label tests' italic overhang
  fonts-noto-color-emoji  # colour glyphs (CBDT bitmap strikes) that the emoji tests draw
  fonts-tlwg-loma-ttf # a Thai fallback font: line metrics grow for the faces fallback uses
  fonts-wqy-microhei  # a CJK fallback font, for the same tests
  fonts-lohit-deva    # a Devanagari font: sheen-bench's text.layout.devanagari and its Pango peer
  libhyphen0          # automatic hyphenation (loaded at run time, only when a layout asks)
  hyphen-en-us        # ... and its US English dictionary, which the hyphenation tests use
  pkg-config          # SwiftPM finds the system libraries through it
  libpixman-1-0       # the system pixman the drop-in hands calls to, in its tests (Tests/SheenPixmanTests)
  gcc                 # the system C compiler the C API's tests build with (Scripts/test-capi.sh)
  g++                 # ... and the C++ compiler that checks sheen.h compiles as C++
  qemu-user-static            # Scripts/test-arm64.sh: runs the AArch64 build of the kernels
  libc6-dev-arm64-cross       # ... whose C library it links statically
  libgcc-12-dev-arm64-cross   # ... with the cross compiler runtime's startup files
  debootstrap         # Scripts/python-wheel-check.sh: a minimal Debian to install the wheel into
)
if [[ "${1:-}" == "--peers" ]]; then
  packages+=(
    libcairo2         # cairocffi loads it (cairo's image surfaces are pixman)
    libpixman-1-dev   # W6: Scripts/peerbench/smallcalls.c calls pixman directly
    libpango1.0-dev   # W6: Scripts/peerbench/textlayout.c lays the same text out with Pango
  )
fi
if [[ "${1:-}" == "--oracle" ]]; then
  packages+=(
    libpixman-1-dev   # Scripts/oracle.sh: the pixman adapter (Oracle/adapters/pixman.c)
    libcairo2-dev     # ... and the cairo adapter
    python3-venv      # ... whose Blend2D adapter pip-installs blend2d-python into .build/oracle-venv
  )
fi
if [[ "${1:-}" == "--pixman" ]]; then
  packages+=(
    libpixman-1-dev   # the drop-in pixman (Scripts/install.sh --pixman, Scripts/test-pixman.sh): the system pixman it hands calls to
    patchelf          # ... install.sh makes its libpixman-1.so.0 depend on the system's by path
    meson             # Scripts/test-pixman.sh builds pixman's own test programs from Debian's source package
    librsvg2-bin      # ... and draws real programs through the drop-in (Scripts/pixman-programs.py): rsvg-convert,
    tango-icon-theme  # ... over the Tango icons' gradients,
    pango1.0-tools    # ... and pango-view over multi-script paragraphs
    ninja-build
    libpng-dev
    dpkg-dev          # ... apt-get source
  )
fi
if [[ "${1:-}" == "--mca" ]]; then
  packages+=(llvm-19)   # llvm-mca-19: core models of Neoverse V1 and N1 (llvm-14's has none)
fi

# pixman's source package (Scripts/test-pixman.sh) needs a deb-src entry for the same suites as
# the system's deb entries: one is written beside them, once.
if [[ "${1:-}" == "--pixman" ]] && ! grep -rqs "^Types:.*deb-src\|^deb-src" /etc/apt/sources.list /etc/apt/sources.list.d/; then
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/sheen-deb-src.sources >/dev/null
  else
    grep -h "^deb " /etc/apt/sources.list | sed 's/^deb /deb-src /' | "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/sheen-deb-src.list >/dev/null
  fi
  echo "install-deps: added a deb-src entry for the system's suites (pixman's source package)" >&2
  "${sudo_cmd[@]}" apt-get update -qq >/dev/null
fi

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if (( ${#missing[@]} == 0 )); then
  exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq >/dev/null
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
