"""Benchmarks (not tests): `python -m tests.bench --help`. Figures go into docs/performance.md."""
