"""Pure listing operations: bounds (a missing value never meets one), sorting with unknowns last, stats,
relaxations and the 2 km grouping of a viewing plan."""

from __future__ import annotations

import pytest

from scoring.listings import filter_rows, group_nearby, haversine_km, sort_rows, suggest_relaxations, summarize_rows

ROWS = [
    {"id": "a", "price": 2800.0, "bedrooms": 2.0, "bathrooms": 1.0, "sqft": 850.0, "address": "1 Main St",
     "house_category": "Apartment"},
    {"id": "b", "price": 2400.0, "bedrooms": 1.0, "bathrooms": 1.0, "address": "2 Oak Ave"},
    {"id": "c", "price": 3100.0, "bedrooms": 3.0, "bathrooms": 2.0, "sqft": 1100.0, "address": "3 Elm Rd",
     "house_category": "House"},
]


def test_bounds_are_inclusive_and_missing_values_fail_them() -> None:
    assert [r["id"] for r in filter_rows(ROWS, criteria={"rent_max": 2800})] == ["a", "b"]
    assert [r["id"] for r in filter_rows(ROWS, criteria={"min_sqft": 800})] == ["a", "c"]  # b states no size
    assert [r["id"] for r in filter_rows(ROWS, criteria={"max_bathrooms": 1, "min_bedrooms": 2})] == ["a"]
    assert filter_rows(ROWS, criteria={"rent_max": None}) == ROWS


def test_sorting_keeps_unknowns_last_either_way() -> None:
    assert [r["id"] for r in sort_rows(ROWS, key="price")] == ["b", "a", "c"]
    assert [r["id"] for r in sort_rows(ROWS, key="sqft", ascending=False)] == ["c", "a", "b"]
    assert [r["id"] for r in sort_rows(ROWS, key="sqft")] == ["a", "c", "b"]
    assert [r["id"] for r in sort_rows(ROWS, key="address", ascending=False)] == ["c", "b", "a"]


def test_summary_counts_and_ranges() -> None:
    stats = summarize_rows(ROWS)
    assert stats["count"] == 3
    assert stats["price"] == {"count": 3, "min": 2400.0, "median": 2800.0, "mean": 2766.67, "max": 3100.0}
    assert stats["bedrooms"] == {"1": 1, "2": 1, "3": 1}
    assert stats["sqft"]["count"] == 2 and stats["sqft"]["median"] == 975.0
    assert stats["house_category"] == {"Apartment": 1, "unknown": 1, "House": 1}
    assert summarize_rows([])["price"]["min"] is None


def test_relaxations_name_the_bound_and_what_it_lets_in() -> None:
    labels = suggest_relaxations(ROWS, criteria={"rent_max": 2000, "min_bedrooms": 2})
    assert labels == ["drop the maximum rent (2000) → 2 listings"]


def test_viewing_plan_groups_listings_within_2_km() -> None:
    assert haversine_km(49.28, -123.11, 49.28, -123.11) == 0
    assert haversine_km(49.2827, -123.1207, 49.2606, -123.2460) == pytest.approx(9.4, abs=0.3)
    points = [(49.2800, -123.1100), (49.2900, -123.1100), (49.2606, -123.2460), None, (49.2980, -123.1100)]
    # 0-1 are 1.1 km apart and 1-4 0.9 km: one outing (single link); 2 is 9 km away; 3 has no coordinates
    assert group_nearby(points) == [[0, 1, 4], [2], [3]]
