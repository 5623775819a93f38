import numpy as np
import pandas as pd
import pytest

from contracts import SearchSpec
from data.sources.nyc import build_frame
from scoring.match import DEFAULT_WEIGHTS, Weights, rank, score_loop, score_units
from scoring.relax import evaluate_policies, suggest_relaxations
from scoring.units import UnitArrays


def frame(rows):
    base = {"kind": "apartment", "address": "", "neighborhood": "Williamsburg", "submarket": "North Brooklyn",
            "borough": "Brooklyn", "rent": 3000.0, "sqft": 800.0, "bedrooms": 2.0, "bathrooms": 1.0,
            "min_to_subway": 3.0}
    return build_frame([{**base, **row} for row in rows])


UNITS = frame([
    {"unit_id": "A", "dishwasher": True, "roofdeck": True},
    {"unit_id": "B", "dishwasher": True},
    {"unit_id": "C", "bedrooms": 0.0, "dishwasher": True, "roofdeck": True, "rent": 2000.0},
    {"unit_id": "D", "rent": 5200.0, "dishwasher": True, "roofdeck": True},
    {"unit_id": "E", "neighborhood": "Astoria", "submarket": "Northwest Queens", "borough": "Queens",
     "dishwasher": True, "roofdeck": True},
    {"unit_id": "F", "kind": "office", "address": "36 W 36th St", "neighborhood": "Midtown South",
     "submarket": "All Midtown", "borough": "Manhattan", "bedrooms": np.nan, "sqft": 2000.0, "rent": 9000.0},
])
SPEC = SearchSpec(location=["williamsburg"], budget_monthly_usd={"max": 5000}, min_bedrooms=2, max_bedrooms=2,
                  must_haves=["dishwasher"], nice_to_haves=["roofdeck"], kind="apartment")


def test_two_bedroom_request_ranks_full_matches_first_and_never_a_studio_first():
    units = UnitArrays.from_frame(UNITS)
    order = [units.ids[i] for i in rank(units=units, spec=SPEC, top_n=6)]
    assert order[:2] == ["A", "B"]  # A has the nice-to-have too
    assert order.index("C") > 1  # the cheaper studio does not outrank 2br matches
    scored = score_units(units=units, spec=SPEC)
    assert scored.score[0] == pytest.approx(100.0)
    assert scored.score.min() >= 0 and scored.score.max() <= 100
    assert scored.full_match.tolist() == [True, True, False, False, False, False]


def test_vectorized_scores_equal_the_per_row_loop():
    units = UnitArrays.from_frame(UNITS)
    spec = SearchSpec(location=["williamsburg", "midtown"], min_sqft=700, max_sqft=1000,
                      budget_monthly_usd={"max": 5000}, must_haves=["dishwasher", "near_transit", "pet_friendly"],
                      nice_to_haves=["roofdeck"], min_bedrooms=1, min_bathrooms=1, kind="apartment")
    vector = score_units(units=units, spec=spec).score
    loop = score_loop(rows=UNITS.to_dict("records"), spec=spec)
    assert np.allclose(vector, loop)


def test_weights_are_configurable_and_zero_removes_a_term():
    units = UnitArrays.from_frame(UNITS)
    no_price = score_units(units=units, spec=SPEC, weights=Weights(w_price=0))
    assert "price" not in no_price.terms
    assert no_price.score[3] > score_units(units=units, spec=SPEC).score[3]  # D is over budget
    assert DEFAULT_WEIGHTS.as_dict()["w_price"] == 22


def test_unknown_values_never_count_as_a_fit():
    units = UnitArrays.from_frame(frame([{"unit_id": "X", "sqft": np.nan}]))
    assert score_units(units=units, spec=SearchSpec(min_sqft=500)).score[0] == 0


def test_relaxations_name_the_change_and_the_units_it_adds():
    units = UnitArrays.from_frame(UNITS)
    tight = SearchSpec.model_validate({**SPEC.model_dump(), "budget_monthly_usd": {"max": 2900}})
    relaxations = suggest_relaxations(units=units, spec=tight)
    assert relaxations and relaxations[0].kind == "budget" and relaxations[0].added_units == 2
    assert "raise budget 10%" in relaxations[0].label and "+2 units" in relaxations[0].label
    assert relaxations[0].spec_patch["budget_monthly_usd"]["max"] == pytest.approx(3190)
    kinds = {r.kind for r in evaluate_policies(units=units, spec=tight)}
    assert {"budget", "location", "bedrooms", "must_haves"} <= kinds


def test_location_mask_matches_substrings_of_neighborhood_submarket_borough_address():
    units = UnitArrays.from_frame(UNITS)
    assert units.location_mask(["midtown"]).tolist() == [False] * 5 + [True]
    assert units.location_mask(["brooklyn"]).sum() == 4
    assert units.location_mask(["w 36th st"]).tolist()[-1]
    assert units.location_mask([]).all()


def test_frame_builder_sets_flags_and_transit():
    built = frame([{"unit_id": "T", "min_to_subway": 5.0}, {"unit_id": "U", "min_to_subway": 6.0}])
    assert built["near_transit"].tolist() == [True, False]
    assert isinstance(built, pd.DataFrame) and built["doorman"].dtype == bool


def test_a_unit_missing_a_stated_must_have_is_never_scored_as_nearly_met():
    units = UnitArrays.from_frame(frame([
        {"unit_id": "all", "dishwasher": True, "doorman": True},
        {"unit_id": "one-missing", "dishwasher": True},
    ]))
    spec = SearchSpec(location=["williamsburg"], budget_monthly_usd={"max": 5000}, min_bedrooms=2, max_bedrooms=2,
                      must_haves=["dishwasher", "doorman"], kind="apartment")
    scored = score_units(units=units, spec=spec)
    assert scored.score[0] == pytest.approx(100.0) and scored.score[1] < 80
    loop = score_loop(rows=frame([{"unit_id": "x", "dishwasher": True}]).to_dict("records"), spec=spec)
    assert loop[0] == pytest.approx(scored.score[1])  # the reference loop applies the same rule


def test_ties_go_to_the_lower_price_under_a_cap_and_to_the_middle_of_a_stated_range():
    units = UnitArrays.from_frame(frame([
        {"unit_id": "dear", "rent": 4900.0}, {"unit_id": "cheap", "rent": 3100.0}, {"unit_id": "mid", "rent": 4000.0},
    ]))
    capped = SearchSpec(location=["williamsburg"], budget_monthly_usd={"max": 5000})
    assert [units.ids[i] for i in rank(units=units, spec=capped, top_n=3)] == ["cheap", "mid", "dear"]
    ranged = SearchSpec(location=["williamsburg"], budget_monthly_usd={"min": 3500, "max": 4500})
    assert units.ids[rank(units=units, spec=ranged, top_n=3)[0]] == "mid"
