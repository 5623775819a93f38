"""The comps node in the graph: MARKET/comps runs the comps node and ends the turn with its reply."""

from __future__ import annotations

from datetime import date

import pytest

import agents.manager as manager
from agents.graph import ask, build_graph
from agents.manager import NODE_TARGET, PIPELINE, route_target
from contracts.route import RouteDecision


def test_market_comps_is_a_route_target() -> None:
    assert PIPELINE["comps"] == "MARKET" and NODE_TARGET["comps"] == "comps"
    assert route_target({"route": {"pipeline": "MARKET", "node": "comps"}}) == "comps"


def test_a_comps_turn_through_the_graph(monkeypatch: pytest.MonkeyPatch) -> None:
    # the routing rules that send messages to comps are the lead's; here the route is set directly
    monkeypatch.setattr(manager, "route", lambda *a, **k: RouteDecision(pipeline="MARKET", node="comps",
                                                                        reason="test"))
    graph = build_graph()
    state = ask(graph, "what should I pay for a 4-room in Sengkang, ~95 sqm, mid floor?")
    assert state["route"]["node"] == "comps"
    assert state["comps"]["estimate"] > 100_000
    assert "fair value about" in state["reply"]
    assert "comps" in [e["node"] for e in state["trace"]]


def test_a_follow_up_changes_the_flat_just_valued_instead_of_asking_again() -> None:
    from datetime import date

    from agents.market.comps import comps_node

    today = date(2026, 4, 15)
    first = comps_node({"text": "fair price for a 4-room in Tampines, mid floor, around 93 sqm"}, today=today)
    heaviest = max(first["comps"]["comps"], key=lambda c: c["weight"])
    assert "Closest sales:" in first["reply"] and f"{heaviest['resale_price']:,.0f} SGD" in first["reply"]
    higher = comps_node({"text": "and what about a higher floor, like 16-18?", "comps": first["comps"],
                         "previous_node": "comps"}, today=today)
    target = higher["comps"]["target"]
    assert higher["comps"]["question"] is None and higher["comps"]["estimate"]
    assert (target["town"], target["flat_type"], target["floor_area_target"]) == ("TAMPINES", "4 ROOM", 93.0)
    assert target["storey_target"] == 17 and target["storey_preference"] is None
    later = comps_node({"text": "how did prices in 2024 compare?", "comps": higher["comps"],
                        "previous_node": "comps"}, today=today)
    assert "no sales from 2024" in later["reply"] and later["comps"]["target"]["town"] == "TAMPINES"
    fresh = comps_node({"text": "what should I pay for a 5-room in Punggol, 110 sqm?", "comps": later["comps"],
                        "previous_node": "comps"}, today=today)
    assert fresh["comps"]["target"]["town"] == "PUNGGOL" and fresh["comps"]["target"]["floor_area_target"] == 110


def test_valued_today_a_big_town_keeps_its_sales_and_no_comps_is_never_a_comps_valuation() -> None:
    from datetime import date

    from agents.market.comps import comps_node, format_reply

    # today is months past the data's last sale: narrowing the window would empty the pool, so it is not narrowed
    state = comps_node({"text": "how much is a 4-room flat in Punggol worth now?"}, today=date(2026, 11, 23))
    assert state["comps"]["pool_size"] >= 30 and len(state["comps"]["comps"]) == 30
    from contracts.comps import CompsResult

    empty = CompsResult.model_validate({**state["comps"], "comps": [], "pool_size": 0})
    assert "no comparable sales in the data match this flat" in format_reply(empty)


def test_a_price_statistic_of_a_year_is_answered_as_one_and_a_missing_year_is_said() -> None:
    from agents.market.comps import comps_node

    first = comps_node({"text": "3 room hdb ang mo kio median price 2023"}, today=date(2026, 11, 23))
    assert first["reply"].startswith("**3 Room in Ang Mo Kio**, 2023") and "median **" in first["reply"]
    assert "years** of lease left" in first["reply"] and first["comps"]["statistic"] is True
    state = {"comps": first["comps"], "previous_node": "comps"}
    missing = comps_node({**state, "text": "how about in 2025"}, today=date(2026, 11, 23))
    assert "none from 2025" in missing["reply"] and "The latest: 2026" in missing["reply"]
    later = comps_node({**state, "text": "ok give me the 2026 one then"}, today=date(2026, 11, 23))
    assert later["reply"].startswith("**3 Room in Ang Mo Kio**, 2026")


