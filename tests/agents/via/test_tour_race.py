"""The loser of a race for a slot is offered the next free one, even when another user takes that one first
(found by the load test: the second try used to crash the turn)."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from agents.via.tour_holds import submit_node
from data.stores.backend import open_holds
from data.stores.holds import SlotTaken

NY = ZoneInfo("America/New_York")
T0 = datetime(2026, 11, 23, 18, tzinfo=NY)
HALF = timedelta(minutes=30)


class RivalTakesTheNextSlot:
    """A store where, right after a refusal, a rival holds the slot that the refusal offered."""

    def __init__(self, inner):
        self.inner = inner
        self.rival_moves = 0

    def place(self, **kwargs):
        try:
            return self.inner.place(**kwargs)
        except SlotTaken as taken:
            if self.rival_moves < 2 and taken.next_free is not None:
                self.rival_moves += 1
                self.inner.place(thread_id="rival", unit_id=kwargs["unit_id"], address="x", start=taken.next_free,
                                 end=taken.next_free + HALF, contact=None)
            raise

    def __getattr__(self, name):
        return getattr(self.inner, name)


def test_the_next_free_slot_is_found_again_when_a_rival_takes_it_first(db_location):
    inner = open_holds(db_location)
    inner.place(thread_id="first", unit_id="U-1", address="x", start=T0, end=T0 + HALF, contact=None)
    store = RivalTakesTheNextSlot(inner)
    state = {"contact": {"name": "Ana", "email": "ana@example.com"},
             "selected": [{"unit_id": "U-1", "address": "1 Main St", "start": T0.isoformat(),
                           "end": (T0 + HALF).isoformat()}]}
    update = submit_node(state, {"configurable": {"thread_id": "me"}}, store=store)
    assert store.rival_moves == 2  # 18:30 and 19:00 went to the rival while "me" was trying
    assert [h["start"] for h in update["holds"]] == [(T0 + 3 * HALF).isoformat()]
    assert "was just taken" in update["hold_notes"][0] and "19:30" in update["hold_notes"][0]


def test_nothing_free_nearby_is_said_not_raised(tmp_path):
    store = open_holds(tmp_path / "h.sqlite")
    for k in range(120):  # two days and more are taken
        store.place(thread_id="busy", unit_id="U-1", address="x", start=T0 + k * HALF, end=T0 + (k + 1) * HALF,
                    contact=None)
    state = {"contact": {"name": "Ana", "email": "ana@example.com"},
             "selected": [{"unit_id": "U-1", "address": "1 Main St", "start": T0.isoformat(),
                           "end": (T0 + HALF).isoformat()}]}
    update = submit_node(state, {"configurable": {"thread_id": "me"}}, store=store)
    assert update["holds"] == [] and "no nearby slot is free" in update["hold_notes"][0]
