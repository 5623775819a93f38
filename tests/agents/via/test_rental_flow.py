"""The REALTOR.CA rental flow through the compiled graph (spec §7): a Canadian place picks the source, the stats
card, narrowing and sorting through filter_listings, confirm, viewing preference, approval labels mapped back to
ids, contact once per thread, holds in the city's time zone, simulated viewing requests and the 2 km plan."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from agents.graph import answer, ask, build_graph, open_checkpointer, pending_question
from agents.via.rental_node import LOOKS_GOOD, REFINE, day_slots, viewing_plan
from agents.via.rental_text import canadian_place, narrowing, viewing_preference
from data.sources.base import SourceUnavailable
from data.sources.realtor_ca import RealtorCaSource
from data.stores.holds import SqliteHoldStore

ROWS = [
    {"MLS": "R1", "Address": "1 Main St|Vancouver, British Columbia V6B1A1", "Bedrooms": "2", "Bathrooms": "1",
     "Size": "850 sqft", "Total Rent": "2800", "Latitude": "49.2800", "Longitude": "-123.1100",
     "House Category": "Apartment"},
    {"MLS": "R2", "Address": "2 Oak Ave|Vancouver, British Columbia V6B1A2", "Bedrooms": "2", "Bathrooms": "2",
     "Size": "100 m2", "Total Rent": "3100", "Latitude": "49.2900", "Longitude": "-123.1100",
     "House Category": "Apartment"},
    {"MLS": "R3", "Address": "3 Elm Rd|Vancouver, British Columbia V5K0A1", "Bedrooms": "2", "Bathrooms": "1",
     "Rent": "2100", "Latitude": "49.2606", "Longitude": "-123.2460", "House Category": "House"},
    {"MLS": "R4", "Address": "4 Pine St|Burnaby, British Columbia V5H0A1", "Bedrooms": "3", "Bathrooms": "2",
     "Total Rent": "4200", "House Category": "House"},
]
VANCOUVER = ZoneInfo("America/Vancouver")
NOW = datetime(2026, 11, 22, 10, 0, tzinfo=VANCOUVER)  # a Sunday


@pytest.fixture
def source(tmp_path: Path) -> RealtorCaSource:
    path = tmp_path / "rows.json"
    path.write_text(json.dumps(ROWS), encoding="utf-8")
    return RealtorCaSource(fixture=path)


@pytest.fixture
def graph(tmp_path: Path, source: RealtorCaSource) -> Any:
    return build_graph(checkpointer=open_checkpointer(tmp_path / "c.sqlite"), holds=SqliteHoldStore(tmp_path / "h.db"),
                       now=lambda: NOW, rentals=source)


def test_canadian_places_and_explicit_source_are_recognised() -> None:
    assert canadian_place("2 bed in Vancouver under $3,200").area == "Vancouver"  # type: ignore[union-attr]
    assert canadian_place("3 bed house in Toronto").tz == "America/Toronto"  # type: ignore[union-attr]
    assert canadian_place("rentals in Ontario").choices  # type: ignore[union-attr]
    assert canadian_place("2 bed on REALTOR.CA").explicit_source  # type: ignore[union-attr]
    assert canadian_place("2br in Williamsburg under $5k") is None
    # a Canadian city's name inside a New York neighbourhood's is the neighbourhood
    assert canadian_place("ok hamilton heights works. which ones are no fee") is None
    assert canadian_place("2br in hamilton under 2000").area == "Hamilton"  # type: ignore[union-attr]


def test_follow_ups_become_filter_listings_arguments() -> None:
    assert narrowing("only 1 bathroom") == ({"min_bathrooms": 1.0, "max_bathrooms": 1.0}, None, True)
    assert narrowing("cheapest first") == ({}, "price", True)
    assert narrowing("under $2.5k, most expensive first") == ({"rent_max": 2500.0}, "price", False)
    assert narrowing("thanks!") is None


def test_viewing_preference_reads_days_and_hours() -> None:
    pref = viewing_preference("weekday evenings 6–8pm")
    assert pref.days == (0, 1, 2, 3, 4) and pref.start == (18, 0) and pref.end == (20, 0)
    assert viewing_preference("Saturday 10am").days == (5,)
    monday = datetime(2026, 11, 23).date()
    minutes = [s.hour * 60 + s.minute for s in day_slots(pref, monday, tzinfo=VANCOUVER)]
    assert minutes == [1080, 1125, 1170]  # 18:00, 18:45, 19:30 (which ends at 20:00)
    assert day_slots(pref, datetime(2026, 11, 28).date(), tzinfo=VANCOUVER) == []  # a Saturday


def test_the_viewing_plan_groups_listings_within_2_km() -> None:
    listings = [{"id": "R1", "address": "1 Main St", "latitude": 49.28, "longitude": -123.11},
                {"id": "R3", "address": "3 Elm Rd", "latitude": 49.2606, "longitude": -123.246},
                {"id": "R2", "address": "2 Oak Ave", "latitude": 49.29, "longitude": -123.11}]
    actions, outings = viewing_plan(listings, viewing_preference("weekday evenings 6–8pm"), now=NOW)
    assert outings == [[0, 2], [1]]
    by_id = {a.unit_id: a for a in actions}
    assert by_id["R1"].start.date() == by_id["R2"].start.date() != by_id["R3"].start.date()
    assert all(a.start.weekday() < 5 and 18 <= a.start.hour < 20 and a.tz == "America/Vancouver" for a in actions)


def test_vancouver_search_presents_the_stats_card_and_narrows(tmp_path: Path, source: RealtorCaSource) -> None:
    graph = build_graph(rentals=source, checkpointer=open_checkpointer(tmp_path / "c.sqlite"))  # no holds: no pause
    state = ask(graph, "Looking for a 2 bed in Vancouver under $3,200")
    assert [x["id"] for x in state["rental"]["listings"]] == ["R1", "R2", "R3"]
    assert "- **Count:** 3 listings" in state["reply"]
    assert "- **Price:** $2,100–$3,100/month (median $2,800" in state["reply"]
    assert state["matches"] == [] and state["rental_view"]["stats"]["count"] == 3
    narrowed = ask(graph, "only 1 bathroom")
    assert [x["id"] for x in narrowed["rental"]["listings"]] == ["R1", "R3"]
    ordered = ask(graph, "cheapest first")
    assert [x["id"] for x in ordered["rental"]["listings"]] == ["R3", "R1"]
    assert "Sorted by price" in ordered["reply"]
    nothing = ask(graph, "under $1,000")
    assert [x["id"] for x in nothing["rental"]["listings"]] == ["R3", "R1"]  # unchanged, and said so
    assert "list is unchanged" in nothing["reply"]


def test_zero_results_offer_relaxations_and_search_again(source: RealtorCaSource, tmp_path: Path) -> None:
    graph = build_graph(rentals=source, checkpointer=open_checkpointer(tmp_path / "c.sqlite"))
    state = ask(graph, "Looking for a 2 bed in Vancouver under $1,000")
    assert state["rental"]["listings"] == [] and "To see some: drop the maximum rent" in state["reply"]
    higher = ask(graph, "under $2,900 then")
    assert [x["id"] for x in higher["rental"]["listings"]] == ["R1", "R3"]
    assert higher["rental"]["filters"]["rent_max"] == 2900 and higher["rental"]["filters"]["max_bedrooms"] == 2
    ask(graph, "Looking for a 2 bed in Vancouver under $1,000")
    dropped = ask(graph, "search again without the maximum rent")
    assert [x["id"] for x in dropped["rental"]["listings"]] == ["R1", "R2", "R3"]
    assert "rent_max" not in dropped["rental"]["filters"]


def test_a_backend_failure_is_said_not_an_empty_list_and_search_again_retries(tmp_path: Path) -> None:
    calls: list[str] = []

    class Flaky(RealtorCaSource):
        def search_json(self, filters: Any) -> dict[str, Any]:
            calls.append(filters.location)
            if len(calls) == 1:
                raise SourceUnavailable("connection refused")
            return {"listings": [], "total_count": 0}

    graph = build_graph(rentals=Flaky(), checkpointer=open_checkpointer(tmp_path / "c.sqlite"))
    state = ask(graph, "Looking for a 2 bed in Vancouver")
    assert "temporarily unavailable" in state["reply"] and state["rental_view"] is None
    again = ask(graph, "search again please")
    assert calls == ["Vancouver", "Vancouver"] and "No REALTOR.CA rentals match 2 bed in Vancouver" in again["reply"]


def test_the_whole_flow_from_search_to_simulated_viewings(graph: Any) -> None:
    ask(graph, "Looking for a 2 bed in Vancouver under $3,200", thread_id="t")
    assert pending_question(graph, thread_id="t")["options"] == [LOOKS_GOOD, REFINE]  # type: ignore[index]
    answer(graph, LOOKS_GOOD, thread_id="t")
    assert pending_question(graph, thread_id="t")["question"].startswith("When do you prefer")  # type: ignore[index]
    answer(graph, "weekday evenings 6–8pm", thread_id="t")
    approval = pending_question(graph, thread_id="t")
    assert approval is not None and approval["form"] == "multi_select"
    assert approval["options"][0] == "[1] 1 Main St — $2,800/month (id: R1)"
    answer(graph, [approval["options"][0], approval["options"][1]], thread_id="t")
    assert pending_question(graph, thread_id="t")["form"] == "contact"  # type: ignore[index]
    answer(graph, {"name": "Jane Doe", "email": "jane@example.com", "phone": "+1 604 555 0199"}, thread_id="t")
    verify = pending_question(graph, thread_id="t")
    assert verify is not None and "Jane Doe" in verify["question"]
    answer(graph, "Yes, hold these tours", thread_id="t")
    held = pending_question(graph, thread_id="t")
    assert held is not None and all(" — Mon 18:" in label for label in held["options"])  # one outing, Vancouver time
    final = answer(graph, [0, 1], thread_id="t")
    assert pending_question(graph, thread_id="t") is None
    reply = final["reply"]
    assert reply.count("Viewing request [simulated] for ") == 2 and "Contact: Jane Doe, jane@example.com" in reply
    assert "Outing 1, Monday Nov 23 (within 2 km of each other): 18:00 1 Main St; 18:45 2 Oak Ave" in reply
    assert [h["unit_id"] for h in final["holds"]] == ["R1", "R2"]
    assert all(h["status"] == "confirmed" and h["start"].endswith("-08:00") for h in final["holds"])

    # the same thread searches again: contact details are not asked a second time
    ask(graph, "Looking for a 2 bed in Vancouver under $3,200", thread_id="t")
    answer(graph, LOOKS_GOOD, thread_id="t")
    answer(graph, "weekends", thread_id="t")
    options = pending_question(graph, thread_id="t")["options"]  # type: ignore[index]
    answer(graph, [options[2]], thread_id="t")
    assert pending_question(graph, thread_id="t")["form"] == "single"  # type: ignore[index]  # verify, not contact


def test_an_empty_approval_requests_nothing(graph: Any) -> None:
    ask(graph, "Looking for a 2 bed in Vancouver under $3,200", thread_id="e")
    answer(graph, LOOKS_GOOD, thread_id="e")
    answer(graph, "weekday evenings", thread_id="e")
    state = answer(graph, [], thread_id="e")
    assert pending_question(graph, thread_id="e") is None
    assert state["reply"] == "No viewings requested." and state["holds"] == []


def test_a_province_asks_which_city(graph: Any) -> None:
    ask(graph, "Looking for a 3 bed in Ontario", thread_id="p")
    question = pending_question(graph, thread_id="p")
    assert question is not None and question["question"] == "Where in Ontario?" and "Toronto" in question["options"]


def test_an_nyc_search_after_a_canadian_one_still_uses_the_nyc_inventory(source: RealtorCaSource, inventory: Any,
                                                                         tmp_path: Path) -> None:
    graph = build_graph(rentals=source, inventory=inventory, checkpointer=open_checkpointer(tmp_path / "c.sqlite"))
    ask(graph, "Looking for a 2 bed in Vancouver under $3,200")
    state = ask(graph, "2br in Williamsburg under $5k")
    assert state["matches"] and state.get("rental_view") is None


def test_an_nyc_search_after_a_canadian_one_with_no_results_is_not_a_re_search(source: RealtorCaSource,
                                                                               inventory: Any, tmp_path: Path) -> None:
    graph = build_graph(rentals=source, inventory=inventory, checkpointer=open_checkpointer(tmp_path / "c.sqlite"))
    ask(graph, "Looking for a 2 bed in Vancouver under $1,000")
    state = ask(graph, "2br in Williamsburg under $5k")
    assert state["matches"] and state.get("rental_view") is None


def test_for_sale_items_of_the_recorded_sample_are_shown_as_for_sale_not_as_rentals(tmp_path: Path) -> None:
    """The shipped sample holds for-sale listings: a rent budget is said not to apply, asking prices are shown (in
    the reply, the stats and the approval labels), "cheapest" orders by asking price, a home listed twice is said."""
    graph = build_graph(rentals=RealtorCaSource(), checkpointer=open_checkpointer(tmp_path / "c.sqlite"))
    state = ask(graph, "looking for a 3 bedroom house to rent in hamilton, max 2500 a month")
    listings = state["rental"]["listings"]
    assert len(listings) > 5 and all(x["asking_price"] > 100_000 for x in listings)  # the budget was not applied
    reply = state["reply"]
    assert "for sale" in reply and "not for rent" in reply
    assert "rent budget (up to $2,500/month) was not applied" in reply
    assert "/month" not in reply.split("was not applied.")[1]  # no rent is shown for any listing
    assert "**Asking price (for sale):**" in reply and "listed twice" in reply
    cheapest = ask(graph, "what's the cheapest one?")["rental"]["listings"]
    asks = [x["asking_price"] for x in cheapest]
    assert asks == sorted(asks)
    from agents.via.rental import approval_label

    assert "asking (for sale)" in approval_label(1, cheapest[0])


def test_a_viewing_asked_in_words_is_planned_for_the_listing_named(graph: Any) -> None:
    """After the list, "can I see 2 Oak Ave Tuesday evening?" skips the three questions: contact, verify, then the
    hold on Tuesday evening for R2 only; typed contact details are kept for the thread and never a repair."""
    ask(graph, "Looking for a 2 bed in Vancouver under $3,200", thread_id="v")
    typed = ask(graph, "my name is Dana Lee, dana@example.com", thread_id="v")
    assert typed["route"]["node"] == "clarify" and typed["contact"]["email"] == "dana@example.com"
    assert "Dana Lee" in typed["reply"] and "P0" not in typed["reply"]
    ask(graph, "can i go see 2 oak ave tuesday evening?", thread_id="v")
    verify = pending_question(graph, thread_id="v")  # the contact typed above is used: verify comes next
    assert verify is not None and "Dana Lee" in verify["question"] and "2 Oak Ave" in verify["question"]
    answer(graph, "Yes, hold these tours", thread_id="v")
    held = pending_question(graph, thread_id="v")
    assert held is not None and len(held["options"]) == 1 and " — Tue 18:" in held["options"][0]
    final = answer(graph, [0], thread_id="v")
    assert [h["unit_id"] for h in final["holds"]] == ["R2"] and "Viewing request [simulated]" in final["reply"]


@pytest.mark.parametrize("text, expected", [
    ("can I see R3 on saturday", ["R3"]),
    ("book a viewing at 1 main st", ["R1"]),
    ("i'd like to visit the second one", ["R2"]),
    ("book a viewing of the cheapest one sunday morning", ["R3"]),
    ("can we see the most expensive one", ["R4"]),
    ("show me more please", []),
])
def test_viewing_pick_names_a_listing_by_id_address_place_or_price(text: str, expected: list[str]) -> None:
    from agents.via.rental_text import viewing_pick
    from data.sources.realtor_ca import map_rows

    listings = [x.model_dump(exclude_none=True) for x in map_rows(ROWS)[0]]
    assert viewing_pick(text, listings) == expected


def test_contact_details_typed_in_a_message_are_read_and_a_request_is_not() -> None:
    from agents.via.contact import contact_in_text

    assert contact_in_text("Dana Lee, dana@example.com, 416-555-0199") == {
        "name": "Dana Lee", "email": "dana@example.com", "phone": "416-555-0199"}
    assert contact_in_text("me llamo Ana Ruiz, ana@correo.es")["name"] == "Ana Ruiz"  # type: ignore[index]
    assert contact_in_text("can you email the lease to bob@x.com and tell me about the deposit?") is None
    assert contact_in_text("the sink in 4B is leaking again") is None


def test_for_sale_listings_are_narrowed_by_asking_price_and_kind_of_home() -> None:
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), router=load_route_model())  # the bundled recorded sample
    ask(graph, "looking for a 2 bedroom for rent in toronto, under 2500/month", thread_id="t")
    state = ask(graph, "ugh ok, show me townhouses for sale under 500k then", thread_id="t")
    listings = state["rental"]["listings"]
    assert state["route"]["node"] == "needs" and listings
    assert all(x["house_category"] == "Row / Townhouse" and x["asking_price"] <= 500_000 for x in listings)
    assert "With an asking price up to $500,000 and Row / Townhouse only" in state["reply"]


def test_every_ontario_city_of_the_recorded_sample_is_searched_there_not_in_toronto() -> None:
    for city in ("Guelph", "Burlington", "Oakville", "Richmond Hill", "Vaughan", "Whitby"):
        assert canadian_place(f"moving to {city.lower()} ontario, need a 3 bed").area == city  # type: ignore[union-attr]


def test_a_listing_named_by_a_short_street_name_and_a_price_said_in_words() -> None:
    from agents.via.rental_node import sale_wishes
    from agents.via.rental_text import viewing_pick

    listings = [{"id": "A1", "address": "38 Oak Street, Guelph", "price": 489800},
                {"id": "A2", "address": "29 Darnell Road, Guelph", "price": 439900}]
    assert viewing_pick("ok request a viewing for the oak st one, saturday afternoon", listings) == ["A1"]
    assert sale_wishes("whats for sale there under half a mil w 3 bedrooms") == (500000.0, None)
    assert sale_wishes("to buy, under 1.2 mil") == (1200000.0, None)


def test_a_narrowing_that_empties_the_list_searches_the_place_again(tmp_path: Path) -> None:
    rows = [*ROWS, {"MLS": "R5", "Address": "5 Fir St|Vancouver, British Columbia V6B1A5", "Bedrooms": "3",
                    "Bathrooms": "2", "Total Rent": "3900", "House Category": "House"}]
    path = tmp_path / "rows5.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    graph = build_graph(checkpointer=open_checkpointer(tmp_path / "c5.sqlite"), now=lambda: NOW,
                        holds=SqliteHoldStore(tmp_path / "h5.db"), rentals=RealtorCaSource(fixture=path))
    shown = ask(graph, "2 bed in Vancouver, max 2 bedrooms", thread_id="w")
    assert {x["id"] for x in shown["rental"]["listings"]} == {"R1", "R2", "R3"}
    wider = ask(graph, "what about 3 bedrooms?", thread_id="w")
    assert [x["id"] for x in wider["rental"]["listings"]] == ["R5"] and "None of the" not in wider["reply"]
    nothing = ask(graph, "under $1,000", thread_id="w")  # nowhere in the place: the list stays, and it is said
    assert [x["id"] for x in nothing["rental"]["listings"]] == ["R5"] and "None of the" in nothing["reply"]


def test_the_city_searched_is_not_the_one_the_person_comes_from() -> None:
    from agents.via.rental_text import canadian_place

    said = "Hi from Mississauga, starting at McMaster in January, need to rent a 3 bedroom house in Hamilton"
    assert canadian_place(said).area == "Hamilton"  # type: ignore[union-attr]
    assert canadian_place("moving from vancouver to calgary, need a 1br").area == "Calgary"  # type: ignore[union-attr]
    assert canadian_place("condos in hamilton heights") is None


def test_a_listing_named_by_its_mls_number_is_looked_up_and_said_to_be_for_sale(tmp_path: Path) -> None:
    graph = build_graph(rentals=RealtorCaSource(), checkpointer=open_checkpointer(tmp_path / "c.sqlite"))
    state = ask(graph, "my coworker sent me MLS E4067943, 62 tourmaline dr. is that one for rent?")
    assert "**MLS E4067943**" in state["reply"] and "Tourmaline".upper() in state["reply"]
    assert "for sale**, asking $638,888" in state["reply"] and "not a rental" in state["reply"]
    assert not state.get("matches")  # no New York unit
    unknown = ask(graph, "what about mls# Z1234567?")
    assert "MLS Z1234567 is not among the REALTOR.CA listings I hold" in unknown["reply"]


def test_a_follow_up_naming_no_place_goes_on_with_the_canadian_search(source: RealtorCaSource, inventory: Any,
                                                                     tmp_path: Path) -> None:
    """'2600 CAD yes. also i need parking' after a Vancouver search is not a New York search; parking, a field the
    records lack, is read from the listings' words; a tour asked after a search that found nothing books no NYC
    unit."""
    rows = [{**ROWS[0], "Description": "Bright unit with underground parking"}, ROWS[1], ROWS[2]]
    path = tmp_path / "rows.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    graph = build_graph(rentals=RealtorCaSource(fixture=path), inventory=inventory,
                        checkpointer=open_checkpointer(tmp_path / "c.sqlite"))
    ask(graph, "Looking for a 2 bed in Vancouver under $3,200")
    parked = ask(graph, "2600 CAD is fine. also i have a car so i need parking")
    assert not parked.get("matches") and [x["id"] for x in parked["rental"]["listings"]] == ["R1"]
    assert "state no parking count" in parked["reply"]
    kept = ask(graph, "also i need a dishwasher in the unit")
    assert not kept.get("matches") and "list is unchanged" in kept["reply"]
    ask(graph, "Looking for a 2 bed in Vancouver under $1,000")
    typical = ask(graph, "honestly is $1,000 a month even realistic for an apartment there?")
    assert not typical.get("matches") and "found no listings, so I have no rents or prices" in typical["reply"]
    state = ask(graph, "fine, set up a viewing for the cheapest rental you found, saturday 1pm")
    assert not (state.get("plan") or {}).get("actions") and "found no listings" in state["reply"]
