"""Questions about the units just shown, answered from their listing data (agents/via/unit_facts.py)."""

from __future__ import annotations

from typing import Any

from agents.via.unit_facts import facts_answer


def unit(uid: str, **row: Any) -> dict[str, Any]:
    base = {"address": f"Soho apartment (building {uid[-2:]})", "neighborhood": "Soho", "kind": "apartment",
            "rent": 3000.0, "sqft": 700.0, "bedrooms": 1.0, "bathrooms": 1.0, "floor": "3", "min_to_subway": 4.0,
            "building_age_yrs": 30.0, "amenities": [], "pet_friendly": None}
    return {"id": uid, "row_preview": {**base, **row}}


SHOWN = [unit("SE-11", rent=2500.0, floor="2"), unit("SE-22", bathrooms=0.0, floor="20"),
         unit("SE-33", rent=3100.0, amenities=["doorman"]), unit("SE-44", rent=3300.0, sqft=900.0)]


def test_a_unit_named_by_place_in_the_list_gets_its_own_facts_and_a_doubtful_value_is_said():
    said = facts_answer("the 2nd one says 0 bathrooms?? is that real", SHOWN)
    assert "SE-22" in said and "floor 20" in said and "SE-11" not in said
    assert "error in the listing data" in said


def test_first_and_last_are_compared_side_by_side_with_what_differs():
    said = facts_answer("compare the first and the last", SHOWN)
    assert "SE-11 vs SE-44" in said and "rent $2,500 vs $3,300" in said and "size 700 SF vs 900 SF" in said
    arabic = facts_answer("قارن لي بين الأولى والأخيرة", SHOWN)
    assert "SE-11 vs SE-44" in arabic


def test_two_ids_alike_but_for_amenities_are_flagged_as_one_listing_likely_incomplete():
    twins = [unit("SE-70", address="Soho apartment (building 9)"),
             unit("SE-71", address="Soho apartment (building 9)", amenities=["elevator", "patio"])]
    said = facts_answer("SE-70 and SE-71 same price same size whats the diff", twins)
    assert "only SE-71 lists elevator, patio" in said and "Same building, rent, size" in said
    assert "listed twice" in said


def test_a_unit_named_by_id_that_no_list_showed_is_looked_up():
    found = unit("SE-99", rent=4100.0)
    said = facts_answer("what about SE-99, what floor", SHOWN, lookup=lambda uid: found if uid == "SE-99" else None)
    assert "SE-99" in said and "$4,100/mo" in said


def test_what_the_listings_do_not_hold_is_said_not_guessed():
    said = facts_answer("can we move in jan 1?", SHOWN, focus="SE-33")
    assert said.startswith("The listings hold no move-in or availability dates") and "SE-33" in said
    far = facts_answer("how far is it from campus", SHOWN, focus="SE-11")
    assert "only the minutes to the nearest subway station" in far


def test_per_person_uses_the_people_the_conversation_stated():
    said = facts_answer("whats that per person for each", SHOWN, people=2)
    assert "SE-11: $2,500/mo, $1,250 each for 2" in said and said.count("each for 2") == 4


def test_nothing_named_nothing_asked_is_no_answer():
    assert facts_answer("hmm ok", SHOWN) is None
    assert facts_answer("the second one?", []) is None


def test_a_share_per_anyone_per_year_and_a_cost_over_a_term():
    said = facts_answer("what's each per attorney per year", SHOWN[:2], people=40)
    assert "SE-11: $2,500/mo, $750 each a year for 40" in said
    over = facts_answer("SE-11 vs SE-44, compare cost over a 12 month lease", SHOWN)
    assert "Over 12 months: SE-11 $30,000; SE-44 $39,600." in over


def test_an_address_asked_for_a_unit_by_its_bare_number_is_answered_once(inventory) -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from langgraph.checkpoint.memory import InMemorySaver

    from agents.graph import ask, build_graph
    from agents.route_model import load_route_model

    now = datetime(2026, 11, 27, 10, tzinfo=ZoneInfo("America/New_York"))
    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    shown = ask(graph, "1br fidi with doorman and gym, budget 5k", thread_id="a")["matches"]
    second = shown[1]["id"]
    number = second.split("-")[1]
    state = ask(graph, f"whats the address for {number}? want to look at it on street view", thread_id="a")
    assert state["route"]["node"] == "needs" and "Proposed tours" not in state["reply"]
    assert state["reply"].count(f"no street address for {second}") == 1
