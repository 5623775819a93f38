"""The learned layer of triage, the published hazard classes, and Arabic reports."""

from __future__ import annotations

import pytest

from agents.doma.triage import UNSURE_P0_QUESTION, classify, classify_detailed
from agents.doma.triage_model import TriageModel, load_triage_model
from agents.doma.triage_rules import analyze
from agents.linear import LinearModel
from eval.fit_triage import fit


def _leaning_p0() -> TriageModel:
    """A model that believes every message is P0: only the guards around it decide."""
    priority = LinearModel(("P0", "P1", "P2"), (5.0, 0.0, 0.0), {})
    category = LinearModel(("general", "hvac", "plumbing"), (1.0, 0.0, 0.0), {})
    return TriageModel(priority, category, p0_at=0.5)


def test_a_model_p0_asks_one_question_and_never_overrides_a_negation() -> None:
    unsure = classify("the hallway smells odd", learned=_leaning_p0())
    assert unsure.priority == "P0" and unsure.handoff and UNSURE_P0_QUESTION in unsure.confirm_message
    ruled_out = classify("the breaker tripped but nothing is sparking or burning", learned=_leaning_p0())
    assert ruled_out.priority != "P0"


def test_the_shipped_model_keeps_plain_messages_routine_and_explains_itself() -> None:
    model = load_triage_model()
    assert model is not None and model.p0_at > model.priority.probabilities({})["P0"]
    result, detail = classify_detailed("hello, quick question", learned=model)
    assert result.priority == "P2" and "P0" in detail["learned"]


def test_fitting_learns_category_and_priority_from_words() -> None:
    train = [{"text": f"the zorp is {w}", "expected": {"category": "hvac", "priority": "P1"}} for w in "abcdef"]
    train += [{"text": f"a quib is {w}", "expected": {"category": "plumbing", "priority": "P2"}} for w in "abcdef"]
    model, figures = fit(train, [])
    assert figures["train_cases"] == 12
    assert classify("my zorp again", learned=model).category == "hvac"
    assert classify("my quib again", learned=model).category == "plumbing"


@pytest.mark.parametrize(("text", "hazard"), [
    ("the smoke detector was taken down during the paint job and never put back", "alarm_missing"),
    ("the exit door at the bottom of the stairs is chained shut", "egress"),
    ("the window guard in my kids room is loose and swings out, we are on the 8th floor", "fall"),
    ("peeling paint chips on the sill and my 2 year old keeps putting them in her mouth", "lead"),
    ("rats running in the kitchen at night", "pests"),
    ("power has been out since noon and my father is on an oxygen concentrator", "power_medical"),
    ("the relief valve on the water heater keeps spitting steam", "boiler"),
])
def test_published_hazard_classes_are_emergencies(text: str, hazard: str) -> None:
    result, detail = classify_detailed(text, learned=None)
    assert result.priority == "P0" and hazard in detail["hazards"] and result.safety_instructions


@pytest.mark.parametrize("text", [
    "peeling paint in the hallway",  # no young child in the message
    "power is out in the hallway, the bulb needs changing",
    "water heater makes a popping noise but the hot water works fine",
])
def test_the_same_words_without_the_danger_are_not(text: str) -> None:
    assert classify(text, learned=None).priority != "P0"


@pytest.mark.parametrize(("text", "priority"), [
    ("أشم رائحة غاز في المطبخ", "P0"),
    ("الكاشف يصفر وعندي صداع ودوخة", "P0"),
    ("حد يحاول يكسر الباب الآن", "P0"),
    ("المصعد معطل", "P1"),
])
def test_arabic_reports_are_read(text: str, priority: str) -> None:
    assert classify(text, learned=None).priority == priority


def test_an_arabic_negation_is_kept() -> None:
    result, detail = classify_detailed("لا يوجد رائحة غاز، بس الفرن ما يشتغل", learned=None)
    assert result.priority != "P0" and "gas" in detail["negated"]


