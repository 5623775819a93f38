"""Follow-ups that point at a unit ("the 725 sq ft one", "the 1202", "that one ... and the 1202 one") or ask about the
units shown, read against the conversation (session 27, from set 14's failure classes, #14)."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver

from agents.graph import ask, build_graph
from agents.route_model import load_route_model
from agents.via.needs import parse_spec
from agents.via.tour_close import _clock
from scoring.match import rank, score_units
from scoring.units import UnitArrays


def _graph(inventory, now):
    return build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())


def test_near_misses_stay_in_the_asked_area(inventory):
    # no Brooklyn 2br under 3500 has both appliances and a 5-minute walk: the closest ones are still in Brooklyn
    spec = parse_spec("brooklyn 2 bed under 3500, need dishwasher and washer dryer and near the train")
    units = UnitArrays.from_frame(inventory.frame)
    top = rank(units=units, spec=spec, top_n=5)
    scored = score_units(units=units, spec=spec)
    assert not scored.full_match.any()
    assert all(units.location_mask(spec.location)[top])


def test_a_unit_of_the_list_before_is_answered_not_searched(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "no fee 1br midtown east, need elevator + gym in building, up to 3500", thread_id="a")
    ask(graph, "anything closer to the subway?", thread_id="a")
    state = ask(graph, "the 725 sq ft one, what floor and does it have a dishwasher", thread_id="a")
    assert "(SE-8515)" in state["reply"] and "floor 18" in state["reply"] and "No dishwasher" in state["reply"]
    assert state["spec"].get("min_sqft") is None  # the size points at the unit: it is not a new filter


def test_highest_floor_and_address_questions_are_answered_from_the_results(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "fidi 1br doorman gym in-unit laundry under 4k", thread_id="f")
    where = ask(graph, "whats the exact address of the no fee 3225 one? want to walk by", thread_id="f")["reply"]
    assert "no street address for SE-10805" in where
    high = ask(graph, "fine, highest floor option then?", thread_id="f")
    assert "(SE-260) is on the highest floor (floor 37)" in high["reply"] and high["focus"] == "SE-260"


def test_a_unit_pointed_at_is_not_a_bedroom_filter(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "park slope 3 bedroom, 2 baths, under 5k. we have 2 kids", thread_id="p")
    state = ask(graph, "the 4 bed one is kinda small. show me the cheaper ones", thread_id="p")
    assert state["spec"]["min_bedrooms"] == 3 and state["spec"]["budget_monthly_usd"]["max"] < 4750
    assert {"SE-8380", "SE-9883"} <= {m["id"] for m in state["matches"][:3]}


def test_a_time_after_a_weekday_is_a_clock_time():
    assert _clock("sunday 12 for the other one") == (12, 0)
    assert _clock("friday 5:30pm") == (17, 30)
    assert _clock("fri 11/27") is None


def test_a_building_address_searches_that_building_only():
    assert parse_spec("anything at 345 seventh avenue between 10k and 12k sf?").location == ["345 seventh ave"]
    assert parse_spec("500 seventh ave office 5k sf").location == ["seventh ave"]  # no such building: the avenue
    below = parse_spec("office below 14th st, 15k sf").location
    assert "financial district" in below and "chelsea" not in below


def test_suites_picked_by_rate_toured_by_reference_and_cancelled_by_number(inventory, now):
    graph = _graph(inventory, now)
    first = ask(graph, "anything at 345 seventh avenue between 10k and 12k sf?", thread_id="o")
    assert {m["row_preview"]["address"].split(",")[0] for m in first["matches"]} == {"345 Seventh Avenue"}
    cheapest = ask(graph, "which is cheapest per sf", thread_id="o")
    assert "(U-37) is the lowest rate ($84.00/SF/yr)" in cheapest["reply"]
    booked = ask(graph, "book that one tuesday 10am, and the 1202 one right after", thread_id="o")
    actions = booked["plan"]["actions"]
    assert [a["unit_id"] for a in actions] == ["U-37", "U-38"] and "T10:00" in actions[0]["start"]
    kept = ask(graph, "cancel the 1202", thread_id="o")
    assert [a["unit_id"] for a in kept["plan"]["actions"]] == ["U-37"]
    assert kept["spec"]["budget_monthly_usd"] is None  # "1202" is the suite, not a budget


def test_a_unit_named_by_place_and_rent_beyond_the_lists_and_the_cheapest_in_a_building(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "1br in the east village with outdoor space (patio/terrace) max 3800", thread_id="l")
    ask(graph, "what about west village", thread_id="l")
    les = ask(graph, "tell me more about the LES one for 2195, seems cheap", thread_id="l")
    assert les["reply"].startswith("Lower East Side apartment (building 27108379) (SE-9730)") and "patio" in les[
        "reply"]
    assert les["spec"]["budget_monthly_usd"]["max"] == 3800  # the rent points at the unit: the budget stays
    office = _graph(inventory, now)
    ask(office, "hm. what's available at 9 times sq under 10k sf?", thread_id="b")
    best = ask(office, "whats the cheapest per sf in that building tho", thread_id="b")
    assert best["reply"].startswith("9 Times Sq, Suite 2101 (U-70") and "lowest rate ($81.00/SF/yr)" in best["reply"]
    assert best["focus"] == "U-70"


def test_two_units_compared_then_the_cheaper_toured_and_moved_to_the_day_after(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "east village, roof deck is a must, max 3500, 1 or 2 br", thread_id="c")
    compared = ask(graph, "is the 3675 one worth it vs the 3200 one? compare", thread_id="c")
    assert compared["route"]["node"] == "needs"
    assert "(SE-4704)" in compared["reply"] and "(SE-7332)" in compared["reply"]
    assert "SE-4704 costs $475 a month more" in compared["reply"]
    booked = ask(graph, "ok going with the cheaper, book wed 7pm", thread_id="c")
    assert [a["unit_id"] for a in booked["plan"]["actions"]] == ["SE-7332"]
    wednesday = booked["plan"]["actions"][0]["start"]
    moved = ask(graph, "actually can u move it to thursday same time", thread_id="c")["plan"]["actions"][0]["start"]
    assert moved[:10] > wednesday[:10] and moved[11:16] == "19:00"  # the Thursday after, not the one before


def test_a_dropped_walk_then_both_amenities_and_the_cheaper_one_among_the_full_matches(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "brooklyn, 2 bed, under 3500", thread_id="d")
    ask(graph, "need dishwasher and washer dryer and near the train", thread_id="d")
    both = ask(graph, "ok forget the train thing, which ones have both the dishwasher and washer dryer", thread_id="d")
    assert "near_transit" not in both["spec"]["must_haves"]
    assert "With dishwasher and washer/dryer: #1 SE-1816, #2 SE-4542 (the full matches)" in both["reply"]
    booked = ask(graph, "book the cheaper one, friday after 6", thread_id="d")
    assert [a["unit_id"] for a in booked["plan"]["actions"]] == ["SE-1816"]


def test_a_no_then_the_search_it_asks_for_and_a_floor_named_at_an_address(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "studio on the upper east side under 2500", thread_id="u")
    ask(graph, "ok whatever, which of those is biggest", thread_id="u")
    doorman = ask(graph, "does it have a doorman? if not show me doorman ones, same budget", thread_id="u")
    assert doorman["reply"].startswith("No: #") and "doorman" in doorman["spec"]["must_haves"]
    assert all("doorman" in m["row_preview"]["amenities"] for m in doorman["matches"][:3])
    office = _graph(inventory, now)
    ask(office, "looking on fifth ave, around 12-14k sf, our budget is 1.2M a year", thread_id="f")
    fourth = ask(office, "what does the 255 fifth ave space on the 4th floor cost per year and per sf", thread_id="f")
    assert "(U-190)" in fourth["reply"] and "(U-189)" not in fourth["reply"] and "$87.00/SF/yr" in fourth["reply"]


def test_a_gap_names_the_cheapest_suite_and_a_curious_rate_question_looks_at_all_we_list(inventory, now):
    graph = _graph(inventory, now)
    first = ask(graph, "startup, 8 people, need like 2000 sq ft in manhattan, budget 10k/month", thread_id="s")
    # the cheapest office floor, not the ground-floor storefront (111 W 24th St, Suite RETL is retail)
    assert "Our least expensive office suite in Manhattan is 53 Pearl St, Suite 200 (U-196" in first["reply"]
    rate = ask(graph, "what's the cheapest per square foot then, just curious", thread_id="s")["reply"]
    assert "Of all 225 office suites we list" in rate and "($80.00/SF/yr)" in rate


def test_instead_of_a_place_replaces_it_and_the_cheapest_with_a_gym_is_found_further_down(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "busco estudio en long island city con gimnasio en el edificio, hasta 2800", thread_id="e")
    moved = ask(graph, "y si en vez de LIC miro en Astoria?", thread_id="e")
    assert moved["spec"]["location"] == ["astoria"]
    other = _graph(inventory, now)
    ask(other, "1 bed in astoria w/ doorman, under 2500. close to subway pls", thread_id="g")
    gym = ask(other, "the cheapest one that has a gym - how far from the train and how big", thread_id="g")
    assert "None of those lists a gym." in gym["reply"] and gym["reply"].index("(SE-4973)") < gym["reply"].index(
        "(SE-2132)")
    assert gym["focus"] == "SE-4973"


def test_two_questions_about_the_results_are_both_answered_and_a_shared_rent_is_the_total(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "hey looking for a 2br in astoria, under 2500, want max like 5 min walk to the train", thread_id="q")
    both = ask(graph, "which one's the biggest? and do any of them have a dishwasher", thread_id="q")["reply"]
    assert "(SE-9642) is the largest (1,000 SF)" in both and "None of those lists a dishwasher." in both
    lic = _graph(inventory, now)
    ask(lic, "any 1 bedrooms in LIC, needs gym + doorman, under 3800", thread_id="l")
    same = ask(lic, "3 of those look like the same building? and is there one thats no fee AND has w/d",
               thread_id="l")["reply"]
    assert same.startswith("Yes. Same building (building 30171847)")
    assert "None of those lists no fee and washer/dryer together." in same
    shared = _graph(inventory, now)
    split = ask(shared, "3 of us looking for a 3br in bushwick or bed stuy, each of us can do max 1400", thread_id="s")
    assert split["spec"]["budget_monthly_usd"]["max"] == 4200 and "3 people at $1,400 each" in split["reply"]
    broke = ask(shared, "we def need 2 bathrooms. and no fee pls we're broke lol", thread_id="s")
    assert broke["route"]["node"] == "needs" and "no_fee" in broke["spec"]["must_haves"]


def test_that_one_and_a_unit_id_tours_both(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "need a 1 bed on the upper east side in a doorman bldg, 3k max, elevator too", thread_id="b")
    closest = ask(graph, "which is closest to a train", thread_id="b")
    other = next(m["id"] for m in closest["matches"] if m["id"] != closest["focus"])
    booked = ask(graph, f"book that one and {other} for monday after work, like 6:30 and 7", thread_id="b")
    assert [a["unit_id"] for a in booked["plan"]["actions"]] == [closest["focus"], other]


def test_the_two_at_a_rent_are_compared_and_those_two_named_last_are_toured(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "2 bed 2 bath in williamsburg with washer/dryer under 5k", thread_id="w")
    compared = ask(graph, "compare the two at 4995", thread_id="w")
    assert compared["route"]["node"] == "needs" and compared["spec"]["budget_monthly_usd"]["max"] == 5000
    assert "(SE-726)" in compared["reply"] and "(SE-8844)" in compared["reply"]
    booked = ask(graph, "book those two back to back next tues afternoon", thread_id="w")
    assert {a["unit_id"] for a in booked["plan"]["actions"]} == {"SE-726", "SE-8844"}


def test_a_managers_minimum_increase_is_the_floor_of_the_package():
    from agents.doma.renewal import policy_for
    from agents.doma.renewal_parse import parse_renewal_request

    said = parse_renewal_request("policy: renewals max +7%, anything under +3% needs owner sign-off")
    assert said.approval_below_pct == 3.0 and said.cap_pct == 7.0
    policy = policy_for(said)  # the offers start where no sign-off is needed
    assert (policy.min_increase_pct, policy.max_increase_pct) == (3.0, 7.0)


def test_a_good_deal_question_a_spanish_closest_and_dropping_a_dishwasher_keeps_the_washer(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "1br in nolita or soho with a doorman and w/d under 4500", thread_id="n")
    deal = ask(graph, "ok forget the w/d. is 3695 for the nolita one a good deal for the area?", thread_id="n")
    assert deal["reply"].startswith("SE-5827 at $3,695/mo is") and "median" in deal["reply"]
    assert deal["spec"]["budget_monthly_usd"]["max"] == 4500
    spanish = _graph(inventory, now)
    ask(spanish, "hola! busco un estudio o de 1 habitación en Astoria o Long Island City, máximo 2,200 al mes y sin "
                 "comisión de broker", thread_id="s")
    closest = ask(spanish, "¿cuál está más cerca del metro?", thread_id="s")["reply"]
    assert closest.startswith("De esos,") and "más cercano al metro" in closest
    both = _graph(inventory, now)
    ask(both, "2br in astoria under 3000 with washer dryer and dishwasher", thread_id="d")
    dropped = ask(both, "no dishwasher needed", thread_id="d")
    assert "washer_dryer" in dropped["spec"]["must_haves"] and "dishwasher" not in dropped["spec"]["must_haves"]


def test_minutes_and_meridiem_after_at_are_read_whole():
    """"at 6:30pm" is 18:30, not 6 o'clock with the rest dropped."""
    assert _clock("book the bigger one monday at 6:30pm") == (18, 30)
    assert _clock("at 10:30am") == (10, 30)
    assert _clock("at 6pm") == (18, 0)
    assert _clock("sat at 11") == (11, 0)


