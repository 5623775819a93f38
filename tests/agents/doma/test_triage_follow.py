"""Follow-ups on open repair reports: the report meant by its subject, a visit later than the priority allows, and
a notice to the whole building."""

from __future__ import annotations

from datetime import date

from langgraph.checkpoint.memory import InMemorySaver

from agents.doma.triage_follow import building_notice, overdue_note, ticket_named, waited_hours
from agents.graph import ask, build_graph
from agents.route_model import load_route_model


def test_the_report_meant_and_how_long_the_wait_is():
    leak = {"text": "water is coming thru my ceiling, dripping next to an outlet", "priority": "P0"}
    roaches = {"text": "theres roaches in the kitchen, been like a month", "priority": "P2"}
    assert ticket_named("any update?? nobody came for the leak", [roaches, leak]) is leak
    assert ticket_named("and the roaches?", [roaches, leak]) is roaches
    assert ticket_named("any update?", [roaches, leak]) is None
    thursday = date(2026, 11, 26)
    assert waited_hours("its been 6 hrs and nobody came", thursday) == 6
    assert waited_hours("el super dice que vienen hasta el lunes", thursday) == 4 * 24
    assert waited_hours("hace 2 días que no hay agua", thursday) == 48
    assert waited_hours("any update?", thursday) is None
    assert overdue_note(6, leak, 1, "en").startswith("That is too long for a **P0** report (about 6 hours")
    assert overdue_note(6, roaches, 120, "en") is None


def test_a_notice_says_the_building_problems_plainly_with_safety():
    notice = building_notice([{"text": "2C says theres a gas smell near the boiler room. con ed shut the gas to the "
                                       "boiler. so now no heat either"},
                              {"text": "5A roaches again"}], date(2026, 11, 26))
    assert notice.startswith("**NOTICE TO ALL RESIDENTS**") and "Thursday 26 November 2026" in notice
    assert "gas is shut off" in notice and "no heat" in notice and "roach" not in notice.lower()
    assert "Con Edison (1-800-752-6633)" in notice and "Do not use ovens or stoves" in notice


def test_an_overdue_leak_is_escalated_not_the_latest_report(inventory, now):
    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "water is coming thru my ceiling from upstairs and its dripping right next to an outlet", thread_id="l")
    ask(graph, "also unrelated but theres roaches in the kitchen, been like a month", thread_id="l")
    update = ask(graph, "any update?? its been 6 hrs and nobody came for the leak", thread_id="l")
    assert "too long for a **P0** report" in update["reply"] and "311" in update["reply"]


def test_a_new_problem_after_talk_about_the_open_one_is_judged_on_its_own_words():
    from agents.doma.triage import triage_node

    ticket = {"text": "strong gas smell in my kitchen", "priority": "P0", "category": "emergency"}
    out = triage_node({"text": "im out on the sidewalk with the kids. super wont pick up. also the bedroom radiator "
                               "keeps banging, add that too", "ticket": ticket})
    assert out["triage"]["priority"] == "P2" and out["triage"]["category"] == "hvac"
    assert "Logged as a separate report; the earlier emergency report stays open as **P0**" in out["reply"]


def test_withholding_rent_over_an_open_repair_gets_the_risks_and_the_safer_steps(inventory, now):
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.graph import ask, build_graph
    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "no heat at all since yesterday, radiators are cold", thread_id="w")
    state = ask(graph, "can i just not pay december rent until its fixed?", thread_id="w")
    assert state["route"]["node"] == "triage"
    assert state["reply"].startswith("Withholding rent is risky") and "HP action" in state["reply"]


def test_a_gas_smell_explained_and_gone_ends_the_emergency(inventory, now):
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.graph import ask, build_graph
    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    assert ask(graph, "5C smells gas near the stove", thread_id="g")["triage"]["priority"] == "P0"
    later = ask(graph, "5C update: tenant says it was a burner left on a little, smell is gone now", thread_id="g")
    assert later["reply"].startswith("The danger is over, so this is now a **P1** repair (was P0).")


