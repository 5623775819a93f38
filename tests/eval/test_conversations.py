"""Blind conversations are played through the graph, one row per turn, for a judge."""

from __future__ import annotations

from eval.conversations import play
from eval.tasks.route import context_of


def test_a_conversation_is_played_on_one_thread_with_its_role() -> None:
    rows = play([{"conv_id": "x1", "role": "renter", "turns": [
        {"user": "1br in astoria under 2500", "good": "", "bad": ""},
        {"user": "the kitchen sink is leaking under the cabinet", "good": "", "bad": ""}]}])
    assert [r["turn"] for r in rows] == [1, 2]
    assert rows[0]["route"] == "needs" and rows[1]["route"] == "triage"
    assert all(r["reply"] and not r["reply"].startswith("[crash") for r in rows)


def test_a_route_case_history_gives_the_previous_node() -> None:
    case = {"text": "Brooklyn", "history": ["I need a 1br, what do you have?"]}
    assert context_of(case)["previous_node"] == "needs"
    assert context_of({"text": "x", "previous_node": "lease"})["previous_node"] == "lease"


def test_a_conversation_with_a_lease_has_it_uploaded_before_the_first_turn() -> None:
    rows = play([{"conv_id": "x2", "role": "renter",
                  "lease": "student_tenancy_agreement_university_of_bristol_2024-25.pdf",
                  "turns": [{"user": "i uploaded my tenancy agreement. can i have overnight guests?", "good": "",
                             "bad": ""}]}])
    assert rows[0]["route"] == "lease"
    assert "page 6" in rows[0]["reply"] and "guest" in rows[0]["reply"].lower()
