import logging
from datetime import datetime, timedelta
from urllib.parse import parse_qs, unquote, urlparse
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar
from langgraph.checkpoint.memory import InMemorySaver

from agents.graph import answer, ask, build_graph, pending_question
from agents.redact import RedactingFilter, redact
from agents.via.contact import ContactError, validate_contact
from agents.via.tour_holds import NO_VIEWINGS
from agents.via.viewing import ics_bytes, mailto_url
from data.stores.holds import SqliteHoldStore

NY = ZoneInfo("America/New_York")


@pytest.fixture
def flow(tmp_path, inventory, now):
    store = SqliteHoldStore(tmp_path / "holds.sqlite")
    graph = build_graph(checkpointer=InMemorySaver(), holds=store, inventory=inventory, now=lambda: now)
    return graph, store


def test_full_flow_approve_contact_verify_hold_confirm(flow):
    graph, store = flow
    ask(graph, "tour SE-1545 and SE-2472 this Monday 6pm", thread_id="t")
    question = pending_question(graph, thread_id="t")
    assert question["form"] == "multi_select" and question["options"][0].startswith("[1] ")
    assert "Mon 18:00" in question["options"][0]
    assert question["default"] == [0, 1]  # the tours asked for in so many words come ticked
    answer(graph, ["[1]"], thread_id="t")
    assert pending_question(graph, thread_id="t")["form"] == "contact"
    answer(graph, {"name": "Ana", "email": "ana@", "phone": "12"}, thread_id="t")
    retry = pending_question(graph, thread_id="t")
    assert set(retry["errors"]) == {"email", "phone"}  # asked again, naming what is wrong
    answer(graph, {"name": "Ana Díaz", "email": "ana@example.com", "phone": "(212) 555-0123"}, thread_id="t")
    verify = pending_question(graph, thread_id="t")
    assert "ana@example.com" in verify["question"] and "+12125550123" in verify["question"]
    assert store.list_by_thread("t") == []  # nothing submitted before the user verified
    answer(graph, "Yes, hold these tours", thread_id="t")
    assert pending_question(graph, thread_id="t")["form"] == "multi_select"
    state = answer(graph, [0], thread_id="t")
    holds = store.list_by_thread("t")
    assert [(h.unit_id, h.status, h.start) for h in holds] == [("SE-1545", "confirmed",
                                                                datetime(2026, 11, 23, 18, tzinfo=NY))]
    assert state["viewings"][0]["mailto"].startswith("mailto:")
    assert "confirmed" in state["reply"]
    # contact details are reused for the next holds in the thread: no form this time
    ask(graph, "can I also see SE-10234 tuesday at 5pm", thread_id="t")
    answer(graph, ["[1]"], thread_id="t")
    assert pending_question(graph, thread_id="t")["form"] == "single"


def test_empty_selection_stops_without_asking_for_contact(flow):
    graph, store = flow
    ask(graph, "tour U-3 friday 10am", thread_id="e")
    state = answer(graph, [], thread_id="e")
    assert state["reply"] == NO_VIEWINGS and pending_question(graph, thread_id="e") is None
    assert store.list_by_thread("e") == []


def _hold_first_tour(graph, thread):
    answer(graph, ["[1]"], thread_id=thread)
    answer(graph, {"name": f"User {thread}", "email": f"{thread}@example.com"}, thread_id=thread)
    answer(graph, "Yes, hold these tours", thread_id=thread)
    return answer(graph, [], thread_id=thread)


def test_a_slot_taken_between_plan_and_hold_is_replaced_by_the_next_free_one(flow):
    graph, store = flow
    for thread in ("x", "y"):
        ask(graph, "tour U-3 friday 10am", thread_id=thread)  # both see 10:00 free
    _hold_first_tour(graph, "x")
    state = _hold_first_tour(graph, "y")  # x got there first
    first, second = store.list_by_thread("x")[0], store.list_by_thread("y")[0]
    assert first.start == datetime(2026, 11, 27, 10, tzinfo=NY) and second.start > first.start
    assert "just taken" in state["reply"]


def test_a_slot_someone_else_holds_is_never_proposed_and_the_move_is_said(flow):
    graph, _store = flow
    ask(graph, "tour U-3 friday 10am", thread_id="p")
    _hold_first_tour(graph, "p")
    plan = ask(graph, "tour U-3 friday 10am", thread_id="q")
    start = datetime.fromisoformat(plan["plan"]["actions"][0]["start"])
    assert start > datetime(2026, 11, 27, 10, tzinfo=NY)
    assert "someone else holds that slot" in plan["reply"]