def test_a_letter_to_the_landlord_drafts_the_open_reports(inventory, now):
    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "my bathroom ceiling has been leaking for a week and the super ignores me", thread_id="l")
    letter = ask(graph, "can you help me write an email to my landlord Mr. Okafor about it, give him 48 hours",
                 thread_id="l")["reply"]
    assert "I have not sent it" in letter and "Dear Mr. Okafor," in letter
    assert "- my bathroom ceiling has been leaking for a week" in letter and "within 48 hours" in letter
    # in Spanish, asked in English: the frame in Spanish, the letter in English, the problem named by the rules
    ask(graph, "Tengo una fuga debajo del lavamanos del baño, gotea en un balde.", thread_id="es", lang="es")
    mixed = ask(graph, "escríbeme un mensaje para el dueño en inglés explicando todo", thread_id="es",
                lang="es")["reply"]
    assert mixed.startswith("Aquí tiene el mensaje para el dueño en inglés") and "- a water leak" in mixed
    assert "Dear landlord," in mixed and "No lo he enviado" in mixed


def test_a_new_danger_told_in_a_follow_up_gets_its_own_steps():
    from agents.doma.triage import triage_node

    ticket = {"text": "no heat since last night, baby is 8 months, below zero outside", "priority": "P0",
              "category": "emergency"}
    gas = triage_node({"text": "it is still cold and now it smells like gas near the stove", "ticket": ticket})
    assert gas["triage"]["priority"] == "P0" and "Leave the apartment now" in gas["reply"]
    assert "space heater" not in gas["reply"]  # not the no-heat steps of the report before
    same = triage_node({"text": "still freezing in here, the baby is crying", "ticket": ticket})
    assert "A new danger" not in same["reply"]
    # "huele un poco a gas": a few words between the smell and the gas
    assert triage_node({"text": "Ahora huele un poco a gas cerca de la estufa"})["triage"]["priority"] == "P0"


def test_heating_with_the_oven_is_answered_no_first():
    from agents.doma.triage import triage_node

    ticket = {"text": "no heat since last night, baby is 8 months, below zero outside", "priority": "P0",
              "category": "emergency"}
    out = triage_node({"text": "super says tomorrow. meanwhile can i run the oven with the door open to heat the "
                               "kitchen?", "ticket": ticket})
    assert out["reply"].startswith("**No - do not heat your home with the oven")
    assert not triage_node({"text": "my oven won't heat up, can someone come fix it?"})["reply"].startswith("**No")


def test_a_gas_smell_explained_and_aired_out_is_no_longer_an_emergency():
    from agents.doma.triage import triage_node

    ticket = {"text": "smells like gas in the hallway by the stairs", "priority": "P0", "category": "emergency"}
    out = triage_node({"text": "update: a kid left a stove knob on, the super aired it out", "ticket": ticket})
    assert out["triage"]["priority"] != "P0" and "The danger is over" in out["reply"]


