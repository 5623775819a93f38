from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from agents.via.tour_close import next_business_slot, plan_tours, resolve_start, tour_close_node

NY = ZoneInfo("America/New_York")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tour this Monday 6pm", datetime(2026, 11, 23, 18, 0, tzinfo=NY)),
        ("any time Thursday after 6pm", datetime(2026, 11, 26, 18, 0, tzinfo=NY)),
        ("can we do wed at 4?", datetime(2026, 11, 25, 16, 0, tzinfo=NY)),
        ("fri 11am", datetime(2026, 11, 27, 11, 0, tzinfo=NY)),
        ("next Tuesday morning", datetime(2026, 11, 24, 10, 0, tzinfo=NY)),
        ("saturday", datetime(2026, 11, 28, 11, 0, tzinfo=NY)),
        ("tomorrow at 2pm", datetime(2026, 11, 23, 14, 0, tzinfo=NY)),
        ("today 9am", datetime(2026, 11, 23, 9, 0, tzinfo=NY)),  # already past: the next day
    ],
)
def test_timelines_resolve_in_new_york(text, expected, now):
    assert resolve_start(text, now) == expected


def test_no_time_gives_the_next_business_hour_slot(now):
    assert resolve_start("next 2 weeks", now) is None
    assert next_business_slot(now) == datetime(2026, 11, 23, 9, 0, tzinfo=NY)  # Sunday -> Monday 9:00
    late = datetime(2026, 11, 23, 16, 40, tzinfo=NY)
    assert next_business_slot(late) == datetime(2026, 11, 24, 9, 0, tzinfo=NY)
    mid = datetime(2026, 11, 24, 10, 10, tzinfo=NY)
    assert next_business_slot(mid) == datetime(2026, 11, 24, 12, 30, tzinfo=NY)


def test_slots_are_thirty_minutes_and_staggered(now):
    units = [{"unit_id": f"SE-{i}", "address": f"{i} Main St", "kind": "apartment"} for i in range(3)]
    plan = plan_tours(units, when="this Monday 6pm", now=now)
    starts = [a.start for a in plan.actions]
    assert all(a.end - a.start == timedelta(minutes=30) for a in plan.actions)
    assert all(later >= earlier_end for later, earlier_end in zip(starts[1:], [a.end for a in plan.actions],
                                                                   strict=False))
    assert starts[0].isoformat() == "2026-11-23T18:00:00-05:00"
    assert "Photo ID" in plan.actions[0].required_docs
    assert plan.confirmation_prompt.endswith("?")
    office = plan_tours([{"unit_id": "U-1", "address": "36 W 36th St", "kind": "office"}], when=None, now=now)
    assert office.confirmation_prompt == "Book tour 1, or propose another time?"
    assert any("Company" in d for d in office.actions[0].required_docs)


def test_tour_request_for_a_known_unit(now, inventory):
    state = {"text": "can I book a tour of SE-1545 saturday at 11am", "route": {"node": "tour"}}
    out = tour_close_node(state, {}, inventory=inventory, now=lambda: now)
    action = out["plan"]["actions"][0]
    assert action["unit_id"] == "SE-1545" and action["start"] == "2026-11-28T11:00:00-05:00"
    assert "Upper East Side" in action["address"]
    missing = tour_close_node({"text": "tour SE-99999999 friday", "route": {"node": "tour"}}, {}, inventory=inventory,
                              now=lambda: now)
    assert missing["plan"] is None and "couldn't find unit SE-99999999" in missing["reply"]


def test_a_tour_of_a_listed_match_by_its_position(now, inventory):
    from agents.manager import route

    matches = [{"id": f"SE-{i}", "row_preview": {"address": f"{i} Main St", "kind": "apartment"}} for i in (1, 2, 3)]
    assert route("can I see the second one on saturday?", previous_node="needs").node == "tour"
    out = tour_close_node({"text": "can I see the second one on saturday?", "route": {"node": "tour"},
                           "matches": matches}, {}, inventory=inventory, now=lambda: now)
    assert out["plan"]["actions"][0]["unit_id"] == "SE-2"
    last = tour_close_node({"text": "book the last one friday 5pm", "route": {"node": "tour"}, "matches": matches},
                           {}, inventory=inventory, now=lambda: now)
    assert last["plan"]["actions"][0]["unit_id"] == "SE-3"


def test_model_wording_is_added_but_never_changes_times(now, inventory):
    from langchain_core.language_models.fake_chat_models import FakeListChatModel

    state = {"text": "tour SE-1545 saturday at 11am", "route": {"node": "tour"}}
    nice = FakeListChatModel(responses=["Looking forward to showing you around!"])
    out = tour_close_node(state, {}, inventory=inventory, now=lambda: now, model=nice)
    assert out["reply"].endswith("Looking forward to showing you around!")
    assert out["plan"]["actions"][0]["start"] == "2026-11-28T11:00:00-05:00"
    sneaky = FakeListChatModel(responses=["See you at 9pm instead!"])
    out = tour_close_node(state, {}, inventory=inventory, now=lambda: now, model=sneaky)
    assert "9pm" not in out["reply"] and out["plan"]["actions"][0]["start"] == "2026-11-28T11:00:00-05:00"


def test_a_viewing_asked_in_a_market_we_hold_no_listings_in_says_so() -> None:
    from agents.via.tour_close import no_unit_note

    assert "New York and Canada" in no_unit_note("can I view the Reem Island flat tomorrow evening?")
    assert "New York and Canada" in no_unit_note("visit the toa payoh HDB 4 room on sat?")
    assert no_unit_note("can I see it tomorrow?").startswith("Which unit would you like to tour?")


