"""The comps agent: text -> Target, the relax/tighten loop, hybrid retrieval, the leak guard and the node."""

from __future__ import annotations

from collections import Counter
from datetime import date
from itertools import pairwise

import numpy as np
import pytest

from agents.market.comps import MOP_YEARS, SIMILAR_LEASE_MONTHS, comps_node, default_engine, design, eras
from agents.market.comps_search import MAX_RELAX, MAX_TIGHTEN, POOL_MAX, POOL_MIN, run_loop
from contracts.comps import Target
from data.sources.hdb import FLAT_TYPES, month_index
from scoring.comps import features

AS_OF = date(2023, 12, 1)


@pytest.fixture(scope="module")
def engine():
    return default_engine()


def parse(engine, text: str, as_of: date = AS_OF):
    return engine.parser.parse(text, as_of=as_of)


def test_the_spec_example(engine) -> None:
    target = parse(engine, "what should I pay for a 4-room in Sengkang, ~95 sqm, mid floor?").target
    assert (target.town, target.flat_type, target.floor_area_target, target.storey_preference) == (
        "SENGKANG", "4 ROOM", 95.0, "mid")


@pytest.mark.parametrize(("text", "town", "street"), [
    ("four room at blk 123A Rivervale Drive, 10th floor", "SENGKANG", "RIVERVALE DR"),
    ("4 rm near Compassvale, last 6 months", "SENGKANG", "COMPASSVALE"),
    ("5-room on Bukit Batok West Avenue 6", "BUKIT BATOK", "BT BATOK WEST AVE 6"),
    ("4-room blk 1 Upper Serangoon Road", "HOUGANG", "UPP SERANGOON RD"),
])
def test_town_from_a_street(engine, text: str, town: str, street: str) -> None:
    target = parse(engine, text).target
    assert (target.town, target.street_hint) == (town, street)


@pytest.mark.parametrize(("text", "town"), [
    ("executive in Bukit Batok", "BUKIT BATOK"), ("3 rm in AMK", "ANG MO KIO"),
    ("4-room Kallang/Whampoa", "KALLANG/WHAMPOA"), ("2-room central area", "CENTRAL AREA"),
    ("5 rm Choa Chu Kang", "CHOA CHU KANG")])
def test_town_names_and_aliases(engine, text: str, town: str) -> None:
    assert parse(engine, text).target.town == town


def test_floor_lease_budget_and_window_words(engine) -> None:
    t = parse(engine, "exec in Tampines #12-34, 145 sqm, lease from 1987, under $800k, past 2 years").target
    assert (t.flat_type, t.storey_target, t.lease_commence_year, t.price_budget_max, t.months_back) == (
        "EXECUTIVE", 12, 1987, 800_000, 24)
    t = parse(engine, "3 rm bedok storey 10 to 12, 62 years left").target
    assert (t.storey_target, t.lease_commence_year) == (11, 2023 + 62 - 99)
    assert parse(engine, "4-room Punggol high floor").target.storey_preference == "high"
    # "within 500m of an mrt" is a distance; the budget is the 900k said after it, "1.2m" a million
    assert parse(engine, "4rm in queenstown within 500m of an mrt, budget 900k").target.price_budget_max == 900_000
    assert parse(engine, "5-room in punggol budget 1.2m").target.price_budget_max == 1_200_000


@pytest.mark.parametrize(("text", "expected"), [
    # town shorthands inside a street name find the street, its town and the block before it
    ("3rm 115 AMK Ave 4, 8th flr, 67sqm", ("ANG MO KIO", "ANG MO KIO AVE 4", "115", 67.0, 8)),
    ("4 room at blk 808 CCK Ave 1 #03-11, 104 sqm", ("CHOA CHU KANG", "CHOA CHU KANG AVE 1", "808", 104.0, 3)),
    ("5rm 660B Jurong W St 64, 12th floor, 110sqm", ("JURONG WEST", "JURONG WEST ST 64", "660B", 110.0, 12)),
    ("3 rm blk 55 Lor 5 Tpy, 2nd flor, 60 sqm", ("TOA PAYOH", "LOR 5 TOA PAYOH", "55", 60.0, 2)),
    # square feet with a thousands comma; block letters past H
    ("4-room at 497K Tampines St 45, 9th floor, 1,012 sq ft", ("TAMPINES", "TAMPINES ST 45", "497K", 94.0, 9)),
    ("exec blk 498M Tampines St 45, storey 4 to 6, 1,550 sqft", ("TAMPINES", "TAMPINES ST 45", "498M", 144.0, 5)),
])
def test_singapore_shorthand_addresses_and_sizes(engine, text: str, expected: tuple) -> None:
    t = parse(engine, text).target
    assert (t.town, t.street_hint, t.block_hint, round(t.floor_area_target or 0), t.storey_target) == expected


