#!/usr/bin/env bash
# Prints the usage of the script named by its argument: the comment block between its first line
# and its `set -euo pipefail`, without the leading "# ". The scripts call it for --help, before
# they install or build anything.
#   Scripts/usage.sh SCRIPT
set -euo pipefail
[ -f "${1:-}" ] || { echo "usage: Scripts/usage.sh SCRIPT" >&2; exit 2; }
sed -n '2,/^set -euo pipefail/p' "$1" | sed '$d' | sed -e 's/^# \{0,1\}//'