def test_a_persons_tours_never_overlap_their_own_and_leave_travel_time(flow):
    graph, store = flow
    ask(graph, "tour U-3 friday 10am", thread_id="me")
    _hold_first_tour(graph, "me")
    plan = ask(graph, "tour U-12 friday 10am", thread_id="me")
    held = store.list_by_thread("me")[0]
    start = datetime.fromisoformat(plan["plan"]["actions"][0]["start"])
    assert start >= held.end + timedelta(minutes=15)  # after my 10:00 tour, with time to get there
    assert "you have another tour then" in plan["reply"]


def test_another_time_re_plans_the_tours_just_proposed(flow):
    graph, _store = flow
    first = ask(graph, "tour U-3 friday 10am", thread_id="r")
    answer(graph, [], thread_id="r")  # no tour chosen yet
    later = ask(graph, "can we do Tuesday at 5pm instead?", thread_id="r")
    assert later["route"]["node"] == "tour"
    action = later["plan"]["actions"][0]
    assert action["unit_id"] == first["plan"]["actions"][0]["unit_id"]
    assert datetime.fromisoformat(action["start"]).strftime("%a %H:%M") == "Tue 17:00"


def test_contact_validation():
    contact = validate_contact({"name": " Ana ", "email": "Ana@Example.COM", "phone": "+44 20 7946 0958"})
    assert contact.name == "Ana" and contact.email == "Ana@example.com" and contact.phone == "+442079460958"
    with pytest.raises(ContactError) as info:
        validate_contact({"name": "", "email": "not-an-email"})
    assert set(info.value.problems) == {"name", "email"}


def test_mailto_is_url_encoded_and_ics_has_zone_location_and_reminder(tmp_path):
    store = SqliteHoldStore(tmp_path / "h.sqlite")
    start = datetime(2026, 11, 23, 18, tzinfo=NY)
    contact = validate_contact({"name": "Ana & Bo", "email": "ana@example.com", "phone": "2125550123"})
    hold = store.place(thread_id="t", unit_id="U-1", address="36 W 36th St, Suite 300", start=start,
                       end=start.replace(minute=30), contact=contact)
    url = urlparse(mailto_url(hold, contact))
    query = parse_qs(url.query)
    assert url.scheme == "mailto" and " " not in url.query and "&body=" in url.query
    assert query["subject"][0].startswith("Viewing request: U-1") and "Ana & Bo" in unquote(query["body"][0])
    calendar = Calendar.from_ical(ics_bytes(hold))
    event = next(iter(calendar.walk("VEVENT")))
    assert event.decoded("dtstart") == start and str(event["location"]) == "36 W 36th St, Suite 300"
    assert event.decoded("dtstart").tzinfo.key == "America/New_York"
    assert any(c.name == "VALARM" for c in event.subcomponents)
    assert any(c.name == "VTIMEZONE" for c in calendar.subcomponents)
    assert event.decoded("dtstamp").tzinfo is not None and "@" in str(event["uid"])  # RFC 5545 requires both


def test_logs_redact_emails_and_phones(caplog):
    assert redact("call +1 (212) 555-0123 or mail ana@example.com") == "call [phone] or mail [email]"
    logger = logging.getLogger("privacy-test")
    logger.addFilter(RedactingFilter())
    with caplog.at_level(logging.INFO, logger="privacy-test"):
        logger.info("hold for %s, phone %s", "ana@example.com", "+12125550123")
    assert "ana@example.com" not in caplog.text and "+12125550123" not in caplog.text
    assert "[email]" in caplog.text and "[phone]" in caplog.text