def test_the_n_min_one_is_the_shown_unit_that_close_to_the_subway() -> None:
    from agents.via.refine import unit_named

    shown = [{"id": "SE-1", "score": 100, "row_preview": {"min_to_subway": 2.0, "rent": 1900, "amenities": []}},
             {"id": "SE-2", "score": 100, "row_preview": {"min_to_subway": 1.0, "rent": 2000, "amenities": []}},
             {"id": "SE-3", "score": 100, "row_preview": {"min_to_subway": 2.0, "rent": 2100, "amenities": []}}]
    assert unit_named("fine book the 1 min one saturday 11am", shown)["id"] == "SE-2"  # type: ignore[index]
    assert unit_named("the 2 min one", shown) is None  # two of them: not told apart


def test_a_total_over_a_term_with_yearly_bumps_is_compounded_and_said_to_be_the_persons_assumption() -> None:
    from agents.via.refine import money_terms

    unit = {"id": "U-70", "row_preview": {"rent": 100000.0, "sqft": 12000}}
    flat = money_terms(unit, "total over 2 years?")
    bumped = money_terms(unit, "whats the total over a 2 yr term, assume 3% bumps")
    assert "$2,400,000" in flat and "your assumption" not in flat
    assert "With 3% a year (your assumption): $2,436,000 over 2 years ($1,200,000, $1,236,000)." in bumped


def test_a_comparison_names_each_side_in_its_own_sentence_or_list(inventory, now):
    """"that 1900 one ... compare it to the 930 sqft one": both sides, not the one named last; "compare it with the
    east village one you mentioned": the only match now and a unit of the list before."""
    graph = _graph(inventory, now)
    ask(graph, "1br in williamsburg, need washer/dryer and dishwasher, max 3800", thread_id="w")
    ask(graph, "what if we drop the dishwasher, anything way cheaper?", thread_id="w")
    both = ask(graph, "the 1900 one looks too cheap. compare it with the 930 sqft one", thread_id="w")["reply"]
    assert "(SE-1005)" in both and "(SE-6768)" in both
    les = _graph(inventory, now)
    ask(les, "1 bed east village max 2200, must have dishwasher", thread_id="e")
    ask(les, "ok what about the lower east side then, same stuff", thread_id="e")
    pair = ask(les, "compare it w the east village one with the dishwasher you mentioned", thread_id="e")["reply"]
    assert "(SE-9730)" in pair and "(SE-5698)" in pair
