"""The learned routing layer: features, the fitted artefact, calibrated abstain, explanations in the decision."""

from __future__ import annotations

from agents.linear import LinearModel
from agents.manager import route, rule_scores
from agents.route_model import ARTEFACT, features, load_route_model
from eval.fit_router import fit


def test_features_carry_the_rule_prior_words_ngrams_and_context() -> None:
    scores, _hits, context = rule_scores("the sink is leaking", has_lease=True, previous_node="lease")
    feats = features("the sink is leaking", scores, context)
    assert feats["rule:triage"] > 0
    assert {"w:sink", "b:sink is", "c:<si", "ctx:lease", "ctx:prev=lease"} <= set(feats)


def test_the_shipped_artefact_loads_is_small_and_explains_its_decision() -> None:
    model = load_route_model()
    assert model is not None and set(model.classes) >= {"needs", "tour", "lease", "triage", "renewal"}
    assert ARTEFACT.stat().st_size < 500_000
    decision = route("the kitchen sink is leaking under the cabinet", learned=model)
    assert decision.node == "triage"
    assert "p=" in decision.reason and "rule:triage" in decision.reason  # the top features, as the explanation


def test_fitting_learns_words_the_keyword_table_does_not_know() -> None:
    train = [{"text": f"zorblax {w}", "expected": {"node": "triage"}} for w in ("now", "again", "kitchen", "bath")]
    train += [{"text": f"quandle {w}", "expected": {"node": "lease"}} for w in ("now", "again", "kitchen", "bath")]
    model, figures = fit(train, [])
    assert figures["train_cases"] == 8 and figures["abstain_below"] == 0.0
    assert route("zorblax please", learned=model).node == "triage"
    assert route("quandle please", learned=model).node == "lease"
    assert route("zorblax please").node == "clarify"  # the rules alone do not know it


def test_below_the_calibrated_confidence_the_router_asks() -> None:
    unsure = LinearModel(classes=("needs", "triage"), intercept=(0.0, 0.0), weights={}, abstain_below=0.9)
    decision = route("hmm", learned=unsure)
    assert decision.node == "clarify" and decision.pipeline is None


def test_hazards_still_override_everything() -> None:
    leaning = LinearModel(classes=("needs", "triage"), intercept=(9.0, -9.0), weights={})
    assert route("I smell gas in the hallway", learned=leaning).node == "triage"


def test_a_place_and_size_without_a_search_verb_describe_the_home_being_renewed() -> None:
    """Whether the person is looking for a home is a feature: "1br in williamsburg, ~700 sqft" after the landlord's
    new rent describes the flat they renew, not a search."""
    text = "landlord wants to go from 2850 to 3100 on my renewal. 1br in williamsburg, ~700 sqft. is that crazy"
    assert rule_scores(text)[2]["seeks"] is False
    assert rule_scores("looking for a 1br in williamsburg under 3100")[2]["seeks"] is True
    assert route(text, learned=load_route_model()).node == "renewal"
    assert route("looking for a 1br in williamsburg, ~700 sqft, under 3100", learned=load_route_model()).node == "needs"


def test_a_pasted_text_is_background_to_the_persons_own_words():
    # the quote would route elsewhere on its own; what the person asks for decides
    learned = load_route_model()
    assert route("'Viewing confirmed: SE-2290, Sun 2pm.' i'll probably still go but honestly i'd rather stay. ask my "
                 "landlord if they'd renew at 2,800 for two years", learned=learned).node == "renewal"
    assert route("our agent sent this: 'Blk 512 Tampines Central 7, 4-room, 10-12 storey, sold S$638,000 (Nov 2023)'. "
                 "we're moving to toronto, can you look for 3 bedroom rentals near north york",
                 learned=learned).node == "needs"
    assert route("our agent sent this: 'Blk 512 Tampines Central 7, 4-room, 10-12 storey, sold S$638,000 '"
                 "(Nov 2023)'. "
                 "viewing of the greenpoint one bed SE-4021, any day this week after 5",
                 learned=learned).node == "tour"
    # a short quote inside the message is its subject, not background
    assert route("lease is up aug 31. landlord texted 'new rent 2850 if you stay'. that's 250 more. "
                 "thoughts?", learned=learned).node == "renewal"


def test_an_act_asked_after_a_repair_report_stays_with_the_report():
    learned = load_route_model()
    assert route("can u call con ed or 911 for me", previous_node="triage", learned=learned).node == "triage"
    # no problem told after a valuation: no repair to log
    assert route("so the top up is like 50k? lol", previous_node="comps", learned=learned).node != "triage"
    assert route("please send someone today then", previous_node="lease", has_lease=True,
                 learned=learned).node == "triage"