def test_a_town_without_resale_sales_and_where_to_list_a_flat_just_valued() -> None:
    from agents.manager import route
    from agents.market.comps import comps_node

    today = date(2026, 11, 23)
    tengah = comps_node({"text": "My sister's flat is in Tengah, 4 room, what about that one"}, today=today)
    assert "no HDB resale sales in Tengah" in tengah["reply"] and "Bukit Batok" in tengah["reply"]
    first = comps_node({"text": "4-room in Sengkang, 95 sqm, mid floor"}, today=date(2026, 11, 23))
    ask = "should I list it higher than that estimate to leave room to negotiate? by how much"
    assert route(ask, previous_node="comps").node == "comps"
    advice = comps_node({"text": ask, "comps": first["comps"], "previous_node": "comps"}, today=date(2026, 11, 23))
    assert "negotiated down from an asking price" in advice["reply"]
    assert f"{first['comps']['high']:,.0f}" in advice["reply"]


def test_an_everyday_word_is_no_street_and_a_named_asking_price_is_placed_against_the_range() -> None:
    from agents.market.comps import comps_node, default_engine

    parser = default_engine().parser
    lower = parser.parse("what if i go for a lower floor, like 04 to 06? how much cheaper", as_of=date(2026, 11, 23))
    assert lower.target.street_hint is None and lower.target.town is None
    assert parser.parse("4 room at lower delta road", as_of=date(2026, 11, 23)).target.street_hint == "LOWER DELTA RD"
    first = comps_node({"text": "4-room in Tampines, 93 sqm, mid floor"}, today=date(2026, 11, 23))
    low = first["comps"]["low"]
    asked = comps_node({"text": f"My agent says list at {low * 0.9 / 1000:.0f}k. Too high or not?",
                        "comps": first["comps"], "previous_node": "comps"}, today=date(2026, 11, 23))
    assert "below the range" in asked["reply"]


def test_a_stated_lease_minimum_is_hard_in_the_budget_count_and_the_cheapest_sales(inventory, now):
    from langgraph.checkpoint.memory import InMemorySaver

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now)
    ask(graph, "budget 450k, looking for 3 room in toa payoh near mrt", thread_id="tp")
    leased = ask(graph, "need at least 60 yrs lease left tho, for the loan", thread_id="tp")["reply"]
    assert ("3-room sales in Toa Payoh in the last year with 60+ years of lease left within 500 m of an MRT** were at "
            "or under 450,000 SGD: none") in leased  # "near mrt" in the first message stays hard
    cheapest = ask(graph, "cheapest of those newer ones?", thread_id="tp")["reply"]
    assert "with at least 60 years of lease left" in cheapest and "blk 130A Lor 1 Toa Payoh" in cheapest
    assert "(5" not in cheapest  # no sale with fifty-odd years left is listed


