"""Peer comparison for sheen-bench: the same workloads on cairo (pixman), OpenCV, Pillow and
skia-python, every output checked against one float64 reference, reported as tables, JSON and
bar charts. `report` uses the standard library only and `chart` Pillow, so their tests run with
Scripts/scripts-python.sh's Python; `reference` needs numpy and `workloads` the peers
(Scripts/compare-peers.py installs them into a virtual environment under .build/)."""
