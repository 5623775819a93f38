import json
import subprocess
import sys

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langgraph.checkpoint.memory import InMemorySaver

from agents.graph import ask, build_graph
from agents.via.needs import PROTECTED_MESSAGE
from contracts import ActionPlan, MatchItem, SearchSpec
from tests.conftest import ROOT


def graph_for(inventory, now, model=None):
    return build_graph(model=model, checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now)


def test_search_turn_produces_contracts(inventory, now):
    graph = graph_for(inventory, now)
    state = ask(graph, "Pet-friendly 2br in Williamsburg under $5k with a dishwasher, tour this Monday 6pm")
    assert state["route"]["node"] == "needs"
    spec = SearchSpec.model_validate(state["spec"])
    assert spec.location == ["williamsburg"] and spec.min_bedrooms == 2
    items = [MatchItem.model_validate(m) for m in state["matches"]]
    assert items and all(item.reasons for item in items)
    plan = ActionPlan.model_validate(state["plan"])
    assert plan.actions[0].start.isoformat() == "2026-11-23T18:00:00-05:00"
    assert state["messages"][-1].content == state["reply"]
    assert [t["node"] for t in state["trace"]] == ["input", "manager", "needs", "match_rank", "tour_close"]


def test_clarifying_question_then_short_reply_completes_the_spec(inventory, now):
    graph = graph_for(inventory, now)
    first = ask(graph, "looking for a 2 bedroom with a washer dryer", thread_id="c")
    assert first["spec"]["spec_status"] == "underconstrained" and first["matches"] == []
    assert first["reply"].count("?") == 1
    second = ask(graph, "Brooklyn, under 3k", thread_id="c")
    spec = second["spec"]
    assert spec["location"] == ["brooklyn"] and spec["budget_monthly_usd"]["max"] == 3000
    assert spec["min_bedrooms"] == 2 and spec["must_haves"] == ["washer_dryer"]
    assert second["matches"] and all(m["row_preview"]["borough"] == "Brooklyn" for m in second["matches"][:3])


def test_protected_class_request_is_refused_plainly_and_the_rest_searched(inventory, now):
    graph = graph_for(inventory, now)
    state = ask(graph, "2br in Astoria under 3000, somewhere with no immigrants around")
    assert PROTECTED_MESSAGE in state["reply"] and state["matches"]
    assert state["spec"]["must_haves"] == [] and state["spec"]["location"] == ["astoria"]


def test_garbage_model_output_falls_back_to_rules(inventory, now):
    model = FakeListChatModel(responses=["<<garbage>>"] * 10)
    graph = graph_for(inventory, now, model=model)
    state = ask(graph, "1br in astoria under 2500")
    assert state["spec"]["location"] == ["astoria"] and state["matches"]


def test_doma_routes_reach_their_nodes(inventory, now):
    graph = graph_for(inventory, now)
    assert ask(graph, "I smell gas in the kitchen", thread_id="d")["triage"]["priority"] == "P0"
    lease = ask(graph, "can I sublet according to my lease?", thread_id="d")
    assert lease["route"]["node"] == "lease" and "upload" in lease["reply"].lower()
    assert ask(graph, "hello", thread_id="d")["route"]["node"] == "clarify"


CHILD = """
import json, sys
from datetime import datetime
from zoneinfo import ZoneInfo
from agents.graph import ask, build_graph, open_checkpointer
from pathlib import Path
graph = build_graph(checkpointer=open_checkpointer(Path(sys.argv[1])),
                    now=lambda: datetime(2026, 11, 22, 10, tzinfo=ZoneInfo("America/New_York")))
state = ask(graph, sys.argv[2], thread_id="persist")
print(json.dumps({"spec": state["spec"], "n": len(state["messages"]), "matches": len(state.get("matches") or [])}))
"""


