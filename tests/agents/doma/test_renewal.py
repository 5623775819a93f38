"""RenewalDealAgent: parsing, comps, policy limits, counter-offers, manager requests, missing inputs, the node."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel

from agents.doma.renewal import (
    RenewalRequest,
    analyze_renewal,
    load_renewal_policy,
    parse_renewal_request,
    propose_renewal,
)
from agents.doma.renewal_node import renewal_node
from contracts.doma import RenewalAdvice, RenewalPackage
from data.sources.nyc import Inventory, build_frame
from tests.conftest import ROOT

POLICY = json.loads((ROOT / "agents" / "doma" / "config" / "renewal_policy.json").read_text())
POLICY["comps"]["count"] = 8  # the small fixture's 11 units: its eight nearest are the comparables


def _unit(uid: str, rent: float, *, hood: str = "Astoria", beds: int = 2, sqft: float = 900) -> dict:
    return {"unit_id": uid, "kind": "apartment", "source": "test", "neighborhood": hood, "submarket": hood,
            "borough": "Queens", "rent": rent, "sqft": sqft, "bedrooms": beds, "bathrooms": 1}


@pytest.fixture(scope="module")
def small() -> Inventory:
    """Eight Astoria 2br comps around $3,000 (median 3,000), one lone Tribeca unit, a far-off 2br in Queens."""
    rows = [_unit("SE-1", 2500)] + [_unit(f"SE-{10 + i}", r) for i, r in enumerate(
        (2800, 2900, 2950, 3000, 3000, 3050, 3100, 3200))]
    rows.append(_unit("SE-50", 9000, hood="Tribeca", beds=4, sqft=3000))
    rows.append(_unit("SE-60", 2000, beds=1, sqft=500))
    return Inventory(frame=build_frame(rows))


def _pcts(package: RenewalPackage, current: float) -> list[float]:
    return [(o.rent_usd / current - 1) * 100 for o in (package.primary, *package.alternatives)]


# --- parsing ---

def test_parse_the_tenant_example() -> None:
    req = parse_renewal_request(
        "My rent is $3,200, the lease ends in March and the landlord wants 7% — what should I counter?", None)
    assert (req.current_rent, req.proposed_increase_pct, req.lease_end, req.requester) == (3200, 7, "March", "tenant")
    assert req.tenant_counter_pct is None and req.unit_id is None


def test_parse_manager_request_and_attributes(inventory: Inventory) -> None:
    req = parse_renewal_request("propose a renewal for se-1545 on a 2-year lease", inventory)
    assert (req.unit_id, req.requester, req.term_months) == ("SE-1545", "manager", 24)
    req = parse_renewal_request("My 2br in Astoria is $2,600 a month; the landlord is asking $2,900. "
                                "I could offer $2,700.", inventory)
    assert (req.current_rent, req.landlord_offers, req.tenant_counter_rent) == (2600, [2900], 2700)
    assert (req.bedrooms, req.location) == (2, "astoria")
    req = parse_renewal_request("they want to raise my rent from $2,500 to $2,650", None)
    assert (req.current_rent, req.landlord_offers) == (2500, [2650])
    assert round(req.landlord_pct() or 0, 1) == 6.0


def test_parse_flags_an_unknown_unit(inventory: Inventory) -> None:
    req = parse_renewal_request("renewal for SE-999999999", inventory)
    assert req.unit_id is None and req.unknown_unit_id == "SE-999999999"


# --- comps and market ---

def test_comps_median_and_ids_in_justification(small: Inventory) -> None:
    analysis = analyze_renewal(RenewalRequest(unit_id="SE-1"), inventory=small, policy=POLICY)
    assert analysis.comps is not None
    assert analysis.comps.median == 3000
    assert "SE-1" not in analysis.comps.ids and "SE-50" not in analysis.comps.ids and "SE-60" not in analysis.comps.ids
    for uid in analysis.comps.ids:
        assert uid in analysis.package.justification
    assert "median $3,000" in analysis.package.justification


def test_no_comparable_units_uses_policy_default(small: Inventory) -> None:
    analysis = analyze_renewal(RenewalRequest(unit_id="SE-50"), inventory=small, policy=POLICY)
    assert analysis.comps is None
    assert analysis.package.primary.rent_usd == pytest.approx(9000 * (1 + POLICY["default_increase_pct"] / 100))
    assert "No comparable units" in analysis.package.justification


# --- policy limits ---

def test_far_below_market_is_capped_and_needs_approval(small: Inventory) -> None:
    """SE-1 pays $2,500 against a $3,000 market: +20% would be needed; policy caps at 7.5% and the offer stays
    more than 5% below market, so a manager must approve."""
    package = propose_renewal(RenewalRequest(unit_id="SE-1"), inventory=small, policy=POLICY)
    pcts = _pcts(package, 2500)
    assert all(POLICY["min_increase_pct"] - 1e-9 <= p <= POLICY["max_increase_pct"] + 1e-9 for p in pcts)
    assert package.primary.rent_usd <= 2500 * 1.075
    assert package.needs_manager_approval
    assert "approval" in package.justification and "below the market median" in package.justification


def test_at_market_within_threshold_needs_no_approval(small: Inventory) -> None:
    analysis = analyze_renewal(RenewalRequest(current_rent=2950, location="astoria", bedrooms=2, sqft=900),
                               inventory=small, policy=POLICY)
    package = analysis.package
    assert analysis.comps is not None and analysis.rule == "move to the market median"
    assert package.primary.rent_usd == pytest.approx(analysis.comps.median, abs=POLICY["round_to_usd"])
    assert not package.needs_manager_approval
    assert len(package.alternatives) == 2
    assert any(o.term_months > package.primary.term_months for o in package.alternatives) or \
        package.primary.term_months == POLICY["long_term_months"]


def test_threshold_crossing_needs_approval(small: Inventory) -> None:
    strict = {**POLICY, "approval_threshold_pct": 1.0}
    package = propose_renewal(RenewalRequest(current_rent=2900, location="astoria", bedrooms=2), inventory=small,
                              policy=strict)
    assert package.primary.rent_usd > 2900 * 1.01
    assert package.needs_manager_approval and "approval threshold" in package.justification


def test_increase_never_below_policy_minimum(small: Inventory) -> None:
    floor = {**POLICY, "min_increase_pct": 2.0}
    package = propose_renewal(RenewalRequest(current_rent=3400, location="astoria", bedrooms=2), inventory=small,
                              policy=floor)
    assert min(_pcts(package, 3400)) >= 2.0 - 1e-9


def test_equal_value_prefers_the_longer_term(small: Inventory) -> None:
    flat = {**POLICY, "long_term_discount_pct": 0.0}
    package = propose_renewal(RenewalRequest(current_rent=2950, location="astoria", bedrooms=2), inventory=small,
                              policy=flat)
    assert package.primary.term_months == POLICY["long_term_months"]
    with_discount = propose_renewal(RenewalRequest(current_rent=2950, location="astoria", bedrooms=2),
                                    inventory=small, policy=POLICY)
    assert with_discount.primary.term_months == POLICY["default_term_months"]


def test_incentive_alternative_is_worth_the_primary(small: Inventory) -> None:
    roomy = {**POLICY, "approval_threshold_pct": 7.5}
    analysis = analyze_renewal(RenewalRequest(current_rent=2950, location="astoria", bedrooms=2), inventory=small,
                               policy=roomy)
    incentive = [c for c in analysis.candidates if c.incentives]
    assert incentive, "an incentive instead of a lower rent is offered"
    assert incentive[0].offer() in analysis.package.alternatives
    assert incentive[0].rent > analysis.candidates[0].rent
    assert abs(incentive[0].effective - analysis.candidates[0].effective) <= POLICY["round_to_usd"] + 1


# --- tenant counter-offers and landlord asks ---

def test_without_a_size_every_like_unit_is_a_comparable_not_the_first_ids(small: Inventory) -> None:
    req = RenewalRequest(current_rent=2800, location="astoria", bedrooms=2)
    comps = analyze_renewal(req, inventory=small, policy=POLICY).comps
    sized = analyze_renewal(req.model_copy(update={"sqft": 900}), inventory=small, policy=POLICY).comps
    assert comps is not None and sized is not None
    assert len(comps.ids) > POLICY["comps"]["count"] == len(sized.ids)


def test_tenant_counter_within_policy_becomes_the_offer(small: Inventory) -> None:
    req = RenewalRequest(current_rent=2800, location="astoria", bedrooms=2, sqft=900, proposed_increase_pct=7,
                         tenant_counter_pct=3.0)
    analysis = analyze_renewal(req, inventory=small, policy=POLICY)
    assert analysis.candidates[0].rent == pytest.approx(2800 * 1.03, abs=5)
    assert not analysis.package.needs_manager_approval
    assert "counter" in analysis.rule and "Tenant's counter" in analysis.package.justification


def test_tenant_counter_too_far_below_market_is_countered_at_the_floor(small: Inventory) -> None:
    req = RenewalRequest(current_rent=2500, location="astoria", bedrooms=2, tenant_counter_pct=0.0)
    analysis = analyze_renewal(req, inventory=small, policy=POLICY)
    assert analysis.target_pct > 0
    assert "lowest increase policy allows" in analysis.rule


def test_tenant_never_advised_above_the_landlords_ask(small: Inventory) -> None:
    req = RenewalRequest(current_rent=2500, location="astoria", bedrooms=2, landlord_offers=[2550])
    package = propose_renewal(req, inventory=small, policy=POLICY)
    assert package.primary.rent_usd <= 2550


# --- the node ---

def test_node_tenant_example_without_unit_gives_advice(inventory: Inventory) -> None:
    out = renewal_node({"text": "My rent is $3,200, the lease ends in March and the landlord wants 7% — what "
                                "should I counter?"}, inventory=inventory)
    advice = RenewalAdvice.model_validate(out["renewal_advice"])
    assert 3200 <= advice.counter.rent_usd < 3200 * 1.07 and advice.offer_usd == pytest.approx(3424)
    assert "Suggested counter" in out["reply"] and out["trace"][0]["node"] == "renewal"
    assert "approval" not in out["reply"].lower() and out["renewal"] is None


def test_node_manager_request_uses_inventory_comps(inventory: Inventory) -> None:
    out = renewal_node({"text": "propose a renewal for SE-1545"}, inventory=inventory)
    package = RenewalPackage.model_validate(out["renewal"])
    comps = out["trace"][0]["comps"]
    subject = inventory.row("SE-1545")
    assert comps and "SE-1545" not in comps
    for uid in comps:
        row = inventory.row(uid)
        assert row["neighborhood"] == subject["neighborhood"] and row["bedrooms"] == subject["bedrooms"]
        assert uid in package.justification
    assert "Proposed renewal" in out["reply"]


@pytest.mark.parametrize(("text", "named"), [
    ("my landlord wants to raise my rent 5%, what should I counter?", "current monthly rent"),
    ("my rent is $2,800, can I negotiate my renewal?", "your landlord offered"),
    ("propose a renewal", "unit id"),
    ("prepare a renewal offer for SE-999999999", "SE-999999999"),
])
def test_node_missing_input_asks_one_question(text: str, named: str, inventory: Inventory) -> None:
    out = renewal_node({"text": text}, inventory=inventory)
    assert out["renewal"] is None and out["renewal_advice"] is None
    assert named in out["reply"] and out["reply"].count("?") == 1
    assert out["trace"][0]["missing"]


def test_node_uses_last_search_for_comps(inventory: Inventory) -> None:
    state = {"text": "my rent is $2,400 and the landlord wants 6%", "spec": {"location": ["astoria"],
                                                                               "min_bedrooms": 1}}
    out = renewal_node(state, inventory=inventory)
    assert out["trace"][0]["comps"]
    assert all(inventory.row(u)["neighborhood"] == "Astoria" for u in out["trace"][0]["comps"])


def test_node_numbers_never_come_from_the_model(inventory: Inventory) -> None:
    text = "My rent is $3,200 and the landlord wants 7%"
    model = FakeListChatModel(responses=['{"rent_usd": 1, "term_months": 99}'] * 3)
    assert renewal_node({"text": text}, model=model, inventory=inventory)["renewal_advice"] == \
        renewal_node({"text": text}, inventory=inventory)["renewal_advice"]


def test_policy_file_is_loaded_and_validated(tmp_path: Path) -> None:
    assert load_renewal_policy().max_increase_pct == POLICY["max_increase_pct"]
    bad = tmp_path / "policy.json"
    bad.write_text(json.dumps({**POLICY, "min_increase_pct": 9, "max_increase_pct": 3}))
    with pytest.raises(ValueError, match="min_increase_pct"):
        load_renewal_policy(bad)
    with pytest.raises(ValueError, match="current rent"):
        propose_renewal(RenewalRequest(location="astoria"), inventory=None)


# --- a renter's side ---

@pytest.mark.parametrize(("text", "current", "offer"), [
    ("my renewal offer is $3,400, up from $3,100 — can I negotiate?", 3100, 3400),
    ("landlord wants to raise rent from 2850 to 3100", 2850, 3100),
    ("my rent is three thousand one hundred and they want three thousand four hundred", 3100, 3400),
    ("I pay $2,900 and the landlord proposed $3,150", 2900, 3150),
])
def test_the_offer_is_read_apart_from_the_current_rent(text: str, current: float, offer: float) -> None:
    request = parse_renewal_request(text)
    assert request.current_rent == current and request.landlord_offers == [offer]
    assert request.requester == "tenant"


def test_two_offered_options_are_compared_on_total_cost(inventory: Inventory) -> None:
    from agents.doma.renewal import load_renewal_policy
    from agents.doma.renewal_tenant import advise

    request = parse_renewal_request("they offered 2 years at 5% or 1 year at 7%, my rent is 2,600")
    assert request.options == [(24, 5.0), (12, 7.0)] and request.tenant_counter_pct is None
    advice = advise(request, inventory=inventory, policy=load_renewal_policy())
    assert advice is not None
    by_term = {o.term_months: o for o in advice.options}
    assert by_term[24].cost_over_24_months_usd == pytest.approx(2600 * 1.05 * 24)
    assert by_term[12].cost_over_24_months_usd == pytest.approx(2600 * 1.07 * 12 + 2600 * 1.07 ** 2 * 12)
    assert any("24-month option at 5%" in reason for reason in advice.reasoning)


def test_a_counter_never_exceeds_the_offer_nor_falls_below_the_rent(inventory: Inventory) -> None:
    from agents.doma.renewal import load_renewal_policy
    from agents.doma.renewal_tenant import advise

    for current, offer in ((3100, 3400), (2000, 2010), (4000, 3900)):
        request = RenewalRequest(current_rent=current, landlord_offers=[offer], location="astoria", bedrooms=1)
        advice = advise(request, inventory=inventory, policy=load_renewal_policy())
        assert advice is not None
        assert min(current, offer) <= advice.counter.rent_usd <= offer
        assert f"${offer:,.0f}" in advice.draft_message and advice.mailto.startswith("mailto:")


def test_a_renter_without_an_offer_gets_answers_not_the_same_question() -> None:
    from data.sources.nyc import load_inventory

    inventory = load_inventory()
    first = renewal_node({"text": "my renewal notice says 'renewal at prevailing market rate, 12 or 24 month term' - "
                                  "what does that mean?", "role": "renter"}, inventory=inventory)
    assert "has not named a figure" in first["reply"] and "current rent" in first["reply"]
    state = {"renewal_context": first["renewal_context"], "renewal_request": first["renewal_request"],
             "role": "renter"}
    rent = renewal_node({**state, "text": "I pay 3,400 for a 2 bed in Crown Heights"}, inventory=inventory)
    state = {**state, "renewal_context": rent["renewal_context"], "renewal_request": rent["renewal_request"]}
    term = renewal_node({**state, "text": "which term would you pick"}, inventory=inventory)
    assert "**12 months**" in term["reply"] or "**24 months**" in term["reply"] or "Either term" in term["reply"]
    assert term["reply"] != rent["reply"] and "$3,400" in term["reply"]
    m2m = renewal_node({**state, "text": "and if they refuse a 6 month term, can i go month to month?"},
                       inventory=inventory)
    assert "depends on your lease" in m2m["reply"]


def test_a_manager_renews_several_units_and_follows_up_on_one() -> None:
    from agents.doma.renewal_units import parse_units
    from agents.manager import route
    from data.sources.nyc import load_inventory

    text = ("need renewal proposals for three units: 2A 2br $4,000, 3B studio $2,200, 7F 1br $3,050. building is in "
            "midtown east. keep increases modest, we have vacancies")
    assert [(u["label"], u["bedrooms"], u["rent"]) for u in parse_units(text)] == [
        ("2A", 2, 4000), ("3B", 0, 2200), ("7F", 1, 3050)]
    assert route(text).node == "renewal"
    inventory = load_inventory()
    first = renewal_node({"text": text}, inventory=inventory)
    assert first["reply"].count("| 2A") + first["reply"].count("| 3B") + first["reply"].count("| 7F") == 3
    assert "+3.0%" in first["reply"] and "+3.5%" not in first["reply"] and "Kept modest" in first["reply"]
    state = {"renewal_units": first["renewal_units"], "renewal_context": first["renewal_context"]}
    six = renewal_node({**state, "text": "3B tenant wants to extend only 6 months"}, inventory=inventory)
    assert "**$2,265/mo for 6 months**" in six["reply"] or "3B: **" in six["reply"]
    assert next(u for u in six["renewal_units"]["units"] if u["label"] == "3B")["term"] == 6
    state = {**state, "renewal_units": six["renewal_units"]}
    comps = renewal_node({**state, "text": "ok for 7F what comps are you using"}, inventory=inventory)
    assert comps["reply"].startswith("For 7F") and "SE-" in comps["reply"]
    ask = "fine. put 2A and 7F in one email to the owner for sign-off, skip 3B for now"
    mail = renewal_node({**state, "text": ask}, inventory=inventory)
    assert "Unit 2A" in mail["reply"] and "Unit 7F" in mail["reply"] and "Unit 3B" not in mail["reply"]
    assert "Left out: 3B" in mail["reply"]


def test_units_listed_with_their_own_places_each_get_their_comparables_and_a_letter_each() -> None:
    from agents.doma.renewal_units import parse_units
    from agents.manager import route
    from data.sources.nyc import load_inventory

    text = ("3 renewals due before noon. 9B: bushwick 1br, $2,100, on time. 3F: chelsea 2br/1ba, $4,400, paid late "
            "once. 12D: UES 2br/2ba, $5,100, wants a 2-yr. an offer for each please")
    assert [(u["label"], u["bedrooms"], u["rent"], u.get("location")) for u in parse_units(text)] == [
        ("9B", 1, 2100, "bushwick"), ("3F", 2, 4400, "chelsea"), ("12D", 2, 5100, "upper east side")]
    assert route(text).node == "renewal"
    inventory = load_inventory()
    first = renewal_node({"text": text}, inventory=inventory)
    assert "bushwick, 1br" in first["reply"] and "chelsea, 2br" in first["reply"]
    assert "in each unit's area" in first["reply"]
    state = {"renewal_units": first["renewal_units"], "renewal_context": first["renewal_context"]}
    table = renewal_node({**state, "text": "put all 3 in a table i can paste"}, inventory=inventory)
    assert table["reply"].count("| 9B") + table["reply"].count("| 3F") + table["reply"].count("| 12D") == 3
    sent = renewal_node({**state, "text": "great, send the offers to the 3 tenants"}, inventory=inventory)
    assert sent["reply"].startswith("I can't send") and sent["reply"].count("Dear tenant") == 3


def test_a_renter_asks_what_if_the_landlord_refuses_the_counter(inventory: Inventory) -> None:
    first = renewal_node({"text": "My rent is $2,450 and the landlord offered $2,597 for 12 months", "role": "renter"},
                         inventory=inventory)
    state = {"renewal_context": first["renewal_context"], "renewal_request": first["renewal_request"],
             "role": "renter"}
    out = renewal_node({**state, "text": "what if they refuse my counter?"}, inventory=inventory)
    assert out["reply"].startswith("If they refuse") and "middle" in out["reply"] and "moving" in out["reply"]


def test_a_manager_said_in_other_words_gets_the_package(inventory: Inventory) -> None:
    text = ("I manage a building in Midtown East. Tenant in a 2BR paying $4,200 is up for renewal in 60 days. What "
            "should we offer? Don't want to lose them, vacancy costs us")
    assert parse_renewal_request(text).requester == "manager"
    out = renewal_node({"text": text}, inventory=inventory)
    assert out["renewal"] is not None and "Proposed renewal" in out["reply"]


def test_renewal_figures_in_spanish_and_options_with_a_plus_sign() -> None:
    spanish = parse_renewal_request("el casero me quiere subir la renta de $1,950 a $2,250 en Bushwick, estudio")
    assert (spanish.current_rent, spanish.landlord_offers) == (1950, [2250])
    plus = parse_renewal_request("two options: 12 months at +3% or 24 months at +5% total. I pay $3,400")
    assert plus.options == [(12, 3.0), (24, 5.0)] and plus.current_rent == 3400
    mine = parse_renewal_request("what if i ask for 18 months at 3%")
    assert (mine.tenant_counter_pct, mine.term_months) == (3.0, 18)


def test_how_long_a_tenant_has_paid_is_no_term_and_an_offers_term_is_read() -> None:
    from agents.doma.renewal_parse import parse_renewal_request

    said = parse_renewal_request("write it up. landlord is Mr. P, keep it friendly, i've paid on time for 4 yrs")
    assert said.term_months is None and said.tenure_years == 4
    assert parse_renewal_request("he wrote back: $2,800, 1 year, final. take it?").term_months == 12
    assert parse_renewal_request("for the past 3 years I paid on time, can we do 24 months").term_months == 24
    assert parse_renewal_request("she pays $2,100 and wants to stay; I offer her 18 months, ok?").term_months == 18


def test_a_current_rent_said_without_is_is_read() -> None:
    from agents.doma.renewal_parse import parse_renewal_request

    said = parse_renewal_request("my current rent 2400 and they want 2600")
    assert said.current_rent == 2400 and said.landlord_offers == [2600]
