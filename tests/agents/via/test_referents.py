"""Units pointed at by comparing them ("whichever is closest", "el más barato de Inwood", "the cheapest 2-bath"), tour
requests whose parts each name a unit, and one tour of several moved (session 28, from set 15's tour failures, #14)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from langgraph.checkpoint.memory import InMemorySaver

from agents.graph import ask, build_graph
from agents.manager import route
from agents.route_model import load_route_model
from agents.via.referents import best, each_named, measure, narrowed, ranked
from agents.via.tour_close import resolve_start

NY = ZoneInfo("America/New_York")


def _unit(uid, hood, rent, sqft, subway, beds=2, baths=1, amenities=(), score=100):
    return {"id": uid, "score": score, "row_preview": {
        "neighborhood": hood, "rent": rent, "sqft": sqft, "min_to_subway": subway, "bedrooms": beds,
        "bathrooms": baths, "amenities": list(amenities), "ppsf_year": None, "address": f"{hood} apartment"}}


SHOWN = [_unit("A", "Inwood", 3350, 1300, 3, beds=3, baths=2, amenities=["doorman", "elevator"]),
         _unit("B", "Washington Heights", 3500, 1800, 5, beds=3, baths=2, amenities=["no fee", "elevator"]),
         _unit("C", "Inwood", 3700, 1250, 3, beds=3, baths=2),
         _unit("D", "Inwood", 1795, 600, 9, beds=1, baths=1, score=77)]


def test_a_superlative_orders_by_its_measure_and_the_words_beside_it_narrow():
    assert measure("book whichever is closest to the subway") == ("min_to_subway", False)
    assert measure("el más grande") == ("sqft", True)
    assert measure("لأرخص وحدة") == ("rent", False)
    assert measure("book it friday") is None
    assert best("the biggest one", SHOWN)["id"] == "B"
    assert best("el más barato de Inwood", SHOWN)["id"] == "D"  # all units: the 1br is the cheapest in Inwood
    assert best("el más barato de Inwood con 3 habitaciones", SHOWN)["id"] == "A"
    assert best("the cheapest one with the doorman", SHOWN)["id"] == "A"
    assert [u["id"] for u in ranked("cheapest per sf", SHOWN)] == ["B", "A", "C", "D"]  # $/SF/yr 23, 31, 36, 36
    # a filter that would leave nothing is not one: "gym" names no shown unit's amenity
    assert narrowed("the one with a gym", SHOWN) == SHOWN


def test_each_part_of_a_request_names_its_unit_in_order():
    pool = SHOWN
    picked = each_named("agéndame ese el sábado a las 10 y el más barato de Inwood a las 11:30", pool, focus=pool[1])
    assert [u["id"] for u in picked] == ["B", "A"]  # "ese" is the unit in focus; the cheapest Inwood full match
    assert each_named("book that one friday at 2pm and 3pm", pool, focus=pool[0]) == []  # one unit, two times


def test_misspelt_tomorrow_is_tomorrow(now):
    assert resolve_start("ok book the cheaper one tmrw 9am", now).isoformat() == "2026-11-23T09:00:00-05:00"
    assert resolve_start("tommorow at 5", now).hour == 17


def test_a_request_that_opens_with_booking_goes_to_tours_not_a_new_search():
    decision = route("book the 4br sat 10am and the forest hills 3br right after", previous_node="needs",
                     learned=load_route_model())
    assert decision.node == "tour"
    assert route("book a plumber for tomorrow, the sink is clogged", previous_node="needs",
                 learned=load_route_model()).node != "tour"


def _graph(inventory, now):
    return build_graph(checkpointer=InMemorySaver(), inventory=inventory, now=lambda: now, router=load_route_model())


def test_the_closest_is_booked_then_swapped_for_the_biggest_at_the_same_time(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "two bed two bath in midtown east, elevator building, no more than 4500 a month", thread_id="m")
    first = ask(graph, "ugh 10 min walk. book whichever is closest to the subway for tomorrow at 6pm", thread_id="m")
    tour = first["plan"]["actions"]
    assert [a["unit_id"] for a in tour] == ["SE-818"]  # 6 minutes: the closest of the four full matches
    assert datetime.fromisoformat(tour[0]["start"]).isoformat() == "2026-11-23T18:00:00-05:00"
    swapped = ask(graph, "wait cancel that, put the biggest one instead same time", thread_id="m")["plan"]["actions"]
    assert [(a["unit_id"], a["start"][:16]) for a in swapped] == [("SE-6352", "2026-11-23T18:00")]


def test_a_suite_label_and_a_street_each_get_their_tour_in_the_order_said(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "80 ppl. want east 50s, 55th 54th or 52nd st. 12-16k sf, max $100/sf", thread_id="o")
    plan = ask(graph, "book 6K monday 10am and the 52nd st one right after", thread_id="o")["plan"]["actions"]
    # suite 6K (U-126) was not among the five shown: its label names one suite of the inventory
    assert [a["unit_id"] for a in plan] == ["U-126", "U-179"]
    assert plan[0]["start"][:16] == "2026-11-23T10:00" and plan[1]["start"] > plan[0]["end"]


def test_two_named_units_after_a_search_elsewhere_are_both_toured(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "family of 5, need 3+ bedrooms in forest hills or rego park, up to 3600", thread_id="f")
    ask(graph, "any in staten island?", thread_id="f")
    state = ask(graph, "book the 4br sat 10am and the forest hills 3br right after", thread_id="f")
    assert state["route"]["node"] == "tour"
    assert [a["unit_id"] for a in state["plan"]["actions"]] == ["SE-5388", "SE-5944"]


def test_moving_the_second_tour_leaves_the_first_where_it_was(inventory, now):
    graph = _graph(inventory, now)
    ask(graph, "office in chelsea around 5000 sf", thread_id="t")
    before = ask(graph, "tour U-29 and U-42 tuesday morning back to back", thread_id="t")["plan"]["actions"]
    after = ask(graph, "move the second one to 2pm", thread_id="t")
    moved = {a["unit_id"]: a["start"][:16] for a in after["plan"]["actions"]}
    assert moved == {"U-29": before[0]["start"][:16], "U-42": before[1]["start"][:11] + "14:00"}
    assert "the other tours stay" in after["reply"]


def test_a_unit_named_by_its_bare_size_and_a_day_after_a_correction():
    from agents.via.refine import unit_named

    # "the 1300 one": no unit rents for 1300, one is 1,300 SF
    assert unit_named("ok lets see the 1300 one. tuesday at 2?", SHOWN)["id"] == "A"
    assert unit_named("the 3700 one", SHOWN)["id"] == "C"  # a rent said stays a rent
    now = datetime(2026, 11, 27, 10, tzinfo=NY)
    # the first day said after the last correction that names one; a day given as a reason after it does not count
    assert resolve_start("book it monday 6pm. actually no, tuesday same time, monday is onboarding", now) == \
        datetime(2026, 12, 1, 18, 0, tzinfo=NY)
    assert resolve_start("make it wednesday, he has a dr appt tuesday. sorry!", now).date().isoformat() == "2026-12-02"
    assert resolve_start("friday's bad too, saturday after 11", now) == datetime(2026, 11, 28, 11, 0, tzinfo=NY)


def test_two_times_ending_a_booking_are_its_two_slots():
    from agents.via.tour_close import _each_time

    now = datetime(2026, 11, 27, 10, tzinfo=NY)
    said = "book the 3195 one and the one with the dishwasher for saturday, cheaper one first, 11 and 12"
    first = resolve_start(said, now)
    assert [t.hour for t in _each_time(said, first)] == [11, 12]
    assert _each_time("book both saturday, 2 and 3 bedrooms", first) == []


def test_a_day_given_as_the_reason_for_another_is_not_the_tour_day():
    now = datetime(2026, 11, 27, 10, tzinfo=NY)
    assert resolve_start("can i see it sunday 9am? wait no im on shift sunday. monday 9am", now) == \
        datetime(2026, 11, 30, 9, 0, tzinfo=NY)
    assert resolve_start("sunday after my shift at 3pm", now) == datetime(2026, 11, 29, 15, 0, tzinfo=NY)


def test_dates_and_times_said_in_arabic_and_spanish_and_a_latest_time():
    now = datetime(2026, 11, 27, 10, tzinfo=NY)
    # Arabic-Indic digits and an Arabic month; the arrival date before the booking words is not the tour's
    said = "أنا لسه في القاهرة، هوصل يوم ١٠ يناير. احجز لي معاينة للشقة دي يوم ١١ يناير الساعة ١٠ الصبح"
    assert resolve_start(said, now) == datetime(2027, 1, 11, 10, 0, tzinfo=NY)
    assert resolve_start("una visita el domingo a la 1", now) == datetime(2026, 11, 29, 13, 0, tzinfo=NY)
    # "free before 4pm": tours that end by then
    assert resolve_start("both on monday, im free before 4pm", now) == datetime(2026, 11, 30, 14, 0, tzinfo=NY)
    assert resolve_start("monday at 4pm", now) == datetime(2026, 11, 30, 16, 0, tzinfo=NY)


def test_an_order_said_between_the_units_names_no_unit():
    # "cheaper one first" orders the two units named; it is no third unit
    named = each_named("book the 1250 sq ft one and the washington heights one, cheaper one first", SHOWN, None)
    assert [u["id"] for u in named] == ["C", "B"]


def test_a_bare_unit_number_booked_right_after_another(inventory):
    from agents.via.tour_close import bare_ids

    assert bare_ids("fine. book 506 tmrw 10am and 260 right after", [], inventory) == ["SE-506", "SE-260"]