def test_a_thread_survives_a_process_restart(tmp_path):
    db = str(tmp_path / "threads.sqlite")

    def turn(text):
        out = subprocess.run([sys.executable, "-c", CHILD, db, text], cwd=ROOT, capture_output=True, text=True,
                             check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])

    first = turn("looking for a 2 bedroom with a washer dryer")
    assert first["spec"]["spec_status"] == "underconstrained" and first["matches"] == 0
    second = turn("Queens, under 3500")  # a new process: the spec comes back from the SQLite checkpoint
    assert second["spec"]["spec_status"] == "ok" and second["spec"]["min_bedrooms"] == 2
    assert second["n"] == 4 and second["matches"] > 0


def test_renewal_question_then_short_answer_completes_the_request(inventory, now):
    graph = graph_for(inventory, now)
    first = ask(graph, "the landlord wants a 7% increase at renewal, what should I counter?", thread_id="r")
    assert first["renewal_advice"] is None and first["reply"].count("?") == 1 and "rent" in first["reply"]
    second = ask(graph, "$3,200", thread_id="r")
    assert second["route"]["node"] == "renewal" and second["renewal_advice"] is not None
    assert "+7.0%" in second["reply"]  # the landlord's ask from the first message was kept
    assert second["renewal_advice"]["counter"]["rent_usd"] <= 3200 * 1.07


def test_a_renter_renewal_follow_up_continues_the_negotiation(inventory, now):
    graph = graph_for(inventory, now)
    first = ask(graph, "my renewal offer is $3,400, up from $3,100 — can I negotiate?", thread_id="n")
    advice = first["renewal_advice"]
    assert advice["current_rent_usd"] == 3100 and advice["offer_usd"] == 3400  # the offer is not the rent
    assert 3100 <= advice["counter"]["rent_usd"] < 3400 and "approval" not in first["reply"].lower()
    longer = ask(graph, "what if I sign for 2 years?", thread_id="n")
    assert longer["route"]["node"] == "renewal" and longer["renewal_advice"]["term_months"] == 24
    assert longer["renewal_advice"]["offer_usd"] == 3400  # still the same negotiation
    email = ask(graph, "write the email to my landlord", thread_id="n")
    assert email["route"]["node"] == "renewal" and "$3,400" in email["renewal_advice"]["draft_message"]


def test_an_uploaded_lease_travels_with_the_thread(inventory, now, tmp_path):
    from agents.doma.lease_qa import clear_cache, store_uploaded_lease

    graph = graph_for(inventory, now)
    pdf = (ROOT / "eval" / "datasets" / "leases" / "residential_lease.pdf").read_bytes()
    lease = store_uploaded_lease(pdf, "lease.pdf", tmp_path)
    config = {"configurable": {"thread_id": "l"}}
    graph.update_state(config, {"lease": lease})
    clear_cache()  # as after a restart: the node rebuilds the index from the stored file
    state = ask(graph, "Can I sublet my apartment?", thread_id="l")
    assert state["route"]["node"] == "lease"
    answer = state["lease_answer"]
    assert not answer["not_found"] and answer["citations"] and "sublet" in answer["answer"].lower()
    later = ask(graph, "Is there a swimming pool I can use?", thread_id="l")
    assert later["lease_answer"]["answer"].startswith("Not found in provided lease")


def test_an_office_request_gets_offices_compared_per_square_foot_and_the_gap_said(inventory, now):
    graph = graph_for(inventory, now)
    state = ask(graph, "1,500–2,500 sf office in Midtown for 12 people, under $90/sf/yr", thread_id="o")
    assert state["matches"] and all(m["row_preview"]["kind"] == "office" for m in state["matches"])
    assert state["spec"]["budget_ppsf_year"] == 90 and state["spec"]["headcount"] == 12
    for m in state["matches"]:
        rate = m["row_preview"]["ppsf_year"]
        within = any("within $90/SF/yr" in r for r in m["reasons"])
        assert within == (rate <= 90)  # per square foot, never a monthly total against a yearly rate
    assert "Our smallest office suite in Midtown is" in state["reply"]  # the inventory's gap, said