def test_a_typed_confirmation_holds_the_tours_just_proposed(flow):
    graph, store = flow
    ask(graph, "tour SE-1545 and SE-2472 this Monday 6pm", thread_id="c")
    assert pending_question(graph, thread_id="c")["form"] == "multi_select"  # the buttons, left unanswered
    state = ask(graph, "ok confirm both", thread_id="c")  # typed instead: no "which tours?" again
    assert state["route"]["node"] == "tour" and pending_question(graph, thread_id="c")["form"] == "contact"
    answer(graph, {"name": "Ana Díaz", "email": "ana@example.com", "phone": ""}, thread_id="c")
    assert pending_question(graph, thread_id="c")["form"] == "single"  # the details shown back before holding
    state = answer(graph, "Yes, hold these tours", thread_id="c")
    assert pending_question(graph, thread_id="c") is None  # "confirm both" said which to confirm
    assert sorted((h.unit_id, h.status) for h in store.list_by_thread("c")) == [
        ("SE-1545", "confirmed"), ("SE-2472", "confirmed")]
    assert state["reply"].count("**confirmed**") == 2


def test_typed_cancel_conditional_cancel_and_one_of_several(flow):
    graph, _store = flow
    ask(graph, "tour SE-1545 monday 6pm", thread_id="x")
    state = ask(graph, "Mejor cancélala, encontré otra cosa", thread_id="x")
    assert state["plan"] is None and "Cancelled" in state["reply"]
    ask(graph, "tour SE-1545 and SE-2472 this Monday 6pm", thread_id="y")
    state = ask(graph, "ok hold one for friday 1pm then", thread_id="y")
    assert [a["unit_id"] for a in state["plan"]["actions"]] == ["SE-1545"]
    assert "can you confirm the rent" not in state["reply"]
    from agents.via.tour_close import held_by_text

    two = state["plan"]["actions"] * 2
    assert held_by_text("can you confirm the rent is 2500 for that one?", two) is None
    assert held_by_text("please go ahead and book the first one for me", two) == [0]
    assert held_by_text("hold on, what about parking?", two) is None


def test_does_it_have_an_amenity_if_not_cancel(flow):
    graph, _store = flow
    first = ask(graph, "2 bed 2 bath in chelsea, no fee, up to 6500", thread_id="w")
    top = first["matches"][0]
    state = ask(graph, "does it have a washer dryer too? if not cancel", thread_id="w")
    has = any(a.startswith("washer") for a in top["row_preview"].get("amenities", []))
    assert state["reply"].startswith("Yes:" if has else "No:") and top["id"] in state["reply"]
    kept = [a["unit_id"] for a in (state.get("plan") or {}).get("actions", [])]
    assert (top["id"] in kept) == has or (not has and "dropped its tour" in state["reply"])


def test_a_tour_asked_by_the_address_shown():
    from agents.cues import address_named

    assert address_named("can we tour 53 pearl tuesday morning", "53 Pearl St, Suite 8")
    assert address_named("tour 104 e 40th thursday", "104-110 E 40th St, Suite 903")
    assert not address_named("book the first one at 5", "53 Pearl St, Suite 8")


def test_the_cheaper_one_is_booked(inventory, now):
    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    shown = ask(graph, "2br in astoria under 3000", thread_id="ch")["matches"]
    cheapest = min(shown, key=lambda m: m["row_preview"]["rent"])
    state = ask(graph, "fine, book a viewing of the cheaper one, any weekday after 6pm", thread_id="ch")
    assert [a["unit_id"] for a in state["plan"]["actions"]] == [cheapest["id"]]


def test_a_shown_unit_by_its_street_alone():
    from agents.cues import shown_by_address

    shown = [{"id": "U-1", "row_preview": {"address": "53 Pearl St, Suite 8"}},
             {"id": "U-2", "row_preview": {"address": "288-290 Water St, Suite 4"}},
             {"id": "U-3", "row_preview": {"address": "288-290 Water St, Suite 7"}}]
    assert [m["id"] for m in shown_by_address("monthly on the pearl st one?", shown)] == ["U-1"]
    assert shown_by_address("book water st thursday", shown) == []  # two shown suites on Water St: which one?
    assert [m["id"] for m in shown_by_address("tour 53 pearl tuesday", shown)] == ["U-1"]


