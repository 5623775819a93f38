"""Two office suites in one building for a size no single suite reaches."""

from __future__ import annotations

import pandas as pd

from agents.via.needs import parse_spec
from agents.via.suites import COMBINE, describe_pairs, suite_pairs


def _frame() -> pd.DataFrame:
    rows = [("U-1", "1 Main St", "A", "P2", 14_000, 80), ("U-2", "1 Main St", "B", "P2", 16_500, 86),
            ("U-3", "1 Main St", "C", "P9", 25_000, 120), ("U-4", "2 Side St", "D", "P3", 12_000, 90),
            ("U-5", "2 Side St", "E", "P4", 19_000, 94), ("U-6", "3 Lone Ave", "F", "P1", 29_000, 70)]
    return pd.DataFrame([{"unit_id": u, "address": a, "suite": s, "floor": f, "sqft": sq, "ppsf_year": p,
                          "rent": sq * p / 12, "kind": "office", "neighborhood": "Midtown South"}
                         for u, a, s, f, sq, p in rows])


def test_pairs_reach_the_size_within_the_rate_closest_first() -> None:
    spec = parse_spec("about 30,000 SF, two suites in the same building are fine, Manhattan, under $95/SF")
    assert COMBINE.search("can be two suites in the same building") and spec.kind == "office"
    pairs = suite_pairs(spec, _frame())
    assert [p["address"] for p in pairs] == ["1 Main St", "2 Side St"]  # 30,500 SF, then 31,000: closest first
    text = describe_pairs(pairs, 30_000)
    assert "Suite A (U-1, 14,000 SF, floor P2, $80/SF/yr)" in text and "(same floor)" in text
    assert "U-3" not in text and "3 Lone Ave" not in text  # over the rate; a single suite is no pair


def test_no_pair_is_said() -> None:
    spec = parse_spec("90,000 SF office, two suites in one building, under $95/SF")
    assert describe_pairs(suite_pairs(spec, _frame()), 90_000).startswith("No building we hold has two suites")


def test_streets_are_written_as_on_a_sign_and_a_run_of_them_as_a_range() -> None:
    from agents.via.vocab import place_title, places_title

    assert place_title("e 40th st") == "E 40th St" and place_title("w 23rd st") == "W 23rd St"
    run = ["e 40th st", "e 41st st", "e 42nd st", "e 43rd st", "e 44th st", "e 45th st", "e 46th st"]
    assert places_title(run) == "E 40th–46th St"
    assert places_title(["midtown", "w 23rd st"]) == "Midtown, W 23rd St"
    assert places_title(["e 40th st", "e 42nd st", "e 43rd st"]) == "E 40th St, E 42nd St, E 43rd St"  # not a run