def test_flats_like_mine_in_a_year_a_lettered_block_and_an_asking_price_weighed(inventory, now):
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "selling my 4 room at blk 841 tampines st 83, 7th floor, 84 sqm. what's it worth?", thread_id="t")
    like = ask(graph, "what did flats like mine go for in 2023?", thread_id="t")["reply"]
    assert like.startswith("**4 Room flats of 84 sqm (±3) on Tampines St 83 in 2023:** 3 sales")
    assert "blk 855 Tampines St 83" in like and "In 2026 the same kind of flat on Tampines St 83" in like
    buyer = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    first = ask(buyer, "saw a 5 room at 174B edgedale plains punggol asking 888k, 11-15 floor. fair?", thread_id="b")
    assert first["reply"].startswith("**888,000 SGD asked is +") and "above the estimate's range" in first["reply"]
    other = ask(buyer, "what about 684A asking 838k", thread_id="b")
    assert other["comps"]["target"]["block_hint"] == "684A" and "838,000 SGD asked is" in other["reply"]
    assert "blk 684A Edgedale Plains" in other["reply"]
    # a listing seen, described after a comparison of towns: that flat valued against its asking price, not a list of
    # what the portal holds ("overpriced?" after "listing ... asking" is no question of what is for sale)
    ask(buyer, "looking to buy a 4-room in tampines or bedok, high floor. what's a fair price now?", thread_id="c")
    seen = ask(buyer, "saw a listing at 522C tampines central 7, floor '11 to 15', 88 yrs lease, asking 850k. "
                      "overpriced?", thread_id="c")
    assert seen["reply"].startswith("**850,000 SGD asked is +") and seen["comps"]["target"]["town"] == "TAMPINES"
    assert "Flat Portal" not in seen["reply"]
    ask(buyer, "want to sell my 5 room at 457A sengkang west rd, 14th floor, 113 sqm. how much can get?", thread_id="d")
    portal = ask(buyer, "my agent says list at 850k, there's already one on the portal same block asking 850k",
                 thread_id="d")  # a price on the portal: its listings, beside the advice
    assert "Asking prices on the HDB Flat Portal" in portal["reply"] and "850,000 SGD is" in portal["reply"]


def test_a_block_named_in_a_follow_up_gets_its_sales_by_year_beside_the_street_and_town() -> None:
    from agents.market.comps import comps_node

    today = date(2026, 4, 15)
    first = comps_node({"text": "selling my 4rm at 441D fernvale rd, 92sqm, 7th floor, 2012 lease"}, today=today)
    psm = comps_node({"text": "whats the psm on my block vs the street", "comps": first["comps"],
                      "previous_node": "comps"}, today=today)["reply"]
    # blk 441A-C's 4-room sales: 6 in 2023 (median 600,000) and 2 in 2026; beside Fernvale Rd and Sengkang per sqm
    assert "blk 441A, 441B, 441C" in psm and "2023: 6 sales, median **600,000 SGD**" in psm
    assert "Fernvale Rd, 4 room sales in 2026" in psm and "Sengkang, 4 room sales in 2026" in psm
    rise = comps_node({"text": "how much has 441 gone up since 2023? and 2024-25?", "comps": first["comps"],
                       "previous_node": "comps"}, today=today)["reply"]
    assert rise.startswith("**+5.7%** on the median sale") and "no 2024-2025 sales" in rise


def test_the_budget_count_keeps_the_floors_and_size_said_and_a_floor_set_aside_goes(inventory, now):
    """'110-115 sqm, high floor', then '85 yrs lease left': the count keeps the floors and the size; 'forget high
    floor' drops the floor band only."""
    from langgraph.checkpoint.memory import InMemorySaver

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now)
    first = ask(graph, "5-room in punggol, around 110-115 sqm, high floor, budget 750k. whats been transacting",
                thread_id="pg")
    assert (first["comps"]["target"]["floor_area_target"], first["comps"]["target"]["floor_area_tolerance"]) == (
        112.5, 2.5)
    leased = ask(graph, "hmm i need at least 85 yrs lease left tho", thread_id="pg")["reply"]
    assert "5-room sales in Punggol in the last year with 85+ years of lease left, high floor, 110–115 sqm**" in leased
    aside = ask(graph, "ok forget high floor. 85+ yrs and under 750k?", thread_id="pg")
    assert aside["comps"]["target"]["storey_preference"] is None
    assert aside["comps"]["target"]["min_remaining_lease_years"] == 85
    assert "5-room sales in Punggol in the last year with 85+ years of lease left, 110–115 sqm**" in aside["reply"]


