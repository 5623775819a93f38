"""Follow-ups that ask arithmetic about the units they name are answered from those units, not searched again; office
requests naming several streets or a landmark keep every place (session 28, from set 15, #14)."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver

from agents.graph import ask, build_graph
from agents.route_model import load_route_model
from agents.via.figures import asks_figures, describe, people_said
from agents.via.needs import landmark_note, parse_spec

OFFICE = {"id": "U-1", "row_preview": {"address": "1 Main St, Suite 5", "kind": "office", "rent": 81368.0,
                                       "sqft": 11624.0, "ppsf_year": 84.0, "bedrooms": None}}
FLAT = {"id": "SE-1", "row_preview": {"address": "Bushwick apartment", "kind": "apartment", "rent": 3250.0,
                                      "sqft": 1000.0, "ppsf_year": None, "bedrooms": 4.0}}


def test_the_figures_asked_are_computed_from_the_listing():
    assert people_said(["3 of us need a 3 bed", "whats the per person"]) == 3
    assert people_said(["we're ~55 people, 10-12k sf", "ok"]) == 55
    assert asks_figures("is it enough for 55 ppl? and whats it per year")
    assert not asks_figures("does it have a doorman")
    office = describe([OFFICE], "is the 11.6k one enough for 55 ppl? and whats it per year", 55)
    assert "about 211 SF a person: workable" in office and "$976,416 a year" in office  # 84 x 11,624
    assert "3 years at that rent: $2,929,248" in describe([OFFICE], "total cost on a 3 yr deal", None)
    assert "$988,040 a year" in describe([OFFICE], "what if we got them down to $85/sf", None)
    flat = describe([FLAT], "the 4 bed one, split 3 ways? and per bedroom", 3)
    assert "about $1,083 each a month" in flat and "about $812 a bedroom" in flat
    assert describe([FLAT], "per person?", None) is None  # how many people is not known: nothing made up


def test_a_list_of_streets_and_named_streets_are_all_searched():
    fifties = parse_spec("80 ppl. want east 50s, 55th 54th or 52nd st. 12-16k sf, max $100/sf").location
    assert {"e 52nd st", "e 54th st", "e 55th st"} <= set(fifties) and not any(s.startswith("w ") for s in fifties)
    assert parse_spec("need 12-14k sf, ideally university pl, elizabeth st, bowery or mulberry").location == [
        "university pl", "elizabeth st", "bowery", "mulberry st"]
    assert parse_spec("2br near water, pearl st maybe").location == ["pearl st"]  # "near water" is no street


def test_a_landmark_is_read_by_the_kind_of_space_and_said_back():
    office = parse_spec("we're ~55 people, need 10-12k sf near bryant park. cant go over $95/sf")
    assert office.kind == "office" and {"w 38th st", "w 42nd st", "e 40th st"} <= set(office.location)
    assert "38th–43rd St" in landmark_note("near bryant park", office)
    flat = parse_spec("1br near union square under 4k")
    assert flat.location == ["flatiron"] and "Flatiron" in landmark_note("near union square", flat)


def _graph(inventory, now):
    return build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())


def test_a_suite_named_by_its_rounded_size_is_answered_then_toured_with_another(inventory, now):
    graph = _graph(inventory, now)
    first = ask(graph, "we're ~55 people, need something like 10-12k sf near bryant park. cant go over $95/sf",
                thread_id="b")
    assert "U-208" in first["reply"] and "Near Bryant Park" in first["reply"]
    sums = ask(graph, "is the 11.6k one enough for 55 ppl? and whats it per year", thread_id="b")
    assert sums["focus"] == "U-208" and "about 211 SF a person" in sums["reply"] and "$976,416 a year" in sums["reply"]
    assert sums.get("matches") == first["matches"]  # answered: the search is not run again
    plan = ask(graph, "set up tours for that one and the 42 w 38th one thursday, 2pm and 3pm", thread_id="b")["plan"]
    assert [(a["unit_id"], a["start"][11:16]) for a in plan["actions"]] == [("U-208", "14:00"), ("U-212", "15:00")]


def test_a_suite_at_an_address_not_shown_is_priced_at_the_rate_asked_and_toured(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "budget is 1.2M a year max, need 12-14k sf, ideally university pl, elizabeth st, bowery or mulberry",
        thread_id="u")
    sums = ask(graph, "what would 113 university cost if we got them down to $85/sf", thread_id="u")
    assert "(U-119)" in sums["reply"] and "$1,180,055 a year" in sums["reply"]  # 13,883 SF x $85
    tour = ask(graph, "ok book a tour there friday 4pm", thread_id="u")["plan"]["actions"]
    assert [a["unit_id"] for a in tour] == ["U-119"]


def test_office_ranges_margins_and_walking_limits_are_read_as_said():
    garment = parse_spec("we're ~40 ppl, need office in the garment district (w 36th to w 40th), max $95/sf, ideally "
                         "not over 12k sf")
    assert {"w 36th st", "w 38th st", "w 40th st"} <= set(garment.location) and garment.max_sqft == 12000
    assert garment.min_sqft is None and garment.budget_ppsf_year == 95
    law = parse_spec("law firm, 60 ppl, want about 15k sf give or take 1k, east 50s, under 120k a month")
    assert (law.min_sqft, law.max_sqft) == (14000, 16000) and law.budget_max == 120000
    assert "e 55th st" in law.location and "w 55th st" not in law.location
    both = parse_spec("flatiron area, anything on e/w 17th to 25th st, 15k to 18.5k sf")
    assert {"e 17th st", "w 25th st"} <= set(both.location)
    assert parse_spec("need 2 bedrooms between 3rd and 5th ave").location == ["5th ave"]  # avenues, not streets
    assert parse_spec("office 10k sf max $95/sf").min_sqft == 10000  # "max" is the rate's, not the size's
    assert parse_spec("2 bed 2 bath UES, elevator, 3 min or less to subway, six grand max").max_min_to_subway == 3
    assert "battery park city" in parse_spec("2br in tribeca or battery park, max 8k").location