@pytest.mark.parametrize(("text", "storey", "lease"), [
    ("4rm blk 301 Serangoon Ave 2, #11-xx, 104 sqm, lease 1985", 11, 1985),
    ("5 room 220 Bishan St 23, high floor (18th), built 1992", 18, 1992),
    ("3 rm 12 Upp Boon Keng Rd #07-XX, TOP 1999", 7, 1999),
    ("exec 640 Bt Batok Central, lease start: 1990, 7th flr", 7, 1990),
])
def test_listing_shorthand_for_floor_and_lease(engine, text: str, storey: int, lease: int) -> None:
    t = parse(engine, text).target
    assert (t.storey_target, t.lease_commence_year) == (storey, lease)


def test_joined_street_numbers_premium_shorthand_and_the_street_over_a_town_word(engine) -> None:
    t = parse(engine, "blk555 cck st53 4rm PA 100sqm").target
    assert (t.street_hint, t.block_hint, t.town, t.flat_model) == (
        "CHOA CHU KANG ST 53", "555", "CHOA CHU KANG", "Premium Apartment")
    # "central" is a word here, not the Central Area: the street says Bukit Merah
    t = parse(engine, "3rm on Havelock Road, 70 sqm, very central location").target
    assert (t.street_hint, t.town) == ("HAVELOCK RD", "BUKIT MERAH")


def test_a_misspelt_street_is_found_but_never_with_another_number(engine) -> None:
    t = parse(engine, "3rm blk 870 Yishun Sreet 81, 67 sqm").target
    assert (t.town, t.street_hint, t.block_hint) == ("YISHUN", "YISHUN ST 81", "870")
    t = parse(engine, "4 room 210C compasvale walk, 93sqm").target
    assert (t.town, t.street_hint) == ("SENGKANG", "COMPASSVALE WALK")
    # "Tampines St 46" is not a street in the data: the town is read, no neighbouring street is guessed
    t = parse(engine, "4rm tampines st 46 blk 123").target
    assert (t.town, t.street_hint) == ("TAMPINES", None)


def test_the_flat_to_value_is_the_one_at_the_address_and_shorthand_models(engine) -> None:
    t = parse(engine, "we live in a 3-room now. how much for the 5 room at 203A Punggol Field, 110 sqm?").target
    assert (t.flat_type, t.block_hint) == ("5 ROOM", "203A")
    t = parse(engine, "my 4rm at blk 120 Bishan St 12 - we want a 5 room next. 104 sqm, NG").target
    assert (t.flat_type, t.flat_model) == ("4 ROOM", "New Generation")
    t = parse(engine, "EA at blk 401 Pasir Ris Dr 6, 148 sqm").target
    assert (t.flat_type, t.flat_model, t.town) == ("EXECUTIVE", "Apartment", "PASIR RIS")
    t = parse(engine, "5 room premium apt at 668A Punggol Dr, 110 sqm").target
    assert t.flat_model == "Premium Apartment"
    # lower-case "ea" is not an executive apartment
    assert parse(engine, "4-room blk 120 Bishan St 12, 104 sqm, ea 2 bathrooms").target.flat_type == "4 ROOM"


@pytest.mark.parametrize(("text", "asks"), [("3-room, 80 sqm, high floor", "Which town"),
                                            ("something in Bishan", "Which flat type"),
                                            ("how much is my flat worth?", "Which town and flat type")])
