import json

import pytest
from pydantic import ValidationError

from contracts import ActionPlan, MatchItem, SearchSpec, TriageResult, json_schemas

UNDERCONSTRAINED = {
    "location": [],
    "min_sqft": None,
    "max_sqft": None,
    "budget_monthly_usd": None,
    "term_months": None,
    "must_haves": [],
    "nice_to_haves": [],
    "timeline": None,
    "use_case": None,
    "confidence": {"location": 0.0, "budget_monthly_usd.max": 0.0},
    "spec_status": "underconstrained",
}
MIDTOWN = {
    "location": ["midtown"],
    "min_sqft": 1500,
    "max_sqft": 2200,
    "budget_monthly_usd": {"max": 5000},
    "term_months": None,
    "must_haves": ["pet-friendly", "near transit"],
    "nice_to_haves": [],
    "timeline": "this Monday 6pm",
    "use_case": None,
    "confidence": {"location": 0.95, "budget_monthly_usd.max": 0.9, "min_sqft": 0.9},
    "spec_status": "ok",
}
MATCH = {
    "id": "U-1023",
    "score": 92,
    "reasons": ["Rent $4,950 within budget", "Neighborhood match", "1,500 SF fits"],
    "row_preview": {
        "address": "36 W 36th St",
        "neighborhood": "Midtown South",
        "sqft": 1500,
        "rent": 4950,
        "ppsf_year": 39.6,
        "floor": "E3",
        "suite": "300",
        "amenities": ["elevator"],
        "near_transit": True,
        "pet_friendly": True,
    },
}
PLAN = {
    "actions": [
        {
            "type": "tour",
            "unit_id": "U-1023",
            "address": "36 W 36th St, Suite 300",
            "start": "2025-09-15T18:00:00-04:00",
            "end": "2025-09-15T18:30:00-04:00",
            "required_docs": ["Photo ID", "Proof of income"],
        }
    ],
    "confirmation_prompt": "Book tour 1, or propose another time?",
}


@pytest.mark.parametrize(("model", "example"), [(SearchSpec, UNDERCONSTRAINED), (SearchSpec, MIDTOWN),
                                                (MatchItem, MATCH), (ActionPlan, PLAN)])
def test_specification_examples_round_trip_unchanged(model, example):
    parsed = model.model_validate_json(json.dumps(example))
    again = json.loads(parsed.model_dump_json(exclude_unset=True))
    if "must_haves" in example:  # amenity names come back as vocabulary keys ("pet-friendly" -> "pet_friendly")
        example = {**example, "must_haves": [m.replace("-", "_").replace(" ", "_") for m in example["must_haves"]]}
    assert again == example
    assert model.model_validate(again) == parsed


@pytest.mark.parametrize(
    ("model", "payload", "field"),
    [
        (MatchItem, {**MATCH, "score": 101}, "score"),
        (MatchItem, {**MATCH, "score": -1}, "score"),
        (SearchSpec, {**MIDTOWN, "spec_status": "maybe"}, "spec_status"),
        (SearchSpec, {**MIDTOWN, "confidence": {"location": 1.5}}, "confidence"),
        (SearchSpec, {**MIDTOWN, "min_sqft": -5}, "min_sqft"),
        (SearchSpec, {**MIDTOWN, "budget_monthly_usd": {"min": 10, "max": 5}}, "budget_monthly_usd"),
        (SearchSpec, {**MIDTOWN, "surprise": 1}, "surprise"),
        (ActionPlan, {**PLAN, "actions": [{**PLAN["actions"][0], "type": "call"}]}, "type"),
        (ActionPlan, {**PLAN, "actions": [{**PLAN["actions"][0], "start": "2025-09-15T18:00:00"}]}, "start"),
        (TriageResult, {"category": "fire", "priority": "P0", "vendor": "x", "eta_hours": 1,
                        "confirm_message": "x"}, "category"),
        (TriageResult, {"category": "hvac", "priority": "P9", "vendor": "x", "eta_hours": 1,
                        "confirm_message": "x"}, "priority"),
    ],
)
def test_invalid_payloads_are_rejected_naming_the_field(model, payload, field):
    with pytest.raises(ValidationError) as info:
        model.model_validate(payload)
    assert field in str(info.value)


def test_tour_end_must_follow_start():
    bad = {**PLAN["actions"][0], "end": "2025-09-15T17:00:00-04:00"}
    with pytest.raises(ValidationError, match="end must be after start"):
        ActionPlan.model_validate({**PLAN, "actions": [bad]})


def test_every_contract_exports_a_json_schema_with_descriptions():
    schemas = json_schemas()
    assert {"SearchSpec", "MatchItem", "ActionPlan", "LeaseAnswer", "TriageResult", "RenewalPackage"} <= set(schemas)
    spec = schemas["SearchSpec"]
    assert spec["properties"]["spec_status"]["enum"] == ["ok", "underconstrained"]
    assert all("description" in prop for name, prop in spec["properties"].items())
    assert schemas["MatchItem"]["properties"]["score"]["maximum"] == 100
