"""Benchmark scripts: figures printed, never asserted (make bench, bench-load, bench-soak)."""
