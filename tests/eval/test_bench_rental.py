"""The rental benchmarks are registered and measure what they say (figures checked for shape, not speed)."""

from __future__ import annotations

from eval.benches import BENCHES
from eval.runner import run_benches


def test_rental_benches_are_registered_and_report_p95() -> None:
    assert {"rental_search", "filter_listings"} <= set(BENCHES)
    figures = run_benches(["rental_search", "filter_listings"])
    assert figures["rental_search"]["returned"] > 0 and figures["rental_search"]["p95_ms"] > 0
    assert figures["filter_listings"]["listings"] == 1000
    assert 0 < figures["filter_listings"]["kept"] < 1000
