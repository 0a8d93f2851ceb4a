#!/usr/bin/env bash
# Prints the path of a Python that runs the scripts' tests (Scripts/tests): a virtual environment
# in .build/scripts-venv over the system's Python and its packages, with Pillow (the peer charts
# are drawn with it) pinned as Scripts/peerbench/requirements.txt pins it. Made on first use
# (one pip install from PyPI), then reused. Scripts/test.sh runs the tests with it:
#   "$(Scripts/scripts-python.sh)" -m unittest discover -s Scripts/tests
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then "$(dirname "$0")/usage.sh" "$0"; exit 0; fi
cd "$(dirname "$0")/.."
venv=.build/scripts-venv
pillow=$(grep '^pillow==' Scripts/peerbench/requirements.txt)
if ! "$venv/bin/python" -c "import PIL, sys; sys.exit(PIL.__version__ != '${pillow#pillow==}')" 2>/dev/null; then
    echo "scripts-python: installing $pillow into $venv" >&2
    python3 -m venv --system-site-packages "$venv" >&2
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "$pillow" >&2
fi
echo "$(pwd)/$venv/bin/python"
