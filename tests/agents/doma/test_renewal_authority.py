"""A manager's own stated authority decides what needs sign-off (an increase below which the owner signs, a $/SF they
may approve, free months), and a renter asked "take it?" after the landlord moved gets the decision (session 28, from
set 15's renewal failures, #14)."""

from __future__ import annotations

from langgraph.checkpoint.memory import InMemorySaver

from agents.doma.renewal import policy_for, rent_approval
from agents.doma.renewal_parse import parse_renewal_request
from agents.graph import ask, build_graph
from agents.route_model import load_route_model


def test_a_stated_authority_is_read_and_replaces_the_configured_threshold():
    pm = parse_renewal_request("unit 2F, 1br in astoria, tenant pays 2,800. owner's rule: max +8%, anything under "
                               "+2% needs his sign-off. renewal options?")
    assert (pm.cap_pct, pm.approval_below_pct, pm.approver) == (8.0, 2.0, "owner")
    policy = policy_for(pm)
    assert rent_approval(2800 * 1.06, 2800, None, policy) == []  # +6%: above the usual 5% threshold, within his rule
    assert "needs the owner's sign-off" in rent_approval(2800, 2800, None, policy)[0]
    office = parse_renewal_request("tenant on 9, 10,000 sf, pays $70/sf, wants 3 yrs. we can approve $75/sf or more, "
                                   "more than 1 month free goes to the board")
    assert (office.approval_below_ppsf, office.free_months_limit, office.approver) == (75.0, 1.0, "board")
    board = policy_for(office)
    assert board.min_increase_pct > 7  # offers start at the $75/SF the manager can approve: 75 / 70 - 1
    assert any("under the $75/SF you can approve" in r for r in rent_approval(70 * 10000 / 12, 70 * 10000 / 12,
                                                                              None, board))
    assert any("months free" in r for r in rent_approval(80 * 10000 / 12, 70 * 10000 / 12, None, board, 2))


def _graph(inventory, now):
    return build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())


def test_the_tenants_flat_ask_in_a_managers_renewal_is_judged_by_the_stated_rule(inventory, now):
    graph = _graph(inventory, now)
    first = ask(graph, "PM here. unit 3R, 2br in williamsburg ~900sf, tenant pays 3,400, lease ends 2/28. policy: "
                "renewals max +7%, anything under +3% needs owner sign-off. build me a renewal package",
                thread_id="r", role="manager")
    assert "needs owner approval" not in first["reply"].lower() and "under +3%" in first["reply"]
    flat = ask(graph, "she wants to stay flat at 3,400, says the dishwasher's been broken for months", thread_id="r",
               role="manager")
    assert flat["route"]["node"] == "renewal"
    assert "The tenant's ask: $3,400/month (+0.0%)** needs owner approval" in flat["reply"]


def test_a_renter_asked_take_it_after_the_landlord_moved_gets_the_decision(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "my landlord wants to raise my rent from 2100 to 2350 when i renew in feb. 1br astoria ~700sqft",
        thread_id="t", role="renter")
    reply = ask(graph, "they replied 2300 for 1 year. take it?", thread_id="t", role="renter")["reply"]
    assert reply.startswith("**Take it.** Their offer is $2,300/month, $200 a month more")
    assert "the offer: $2,300" in reply  # their new offer replaced the first one


def test_a_managers_tenancy_with_the_owners_rules_is_a_renewal_and_a_fair_ask_is_accepted(inventory, now):
    graph = _graph(inventory, now)
    first = ask(graph, "i look after a walk-up in astoria. 2br tenant at 2,600, lease up end of march, good payer. "
                "owner caps renewals at 9% and any free rent needs his ok. what can i offer?", thread_id="w",
                role="manager")
    assert first["route"]["node"] == "renewal"  # a tenancy stated, not a search for a 2br in Astoria
    assert "any free rent" in first["reply"] and "over +9%" in first["reply"]
    ask_ = ask(graph, "she says 2,750 max. accept or risk losing her?", thread_id="w", role="manager")["reply"]
    assert "accept the tenant's $2,750/month" in ask_ and "Keeping the tenant is worth it" in ask_


def test_a_limit_without_the_owners_approval_bounds_the_offers_and_free_text_renewals_route_to_renewal():
    stated = parse_renewal_request("renovación de un estudio, paga 2,450. la política permite hasta 5% sin aprobación "
                                   "del dueño")
    assert (stated.approval_above_pct, stated.approver) == (5.0, "owner")
    policy = policy_for(stated)
    assert policy.max_increase_pct == 5.0 and rent_approval(2450 * 1.04, 2450, None, policy) == []
    assert "you can approve without the owner" in rent_approval(2450 * 1.08, 2450, None, policy)[0]
    from agents.manager import route

    learned = load_route_model()
    assert route("renewal for a 1br in crown heights, current rent 2,400. owner wants the usual bump",
                 learned=learned).node == "renewal"
    assert route("tenant says she found a 1br nearby for 2,100", previous_node="renewal",
                 learned=learned).node == "renewal"
