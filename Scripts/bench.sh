#!/usr/bin/env bash
# Runs sheen-bench twice — the default release build and one retargeted with
# -Xcc -march=x86-64-v3 (AVX2/FMA; -Xcc retargets Swift and C alike) — saves both JSON-lines
# files under bench/, and regenerates bench/README.md's results table from them.
# `--peers` (first argument) then also runs Scripts/compare-peers.py for both builds: the peer
# tables, JSON and charts under bench/ and the README's performance summary.
# Other arguments go to sheen-bench (e.g. --filter gradient).
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then "$(dirname "$0")/usage.sh" "$0"; exit 0; fi
cd "$(dirname "$0")/.."
peers=0
if [[ "${1:-}" == "--peers" ]]; then peers=1; shift; fi
Scripts/install-deps.sh
swift build -c release --product sheen-bench >/dev/null
swift build -c release --product sheen-bench --scratch-path .build-v3 -Xcc -march=x86-64-v3 >/dev/null
mkdir -p bench
.build/release/sheen-bench --json --build default "$@" > bench/default.jsonl
.build-v3/release/sheen-bench --json --build v3 "$@" > bench/v3.jsonl
python3 Scripts/readme_table.py bench/default.jsonl bench/v3.jsonl --readme bench/README.md
echo "wrote bench/default.jsonl, bench/v3.jsonl and the table in bench/README.md"
if (( peers )); then
  python3 Scripts/compare-peers.py --builds default,v3 --readme README.md --record bench/peers-record.json
fi