def test_edits_name_a_tour_by_what_its_unit_is(inventory, now, tmp_path):
    """"push the cheaper one to 5pm" moves that tour alone; "cancel the other one, put the 21st floor one in its
    slot" drops the tour not just moved and books the unit on floor 21 at its time; "what do i have booked" lists."""
    from agents.route_model import load_route_model

    store = SqliteHoldStore(tmp_path / "holds.sqlite")
    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, holds=store,
                        router=load_route_model())
    shown = ask(graph, "2 bed in midtown west, need an elevator, under 5k", thread_id="e")["matches"]
    full = [m for m in shown if m["score"] >= 100]
    first, second = full[0], full[1]
    state = ask(graph, "book the first two for saturday, 11 and 11:45", thread_id="e")
    assert [a["unit_id"] for a in state["plan"]["actions"]] == [first["id"], second["id"]]
    cheaper, dearer = sorted((first, second), key=lambda m: m["row_preview"]["rent"])
    state = ask(graph, "actually push the cheaper one to 5pm", thread_id="e")
    times = {a["unit_id"]: a["start"][11:16] for a in state["plan"]["actions"]}
    assert times[cheaper["id"]] == "17:00" and times[dearer["id"]] in ("11:00", "11:45")
    kept_time = times[dearer["id"]]
    high = next((m for m in full[2:] if str(m["row_preview"].get("floor") or "").isdigit()), None)
    assert high is not None
    floor = int(high["row_preview"]["floor"])
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(floor % 10 if floor not in (11, 12, 13) else 0, "th")
    state = ask(graph, f"and cancel the other one, put the {floor}{suffix} floor one in its slot", thread_id="e")
    times = {a["unit_id"]: a["start"][11:16] for a in state["plan"]["actions"]}
    assert times == {cheaper["id"]: "17:00", high["id"]: kept_time}
    state = ask(graph, "what do i have booked now", thread_id="e")
    assert cheaper["id"] in state["reply"] and high["id"] in state["reply"] and dearer["id"] not in state["reply"]


def test_setting_a_list_aside_books_from_the_one_before(inventory, now):
    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    williamsburg = ask(graph, "2br in williamsburg, need w/d in the unit, 4.5k max", thread_id="g")["matches"]
    ask(graph, "ok and greenpoint? same stuff", thread_id="g")
    state = ask(graph, "nah forget greenpoint. book the cheapest one saturday 2pm", thread_id="g")
    full = [m for m in williamsburg if m["score"] >= 100]
    cheapest = min(full, key=lambda m: m["row_preview"]["rent"])
    assert [a["unit_id"] for a in state["plan"]["actions"]] == [cheapest["id"]]


def test_office_suites_named_by_floor_compared_and_booked_then_the_broker_gci(inventory, now):
    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "what do you have at 345 7th ave? need 15-18k sf, not ground floor", thread_id="o")
    cheapest = ask(graph, "the 18th floor one is way cheaper per foot than the rest, why? and whats the monthly",
                   thread_id="o")
    assert cheapest["focus"] == "U-33"
    both = ask(graph, "compare it to the 16th floor one - annual difference? and book both next thursday 2pm back to "
                      "back", thread_id="o")
    assert [a["unit_id"] for a in both["plan"]["actions"]] == ["U-33", "U-34"]
    rents = {u: inventory.row(u)["rent"] for u in ("U-33", "U-34")}
    assert f"${abs(rents['U-34'] - rents['U-33']) * 12:,.0f} a year cheaper" in both["reply"]
    gci = ask(graph, "my broker mentioned a '256k GCI' for the 18th floor suite - is that what we'd pay over 3 years?",
              thread_id="o")
    assert gci["route"]["node"] == "needs" and gci["reply"].startswith("No: GCI is the broker's gross commission")
    assert f"3 years at the listed rent is ${rents['U-33'] * 36:,.0f}" in gci["reply"]


def test_spanish_both_tours_and_their_yearly_difference(inventory, now):
    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    first = ask(graph, "somos una startup de 40 personas, buscamos oficina cerca de union square. máximo 80 mil "
                       "dólares al mes y mínimo 9,500 pies cuadrados", thread_id="s")
    full = [m["id"] for m in first["matches"] if m["score"] >= 100]
    assert len(full) == 2 and all("University Pl" in m["row_preview"]["address"] for m in first["matches"][:2])
    tours = ask(graph, "perfecto, agenda visita para los dos el lunes, a las 4 y a las 5 de la tarde", thread_id="s")
    assert [(a["unit_id"], a["start"][11:16]) for a in tours["plan"]["actions"]] == [(full[0], "16:00"),
                                                                                    (full[1], "17:00")]
    gap = ask(graph, "¿y cuánto es la diferencia anual entre los dos?", thread_id="s")
    rents = [inventory.row(u)["rent"] for u in full]
    assert f"${abs(rents[0] - rents[1]) * 12:,.0f} a year cheaper" in gap["reply"]