def test_sales_within_a_distance_of_an_mrt_are_counted_and_placed(inventory, now):
    """'within 500m of an mrt': the town's sales in blocks that near a station, the cheapest with their station, and
    the budget counted among them; a distance is no budget."""
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.market.comps_target import TargetParser
    from data.sources.hdb import load_table
    from data.sources.hdb_nearby import block_stations

    parser = TargetParser(load_table())
    assert parser.parse("4 room tampines near the mrt", as_of=date(2026, 11, 26)).target.mrt_within_m == 500
    assert parser.parse("5 room punggol 5 min walk to mrt", as_of=date(2026, 11, 26)).target.mrt_within_m == 400
    assert block_stations()[("161", "MEI LING ST")].metres < 500
    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now)
    reply = ask(graph, "4rm in queenstown within 500m of an mrt, budget 900k. how many sold recently under that",
                thread_id="mrt")["reply"]
    assert "in blocks within 500 m of an MRT or LRT station" in reply and "m from Queenstown MRT Station" in reply
    assert "4-room sales in Queenstown in the last year within 500 m of an MRT** were at or under 900,000 SGD" in reply


def test_the_flat_valued_set_against_another_year(inventory, now):
    """'how does that compare to 2023': the same kind of flat and the town's flat type, each year's median and the
    change; a year the data lacks ('prices dropped in 2025') is said, and 2023 is compared instead."""
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "4 room in sengkang, about 93 sqm, mid floor, what's it worth", thread_id="yc")
    then = ask(graph, "how does that compare to 2023", thread_id="yc")["reply"]
    assert "- The same kind of flat: median" in then and "in 2023 (" in then and "All 4-room flats in Sengkang" in then
    missing = ask(graph, "my agent says prices dropped in 2025 so maybe i should wait?", thread_id="yc")["reply"]
    assert missing.startswith("The data holds no sales from 2025")


def test_the_valuation_per_square_metre(inventory, now):
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    first = ask(graph, "executive flat woodlands ring rd 144 sqm mid floor, what's it worth", thread_id="psm")
    comp = first["comps"]["comps"][0]
    said = ask(graph, "whats that per sqm", thread_id="psm")["reply"]
    assert f"{first['comps']['estimate'] / 144:,.0f} SGD/sqm" in said
    assert f"{comp['resale_price'] / comp['floor_area_sqm']:,.0f} SGD/sqm" in said


def test_a_counter_offer_beside_a_valuation_is_the_purchase_not_a_renewal(inventory, now):
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    state = ask(graph, "PG listing: '4-RM MODEL A, 366A SEMBAWANG CRES, HIGH FLR, 1,001 SQFT' - is the asking ok? "
                       "how much should i counter", thread_id="c")
    reply = state["reply"]
    assert state["route"]["node"] == "comps" and state.get("pending") is None
    assert "renewal" not in reply and "You didn't say what the seller is asking" in reply
    assert f"about {state['comps']['low']:,.0f} SGD" in reply
    # a seller's question gets no buyer's opening offer
    seller = ask(graph, "selling my 4rm at 366A Sembawang Cres, 93 sqm, 10th floor. what offer should i accept?",
                 thread_id="s")["reply"]
    assert "You didn't say what the seller is asking" not in seller


def test_a_question_about_future_prices_gets_no_forecast_but_the_data(inventory, now):
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "we're selling our 5-room at blk 440A fernvale link (sengkang), 13th floor, 113 sqm. what can we get?",
        thread_id="f")
    wait = ask(graph, "my wife says wait till 2028 to sell, prices will be higher by then. true?", thread_id="f")
    reply = wait["reply"]
    assert wait["route"]["node"] == "comps" and reply.startswith("I can't forecast HDB resale prices")
    assert "5 Room flats in Sengkang" in reply and "in 2023" in reply and "January–March 2026" in reply


def _follow(first: str, *asked: str) -> list[str]:
    """The replies of a valuation and its follow-ups, as the graph passes the comps state along."""
    from agents.market.comps import comps_node

    day = date(2026, 11, 27)
    state = comps_node({"text": first}, today=day)
    replies = [state["reply"]]
    for text in asked:
        out = comps_node({"text": text, "comps": state["comps"], "previous_node": "comps"}, today=day)
        state = {**state, **out}
        replies.append(out["reply"])
    return replies