def test_a_headcount_becomes_a_stated_space_range_and_a_missing_area_is_said(inventory, now):
    graph = graph_for(inventory, now)
    team = ask(graph, "office for 20 people in Flatiron", thread_id="h")
    assert (team["spec"]["min_sqft"], team["spec"]["max_sqft"]) == (3000, 5000)
    assert "For 20 people I looked for 3,000–5,000 SF" in team["reply"]
    bronx = ask(graph, "2br in the Bronx under 3k", thread_id="b")
    assert "We have no apartment listings in Bronx" in bronx["reply"]
    assert all(m["row_preview"]["kind"] == "apartment" for m in bronx["matches"])


def test_follow_ups_edit_the_search_just_shown(inventory, now):
    graph = graph_for(inventory, now)
    first = ask(graph, "2br in Williamsburg under $5k with a dishwasher", thread_id="e")
    rents = [m["row_preview"]["rent"] for m in first["matches"]]
    cheaper = ask(graph, "show me cheaper ones", thread_id="e")
    assert cheaper["route"]["node"] == "needs" and cheaper["spec"]["spec_status"] == "ok"
    assert cheaper["spec"]["budget_monthly_usd"]["max"] < 5000 and "Cheaper" in cheaper["reply"]
    assert cheaper["spec"]["min_bedrooms"] == 2 and "dishwasher" in cheaper["spec"]["must_haves"]  # nothing lost
    assert all(m["row_preview"]["rent"] <= max(rents) for m in cheaper["matches"])
    moved = ask(graph, "what about Greenpoint instead", thread_id="e")
    assert moved["spec"]["location"] == ["greenpoint"]  # replaces the place, does not add one
    assert all(m["row_preview"]["neighborhood"] == "Greenpoint" for m in moved["matches"][:1])
    doorman = ask(graph, "only with a doorman", thread_id="e")
    assert doorman["route"]["node"] == "needs" and "doorman" in doorman["spec"]["must_haves"]
    by_price = ask(graph, "sort by price", thread_id="e")
    shown = [m["row_preview"]["rent"] for m in by_price["matches"]]
    assert shown == sorted(shown)
    more = ask(graph, "show more", thread_id="e")
    assert {m["id"] for m in more["matches"]}.isdisjoint({m["id"] for m in by_price["matches"]})  # the next page


@pytest.mark.parametrize(("text", "says"), [
    ("I want to list my apartment on your site", "can't list or advertise"),
    ("looking for a roommate in Bushwick", "Room shares and roommate matching"),
])
def test_requests_outside_the_product_get_a_short_honest_answer(inventory, now, text, says):
    state = ask(graph_for(inventory, now), text, thread_id="s")
    assert says in state["reply"] and "which area" not in state["reply"] and not state.get("matches")


def test_a_search_that_mentions_a_roommate_is_still_a_search(inventory, now):
    state = ask(graph_for(inventory, now), "2br in Astoria to share with a roommate under 3200", thread_id="s2")
    assert state["route"]["node"] == "needs" and state["matches"]


def test_a_repair_follow_up_updates_its_ticket_and_never_lowers_it(inventory, now):
    graph = graph_for(inventory, now)
    first = ask(graph, "the heat is not working in my apartment", thread_id="tk")
    assert first["triage"]["priority"] == "P1"
    worse = ask(graph, "it's 55 in here and my baby is 4 months", thread_id="tk")
    assert worse["route"]["node"] == "triage" and worse["triage"]["priority"] == "P0"
    assert "now **P0** (was P1)" in worse["reply"]
    calmer = ask(graph, "it's a bit better now", thread_id="tk")
    assert calmer["triage"]["priority"] == "P0"  # never silently lowered


@pytest.mark.parametrize(("text", "lang", "says"), [
    ("busco un apartamento de 2 dormitorios en Astoria por menos de 3000", "es", "cumplen todo lo pedido"),
    ("huele a gas en la cocina", "es", "Emergencia: haga esto ahora"),
    ("hola", "es", "Puedo ayudarle con cinco cosas"),
    ("أبحث عن شقة", "ar", "للبحث أحتاج"),
])
def test_replies_come_in_the_language_of_the_message(inventory, now, text, lang, says):
    state = ask(graph_for(inventory, now), text, thread_id=f"l-{lang}-{len(text)}")
    assert state["lang"] == lang and says in state["reply"]


