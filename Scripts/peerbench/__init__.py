"""Peer comparison for sheen-bench: the same workloads on cairo (pixman), OpenCV, Pillow and
skia-python, every output checked against one float64 reference, reported as tables, JSON and
bar charts. `report`, `chart` and `png` use the standard library only, so their tests run
anywhere; `reference` needs numpy and `workloads` the peers (Scripts/compare-peers.py installs
them into a virtual environment under .build/)."""