def test_both_tours_moved_to_another_day_keep_their_own_times_and_a_bare_id_is_booked(inventory, now):
    from agents.route_model import load_route_model
    from agents.via.tour_close import bare_ids

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "we need 3 bed 2 bath on the UES, elevator is non negotiable, budget 7k", thread_id="m")
    first = ask(graph, "book the first two sunday 10am and 11", thread_id="m")
    assert [a["start"][11:16] for a in first["plan"]["actions"]] == ["10:00", "11:00"]
    moved = ask(graph, "my dad cant do sunday. push both to next saturday same times", thread_id="m")
    starts = [datetime.fromisoformat(a["start"]) for a in moved["plan"]["actions"]]
    assert [(s.strftime("%a"), s.strftime("%H:%M")) for s in starts] == [("Sat", "10:00"), ("Sat", "11:00")]
    shown = [{"id": "SE-1", "row_preview": {"rent": 3558.0, "sqft": 700.0}}]
    assert bare_ids("book 3558 fri 8am", [], inventory) == ["SE-3558"]
    assert bare_ids("book 3558 fri 8am", shown, inventory) == []  # a rent shown, not an id
    assert bare_ids("is 3558 a good price?", [], inventory) == []  # no booking


def test_a_booking_that_corrects_its_own_time_books_the_unit_named_at_the_last_time(inventory, now):
    from agents.route_model import load_route_model
    from agents.via.tour_close import corrected

    assert "2pm" not in corrected("book the doorman one sunday 2pm. wait make it 4 i have brunch")
    assert corrected("book it friday at 3") == "book it friday at 3"
    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    shown = ask(graph, "2br in williamsburg, need w/d in the unit, 4.5k max", thread_id="w")["matches"]
    doorman = next(m for m in shown if "doorman" in m["row_preview"]["amenities"])
    state = ask(graph, "book the doorman one sunday 2pm. wait make it 4 i have brunch", thread_id="w")
    assert [(a["unit_id"], a["start"][11:16]) for a in state["plan"]["actions"]] == [(doorman["id"], "16:00")]


def test_a_correction_naming_another_unit_books_that_one_at_the_time_said_before(inventory, now):
    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    shown = ask(graph, "2 bed in midtown west, need an elevator, under 5k", thread_id="c")["matches"]
    high = next(m for m in shown if str(m["row_preview"].get("floor") or "") == "21")
    state = ask(graph, "book the cheapest one thursday 6:30pm. wait no cancel that, book the 21st floor one instead "
                       "same time", thread_id="c")
    assert [(a["unit_id"], a["start"][11:16]) for a in state["plan"]["actions"]] == [(high["id"], "18:30")]
    floor = ask(graph, "monthly + annual on the 21st floor one, and book a tour friday 3pm", thread_id="c")
    assert [a["unit_id"] for a in floor["plan"]["actions"]] == [high["id"]]
    assert f"${high['row_preview']['rent'] * 12:,.0f} a year" in floor["reply"]


def test_one_tour_cancelled_or_moved_by_the_time_it_was_asked_at(inventory, now):
    from agents.route_model import load_route_model
    from agents.via.tour_close import bare_ids

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "1br in williamsburg under 3500 with washer dryer", thread_id="w")
    two = ask(graph, "book the first two saturday at 4 and 4:30", thread_id="w")
    starts = [a["start"][11:16] for a in two["plan"]["actions"]]
    assert starts[0] == "16:00" and starts[1] > "16:30"  # two buildings: the half hour and the walk
    assert "16:30 leaves no time to get there" in two["reply"]  # said, not silently shifted
    kept = ask(graph, "actually cancel the 4:30", thread_id="w")["plan"]["actions"]  # the one asked at 4:30
    assert [a["start"][11:16] for a in kept] == ["16:00"]
    ask(graph, "1br in williamsburg under 3500 with washer dryer", thread_id="v")
    ask(graph, "book the first two saturday at 11 and 12", thread_id="v")
    moved = ask(graph, "push the 12 oclock one to sunday same time", thread_id="v")["plan"]["actions"]
    days = [(datetime.fromisoformat(a["start"]).strftime("%a"), a["start"][11:16]) for a in moved]
    assert days == [("Sat", "11:00"), ("Sun", "12:00")]  # only that one, at its own time
    assert bare_ids("me quedo con el de chelsea de 2800, agéndame visita el viernes", [], inventory) == []  # a rent