def _shown(unit_id: str, rent: float, sqft: float) -> dict:
    return {"id": unit_id, "row_preview": {"rent": rent, "sqft": sqft, "address": f"{unit_id} address",
                                            "kind": "apartment"}}


def test_a_booking_part_that_names_no_single_unit_is_said_with_the_units_it_could_be(inventory) -> None:
    from agents.via.tour_close import unresolved_parts

    pool = [_shown("SE-1", 3525, 777), _shown("SE-2", 3600, 1200), _shown("SE-3", 4800, 1200)]
    booked = [{"unit_id": "SE-1"}]
    note = unresolved_parts("tour the 3525 one and the 1200 sqft one on saturday", pool, booked, inventory)
    assert note is not None and "the 1200 sqft one" in note and "(SE-2)" in note and "(SE-3)" in note
    # both parts found: nothing to say; one part only: nothing to say
    assert unresolved_parts("tour the 3525 one and the 3600 one", pool,
                            [{"unit_id": "SE-1"}, {"unit_id": "SE-2"}], inventory) is None
    assert unresolved_parts("tour the 3525 one saturday", pool, booked, inventory) is None
    unknown = unresolved_parts("tour the 3525 one and the 9100 one", pool, booked, inventory)
    assert unknown is not None and "say its address or id" in unknown


def test_a_tour_message_also_answers_its_other_questions():
    from agents.via.tour_close import side_answers

    shown = [{"id": "U-1", "score": 100.0, "reasons": ["Rent within budget", "Midtown match"],
              "row_preview": {"address": "8 W 38th St, Suite 901", "broker": "Ann Lee", "broker_email": "a@x.com"}},
             {"id": "U-2", "score": 90.0, "reasons": ["Rent within budget"],
              "row_preview": {"address": "25 W 39th St, Suite 300", "broker": None}}]
    said = side_answers("who are the brokers on the 8 w 38th and 25 w 39th ones? and tour both monday at 3",
                        shown, None, "en")
    assert "8 W 38th St, Suite 901 (U-1): Ann Lee (a@x.com)." in said
    assert "25 W 39th St, Suite 300 (U-2): the listing names no broker." in said
    why = side_answers("cancel the second. and why did you rank your #1 pick first?", shown, None, "en")
    assert why.startswith("#1 8 W 38th St, Suite 901 (U-1) came first with score 100: Rent within budget")
    dog = side_answers("book it monday 6pm and tell the landlord about my dog", shown, None, "en")
    assert dog.startswith("I can't message the landlord or broker for you")
    assert side_answers("book it monday 6pm", shown, None, "en") is None


def test_a_time_said_in_full_stands_over_an_address_number():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from agents.via.tour_close import resolve_start

    now = datetime(2026, 11, 27, 10, 0, tzinfo=ZoneInfo("America/New_York"))
    start = resolve_start("set up a tour at 14 e 44th wednesday 9:30am", now)
    assert (start.day, start.hour, start.minute) == (2, 9, 30)
    assert resolve_start("wed at 4", now).hour == 16  # a bare hour is still a time when nothing else is


def test_a_yes_no_aside_is_left_to_the_plan_step_so_it_is_answered_once():
    from agents.via.tour_close import side_answers

    shown = [{"id": "SE-1", "score": 100.0, "reasons": [], "row_preview": {"address": "Astoria apartment",
                                                                         "amenities": []}}]
    assert side_answers("book the first one sunday 3pm. does it have a doorman?", shown, "SE-1", "en") is None


def test_a_weekday_with_its_day_of_the_month_is_that_date() -> None:
    friday = datetime(2026, 11, 27, 10, 0, tzinfo=NY)
    # "sábado 5": Saturday the 5th (December), and 10 is the time, not 5
    assert resolve_start("mejor el sabado 5 a las 10 de la mañana", friday) == datetime(2026, 12, 5, 10, 0, tzinfo=NY)
    assert resolve_start("saturday the 5th at 10am", friday) == datetime(2026, 12, 5, 10, 0, tzinfo=NY)
    assert resolve_start("saturday at 5", friday) == datetime(2026, 11, 28, 17, 0, tzinfo=NY)  # a time, no date
    plan = plan_tours([{"unit_id": "SE-1", "address": "1 Main St", "kind": "apartment"}],
                      when="sat 5 at 10am", now=friday)
    assert [a.start for a in plan.actions] == [datetime(2026, 12, 5, 10, 0, tzinfo=NY)]


def test_todays_weekday_with_a_later_time_is_today() -> None:
    friday = datetime(2026, 11, 27, 10, 0, tzinfo=NY)
    assert resolve_start("friday 5:30", friday) == datetime(2026, 11, 27, 17, 30, tzinfo=NY)
    assert resolve_start("this friday 4pm", friday) == datetime(2026, 11, 27, 16, 0, tzinfo=NY)
    assert resolve_start("friday 9am", friday) == datetime(2026, 12, 4, 9, 0, tzinfo=NY)  # already past today
    assert resolve_start("next friday 4pm", friday) == datetime(2026, 12, 4, 16, 0, tzinfo=NY)


def test_the_hours_of_the_persons_day_beside_a_confirmation_are_no_new_tour_time():
    from agents.via.tour_close import held_by_text

    actions = [{"unit_id": "SE-8055", "address": "Inwood apartment", "start": "2026-11-28T08:30:00-05:00"}]
    assert held_by_text("yes confirm. also is the building quiet during the day? i sleep like 9am-5pm", actions) == [0]
    assert held_by_text("yes confirm but make it 9am", actions) is None  # a new time: moved, not held as proposed
