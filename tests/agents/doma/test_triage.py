"""ServiceTriageAgent: rules, negation and intensity, P0 safety and handoff, config, model guard, node, eval."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel, GenericFakeChatModel
from langchain_core.messages import AIMessage

from agents.doma.triage import classify, classify_detailed, load_triage_config, model_opinion, triage_node
from agents.doma.triage_rules import analyze
from agents.doma.triage_text import normalize
from contracts.doma import TriageResult
from tests.conftest import ROOT

DEV_CASES = ROOT.parent / "shared" / "eval" / "triage.jsonl"
OWN_CASES = ROOT / "eval" / "datasets" / "triage.jsonl"
HOLDOUT_CASES = ROOT / "eval" / "datasets" / "triage_holdout.jsonl"


def _joined(result: TriageResult) -> str:
    return " ".join(result.safety_instructions).lower()


# --- P0: never missed, never just a label ---

@pytest.mark.parametrize(
    ("text", "hazard", "must_say"),
    [
        ("I smell gas in the stairwell", "gas", ["leave", "do not switch", "911"]),
        ("huele a gas en la cocina", "gas", ["leave", "emergency line"]),
        ("thick smoke coming out of the oven", "fire", ["911", "get everyone out"]),
        ("incendio en el pasillo!", "fire", ["911"]),
        ("water is pouring out of the wall and the floor is covered", "flood", ["water main", "shutoff"]),
        ("the outlet by the desk is sparking", "electrical", ["stay away", "breaker"]),
        ("our carbon monoxide alarm is going off", "co", ["fresh air", "911"]),
        ("somebody broke in while we were at work", "break_in", ["911"]),
        ("no heat and it's 12 degrees outside", "no_heat", ["oven", "space heater"]),
        ("part of the kitchen ceiling collapsed", "structural", ["out of the room"]),
        ("my son is stuck in the elevator", "trapped", ["911"]),
    ],
)
def test_p0_carries_fitting_safety_steps_and_handoff(text: str, hazard: str, must_say: list[str]) -> None:
    result, detail = classify_detailed(text)
    assert result.priority == "P0" and result.category == "emergency"
    assert result.handoff is True
    assert detail["hazards"][0] == hazard
    for phrase in must_say:
        assert phrase in _joined(result), (phrase, result.safety_instructions)
    assert result.eta_hours <= 2


def test_non_p0_has_no_handoff_and_no_safety_steps() -> None:
    result = classify("a kitchen cabinet door came off its hinge")
    assert (result.category, result.priority, result.handoff, result.safety_instructions) == (
        "general", "P2", False, [])


def test_two_hazards_carry_both_sets_of_steps() -> None:
    result, detail = classify_detailed("outlet is smoking and water from the ceiling is pouring onto it")
    assert {"electrical", "flood"} <= set(detail["hazards"]) or {"fire", "flood"} <= set(detail["hazards"])
    assert "breaker" in _joined(result) or "911" in _joined(result)
    assert "shut off the water" in _joined(result)


# --- negation and intensity ---

@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I don't smell gas anymore, the stove burner still won't light", ("general", "P1")),
        ("there's no gas smell, the front burner just won't light", ("general", "P2")),
        # the leak is over: what is left is paint (plumbing or general: the blind writers differ)
        ("the ceiling is no longer leaking, there's just a brown stain now", ("plumbing|general", "P2")),
        ("heat isn't coming on, it's about 50 out so not freezing", ("hvac", "P1")),
        ("the smoke detector keeps chirping, low battery I think", ("general", "P2")),
        ("the outlet isn't sparking anymore but it does not work", ("general", "P1")),
        ("my neighbor smokes cigarettes and it drifts into my bedroom", ("general", "P2")),
    ],
)
def test_negation_and_resolution_are_not_emergencies(text: str, expected: tuple[str, str]) -> None:
    result = classify(text)
    assert result.category in expected[0].split("|") and result.priority == expected[1]
    assert not result.handoff


@pytest.mark.parametrize(
    ("text", "priority"),
    [
        ("small drip under the bathroom sink", "P2"),
        ("the kitchen faucet drips at night", "P2"),
        ("leak under the kitchen sink, the cabinet floor is wet", "P1"),
        ("steady drip from the bedroom ceiling, I put a bucket under it", "P1"),
        ("water is pouring from the bedroom ceiling", "P0"),
        ("pipe burst behind the toilet", "P0"),
    ],
)
def test_water_intensity_sets_priority(text: str, priority: str) -> None:
    result = classify(text)
    assert result.priority == priority
    assert result.category == ("emergency" if priority == "P0" else "plumbing")


def test_weather_moves_heating_and_cooling() -> None:
    assert classify("heating is broken, it's 60 outside").priority == "P1"
    assert classify("heating is broken, it's 25°F outside").priority == "P0"
    assert classify("heating is broken and it's -5°C outside").priority == "P0"
    assert classify("the AC is not cooling").priority == "P2"
    assert classify("the AC is not cooling and we're in a heat wave").priority == "P1"
    assert classify("the AC is not cooling and we're in a heat wave").category == "hvac"


def test_heat_vs_hot_water_vs_heat_wave() -> None:
    assert (classify("no hot water since this morning").category, classify("no heat since this morning").category) \
        == ("plumbing", "hvac")
    assert classify("water heater is leaking onto the floor").category == "plumbing"
    assert classify("the radiator is leaking onto the floor").category == "hvac"


def test_typos_and_missing_apostrophes() -> None:
    assert normalize("the tiolet wont flush") == "the toilet will not flush"
    assert classify("the tiolet wont flush").priority == "P1"
    assert classify("gass smel in the kitchen").priority == "P0"
    assert classify("refridgerator stoped working").priority == "P1"


def test_no_rush_lowers_routine_but_never_p0() -> None:
    assert classify("toilet won't flush, no rush").priority == "P2"
    assert classify("smell gas in the kitchen but no rush").priority == "P0"


def test_unknown_message_is_routine_general() -> None:
    result = classify("hello, quick question")
    assert (result.category, result.priority, result.handoff) == ("general", "P2", False)


# --- configuration ---

def test_vendor_and_eta_come_from_the_config_file(tmp_path: Path) -> None:
    bundled = json.loads((ROOT / "agents" / "doma" / "config" / "triage_vendors.json").read_text())
    bundled["routing"]["plumbing"]["P1"] = {"vendor": "Acme Plumbing", "eta_hours": 6}
    bundled["hazards"]["gas"]["safety"] = ["Custom gas step"]
    path = tmp_path / "vendors.json"
    path.write_text(json.dumps(bundled))
    leak = classify("no hot water at all", config=path)
    assert (leak.vendor, leak.eta_hours) == ("Acme Plumbing", 6.0)
    assert classify("I smell gas", config=str(path)).safety_instructions == ["Custom gas step"]
    default = classify("no hot water at all")
    assert default.vendor == load_triage_config().route("plumbing", "P1")[0] != "Acme Plumbing"


def test_config_without_safety_steps_is_rejected() -> None:
    bundled = json.loads((ROOT / "agents" / "doma" / "config" / "triage_vendors.json").read_text())
    bundled["hazards"]["fire"]["safety"] = []
    with pytest.raises(ValueError, match="fire"):
        classify("smoke everywhere", config=bundled)


# --- the model may only raise ---

def _fake(*answers: str) -> FakeListChatModel:
    return FakeListChatModel(responses=list(answers))


def test_model_can_raise_priority_to_p0_with_handoff() -> None:
    model = _fake('{"priority": "P0", "category": "emergency", "hazard": "electrical"}')
    result = classify("the light switch feels weird", model=model)
    assert (result.priority, result.category, result.handoff) == ("P0", "emergency", True)
    assert "breaker" in _joined(result)


def test_model_unknown_hazard_gets_generic_emergency_steps() -> None:
    result = classify("something is wrong with the hallway", model=_fake('{"priority": "P0", "hazard": "aliens"}'))
    assert result.priority == "P0" and result.handoff and "911" in _joined(result)


def test_model_cannot_lower_a_p0_or_a_p1() -> None:
    calm = '{"priority": "P2", "category": "general", "hazard": "none"}'
    assert classify("strong gas smell by the stove", model=_fake(calm)).priority == "P0"
    assert classify("no hot water since yesterday", model=_fake(calm)).priority == "P1"


@pytest.mark.parametrize("answer", ["", "I think this is fine?", "P0 or P1, hard to say", '{"priority": "P9"}',
                                    "```json\n{broken json", "[1, 2, 3]"])
def test_model_garbage_is_ignored(answer: str) -> None:
    result = classify("a kitchen cabinet door came off its hinge", model=_fake(answer))
    assert (result.category, result.priority) == ("general", "P2")


def test_generic_fake_chat_model_and_a_failing_model() -> None:
    generic = GenericFakeChatModel(messages=iter([AIMessage(content="Priority: P1")]))
    assert classify("paint is peeling on the bathroom ceiling", model=generic).priority == "P1"

    class Broken:
        def invoke(self, _messages: object) -> object:
            raise TimeoutError("model down")

    assert model_opinion("anything", Broken()) is None
    assert classify("strong gas smell", model=Broken()).priority == "P0"


# --- the node ---

def test_triage_node_returns_contract_reply_and_trace() -> None:
    out = triage_node({"text": "Smoke coming out of the bathroom vent!!"})
    result = TriageResult.model_validate(out["triage"])
    assert result.priority == "P0" and result.handoff
    assert out["reply"].startswith("**Emergency")
    assert result.safety_instructions[0] in out["reply"]
    (entry,) = out["trace"]
    assert entry["node"] == "triage" and entry["ms"] >= 0 and entry["hazards"] == ["fire"]


def test_triage_node_routine_and_empty_text() -> None:
    out = triage_node({"text": "toilet keeps running after you flush it"})
    assert out["triage"]["priority"] == "P2" and "Emergency" not in out["reply"]
    assert triage_node({})["triage"]["priority"] == "P2"


# --- the measured bars ---

@pytest.mark.parametrize("path", [DEV_CASES, OWN_CASES, HOLDOUT_CASES], ids=["dev", "own", "holdout"])
def test_eval_bars(path: Path) -> None:
    if not path.exists():
        pytest.skip(f"{path} not present")
    import eval.tasks  # noqa: F401 - registers the tasks
    from eval.registry import get_task
    from eval.runner import read_cases

    task = get_task("triage")
    cases = read_cases(path)
    metrics = task.score(cases, [task.predict(c, path.parent, None) for c in cases])
    assert metrics["p0_recall"] == 1.0
    assert metrics["p0_actionable"] == 1.0
    assert metrics["category_accuracy"] >= 0.92
    assert metrics["priority_accuracy"] >= 0.90


def test_own_dataset_is_large_varied_and_valid() -> None:
    cases = [json.loads(line) for line in OWN_CASES.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(cases) >= 60 and len({c["id"] for c in cases}) == len(cases)
    for case in cases:
        assert case["expected"]["category"] in {"emergency", "plumbing", "hvac", "general"}
        assert case["expected"]["priority"] in {"P0", "P1", "P2"}
        assert (case["expected"]["category"] == "emergency") == (case["expected"]["priority"] == "P0")
    priorities = {p: sum(c["expected"]["priority"] == p for c in cases) for p in ("P0", "P1", "P2")}
    assert min(priorities.values()) >= 15


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("washing machine hose popped off and there's an inch of water on the floor", ("emergency", "P0")),
        ("leak from upstairs coming down fast", ("emergency", "P0")),
        ("someone tried to pry open my door last night", ("emergency", "P0")),
        ("I tried to open my window but it is stuck", ("general", "P2")),
        ("the mailbox lock is broken", ("general", "P2")),
        ("water pressure drops fast in the shower", ("plumbing", "P2")),
        ("se fue la luz en todo el apartamento", ("general", "P1")),
    ],
)
def test_general_rules_from_the_holdout_review(text: str, expected: tuple[str, str]) -> None:
    result = classify(text)
    assert (result.category, result.priority) == expected


# Hazards told by their evidence, habitability problems, negation and tense (issue 12's failure classes, in
# our own words: the unseen cases that found them stay unseen).
EVIDENCE_CASES = [
    ("the co detector display reads 180 and my wife has a headache and feels dizzy", "P0"),
    ("carbon monoxide monitor shows 95 ppm, kids feel nauseous", "P0"),
    ("there's a man rattling the door handle and pushing on the door as we speak", "P0"),
    ("somebody is climbing in through the fire escape window right now", "P0"),
    ("the ceiling in the living room is sagging and cracking, plaster keeps falling", "P0"),
    ("the balcony is pulling away from the wall", "P0"),
    ("crack across the wall got wider overnight and the door frames are shifting", "P0"),
    ("my infant and I have had no heat all night, it's 50 degrees inside", "P0"),
    ("the kitchen sink is backing up with dirty water", "P1"),
    ("no heat in the back bedroom, the rest of the apartment is ok, it's 25 degrees outside", "P1"),
    ("the valve under the sink is spraying water", "P1"),
    ("the stove is completely dead, we can't cook anything", "P1"),
    ("the front door of the apartment came off its hinges", "P0|P1"),  # never routine; unsecured: may ask, as P0
    ("the fire escape window won't open, it's jammed", "P0"),  # HPD class C: the way out
    # an attempt that is over with the lock still working is a routine upgrade (both blind writers label it so)
    ("someone tried to break in last month, the lock still works but I'd like a deadbolt", "P2"),
    ("nothing's sparking, the light switch is just loose and wobbly", "P2"),
    ("no sparks or smoke, the outlet cover is cracked", "P2"),
    ("there was a leak from upstairs last week, it's dry now, the stain on the ceiling needs paint", "P2"),
    ("a kitchen cabinet door came off its hinge", "P2"),
    # session 33: heat that stops with the power, scalds told by the injury, water by its depth or where it reaches
    ("power's out in our unit and we only have baseboard heaters, my mom is 82", "P0"),
    ("power went out, we have a heat pump, it's 70 outside", "P1|P2"),  # "it's 70" is the weather, not an age
    ("scalding water from the taps since the plumber came this morning and my daughter burned her hand", "P0"),
    ("the tub went full hot on its own and my toddler came out with bright red legs", "P0"),
    ("water on the floor, about an inch now, and it's running into the hallway", "P0"),
    ("there's a crack in the bathroom tile about 2 inches long", "P1|P2"),
    ("just an empty base on the ceiling where the smoke detector should be", "P0"),
    ("AC is dead, inside 35 and outside 44, my pregnant wife is dizzy", "P0"),
    ("ما في ولا نقطة ماء في كل العمارة من الصبح", "P0"),  # not a drop of water in the whole building
    ("no heat since this morning and the forecast says it'll hit -5 tonight", "P0"),
    ("water with toilet paper in it is coming up the tub drain and onto the bathroom floor", "P0"),
    ("the riser on the 7th floor let go and water is running down the stairs", "P0"),
    ("the contractors took down the smoke detectors and never put them back", "P0"),
    ("the porch light is dangling by its wires in the rain, still lit", "P0"),
    ("AC is out during the heat advisory and my 3-week-old is here", "P0"),
    ("scalding water from every tap in all the units on our line", "P0"),
    ("the kitchen cabinet door is splintered", "P1|P2"),
    ("the leak from upstairs is still dripping and now the ceiling is bulging", "P0"),
    ("the ceiling paint is bulging a bit in the hallway", "P1|P2"),
    ("no sale ni una gota de agua y los vecinos del 2 al 6 estan igual", "P0"),
]


@pytest.mark.parametrize(("text", "priority"), EVIDENCE_CASES)
def test_evidence_negation_and_tense(text: str, priority: str) -> None:
    result = classify(text)
    assert result.priority in priority.split("|")
    assert (result.category == "emergency") == (result.priority == "P0")


@pytest.mark.parametrize("text", ["there is smoke coming from the outlet", "I smell gas in the kitchen",
                                  "someone just broke in, the door is smashed", "we are stuck in the elevator"])
def test_a_p0_reply_says_what_was_done_and_what_to_do_never_that_help_was_dispatched(text: str) -> None:
    from agents.doma.triage import render_reply

    result = classify(text)
    reply = render_reply(result)
    assert result.priority == "P0" and "call 911" in result.confirm_message.lower()
    assert not re.search(r"dispatch|FDNY|police \(911\)", reply, re.IGNORECASE)
    for step in result.safety_instructions:
        assert reply.count(step) == 1  # each safety step once
    assert "1 hours" not in reply and "1 hours" not in result.confirm_message


def test_a_ticket_is_asked_about_and_closed_in_everyday_words() -> None:
    first = triage_node({"text": "my heater stopped working, it's 15 degrees outside and I have a 2 year old"})
    assert first["ticket"]["priority"] == "P0"
    status = triage_node({"text": "when will someone actually come?", "ticket": first["ticket"]})
    assert "P0" in status["reply"] and "within about" in status["reply"] and "Emergency - do this now" not in \
        status["reply"] and "ticket" not in status  # the ticket is untouched
    closed = triage_node({"text": "Update: super came and got it going again, seems fine now",
                          "ticket": first["ticket"]})
    assert closed["ticket"] is None and "closed" in closed["reply"]
    still = triage_node({"text": "it's working again but now I smell gas", "ticket": first["ticket"]})
    assert still["triage"]["priority"] == "P0"  # a hazard in the same message is never closed away


def test_a_hazard_made_safe_becomes_the_repair_that_is_left_and_says_so() -> None:
    first = triage_node({"text": "I smell gas near the stove"})
    assert first["ticket"]["priority"] == "P0"
    after = triage_node({"text": "con ed came and capped the line, the stove doesn't work now though",
                         "ticket": first["ticket"]})
    assert after["triage"]["priority"] != "P0" and "The danger is over" in after["reply"] and "(was P0)" in after[
        "reply"]
    spanish = triage_node({"text": "los bomberos dijeron que era la estufa, ya la cerraron. necesito que alguien la "
                                   "arregle", "ticket": first["ticket"]})
    assert spanish["triage"]["priority"] != "P0"
    still = triage_node({"text": "they capped it but now there's smoke coming from the outlet",
                         "ticket": first["ticket"]})
    assert still["triage"]["priority"] == "P0"


@pytest.mark.parametrize("text", [
    # a standing hazard told as an absence: "anymore" confirms it, only a repair takes it back
    "the window in the hallway on the 6th floor has no glass and no guard anymore, kids run past it",
    # "where the fan used to be" places the wires; it does not date the report
    "exposed wires in the bathroom where the fan used to be, water from the shower drips on them",
    # a participle after a comma goes on with the clause before it
    "Toilet and shower drain backing up with raw sewage in 1A, spreading across floor.",
    "sale agua negra de aguas negras por el desague del sotano y se esta llenando todo, huele horrible",
    # an alarm's test button that does nothing, next to a gas boiler
    "the CO alarm chirped for a week, I changed the batteries and now it's dead, no light when I press test. gas "
    "boiler next to the kids room",
    "boiler room full of steam and some kind of alarm bell ringing, super isnt here",
    # Arabic: a clinging "and" on a phrase or on an article ("وكبيرة في السن", "والحرارة")
    "لا توجد تدفئة في المبنى كله والحرارة تحت الصفر ولدي أطفال صغار",
    "لا توجد تدفئة منذ يومين والحرارة في الخارج تحت الصفر وأمي مريضة وكبيرة في السن",
])
def test_hazards_told_in_ways_the_rules_used_to_miss(text: str) -> None:
    assert analyze(text).top.priority == "P0"


def test_real_words_are_never_typo_corrected() -> None:
    assert normalize("the balcony is leaning") == "the balcony is leaning"  # not "leaking"
    assert normalize("the flooring is lifting, heading out now") == "the flooring is lifting, heading out now"
    assert "toilet" in normalize("the tiolet is clogged")  # a real typo still is


@pytest.mark.parametrize("text", [
    "the flooring in the kitchen is lifting at the edges near the fridge",
    "half the outlets stopped working, the breaker won't reset, nothing burning or smelling, just dead",
])
def test_real_words_are_not_corrected_into_hazards(text: str) -> None:
    assert analyze(text).top is None or analyze(text).top.priority != "P0"


def _after(first: str, then: str, lang: str = "en") -> dict:
    ticket = triage_node({"text": first})["ticket"]
    return triage_node({"text": then, "ticket": ticket, "lang": lang})


def test_questions_about_the_open_report_are_answered_from_its_priority() -> None:
    cold = "the heat has been off since last night and its 20 degrees outside, i have a baby"
    wait = _after(cold, "the super says he'll look at it tomorrow. is that ok?")
    assert wait["reply"].startswith("No.") and "no heat in freezing weather" in wait["reply"] and "311" in wait["reply"]
    assert "ticket" not in wait  # the report is unchanged
    gas = _after("I think I smell gas near the stove", "I'm outside now. Do I need to call anyone else or is the "
                                                       "landlord notified?")
    assert "alerted the on-call" in gas["reply"] and "cannot call emergency services" in gas["reply"]
    drip = _after("the kitchen faucet drips a little", "can it wait until next week?")
    assert drip["reply"].startswith("Yes")
    pays = _after("el aire acondicionado no enfría y estamos a 36 grados, mi mamá es mayor",
                  "¿Quién paga la reparación, yo o el dueño?", lang="es")
    assert pays["reply"].startswith("Depende de su contrato")


def test_a_report_made_safe_drops_to_the_repair_left_even_when_the_model_suspects_danger() -> None:
    out = _after("I think I smell gas near the stove", "con edison came, they said it was a loose connection on the "
                                                       "stove and turned it off. now i dont have a stove")
    assert "The danger is over" in out["reply"] and out["ticket"]["priority"] != "P0"


def test_dizziness_in_the_heat_with_a_dead_ac_makes_it_an_emergency() -> None:
    out = _after("el aire acondicionado de mi departamento no enfría nada y estamos a 36 grados. Mi mamá es mayor.",
                 "¿Y si mi mamá se siente mareada?", lang="es")
    assert out["ticket"]["priority"] == "P0" and "golpe de calor" in out["reply"]  # the heat steps, in Spanish
    assert "(en inglés)" not in out["reply"]


def test_which_of_two_open_reports_is_fixed_first() -> None:
    first = triage_node({"text": "front door lock broke, key just spins. i can't lock my apartment tonight"})
    second = triage_node({"text": "also roaches in the kitchen, been a while", "ticket": first["ticket"],
                          "tickets": first["tickets"]})
    assert second["tickets"] == [first["ticket"]] and second["ticket"]["priority"] == "P2"
    order = triage_node({"text": "which one will they fix first", "ticket": second["ticket"],
                         "tickets": second["tickets"]})
    lines = order["reply"].splitlines()
    assert "lock" in lines[1] and "**P1**" in lines[1] and "roaches" in lines[2] and "**P2**" in lines[2]


@pytest.mark.parametrize("text", [
    "water is pooling on the floor right under the power strip and extension cord behind the tv, the leak is coming "
    "from the radiator pipe",
    "boiler is out AGAIN and the temperature tonight is going to -10C, pipes in the back bedroom already frozen",
    "my toddler got into the mechanical closet that doesn't lock and was playing near the open electrical box",
])
def test_hazards_told_by_their_evidence_are_emergencies(text):
    """Water reaching a power strip, a whole-home heating failure in freezing weather (a room named beside it is no
    partial outage), an open electrical box: P0."""
    assert classify(text).priority == "P0"


def test_one_cold_room_stays_a_habitability_repair():
    assert classify("the radiator in the back bedroom is cold, the rest of the apartment is fine").priority != "P0"


def test_an_alarm_going_off_a_few_words_on_with_haze_is_a_fire_emergency():
    text = "the smoke detector in the hallway keeps going off and there's a bit of haze near the ceiling"
    assert classify(text).priority == "P0"
    assert classify("smoke alarm chirping every minute, battery I think").priority == "P2"


@pytest.mark.parametrize("text", [
    "stove knob broke off and the burner won't stop leaking gas, I can smell it even with it 'off'",
    "um hello, this is a bit embarrassing, my toddler got into the mechanical closet that doesn't lock and was playing "
    "near the open electrical box with wires",
    "The wall behind my fridge is warm, like really warm, and the light in the kitchen flickers when the fridge kicks "
    "on. Thought I'd mention it.",
])
def test_hazard_evidence_that_is_p0(text):
    assert classify(text).priority == "P0"


def test_a_warm_wall_alone_is_not_an_emergency():
    assert classify("the wall behind the fridge is a bit warm, is that normal?").priority != "P0"


@pytest.mark.parametrize(("text", "priority"), [
    # 33-40 °F outside with a livable inside is a habitability repair within a day, freezing is exposure
    ("no heat in apartment, outside is about 45, inside 58", "P1"),
    ("heat hasn't come on tonight, it's 38F outside, apt at 61 and dropping", "P1"),
    ("no heat since yesterday, it's 20F outside", "P0"),
    ("heat's been out all weekend in the whole building, apartment is 55F", "P0"),
    # a flat number is no temperature
    ("No heat in apt 2F, radiator cold to touch, outside 42F", "P1"),
    ("Radiators cold in 5C. Outside 45F. Tenant reports 60F inside.", "P1"),
])
def test_cold_is_read_from_real_temperatures(text: str, priority: str) -> None:
    assert classify(text, learned=None).priority == priority


def test_the_outside_figure_is_not_read_as_the_inside_one() -> None:
    from agents.doma.triage_rules import indoor_temperatures_f
    assert indoor_temperatures_f("45 outside, 60 inside") == [60.0]
    assert indoor_temperatures_f("outside is about 45, inside 58") == [58.0]
    assert indoor_temperatures_f("its 48 in here") == [48.0]


@pytest.mark.parametrize(("text", "priority"), [
    ("someone tried to break in last night, they didn't get in but the lock is bent and now the door won't lock", "P1"),
    ("attempted break-in last week, police report filed, the lock held and works fine. could we get a camera?", "P2"),
    ("someone is trying to get in my door right now, i hear them working the lock", "P0"),
    ("came home and my door was kicked in, I'm standing outside", "P0"),
])
def test_a_failed_entry_attempt_is_not_one_in_progress(text: str, priority: str) -> None:
    assert classify(text, learned=None).priority == priority


@pytest.mark.parametrize(("text", "p0"), [
    ("the burst pipe from january was repaired and the walls were dried, can someone patch the drywall", False),
    ("we had a small grease fire on the stove last month, fire dept came, all good. the cabinet needs paint", False),
    ("the gas leak was fixed last week but I smell gas again in the kitchen", True),
    ("the fire was put out but smoke is still coming out of the wall", True),
])
def test_a_hazard_told_as_over_and_dealt_with_is_no_emergency(text: str, p0: bool) -> None:
    assert (classify(text, learned=None).priority == "P0") is p0


@pytest.mark.parametrize(("text", "p0"), [
    ("boiler room door is hot to touch and theres a roaring noise", True),  # fire behind the door
    ("أسمع صوت فحيح خلف الفرن ورائحة كبريت", True),  # hissing behind the oven, a sulfur smell: gas
    ("propane tanks and a BBQ inside the hallway by the stairs, one of them hisses a bit", True),
    ("the kettle on the stove hisses", False),
    ("the front door is hot in the afternoon sun", False),
    ("mice everywhere in the kitchen, droppings on the counters", False),  # a pest job within a day
    ("a mouse ran over my baby's crib last night", True),
])
def test_hazard_evidence_and_its_look_alikes(text: str, p0: bool) -> None:
    assert (classify(text, learned=None).priority == "P0") is p0


@pytest.mark.parametrize(("text", "p0"), [
    ("el enchufe del baño echa chispas cuando conecto el secador y ahora huele a quemado", True),
    ("نافذة غرفة الأطفال بدون حماية والقضبان مكسورة ونحن في الطابق الثامن", True),  # no guard, 8th floor, children
    ("التدفئة لا تعمل والجو بارد في الليل حوالي ٨ درجات في الخارج", False),  # 8 °C is cold, not freezing
    ("no tenemos calefacción y afuera está bajo cero, la casa está a 10 grados", True),  # 10 °C inside
    ("attempted burglary last night, the guy gave up. cops came and left. right now i cant lock the top lock", False),
    ("the CO detector is fine, I tested it. just need the battery cover replaced on the smoke one", False),
    ("small grease fire last month, fire dept came, all good. the cabinet is still scorched, can it be fixed", False),
])
def test_languages_units_and_aftermaths(text: str, p0: bool) -> None:
    assert (classify(text, learned=None).priority == "P0") is p0


def test_a_failed_attempt_with_the_lock_state_unsaid_still_gets_its_door_checked() -> None:
    assert classify("someone tried to pry open my door last night, there are marks on the frame",
                    learned=None).priority == "P1"


@pytest.mark.parametrize(("text", "hazard"), [
    # session 32: hazards told by their evidence (written here, not copied from a labelled set)
    ("we bleached the tub and mixed in some other cleaner, now my eyes are burning and my son keeps coughing", "fumes"),
    ("pressed the test button on both of our smoke detectors and nothing happens", "alarm_missing"),
    ("the smoke detector got painted over by the decorators and the test button doesn't make a sound", "alarm_missing"),
    ("back from holiday: the door jamb is splintered and the tv is gone, door won't close", "break_in"),
    ("heating's been off since friday, it's below freezing out and we can see our breath in the living room",
     "no_heat"),
])
def test_hazards_told_by_their_evidence_are_p0(text: str, hazard: str) -> None:
    result, detail = classify_detailed(text)
    assert result.priority == "P0" and hazard in detail["hazards"]


@pytest.mark.parametrize("text", [
    "the paint fumes from the hallway are a bit strong, could you open the stairwell window?",
    "I have a bit of a cough and the bathroom fan is loud",
    "the bedroom is chilly in the morning, can someone bleed the radiator",
])
def test_their_lookalikes_are_not_p0_by_the_rules(text: str) -> None:
    result, _detail = classify_detailed(text, learned=None)
    assert result.priority != "P0"


def test_an_elevator_that_stopped_is_how_someone_got_trapped_and_only_getting_out_ends_it() -> None:
    stuck = classify("my dad is stuck in the lift, it shook and stopped, he has been in there 15 minutes")
    assert stuck.priority == "P0"
    freed = classify("I was stuck in the lift this morning, it stopped between floors, but they got me out quickly. "
                     "it still grinds")
    assert freed.priority != "P0"


@pytest.mark.parametrize(("text", "hazard"), [
    # session 34: evidence the rules did not read (written here, not copied from a labelled set)
    ("el detector de humo de la cocina no funciona ni con pila nueva y en las habitaciones no hay", "alarm_missing"),
    ("the carbon monoxide detector that's supposed to be outside the kids' room is gone, only the plate is left",
     "alarm_missing"),
    ("nobody in the whole complex has had water since last night and it's over 95 out", "no_water"),
    ("one of the concrete steps out back cracked through and dropped when my neighbour stood on it", "structural"),
    ("the gas meter by the side door is bubbling and hissing a little", "gas"),
    ("the exit door at the end of the hall is chained at night, people can't get out that way", "egress"),
    ("desde que prendimos la calefacción a mi hija le duele la cabeza y está muy mareada", "co"),
    ("el enchufe echa chispitas y huele a quemado, ya no lo estoy usando pero la pared está caliente", "electrical"),
])
def test_more_hazards_told_by_their_evidence_are_p0(text: str, hazard: str) -> None:
    result, detail = classify_detailed(text, learned=None)
    assert result.priority == "P0" and hazard in detail["hazards"]


@pytest.mark.parametrize("text", [
    "fire ants are all over the patio steps, can someone spray",
    "the tub won't drain, water is ankle deep by the time I finish a shower",
    "rotten egg smell from the floor drain, but the house is all-electric, no gas at all",
    "the outlet smelled hot this morning when I used the iron, I unplugged it and there's been no smell since",
    "someone broke into a car in the garage last night, not mine",
    "someone kicked in the bike room door last night. our own apartment door is fine and locked",
    "AC is blowing warm, 84 inside and outside is 101. elderly? no, we're two students, just hot",
    "kids set off the fire alarm as a prank, fire dept came, all clear, the cover is cracked but it still works",
    "the drywall at the bottom of the wall is crumbling where the old leak was, it's dry now",
])
def test_more_lookalikes_are_not_p0_by_the_rules(text: str) -> None:
    result, _detail = classify_detailed(text, learned=None)
    assert result.priority != "P0"


def test_a_stated_outdoor_temperature_is_no_age() -> None:
    from agents.doma.triage_rules import context, normalize

    assert not context(normalize("the ac died and outside is 101"))["vulnerable"]
    assert context(normalize("the ac died and my mother is 91"))["vulnerable"]
    assert context(normalize("there is no heat for my elderly mother"))["vulnerable"]  # a negation elsewhere


def test_figures_said_in_words_as_a_transcribed_call_says_them() -> None:
    """A voicemail transcript writes its temperatures and ages in words: 'eleven below outside' is freezing, 'i'm
    eighty four' is an elderly caller, 'my two year old' a small child; small numbers stay words for the rules and
    'the flat below us' is a place, not a temperature."""
    assert normalize("it's eleven below outside and the house is at forty five") == \
        "it is -11 degrees outside and the house is at 45"
    assert normalize("the flat below us") == "the flat below us"
    assert normalize("no one is home") == "no one is home"
    assert classify("the furnace quit, it's five below tonight").priority == "P0"
    assert classify("the furnace quit, it's fifty out").priority != "P0"  # 50 °F is no freezing weather
    assert analyze(normalize("no heat, i'm eighty four")).context["vulnerable"]
    assert analyze(normalize("no heat and my two year old is coughing")).context["vulnerable"]
    assert not analyze(normalize("the two year old fridge is not cooling")).context["vulnerable"]
    assert analyze(normalize("no heat and my feet have gone numb")).context["distress"]


@pytest.mark.parametrize(("text", "p0"), [
    # a home knocked off what holds it up, a floor tilting with creaks: structural failure under way
    ("after the storm the trailer slid off its blocks, the floor tilts and creaks when we walk", True),
    ("the kitchen floor is a bit tilted, always has been, can someone look at the cabinet door", False),
    # what burnt yesterday is still in use: the hazard goes on
    ("the outlet by the bed scorched and the lamp plug melted into it yesterday, we still use it", True),
    ("the outlet by the bed scorched yesterday, the electrician replaced it and it is fine now", False),
    # an Arabic word between a negation and a hazard counts: the door's "not" does not negate the basement flooding
    ("باب الحمام ما بيسكر والأهم إنو القبو عم يغرق", True),
])
def test_hazard_evidence_read_in_its_own_words(text: str, p0: bool) -> None:
    assert (classify(text, learned=None).priority == "P0") is p0


@pytest.mark.parametrize(("text", "priority"), [
    # a forecast freeze tonight with a baby and no heat is exposure now
    ("now its completely off. no heat at all, it's supposed to be 29 tonight and i have a 4 month old", "P0"),
    # a heat wave forecast for tomorrow is not yet exposure: urgent, not an emergency
    ("AC died and it's supposed to be 98 all week, I've got asthma", "P1"),
    # too little heat is no heat: "barely warm" radiators and a 60 °F bedroom
    ("radiators in my apt have been barely warm since wednesday, bedroom is like 60 degrees", "P1"),
    # water coming through a light fixture, in Spanish too
    ("El casero no hace nada. Ahora el agua está cayendo por la lámpara del baño y la luz parpadea.", "P0"),
])
def test_forecasts_weak_heat_and_water_in_fixtures(text: str, priority: str) -> None:
    assert classify(text).priority == priority


def test_a_flat_at_72_degrees_is_no_one_aged_72():
    from agents.doma.triage_rules import context
    assert not context("the radiator is barely warm but the apartment is 72")["vulnerable"]
    assert context("my grandmother is 84 and the heat is off")["vulnerable"]


def test_alarms_in_spanish_and_a_cause_told_in_the_next_sentence():
    # a CO alarm named in Spanish, still sounding after a new battery, with a headache: an emergency
    sounding = classify("Perdón la molestia, seguro no es nada, pero la alarma de monóxido de carbono está sonando "
                        "desde hace rato y me duele un poco la cabeza. Ya le cambié la batería y sigue sonando igual.")
    assert sounding.priority == "P0"
    assert classify("hay olor a monóxido de carbono en el pasillo").priority == "P0"
    # a smoke detector beeping for its battery, in Spanish, is routine
    assert classify("El detector de humo pita cada minuto, creo que es la batería.").priority == "P2"
    # the harmless cause told in the sentence after the alarming one
    candle = classify("Porter note: checked 12C after the daughter called about a 'burning smell'. It was a scented "
                      "candle, resident blew it out, all fine. Her towel bar is loose.")
    assert candle.priority != "P0"
    assert classify("I thought water was running near my outlet, but it's just condensation dripping off the "
                    "window onto the sill.").priority != "P0"
    assert classify("Sirens and smoke outside earlier, it was a car on fire on the street, not our building. The "
                    "cover on my hallway smoke detector is cracked.").priority != "P0"
    # ... but a cause that is no all-clear keeps the danger
    ongoing = classify("there's a burning smell from the outlet. it was fine yesterday, now it's sparking")
    assert ongoing.priority == "P0"


def test_water_coming_out_of_a_light_fixture_is_an_electrical_danger():
    said = classify("ok now its coming out of the light fixture and the light flickered")
    assert said.priority == "P0" and "electrical" in said.confirm_message.lower()
    assert classify("the bathroom faucet is leaking into the sink").priority == "P2"



@pytest.mark.parametrize(("text", "priority"), [
    # "has gone brown" is a change of colour, not a danger that passed
    ("ceiling light in the hall is buzzing and flickering and the fixture has gone brown and melted-looking", "P0"),
    # a break-in a month ago, the new lock not catching: the lock is the urgent part
    ("Entraron a robar hace un mes, la policía ya vino. La cerradura nueva no cierra bien.", "P1"),
    # a fire seen on the news in another building, the person's own home fine
    ("Vi lo del incendio en otro edificio del barrio; aquí todo bien, solo se cayó una repisa del baño.", "P2"),
    # a zap put down to static electricity
    ("got a tiny shock from the light switch, probably just static from the rug, the plate is loose", "P2"),
    # 50 °F is the outside figure; inside is 61: no heat, urgent, not an emergency
    ("no heat since this morning, thermostat 61 inside, 50 outside", "P1"),
    # "the room is fire" in Arabic is a room too hot, with the AC out
    ("المكيف عطلان والحرارة 44 برا، الغرفة نار وما قدرنا ننام", "P1"),
    # an inner door's lock, or a mailbox's, keeps nobody out
    ("our bathroom privacy lock doesn't catch", "P2"),
    ("the mailbox door won't close", "P2"),
    # an Arabic oven and burners that do not work: no way to cook
    ("الفرن والعيون كلها ما تشتغل وما نقدر نطبخ", "P1"),
])
def test_evidence_read_with_its_context(text: str, priority: str) -> None:
    assert classify(text).priority == priority


def test_water_reaching_the_corridor_and_a_broken_sprinkler_are_flooding() -> None:
    from agents.doma.triage_rules import HAZARDS

    flood = dict((name, pattern) for name, pattern in HAZARDS)["flood"]
    assert flood.search("water running under door into corridor")
    assert flood.search("sprinkler head knocked off by a cart, full flow")
    assert not flood.search("the sprinkler head cover is scratched")


@pytest.mark.parametrize(("text", "category", "priority"), [
    # a burner left on without a flame has been letting gas out, whatever else is said
    ("the stove knob was turned on with no flame, dont know for how long, the whole downstairs reeks. windows open",
     "emergency", "P0"),
    # a detector at its end of life: replaced, not evacuated
    ("CO detector says END on the little screen and beeps once in a while. it's 7 years old", "general", "P2"),
    ("جهاز أول أكسيد الكربون مكتوب عليه END ويصفّر مرة كل شوي، عمره سبع سنين", "general", "P2"),
    # ... unless it is the home's only one and its test does nothing
    ("the alarm on the wall shows End on the screen and chirps. pressed the test button, nothing. its the only one we "
     "have", "emergency", "P0"),
    # a rotten-egg smell of the well water, from the hot tap: the water, not a gas leak
    ("the well water has a slight rotten egg smell, only from the hot tap. cold is fine", "plumbing", "P2"),
    # 49 °F said in Arabic, an 88-year-old at home without heat
    ("ما في تدفئة من امبارح، البيت بارد كثير ٤٩ فهرنهايت، أبوي عمره ٨٨ سنة", "emergency", "P0"),
    # a pump that keeps the basement dry has stopped before the rain
    ("sump pump stopped running. basement is still dry but there's heavy rain in the forecast for sunday", "plumbing",
     "P1"),
    # a drain line backing up, told by its signs
    ("shower won't drain and the toilet gurgles when it does, something is backing up", "plumbing", "P1"),
    # one cold radiator in a baby's room
    ("the radiator in the baby's room is stone cold, the rest of the apartment is warm", "hvac", "P1"),
    # an accessibility fitting asked for is an improvement, not a danger
    ("grandma would like a grab bar installed next to the toilet", None, "P2"),
    ("mi abuela quiere una barra de apoyo en la ducha, ¿se puede?", None, "P2"),
])
def test_evidence_of_writer_21_read_in_general_form(text: str, category: str | None, priority: str) -> None:
    result = classify(text)
    assert result.priority == priority and result.category == (category or result.category)


def test_an_age_in_years_is_no_temperature_and_fahrenheit_is_read_in_arabic() -> None:
    from agents.doma.triage_rules import temperatures_f

    assert temperatures_f("co detector beeps. it is 7 years old") == []
    assert temperatures_f(normalize("البيت بارد ٤٩ فهرنهايت")) == [49.0]


def test_people_stuck_in_a_named_kind_of_elevator_are_trapped() -> None:
    for text in ("3 of our staff are stuck in the freight elevator on the way to the loading dock",
                 "my mom is trapped in the service lift between floors"):
        result = classify(text)
        assert (result.priority, result.category) == ("P0", "emergency"), text


def test_the_ticket_lines_are_labelled_in_the_persons_language() -> None:
    from agents.doma.triage import classify, render_reply

    spanish = render_reply(classify("el radiador de mi cuarto gotea agua desde ayer"), "es")
    assert "- Categoría: **" in spanish and "Prioridad: **P1**" in spanish and "Llegada estimada: 24 horas" in spanish
    assert "Category:" not in spanish and "ETA:" not in spanish
    assert "- Category: **" in render_reply(classify("the radiator in my room is leaking"), "en")


def test_a_scalding_hot_water_reading_and_a_stair_flight_that_shifted_are_emergencies() -> None:
    from agents.doma.triage import classify

    assert classify("we checked the kitchen tap with a thermometer: 155°F coming out").priority == "P0"
    assert classify("the tub water was 65°C this morning").priority == "P0"
    assert classify("hot water only gets to 110 degrees, lukewarm showers").priority != "P0"  # too cold, not a scald
    assert classify("the back steps split and the whole flight shifted off the landing").priority == "P0"