def test_the_same_block_in_a_year_lists_its_few_sales_and_the_asking_price_said_first_stays() -> None:
    _, block, under, offer = _follow(
        "seller is asking 425k for a 3-room at blk 528 jurong west st 52, 7th floor, 67sqm, lease from 1983. fair?",
        "what did the same block go for in 2023? has it gone up a lot",
        "anything under 400k in jurong west with similar size? i dont mind older",
        "ok what should i offer on the 528 one?")
    assert "**3 Room sales at blk 528**" in block and "2023-01, storey 10 TO 12, 67 sqm: 360,000 SGD" in block
    assert "were at or under 400,000 SGD; the dearest of each block" in under and "blk 531 Jurong West St 52" in under
    assert "The seller asks 425,000 SGD" in offer and "You didn't say what the seller is asking" not in offer
    assert "comparable sales** were at or under" not in offer  # the budget's count was shown the turn before


def test_what_it_went_for_is_the_flats_own_block_and_the_lease_effect_holds_the_rest_equal() -> None:
    _, history, lease = _follow("selling my late dad's 3-room at blk 13 lor 7 toa payoh, 4th floor, 66 sqm, lease "
                                "from 1970. what's it worth?", "what did it go for in 2023?",
                                "does the short lease make it hard to sell? buyers cant use cpf or something?")
    assert "**3 Room sales at blk 13** (Lor 7 Toa Payoh)" in history
    assert "the price model puts the same flat with 10 more years of lease at **+" in lease
    assert "HDB and CPF set the exact rules" in lease


def test_a_budget_is_counted_over_the_towns_sales_not_over_a_pool_it_capped() -> None:
    (reply,) = _follow("me and my fiancée looking at a 4-room resale in punggol, budget max 650k. is that realistic?")
    assert "**72 of 215 4-room sales in Punggol in the last year** were at or under 650,000 SGD (their median " \
        "685,000 SGD" in reply


def test_a_remaining_lease_question_beside_a_valuation_is_no_second_lease_question() -> None:
    assert manager.second_part("does the short lease make it hard to sell? buyers cant use cpf or something?",
                               "comps", has_lease=False) is None


def test_negotiating_with_someone_for_the_person_is_said_to_be_beyond_the_workspace() -> None:
    from agents.graph import limits_said

    said = limits_said({"text": "ok what should i offer? and can u negotiate with the seller's agent for me",
                        "route": {"node": "comps"}}, "Open near 380k.")
    assert "I can't call, email or message anyone" in said


def test_a_distance_said_after_the_station_is_the_one_counted() -> None:
    from agents.market.comps import default_engine

    parse = default_engine().parser.parse
    said = parse("3-room resale in AMK, low floor and walking distance to MRT, say within 400m. budget 450k",
                 as_of=date(2026, 11, 27)).target
    assert said.mrt_within_m == 400
    assert parse("4rm in queenstown near the mrt", as_of=date(2026, 11, 27)).target.mrt_within_m == 500


def test_a_budget_caps_the_sales_shown_never_the_value() -> None:
    from agents.market.comps import default_engine

    engine, day = default_engine(), date(2026, 11, 27)
    capped = engine.run("4-room resale in punggol, budget max 650k", as_of=day)
    free = engine.run("4-room resale in punggol", as_of=day)
    assert capped.pool_size < free.pool_size and max(capped.pool_prices) <= 650_000
    assert capped.estimate == free.estimate and capped.estimate > 650_000


def test_the_sales_asked_about_placed_by_what_is_near_their_block(inventory, now):
    """'which of those is closest to a polyclinic?': the sales the first turn counted (its budget, floor and MRT
    distance kept), closest first to their block's nearest clinic; a distance to the MRT stays a filter."""
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.market.comps_nearby import nearby_kind
    from agents.route_model import load_route_model
    from data.sources.hdb_nearby import block_places

    assert nearby_kind("which of those is closest to a polyclinic?") == "clinic"
    assert nearby_kind("any near a hawker centre") == "hawker"
    assert nearby_kind("close to my mom in bedok") is None
    assert block_places()[("633", "ANG MO KIO AVE 6")]["clinic"].name == "Ang Mo Kio Polyclinic"
    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "3-room resale in AMK, low floor (6th max), walking distance to MRT, say within 400m. budget 450k. "
               "what has sold like that recently?", thread_id="clinic")
    reply = ask(graph, "which of those is closest to a polyclinic? he has regular check-ups",
                thread_id="clinic")["reply"]
    lines = [line for line in reply.splitlines() if line.startswith("- blk")]
    assert "at or under 450,000 SGD" in reply and len(lines) == 6
    assert lines[0].startswith("- blk 633 Ang Mo Kio Ave 6: **842 m** to Ang Mo Kio Polyclinic")
    assert "fair value" not in reply  # the question answered, not the valuation again