def test_a_tour_named_by_a_time_near_noon_is_found_across_twelve() -> None:
    from agents.via.tour_close import _MOVE, _tour_meant

    tours = [{"unit_id": "SE-1", "address": "a", "start": "2026-11-28T11:00:00-05:00"},
             {"unit_id": "SE-2", "address": "b", "start": "2026-11-28T11:45:00-05:00"}]
    assert _tour_meant("push the 12 oclock one to sunday same time", tours, _MOVE) == 1  # 11:45 is 15 min off
    assert _tour_meant("push the 11 oclock one to sunday", tours, _MOVE) == 0


def test_the_cheaper_of_those_two_after_a_list_is_one_tour(inventory, now):
    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "looking for a 1br in park slope, max 2600", thread_id="c2")
    shown = ask(graph, "whats closest to the train", thread_id="c2")["matches"][:2]
    one = ask(graph, "the cheaper of those two, can i see it saturday around 10", thread_id="c2")["plan"]["actions"]
    cheaper = min(shown, key=lambda m: m["row_preview"]["rent"])
    assert [a["unit_id"] for a in one] == [cheaper["id"]]


def test_a_tour_named_by_its_places_nickname_is_the_one_moved(inventory):
    from agents.via.tour_close import _MOVE, _tour_meant

    frame = inventory.frame
    astoria = frame[frame["neighborhood"] == "Astoria"].iloc[0]["unit_id"]
    lic = frame[frame["neighborhood"] == "Long Island City"].iloc[0]["unit_id"]
    tours = [{"unit_id": astoria, "address": "a", "start": "2026-11-29T10:00:00-05:00"},
             {"unit_id": lic, "address": "b", "start": "2026-11-29T10:45:00-05:00"}]
    assert _tour_meant("can you push LIC to 1pm same day", tours, _MOVE, inventory) == 1
    assert _tour_meant("can you push astoria to 1pm", tours, _MOVE, inventory) == 0


def test_one_tour_moved_to_another_day_and_the_other_cancelled_in_one_message(inventory, now):
    from agents.route_model import load_route_model

    graph = build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())
    ask(graph, "1br in williamsburg under 3500 with washer dryer", thread_id="m2")
    two = ask(graph, "book the first two saturday at 11 and 12", thread_id="m2")["plan"]["actions"]
    state = ask(graph, "wait, cant do saturday. move the second one to sunday 2pm and cancel the other one",
                thread_id="m2")
    left = state["plan"]["actions"]
    assert [(a["unit_id"], datetime.fromisoformat(a["start"]).strftime("%a %H:%M")) for a in left] == \
        [(two[1]["unit_id"], "Sun 14:00")]
    assert two[0]["unit_id"] in state["reply"] and "Dropped" in state["reply"]


def test_a_note_for_the_landlord_goes_with_the_tour_into_the_viewing_request(flow):
    graph, _ = flow
    state = ask(graph, "tour SE-1545 monday 4pm. pls note i need a step-free way in, i use a wheelchair",
                thread_id="n")
    assert state["plan"]["actions"][0]["note"] == "I need a step-free way in, i use a wheelchair"
    assert "Note for the landlord (sent with the viewing request): I need a step-free way in" in state["reply"]
    answer(graph, ["[1]"], thread_id="n")
    answer(graph, {"name": "Ana Díaz", "email": "ana@example.com", "phone": "(212) 555-0123"}, thread_id="n")
    answer(graph, "Yes, hold these tours", thread_id="n")
    done = answer(graph, [0], thread_id="n")
    request = done["viewings"][0]
    assert "note passed on: I need a step-free way in" in request["summary"]
    assert "I need a step-free way in" in unquote(request["mailto"])
    asked = ask(graph, "tour SE-2472 tuesday 5pm and ask them if they take dogs", thread_id="d")
    assert asked["plan"]["actions"][0]["note"] == "Question from the renter: whether they take dogs."
    assert ask(graph, "tour SE-10234 tuesday 6pm", thread_id="x")["plan"]["actions"][0].get("note") is None


def test_tours_proposed_after_a_search_come_unticked(flow):
    graph, _ = flow
    ask(graph, "1br in astoria under 3000", thread_id="s")
    question = pending_question(graph, thread_id="s")
    assert question["form"] == "multi_select" and question["default"] == []  # proposed, not asked for