@pytest.mark.parametrize(("text", "hazard"), [
    # evidence, not the hazard's name: symptoms near something that burns fuel
    ("the whole family gets nauseous and sleepy every time the boiler runs, we feel fine at work", "co"),
    ("heat wave, the AC died, my grandmother is 88 and she's confused and can't stop sweating a lot", "heat_exposure"),
    ("no hay calefacción desde ayer y afuera hace bajo cero, tengo un bebé de 3 meses", "no_heat"),
    ("after the truck hit the building there's a new crack in the lobby wall and the front door won't shut",
     "structural"),
    ("hot steam blasting into the hallway from a pipe", "boiler"),
    ("the gas line to the dryer came disconnected when they moved it", "gas"),
    ("the window on the 6th floor landing has no glass and no guard, kids run past it", "fall"),
    ("I get a little electric shock every time I touch the bathroom faucet", "electrical"),
    ("the elevator dropped suddenly about a floor and then kept going", "trapped"),
    ("Apt 2R: front door forced, tenant away, door open", "break_in"),
])
def test_hazards_told_by_their_evidence_are_emergencies(text: str, hazard: str) -> None:
    result, detail = classify_detailed(text, learned=None)
    assert result.priority == "P0" and hazard in detail["hazards"] and result.safety_instructions


@pytest.mark.parametrize("text", [
    "the AC in the bedroom stopped cooling, it's warm but we're fine",  # heat without anyone suffering
    "the heater is noisy at night",  # a fuel appliance without symptoms
    "I have a headache from the drilling next door",  # symptoms without a fuel appliance
    "a crack in the bathroom tile",  # a crack with no sign of movement
])
def test_evidence_without_the_danger_is_not_an_emergency(text: str) -> None:
    assert classify(text, learned=None).priority != "P0"


def test_the_p0_threshold_weighs_a_missed_p0_against_needless_emergency_calls() -> None:
    """Left-out writers' reports choose the threshold: one P0 caught at 0.12 pulls it there while it costs fewer than
    MISS_COST false P0s, not when it costs more; never down to the empty message's probability."""
    from eval.fit_triage import MISS_COST, HeldOut, choose_threshold

    caught_high = [HeldOut(True, False, True, 0.45, 0.02)] * 5 + [HeldOut(False, False, True, 0.03, 0.02)] * 50
    hard_p0 = HeldOut(True, False, True, 0.12, 0.02)
    near_miss = HeldOut(False, False, True, 0.13, 0.02)
    def exact(decided: list[HeldOut]) -> float:  # one round: no spread, the least cost itself
        return choose_threshold(decided, rounds=1)

    assert exact(caught_high) == 0.4
    assert exact([*caught_high, hard_p0, *[near_miss] * (MISS_COST - 1)]) == 0.12
    assert exact([*caught_high, hard_p0, *[near_miss] * (MISS_COST + 1)]) == 0.4
    # the guards (a negation, routine upkeep) keep a report the model leans on from counting either way
    assert exact([*caught_high, HeldOut(False, False, False, 0.9, 0.02)]) == 0.4
    # below the floor the model says nothing about danger: a P0 it gives only that much is left to the rules
    assert exact([*caught_high, HeldOut(True, False, True, 0.05, 0.06)]) > 0.06


def test_within_the_noise_of_the_least_cost_the_threshold_raises_fewer_alarms() -> None:
    """0.3 catches one more P0 than 0.4 for seven more false ones: the least cost (7 against 8), but within its
    spread over resamples, so the higher threshold is kept; a clear gain is not given up."""
    from eval.fit_triage import HeldOut, choose_threshold

    reports = [HeldOut(True, False, True, 0.45, 0.02)] * 40 + [HeldOut(False, False, True, 0.03, 0.02)] * 400
    reports += [HeldOut(True, False, True, 0.35, 0.02)] + [HeldOut(False, False, True, 0.32, 0.02)] * 7
    assert choose_threshold(reports, rounds=1) == 0.3
    assert choose_threshold(reports) == 0.4
    clear = [*reports[:-7], *[HeldOut(True, False, True, 0.35, 0.02)] * 9]  # nine P0s only 0.3 catches, no cost
    assert choose_threshold(clear) == 0.3