def test_english_messages_stay_in_english(inventory, now):
    state = ask(graph_for(inventory, now), "2br in Astoria under 3000", thread_id="l-en")
    assert state["lang"] == "en" and "match fully" in state["reply"]


def test_questions_about_the_results_are_answered_from_them_and_it_means_that_unit(inventory, now):
    graph = graph_for(inventory, now)
    first = ask(graph, "2br in Williamsburg under $5k with a dishwasher", thread_id="qa")
    shown = first["matches"]
    nearest = min(shown, key=lambda m: m["row_preview"]["min_to_subway"])
    closest = ask(graph, "which of those is closest to the subway?", thread_id="qa")
    assert closest["route"]["node"] == "needs" and nearest["id"] in closest["reply"]
    assert closest["matches"] == shown  # answered from them: no new search
    third = ask(graph, "which one has a doorman?", thread_id="qa")
    named = third["focus"]
    booked = ask(graph, "book it friday at 5pm", thread_id="qa")
    assert booked["route"]["node"] == "tour" and booked["plan"]["actions"][0]["unit_id"] == named


def test_a_two_goal_message_answers_one_part_and_says_the_other_comes_next(inventory, now):
    graph = graph_for(inventory, now)
    first = ask(graph, "my heat has been out for two days, and can I withhold rent until it is fixed?", thread_id="mi")
    assert first["route"]["node"] == "triage"  # the repair first
    assert "can I withhold rent" in first["reply"] and "go on" in first["reply"]
    second = ask(graph, "go on", thread_id="mi")
    assert second["route"]["node"] == "lease" and second["pending"] is None
    both = ask(graph, "how much is the security deposit in my lease? also show me 2br in Astoria under 3000",
               thread_id="mi2")
    assert both["route"]["node"] == "lease" and both["pending"]["node"] == "needs"
    search = ask(graph, "go on", thread_id="mi2")
    assert search["route"]["node"] == "needs" and search["matches"]


def test_a_question_the_last_reply_would_only_repeat_gets_an_honest_answer() -> None:
    from langchain_core.messages import AIMessage, HumanMessage

    from agents.graph import finish_node

    same = "**Proposed renewal:** $4,325/mo for 12 months (+3.0%)"
    question = "is that what the neighbours pay?"  # the turn's own message is in the history, as in the graph
    state = {"messages": [HumanMessage(content="propose"), AIMessage(content=same), HumanMessage(content=question)],
             "reply": same, "text": question, "route": {"node": "renewal"}, "lang": "en"}
    out = finish_node(state)["reply"]
    assert out.startswith("I can't answer that from what I hold") and "comparable units" in out
    changed = finish_node({**state, "reply": same.replace("4,325", "4,284")})["reply"]
    assert changed.startswith("**Proposed renewal:** $4,284")  # a changed figure is an answer
    statement = finish_node({**state, "text": "ok thanks"})["reply"]
    assert statement == same  # not a question: nothing to answer
    upload = finish_node({**state, "route": {"node": "lease"}})["reply"]
    assert upload == same  # asking again for the upload is still right
    canada = finish_node({**state, "route": {"node": "needs"}, "rental": {"city": "Vancouver"}})["reply"]
    assert "REALTOR.CA listings give" in canada and "minutes to the subway" not in canada  # not New York's fields


def test_a_question_answered_only_by_the_same_results_is_caught_when_the_tour_form_paused_the_turn(tmp_path):
    """With a holds store every search turn ends on the "which tours?" form, so the results never joined the chat
    history and a follow-up question got the same list again: the results are now remembered before the form."""
    from agents.route_model import load_route_model
    from data.stores.holds import SqliteHoldStore

    holds = SqliteHoldStore(tmp_path / "holds.db")
    graph = build_graph(checkpointer=InMemorySaver(), holds=holds, router=load_route_model())
    first = ask(graph, "looking for a 2br in washington heights or inwood, max 2500", thread_id="r")
    again = ask(graph, "are the schools good around there?", thread_id="r")
    # the follow-up is not the same list again: the listings hold no school data, and the reply says so
    assert first["reply"].startswith("**") and again["reply"].startswith("The listings hold no school zones")
    holds.close()


