"""Compositors surveyed by `sheen.survey`: each module has `composite(op, paint, destination,
mask)`, `coverage_rule(op)`, `OPERATORS` (what it implements), `NAME` and `VERSION`."""
