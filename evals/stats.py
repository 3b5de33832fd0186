"""The one percentile the evals and benchmarks report (nearest rank, as the figures in docs/ are)."""

from __future__ import annotations

from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """The value at quantile ``q`` (0..1) of ``values`` by nearest rank; ``values`` must not be empty."""
    if not values:
        raise ValueError("percentile of no values: measure at least one")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]