def test_a_question_answered_with_the_same_list_under_a_new_header_gets_the_units_facts() -> None:
    """An edit's header ("Budget now up to …") dropped and the same five units again is still a repeat; a question
    that names units gets their facts instead."""
    from langchain_core.messages import AIMessage, HumanMessage

    from agents.graph import finish_node

    lines = "\n".join(f"{i}. **Soho apartment (building {i})** (SE-{i}0) — ${2000 + i}/mo, score 100: fits"
                      for i in range(1, 4))
    before = f"Budget now up to $2,600.\n\n**3 units match fully.** Top 5:\n{lines}"
    again = f"**3 units match fully.** Top 5:\n{lines.replace('fits', 'fits well')}"
    matches = [{"id": f"SE-{i}0", "row_preview": {"address": f"Soho apartment (building {i})", "kind": "apartment",
                                                  "rent": 2000.0 + i, "bathrooms": 1.0, "floor": str(i),
                                                  "amenities": []}} for i in range(1, 4)]
    question = "the 2nd one - what floor is it on?"
    state = {"messages": [HumanMessage(content="stretch to 2600"), AIMessage(content=before),
                          HumanMessage(content=question)],
             "reply": again, "text": question, "route": {"node": "needs"}, "lang": "en", "matches": matches}
    out = finish_node(state)["reply"]
    assert out.startswith("#2 Soho apartment (building 2) (SE-20)") and "floor 2" in out
    edited = finish_node({**state, "reply": f"Now required: doorman.\n\n{again}"})["reply"]
    assert edited.startswith("Now required: doorman.")  # a new header says something new: not a repeat


def test_questions_about_an_area_or_two_units_are_answered_not_turned_into_a_new_search(inventory, now):
    graph = graph_for(inventory, now)
    first = ask(graph, "2br upper west side, need a doorman, budget 6k", thread_id="uq")
    shown = [m["id"] for m in first["matches"]]
    far = ask(graph, "how far is harlem from campus", thread_id="uq")
    assert far["reply"].startswith("The listings give no distances to other places")
    assert [m["id"] for m in far["matches"]] == shown  # the search stays where it was
    other = shown[2]
    compared = ask(graph, f"compare the first one w {other}", thread_id="uq")
    assert f"{shown[0]} vs {other}" in compared["reply"] and "Top 5" not in compared["reply"]
    normal = ask(graph, "whats the normal rent for a 2br on the upper west side anyway", thread_id="uq")
    assert "median" in normal["reply"] and "Top 5" not in normal["reply"]


def test_a_turn_with_no_reply_says_so_plainly() -> None:
    from agents.graph import finish_node

    silent = finish_node({"reply": "", "text": "figures for that project only", "route": {"node": "analytics"},
                          "lang": "en"})
    assert silent["reply"].startswith("I couldn't work that out") and "Abu Dhabi tables" in silent["reply"]
    assert "Done" not in silent["reply"]
    file = finish_node({"reply": "", "text": "put it all in an xlsx and email it to my PM",
                        "route": {"node": "analytics"}, "lang": "en"})
    assert file["reply"].startswith("I can't send emails or make files")
    arabic = finish_node({"reply": "", "text": "أعطني أرقام المشروع", "route": {"node": "analytics"}, "lang": "ar"})
    assert arabic["reply"].startswith("لم أستطع")


def test_a_part_the_reply_answered_is_not_offered_again_as_the_next_part(tmp_path) -> None:
    from agents.graph import finish_node

    pending = {"node": "renewal", "text": "also when's our deadline to tell them we want to extend"}
    answered = finish_node({"reply": "**1. also when's our deadline to tell them we want to extend**\n\nThe lease "
                                     "says ...", "pending": pending, "route": {"node": "lease"}, "messages": []})
    assert "You also asked" not in answered["reply"] and answered["pending"] is None
    left = finish_node({"reply": "The lease says ...", "pending": pending, "route": {"node": "lease"},
                        "messages": []})
    assert "You also asked about" in left["reply"] and "pending" not in left