def test_missing_town_or_flat_type_asks_one_question(engine, text: str, asks: str) -> None:
    result = engine.run(text, as_of=AS_OF)
    assert result.question and result.question.startswith(asks)
    assert result.estimate is None and [s.action for s in result.trace] == ["clarify"]


def test_loop_tightens_into_the_band_with_a_trace_line_per_step(engine) -> None:
    target = Target(town="SENGKANG", flat_type="4 ROOM", floor_area_target=95, storey_preference="mid", as_of=AS_OF)
    outcome = run_loop(engine.table, target)
    actions = [s.action for s in outcome.trace]
    assert actions[0] == "search" and actions[-1] == "accept"
    assert outcome.trace[0].count > POOL_MAX
    assert POOL_MIN <= len(outcome.rows) <= POOL_MAX == 200
    assert outcome.trace[1].decision.endswith("narrowed the window to 6 months")  # spec order: time first
    assert actions.count("tighten") <= MAX_TIGHTEN


def test_loop_relaxes_in_spec_order_and_stops_with_a_note(engine) -> None:
    target = Target(town="BUKIT TIMAH", flat_type="EXECUTIVE", floor_area_target=150, storey_target=20, as_of=AS_OF)
    outcome = run_loop(engine.table, target)
    relax = [s.decision for s in outcome.trace if s.action == "relax"]
    assert len(relax) <= MAX_RELAX
    # the data before December 2023 is 2023's eleven months, so a longer window or a wider size band adds no sale:
    # the storey moves first (then the size band, once it lets some in)
    assert relax[0].endswith("any storey")
    counts = [s.count for s in outcome.trace if s.action in ("search", "relax")]
    assert all(b > a for a, b in pairwise(counts))
    if len(outcome.rows) < POOL_MIN:
        assert outcome.trace[-1].action == "stop" and "broaden the search" in outcome.notes[0]


def test_a_widening_that_adds_no_sale_spends_no_relax_step(engine) -> None:
    """As of November 2026 the 12-month window holds only 2026 Q1 sales; 18 and 24 months reach into the data's
    2024-2025 gap and add nothing, so the window jumps to 36 months in one step and the storey can still relax
    (before, a 'high floor' 4-room in Tampines stopped at 3 sales)."""
    target = Target(town="TAMPINES", flat_type="4 ROOM", floor_area_target=93, storey_preference="high",
                    as_of=date(2026, 11, 28))
    outcome = run_loop(engine.table, target)
    steps = [s for s in outcome.trace if s.action == "relax"]
    counts = [outcome.trace[0].count, *(s.count for s in steps)]
    assert all(b > a for a, b in pairwise(counts))  # every relax step let sales in
    assert len(outcome.rows) >= POOL_MIN and outcome.trace[-1].action == "accept"


def test_no_comp_from_the_valuation_month_or_later(engine) -> None:
    for as_of in (date(2023, 6, 15), date(2026, 2, 1)):
        result = engine.run("4-room blk 211B Compassvale Lane, 93 sqm, 13th floor", as_of=as_of)
        assert result.comps and result.estimate
        assert all(c.month < f"{as_of:%Y-%m}" for c in result.comps)
        assert result.low < result.estimate < result.high


def test_hybrid_retrieval_on_a_street_hint_favours_that_street(engine) -> None:
    result = engine.run("Find comps for 4 rm near Compassvale, ~95 sqm, last 12 months", as_of=date(2024, 1, 1))
    assert result.retrieval_mode == "hybrid"
    hybrid = next(s for s in result.trace if s.action == "hybrid")
    assert "vector 0.3 + BM25 0.7" in hybrid.decision and hybrid.filters["vector_query"] == "COMPASSVALE"
    share = sum("COMPASSVALE" in c.street_name for c in result.comps) / len(result.comps)
    assert share > 0.5
    structured = engine.run("4-room in Sengkang, ~95 sqm, mid floor", as_of=AS_OF)
    assert structured.retrieval_mode == "structured"
    assert not any(s.action == "hybrid" for s in structured.trace)