def test_a_managers_backlog_is_triaged_item_by_item_and_followed_up(inventory, now):
    """A list of problems, one per line: each its own report, the most urgent first (the gas before the P1s before
    the P2s; the line introducing the list is none); closing one and asking about another unit answers that one;
    'how many of these can wait' sorts the open ones; a notice with its words says those words only."""
    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    first = ask(graph, "i manage a 40 unit walk-up in bed-stuy and i'm drowning. backlog:\n2A no hot water since "
                       "tuesday\n3C says it smells like gas by the stove\n1B roaches in kitchen\n4D bedroom window "
                       "won't close, cold air pouring in\n2F toilet running nonstop\nfront entry door lock broken, "
                       "door doesn't latch\ntriage + put them in order pls", thread_id="q")
    listed = [line for line in first["reply"].split("in the order to handle them")[1].splitlines()
              if line[:2] in {f"{i}." for i in range(1, 10)}]
    assert "**6 reports, in the order to handle them**" in first["reply"] and len(listed) == 6
    assert listed[0].startswith("1. 3C says it smells like gas") and "**P0**" in listed[0]
    assert [line.split("**")[1] for line in listed] == ["P0", "P1", "P1", "P1", "P2", "P2"]
    assert "i manage" not in "\n".join(listed) and first["reply"].startswith("**Emergency - do this now:**")
    closed = ask(graph, "con ed came for 3C — knob left slightly on, all clear. next: who do i send to 2A and how fast",
                 thread_id="q")["reply"]
    assert "closed your emergency report" in closed and "**2A no hot water since tuesday**: plumbing, **P1**" in closed
    wait = ask(graph, "how many of these can wait till next week", thread_id="q")["reply"]
    assert wait.startswith("**2 of 5 can wait** (routine, P2): ") and "1B roaches" in wait and "2F toilet" in wait
    notice = ask(graph, "write a notice for all tenants: front door lock gets fixed next friday the 4th, please "
                        "don't prop the door open until then", thread_id="q")["reply"]
    assert "Front door lock gets fixed next friday the 4th" in notice and "hot water" not in notice
    assert "ovens" not in notice


def test_a_sink_overflowing_that_cannot_be_shut_off_is_a_flood():
    from agents.doma.triage import classify

    assert classify("update on 2D: the drip turned into a steady stream and the sink is overflowing onto the floor, "
                    "tenant can't close the valve").priority == "P0"
    assert classify("sink overflows a little when the dishwasher runs, we can't figure out why").priority != "P0"


def test_an_open_emergency_told_to_be_growing_is_told_to_get_out_not_given_the_same_reply():
    from agents.doma.triage import triage_node

    ticket = {"text": "water is dripping from the ceiling light in my bathroom", "priority": "P0",
              "category": "emergency"}
    worse = triage_node({"text": "now theres a burning smell and the water is coming faster", "ticket": ticket})
    assert worse["triage"]["priority"] == "P0" and "do not wait for the visit" in worse["reply"]
    same = triage_node({"text": "the water is still dripping from the light", "ticket": ticket})
    assert "do not wait for the visit" not in same["reply"]


def test_heat_back_with_a_new_problem_ends_the_emergency_and_logs_the_new_one():
    from agents.doma.triage import triage_node

    ticket = {"text": "4B no heat since 2am, it's 19°F out", "priority": "P0", "category": "emergency"}
    update = triage_node({"text": "4B update: heat's back, but now 4B and 4C have no hot water", "ticket": ticket})
    assert update["triage"]["priority"] == "P1" and "The danger is over" in update["reply"]
    assert "stays P0" not in update["reply"]


def test_a_notice_on_what_to_do_if_a_danger_happens_is_guidance_not_a_report(now):
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.graph import ask, build_graph
    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), now=lambda: now, router=load_route_model())
    ask(graph, "tenant in 3F just called, she smells gas in her kitchen", thread_id="g")
    ask(graph, "update: a burner was on but not lit, she turned it off and opened the windows", thread_id="g")
    note = ask(graph, "write me a short note to all tenants on what to do if they smell gas", thread_id="g")
    assert note["reply"].startswith("**NOTICE TO ALL RESIDENTS**")
    assert "If there is a possible gas leak" in note["reply"]
    assert note["ticket"]["priority"] != "P0"  # no new emergency logged
    order = ask(graph, "which first?", thread_id="g")
    assert "urgent" in order["reply"]


def test_a_report_a_follow_up_raised_is_summed_up_by_what_it_is_now():
    from agents.doma.triage import _excerpt

    line = _excerpt({"text": "6C - smoke detector chirping every minute, probably battery. wait, 6C just called back. "
                             "it's not the chirp, it's the CO alarm going off and she feels dizzy"})
    assert line.startswith("6C - smoke detector") and line.endswith("CO alarm going off and she feels dizzy")