def test_the_threshold_is_chosen_on_writers_the_model_was_not_fitted_on() -> None:
    from pathlib import Path

    from eval.fit_triage import writer_of

    assert writer_of(Path("eval/datasets/triage_blind7_dev.jsonl")) == "7"
    assert writer_of(Path("eval/datasets/triage_blind_train.jsonl")) == "1"
    assert writer_of(Path("eval/datasets/triage_blind7_test.jsonl")) is None  # the frozen test never chooses
    assert writer_of(Path("eval/datasets/triage.jsonl")) is None
    routine = {"expected": {"category": "general", "priority": "P2"}}
    urgent = {"expected": {"category": "hvac", "priority": "P1"}}
    train = [{**(routine if i % 2 else urgent), "text": f"the zorp is {w}", "_writer": str(2 + i // 2 % 2)}
             for i, w in enumerate("abcdefgh")]
    _, figures = fit(train, [{**routine, "text": "the zorp again", "_writer": "3"}])
    assert figures["writers_left_out"] == 2 and figures["held_out_reports"] == 9


@pytest.mark.parametrize("text", ["hello, quick question", "مرحبا عندي سؤال", "hola, una pregunta", "hi"])
def test_a_greeting_is_never_a_model_p0(text: str) -> None:
    """A model that leans to P0 adds none to a message that says nothing but hello."""
    assert classify(text, learned=_leaning_p0()).priority != "P0"
    assert classify("the zorp is making a noise", learned=_leaning_p0()).priority == "P0"


@pytest.mark.parametrize(("text", "hazard"), [
    # water told by where it goes: "all over" is a place, not "it's over"
    ("the tank in the utility closet cracked, water is pouring out all over the hallway", "flood"),
    ("supply pipe under the bathroom vanity let go, water coming out nonstop", "flood"),
    ("water is running into the exhaust fan in the bathroom ceiling and it hums", "electrical"),
    ("a man is standing on the fire escape outside my kids' window pulling at it, 3am", "break_in"),
    ("AC dead in 4C, 99 degrees today, my grandmother collapsed in the kitchen", "heat_exposure"),
    ("the whole building has had no running water since last night, 30 units", "no_water"),
    ("hay una inundacion en la cocina desde anoche y el agua sigue saliendo", "flood"),
])
def test_evidence_of_this_session_s_hazards(text: str, hazard: str) -> None:
    assert classify(text).priority == "P0", text
    assert hazard in {s.hazard for s in analyze(text).signals}, text


@pytest.mark.parametrize("text", [
    "the super shut the water off for the whole building to repair a riser, still off",  # planned work: P1
    "smoke alarm chirps every minute, low battery i think",
    "la alarma de monoxido pita cada minuto y dice LB, supongo que es la bateria",
    "there's a faint sewer smell in the laundry room sometimes, drains all work",
    "after the fire alarm drill the panel shows a trouble light. no fire, no smoke",
    "anoche se inundo el bano por el vecino, ya paro y ya secamos todo",
    "so cold in here haha, thermostat says 68, could the heat go up a degree?",
    "the guard on the bedroom window is missing one screw, still firmly attached",
    "burning dust smell the first time the heat came on, went away after an hour",
])
def test_lookalikes_of_this_session_are_not_emergencies(text: str) -> None:
    assert classify(text).priority != "P0", text


def test_a_co_alarm_is_no_low_battery_when_a_reading_or_new_battery_says_otherwise() -> None:
    assert classify("co alarm beeping and the screen says 120, batteries are new").priority == "P0"
    assert classify("CO detector going off, not the battery chirp, the loud pattern, we went outside").priority == "P0"


@pytest.mark.parametrize("text, hazard", [
    # symptoms that lift away from the home point to CO there; they are not over
    ("we all wake up with headaches and feel sick, fine once we're out at work. the gas heater flame is orange",
     "co"),
    # a room without heat named by its radiator, freezing outside
    ("no radiator heat in our unit since sunday, it's 18 outside and the apartment is 48", "no_heat"),
])
def test_evidence_of_session_38_hazards(text: str, hazard: str) -> None:
    assert classify(text).priority == "P0", text
    assert hazard in {s.hazard for s in analyze(text).signals}, text


@pytest.mark.parametrize("text", [
    # a smell or noise checked and put down to a harmless cause
    "that gas smell on 3 turned out to be a rotting onion in the chute. the hallway light is out though",
    "the rumbling water sound is just the tank refilling, the plumber said. our sink drains slowly",
    "the burnt smell in the lobby is from the bakery next door, it's like that every morning. mailbox lock is stuck",
    # a danger in someone else's building
    "my cousin's apartment building had a fire last week and she's with us. separately our bedroom door squeaks",
    # a smoke alarm set off by toast or a shower
    "the smoke alarm goes off every time I make toast, nothing is burning. can it be moved?",
    # a CO detector chirping for its battery, in Spanish and Arabic
    "el detector de monoxido suena cada minuto y sale el icono de bateria baja, todos estamos bien",
    "جهاز أول أكسيد الكربون يصفر وطلع رمز البطارية، ما أحد عنده أعراض",
    # a gas smell fixed yesterday, in Arabic
    "ريحة غاز أمس صلحوها وكل شيء تمام الحين، بس الغسالة ما تشتغل",
])
def test_lookalikes_of_session_38_are_not_emergencies(text: str) -> None:
    assert classify(text).priority != "P0", text


def test_a_just_that_intensifies_is_no_explanation() -> None:
    assert classify("the toilet tank cracked and water is just pouring out into the hall, I can't stop it").priority \
        == "P0"
    assert classify("smoke alarm going off when cooking and there's smoke coming from behind the stove").priority \
        == "P0"


def test_the_fire_department_named_is_no_fire() -> None:
    for text in ("the fire department inspected the building and said the hallway extinguisher is expired",
                 "my son was stuck in the elevator, the fire department got him out. now it grinds between floors"):
        assert "fire" not in {s.hazard for s in analyze(text).signals}, text


def test_a_night_below_zero_is_freezing() -> None:
    assert classify("radiator's been stone cold for 4 days and it's been -2 at night, who fixes it").priority == "P0"
    assert classify("boiler keeps cutting out overnight and it's been 3 nights of cold radiators").priority != "P0"


@pytest.mark.parametrize("text, hazard", [
    # a CO alarm that stopped and started again is going off now
    ("CO alarm in the hall went off, we opened the windows and it stopped, now it's going off again", "co"),
    # what a burglary leaves behind: the lock drilled out, the drawers dumped
    ("lock on our front door was drilled out. we just got in from the airport, drawers dumped everywhere",
     "break_in"),
])
def test_evidence_of_session_42_hazards(text: str, hazard: str) -> None:
    result = classify(text)
    assert result.priority == "P0" and hazard in {s.hazard for s in analyze(text).signals}, text


@pytest.mark.parametrize("text, priority", [
    # a smoke alarm that cooking sets off is a nuisance; one taken down for it leaves the home without one
    ("smoke alarm goes off every time we cook literally anything, even pasta. can it be moved?", "P2"),
    # a safety device due for its inspection, a bulb burnt out (in Arabic too)
    ("fire extinguisher in the 6th floor hallway has an expired tag", "P2"),
    ("أحد مصابيح الممر في الطابق الخامس محروق", "P2"),
    # a smell of sewage with nothing backing up; bedbugs in Spanish; a building without water in Arabic
    ("strong sewage smell in the apartment since yesterday, no backup anywhere, just the smell", "P1"),
    ("chinches en el colchón de mi hija, tiene picaduras en los brazos y la espalda", "P1"),
    ("انقطعت المياه عن المبنى كله منذ الصباح، والبواب يقول إن هناك عطلاً في المضخة", "P1"),
    # one room's radiator cold while the rest of the flat is warm, in Egyptian Arabic
    ("الرادياتير اللي في أوضة العيال ساقع خالص، باقي الشقة دافية، نقلناهم ينامو معانا", "P1"),
])
def test_session_42_lookalikes_get_their_priority(text: str, priority: str) -> None:
    assert classify(text).priority == priority, text
    assert classify("my landlord took the smoke alarm down bc it kept going off when cooking and never put it "
                    "back").priority != "P2"


@pytest.mark.parametrize("text, hazard", [
    # a lock smashed last night and the door left open: a forced entry, whatever the building calls it
    ("someone smashed the lock on the side entrance last night, the door just swings open now", "break_in"),
    # water out of a light fixture is live electrics; "over the sink" places it, it does not end it
    ("water dripping from the light over the sink and the bulb keeps buzzing", "electrical"),
    # a detector whose test button does nothing, however many words lie between
    ("pressed the test button on the hall smoke detector and absolutely nothing", "alarm_missing"),
    # a reading on an unnamed device with the symptoms of CO, in Spanish
    ("el aparato de la cocina marca 200 y no para de sonar, todos tenemos dolor de cabeza", "co"),
    # Arabic: the emergency door chained shut; a burnt-plastic smell with flickering lights
    ("باب الطوارئ في الدور الثالث مقفول بسلسلة من امبارح", "egress"),
    ("في ريحة بلاستيك محترق عند العداد والأضواء تومض", "electrical"),
])
def test_evidence_of_session_43_hazards(text: str, hazard: str) -> None:
    assert hazard in {s.hazard for s in analyze(text).signals}, text
    assert classify(text).priority == "P0", text


@pytest.mark.parametrize("text, signal", [
    # a property manager's ticket codes
    ("UNIT 2C - NO HW SINCE MON", "no_hot_water"),
    ("4D INSUFF HEAT BR 63F", "no_heat"),
    # a riser that stays cold is a room without heat; no cooking and the gas cut, in Spanish
    ("the riser in the kids room stays cold all night", "no_heat"),
    ("no podemos cocinar desde el lunes", "no_cooking"),
    ("nos cortaron el gas por la inspeccion", "gas_supply"),
])
def test_session_43_habitability_signals(text: str, signal: str) -> None:
    assert signal in {s.name for s in analyze(text).signals}, text


@pytest.mark.parametrize("text", [
    # what a past flood or fire left behind: stains to paint, a faint smell weeks after the fire was put out
    "the basement flooded back in august and the wall still has water stains, can it be repainted",
    "الحريق اللي في الشقة اللي جنبنا انطفى من زمان بس لسه في ريحة دخان في الدولاب",
    # water that smells like sewer in a sink that drains slowly is a drain problem, not sewage on the floor
    "bathroom sink water smells like sewer and drains slowly",
])
def test_session_43_traces_and_comparisons_are_not_emergencies(text: str) -> None:
    assert classify(text).priority != "P0", text


@pytest.mark.parametrize("text, hazard", [
    # a tank's heating oil spreading with its fumes upstairs; a leak sensor that found water in an empty flat
    ("heating oil is leaking from the tank in the cellar, the puddle keeps growing and the fumes are strong upstairs",
     "fumes"),
    ("my leak app says water detected under the dishwasher for 30 min, i'm away till sunday", "flood"),
])
def test_evidence_of_session_44_hazards(text: str, hazard: str) -> None:
    assert hazard in {s.hazard for s in analyze(text).signals}, text
    assert classify(text).priority == "P0", text


@pytest.mark.parametrize("text", [
    "the leak sensor under the sink is beeping for a low battery",
    "oil gauge on the tank is at a quarter, when is the next delivery?",
])
def test_session_44_lookalikes_are_not_emergencies(text: str) -> None:
    assert classify(text).priority != "P0", text


@pytest.mark.parametrize("text", [
    "no heat since thursday, it's 49 degrees in my living room this morning",  # a room's own reading, 50 °F or less
    "no heat again, we've been turning on the oven to stay warm",  # carbon monoxide on top of the cold
    "sin calefacción desde ayer, prendemos el horno para calentarnos",
])
def test_a_cold_home_told_by_its_room_or_heated_by_the_oven_is_an_emergency(text: str) -> None:
    assert classify(text, learned=None).priority == "P0", text


@pytest.mark.parametrize("text", [
    "The stove igniter keeps clicking after the burner lights. No smell at all, flame is normal and blue.",
    "El extractor de la campana no prende, se llena todo de humo de la plancha",  # cooking smoke, a dead hood fan
    "no heat since yesterday, 62 in the living room",  # cold, not dangerously
])
def test_a_normal_flame_or_cooking_smoke_is_no_fire(text: str) -> None:
    assert classify(text, learned=None).priority != "P0", text
    assert classify("smoke from the fryer and now it's on fire", learned=None).priority == "P0"