def test_estimate_weights_sum_to_one_and_stats_describe_the_pool(engine) -> None:
    result = engine.run("4-room in Sengkang, ~95 sqm, mid floor", as_of=AS_OF)
    assert sum(c.weight for c in result.comps) == pytest.approx(1.0, abs=0.01)
    assert result.stats.count == len(result.pool_prices) == result.pool_size
    assert result.stats.p25 <= result.stats.median <= result.stats.p75


def test_node_replies_and_completes_after_a_question(engine) -> None:
    first = comps_node({"text": "4-room, 95 sqm, mid floor"}, engine=engine, today=AS_OF)
    assert first["comps"]["question"] and first["reply"].startswith("Which town")
    assert first["awaiting"] == "comps"  # the manager can send the short answer back here
    second = comps_node({"text": "Sengkang", "comps": first["comps"], "previous_node": "comps"}, engine=engine,
                        today=AS_OF)
    assert second["comps"]["estimate"] and "Sengkang" in second["reply"]
    assert second["trace"][0]["node"] == "comps"


class ScriptedModel:
    """A fake chat model: answers each call from a script and records the prompts."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def invoke(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise RuntimeError("no more answers")
        return self.answers.pop(0)


def test_a_model_may_choose_the_step_but_only_among_the_allowed_ones(engine) -> None:
    text = "what should I pay for a 4-room in Sengkang, ~95 sqm, mid floor?"
    model = ScriptedModel(["sqm", "I would drop the town", "months"])
    result = engine.run(text, as_of=AS_OF, model=model)
    steps = [s for s in result.trace if s.action == "tighten"]
    assert steps[0].decision.endswith("narrowed sqm to ±3 (model's choice)")
    assert all(s.filters["town"] == "SENGKANG" for s in result.trace if s.filters)  # hard filters never move
    if len(steps) > 1:
        assert steps[1].decision.endswith("(model answer ignored)")  # not an allowed constraint: spec order
    assert "months" in model.prompts[0] and "sqm" in model.prompts[0] and "30 to 200" in model.prompts[0]
    assert len(steps) <= 4 and result.trace[-1].action in ("estimate",)


def test_a_failing_model_leaves_the_spec_order(engine) -> None:
    text = "what should I pay for a 4-room in Sengkang, ~95 sqm, mid floor?"
    plain = engine.run(text, as_of=AS_OF)
    failing = engine.run(text, as_of=AS_OF, model=ScriptedModel([]))
    assert [(s.action, s.count) for s in failing.trace] == [(s.action, s.count) for s in plain.trace]
    assert failing.estimate == pytest.approx(plain.estimate)


def test_an_index_carried_past_the_data_says_so(engine) -> None:
    from agents.market.comps import CompsEngine

    fresh = engine.run("4-room in Sengkang, ~95 sqm, mid floor", as_of=date(2026, 4, 1))
    stale = engine.run("4-room in Sengkang, ~95 sqm, mid floor", as_of=date(2026, 11, 23))
    assert not any("price index" in n for n in fresh.notes)
    assert any("from 2026-03: the estimate moves the price index forward with HDB's resale price index" in n
               and "2026 Q2" in n for n in stale.notes)
    no_releases = CompsEngine(table=engine.table, rpi=[])
    carried = no_releases.run("4-room in Sengkang, ~95 sqm, mid floor", as_of=date(2026, 11, 23))
    assert any("from 2026-03: the estimate carries the price index 7 months forward" in n for n in carried.notes)


def test_the_published_index_bridges_only_with_what_was_published_before_the_valuation(engine) -> None:
    from data.sources.hdb import month_index

    january = month_index(date(2026, 1, 1))
    known = engine.published_index(january)
    assert month_index(date(2025, 7, 1)) in known  # 2025 Q3, flash of 1 Oct 2025
    assert month_index(date(2025, 10, 1)) not in known  # 2025 Q4 came out on 2 Jan 2026
    assert known[month_index(date(2023, 10, 1))].kind == "final"  # the final figure replaces the flash
    fit = engine.fit(january)
    assert fit.bridge is not None and fit.bridge.quarter_start == month_index(date(2025, 7, 1))
    # Dec 2023 -> Jan 2026: about the published 2023 Q4 -> 2025 Q3 move (180.4 -> 203.7), not the 2023 trend
    move = fit.month_level(january) - fit.month_level(fit.last_month)
    assert 0.11 < move < 0.135
    february = engine.fit(month_index(date(2026, 2, 1)))
    assert february.bridge is None  # January 2026 has its own sales
    # one month of 2026 cannot show a trend: HDB's latest published change (2025 Q4: flat) sets it, not a slope
    # drawn across the 2024-2025 gap
    assert february.trend_months == 1 and february.trend == pytest.approx(0.0, abs=1e-9)


def test_block_numbers() -> None:
    from agents.market.comps import block_number

    assert [block_number(b) for b in ("211B", "1", "10A", "C")] == [211, 1, 10, 0]


def test_nearby_blocks_are_earlier_same_type_sales_in_the_same_hundred(engine) -> None:
    from agents.market.comps import NEAR_NUMBERS

    t = engine.table
    for as_of in (date(2023, 10, 1), date(2026, 2, 1)):
        target = parse(engine, "4-room blk 287 Tampines St 22, 95 sqm, 5th floor", as_of).target
        near = engine.near_rows(target)
        assert len(near) > 0
        month = int(t.month[near].max())
        assert f"{as_of:%Y-%m}" > f"{month // 12}-{month % 12 + 1:02d}"  # the leak guard
        numbers = engine.block_number[near]
        assert ((numbers // 100 == 2) & (abs(numbers - 287) <= NEAR_NUMBERS)).all()
        assert {t.towns[c] for c in t.town[near]} == {"TAMPINES"} and {t.flat_type[i] for i in near} == {3}
        result = engine.run("4-room blk 287 Tampines St 22, 95 sqm, 5th floor", as_of=as_of)
        assert "nearby-block" in next(s for s in result.trace if s.action == "estimate").decision


def test_a_block_without_sales_takes_its_lease_from_the_nearest_numbered_block_on_its_street(engine) -> None:
    t = engine.table
    target = parse(engine, "3 rm blk 35 Circuit Road, 72 sqm, 12th floor", date(2023, 11, 1)).target
    assert len(engine.block_rows(target, any_type=True)) == 0
    street = engine.street_rows(target, any_type=True)
    gap = abs(engine.block_number[street] - 35)
    commence = Counter(t.lease_commence[street[gap == gap.min()]].tolist()).most_common(1)[0][0]
    _, _, lease, _ = engine.target_profile(target, street)
    assert lease == (commence + 99) * 12 - (2023 * 12 + 10)


def test_eras_start_after_a_gap_in_the_months_with_sales() -> None:
    months = np.array([0, 1, 2, 11, 12, 36, 37, 37])
    assert eras(months).tolist() == [0, 0, 0, 1, 1, 2, 2, 2]
    assert eras(np.array([5, 6, 9])).tolist() == [0, 0, 0]  # a 3-month pause is not a gap


def test_flat_types_are_priced_afresh_after_the_gap_only_once_it_has_sales(engine) -> None:
    """Valued in January 2026 the fit has no 2026 sales: no era effect, no era slopes; by March it has both."""
    january, march = engine.fit(month_index(date(2026, 1, 1))), engine.fit(month_index(date(2026, 3, 1)))
    assert engine.target_era(month_index(date(2026, 1, 1))) == 0
    assert engine.target_era(month_index(date(2026, 3, 1))) == 1
    assert not any(code >= 16 for code in january.effects["era"])
    slopes = features(area=np.array([90.0]), storey_mid=np.array([8.0]), lease_months=np.array([800.0])).shape[1]
    assert np.allclose(january.beta[-slopes:], 0.0) and not np.allclose(march.beta[-slopes:], 0.0)
    era = march.effects["era"]
    assert era[16 + FLAT_TYPES.index("EXECUTIVE")] < era[16 + FLAT_TYPES.index("4 ROOM")]
    x = design(area=np.array([90.0, 90.0]), storey_mid=np.array([8.0, 8.0]), lease_months=np.array([800.0, 800.0]),
               flat_type=np.array([3, 3]), era=np.array([0, 1]))
    assert np.all(x[0, -slopes:] == 0) and np.array_equal(x[1, -slopes:], x[1, :slopes])


def test_the_gap_years_said_with_the_published_index_and_portal_asks_beside_a_listing_price(engine) -> None:
    today = date(2026, 11, 26)
    first = comps_node({"text": "selling my exec maisonette at woodlands ring rd, 144sqm, 1998 lease, 4th-6th floor. "
                                "whats it worth?"}, engine=engine, today=today)
    state = {"comps": first["comps"], "previous_node": "comps"}
    gap = comps_node({**state, "text": "wait so u cant tell me what happened in 2024 or 2025 at all?"}, engine=engine,
                     today=today)
    assert gap["reply"].startswith("Right: the sales data has none from 2024 or 2025") and "+9.7%" in gap["reply"]
    asks = comps_node({**state, "text": "ok if i list at 958k is that crazy? what are other execs in woodlands asking "
                                        "on the portal"}, engine=engine, today=today)
    assert asks["reply"].startswith("958,000 SGD is") and "Asking prices on the HDB Flat Portal" in asks["reply"]


def test_an_unsold_lettered_block_after_a_year_of_data_is_dated_as_newly_past_its_minimum_occupation(engine) -> None:
    """83B Circuit Rd has no sale in 2023: valued in 2026 it is a flat first resold after its 5-year MOP (lease from
    2021), not one of the 1970s blocks that share its street; with under a year of data it is dated as before."""
    january = date(2026, 1, 1)
    target = parse(engine, "83B Circuit Rd 3-room, 68sqm, storey 10 to 12", january).target
    assert len(engine.block_rows(target, any_type=True)) == 0
    _, _, lease, _ = engine.target_profile(target, np.zeros(0, dtype=np.int64))
    assert lease == (2026 - MOP_YEARS + 99) * 12 - month_index(january)
    early = parse(engine, "83B Circuit Rd 3-room, 68sqm, storey 10 to 12", date(2023, 11, 1)).target
    assert not engine.newly_sellable(early, np.zeros(0, dtype=np.int64))
    _, _, early_lease, _ = engine.target_profile(early, np.zeros(0, dtype=np.int64))
    assert early_lease < lease - 12 * 12


def test_an_unsold_lettered_block_takes_the_lease_of_its_letter_sibling(engine) -> None:
    as_of = date(2026, 1, 1)
    target = parse(engine, "4 room blk 101B Lorong 2 Toa Payoh, 90 sqm, 5th floor", as_of).target
    assert len(engine.block_rows(target, any_type=True)) == 0
    t = engine.table
    sibling = np.flatnonzero((t.block == "101A") & (t.street == "LOR 2 TOA PAYOH"))
    commence = Counter(t.lease_commence[sibling].tolist()).most_common(1)[0][0]
    _, _, lease, _ = engine.target_profile(target, np.zeros(0, dtype=np.int64))
    assert lease == (commence + 99) * 12 - month_index(as_of)


def test_the_same_street_counts_only_for_flats_of_a_similar_lease(engine) -> None:
    """Circuit Rd mixes 1970s blocks with 2021 ones: the new flat's comps on its street are the new ones only."""
    as_of = date(2026, 1, 1)
    result = engine.run("83B Circuit Rd 3-room, 68sqm, storey 10 to 12", as_of=as_of)
    _, _, lease, _ = engine.target_profile(result.target, np.zeros(0, dtype=np.int64))
    on_street = [c for c in result.comps if c.street_name == "CIRCUIT RD"]
    assert on_street
    for comp in on_street:
        year, month = map(int, comp.month.split("-"))
        then = comp.remaining_lease_months - (month_index(as_of) - (year * 12 + month - 1))
        assert abs(then - lease) <= SIMILAR_LEASE_MONTHS


def test_a_floor_band_in_brackets_is_no_single_floor(engine) -> None:
    t = parse(engine, "5-room in punggol, 110-115 sqm, high floor (13 and up), budget 750k").target
    assert (t.storey_target, t.storey_preference) == (None, "high")
    assert parse(engine, "5 room 220 Bishan St 23, high floor (18th)").target.storey_target == 18