def test_a_block_named_for_its_asking_price_gets_that_blocks_listings(inventory, now):
    """'is the 118 one on sale now? what are they asking?': the portal snapshot's asks in blk 118 (not the town's
    cheapest within the budget) and that block's latest sales; a block with none listed says so."""
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "3-room resale in AMK, low floor, within 400m of the MRT. budget 450k. what has sold like that?",
        thread_id="blk")
    reply = ask(graph, "is the 118 one on sale now? what are they asking?", thread_id="blk")["reply"]
    asks = [line for line in reply.splitlines() if "asking **" in line]
    assert asks and all(line.startswith("- blk 118 Ang Mo Kio Ave 4") for line in asks)
    assert "asking **500,000 SGD**" in reply  # above the budget: the block's asks, as asked
    assert "The latest sales on blk 118" in reply
    none = ask(graph, "and is 119 on sale now? what are they asking?", thread_id="blk")["reply"]
    assert "lists no 3 room flat in blk 119 in Ang Mo Kio" in none and "asking **" not in none


def test_years_left_on_the_lease_after_a_valuation_is_the_flats_lease(inventory, now):
    """After an HDB valuation, 'how many years are left on my lease?' is the flat's remaining lease (comps), not a
    question about an uploaded lease document."""
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "thinking to sell my 3-room flat at Blk 13 Lor 7 Toa Payoh, 4th floor, 66 sqm, lease started 1970. "
               "What is a fair price now?", thread_id="left")
    state = ask(graph, "How many years are left on my lease? Will buyers have problem to get loan?", thread_id="left")
    assert state["route"]["node"] == "comps"
    assert "Your flat has about **43 years** of lease left" in state["reply"]


def test_the_flat_valued_its_block_distances_asked(inventory, now):
    """'how close to the mrt? and any good primary schools within 1km' after valuing a named block: that block's
    distance to each kind asked, and that the data cannot say which school is good."""
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.market.comps_nearby import nearby_kinds
    from agents.route_model import load_route_model

    assert nearby_kinds("how close to the mrt? and any good primary schools within 1km") == ["mrt", "school"]
    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "what's a fair price for a 4-room at 79A toa payoh central, 91 sqm, mid floor 13-15?", thread_id="79a")
    reply = ask(graph, "how close to the mrt? and any good primary schools within 1km", thread_id="79a")["reply"]
    assert reply.startswith("Blk 79A Toa Payoh Ctrl") and "- MRT/LRT station: **230 m** (Toa Payoh MRT Station)" \
        in reply and "- primary school: **316 m**" in reply and "good" in reply


def test_what_the_sales_cannot_say_is_said_and_a_towns_rise_is_its_medians(inventory, now):
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    first = ask(graph, "selling my 4-room at blk 428 bedok north road, 5th floor (04-06), 92 sqm, new generation. what "
                       "should i ask?", thread_id="b")
    rise = ask(graph, "how much has 4-room in bedok gone up since 2023?", thread_id="b")
    assert rise["reply"].startswith("4 Room flats in Bedok: a median of") and "2023" in rise["reply"]
    assert "fair value" not in rise["reply"]
    sell = ask(graph, "ok and how long will it take to sell?", thread_id="b")
    assert "no listing dates or days on the market" in sell["reply"]
    loan = ask(graph, "will the old lease be a problem for our housing loan or CPF?", thread_id="b")
    assert "loan, CPF or grant rules" in loan["reply"]
    assert loan["comps"]["estimate"] == first["comps"]["estimate"]  # the valuation stands
