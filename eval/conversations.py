"""`python -m eval converse --cases FILE`: play blind conversations through the workspace graph, for judging.

A case is one conversation: {"conv_id", "role": "renter|manager|office_seeker", "lease"?: "<file>.pdf", "turns":
[{"user", "good", "bad"}, ...]}. A `lease` names a PDF in eval/datasets/leases/ that is uploaded before the first
turn, as a user would in the sidebar. Each conversation runs on its own thread of the compiled graph (bundled data, no
model, a fresh holds store as in the app), with the role set as the sidebar would set it. When a turn asks for the
contact form and the "hold these tours?" check (a typed "confirm both"), the harness fills them as a cooperative user
would (a test contact, "yes"); a proposal left unanswered stays pending, as in the app, while the next message is
typed. The output is one line per turn with the reply and the route, for a judge who compares each reply with the
case's "good" and "bad".
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

ROLE = {"manager": "manager", "renter": "renter", "office_seeker": None}


def visible_text(state: dict[str, Any], question: dict[str, Any] | None = None) -> str:
    """What the chat shows for a turn: the reply, the text of a card that adds words of its own (the drafted
    message to a landlord, shown under a renter's renewal advice), and the question form the turn ends on (with
    its options, as the app's form shows them)."""
    text = str(state.get("reply", ""))
    advice = state.get("renewal_advice") or {}
    if advice.get("draft_message"):
        text += "\n\n[drafted message]\n" + str(advice["draft_message"])
    if question:
        text += "\n\n[form] " + str(question.get("question", "")) + "".join(
            f"\n- {option}" for option in question.get("options") or [])
    return text.strip()


TEST_CONTACT = {"name": "Test Renter", "email": "renter@example.com", "phone": "", "preferred_times": ""}
FORMS_ANSWERED = 4  # a turn's contact form and check, answered at most this many times (a loop guard)


def _cooperate(graph: Any, state: dict[str, Any], thread: str) -> dict[str, Any]:
    """Answer the contact form and the 'hold these tours?' check as a cooperative user; leave other questions."""
    from agents.graph import answer, pending_question
    from agents.via.tour_holds import SUBMIT

    for _ in range(FORMS_ANSWERED):
        question = pending_question(graph, thread_id=thread)
        if question is None or question.get("form") == "multi_select":
            break
        state = answer(graph, TEST_CONTACT if question.get("form") == "contact" else SUBMIT, thread_id=thread)
    return state


def _upload(graph: Any, thread: str, name: str, folder: Path) -> None:
    """Index a bundled lease and attach it to the thread, as the sidebar's uploader does."""
    from agents.doma.lease_qa import store_uploaded_lease
    from eval.tasks.lease import LEASES_DIR

    lease = store_uploaded_lease((LEASES_DIR / name).read_bytes(), name, folder / "leases")
    graph.update_state({"configurable": {"thread_id": thread}}, {"lease": lease})


def play(conversations: list[dict[str, Any]], now: datetime | None = None) -> list[dict[str, Any]]:
    """Every turn of every conversation with the workspace's reply; `now` fixes the clock the graph reads."""
    import tempfile

    from langgraph.checkpoint.memory import InMemorySaver

    from agents.graph import ask, build_graph, pending_question
    from agents.route_model import load_route_model
    from agents.settings import Settings
    from data.stores.holds import SqliteHoldStore

    router = load_route_model() if Settings().router == "learned" else None
    folder = tempfile.TemporaryDirectory()
    holds = SqliteHoldStore(Path(folder.name) / "holds.db")
    graph = build_graph(checkpointer=InMemorySaver(), router=router, holds=holds,
                        now=(lambda: now) if now is not None else None)
    rows: list[dict[str, Any]] = []
    for conv in conversations:
        thread = f"conv-{conv['conv_id']}"
        if conv.get("lease"):
            _upload(graph, thread, str(conv["lease"]), Path(folder.name))
        role = ROLE.get(conv.get("role", ""))
        for i, turn in enumerate(conv["turns"]):
            extra = {"role": role} if role else {}
            try:
                state = _cooperate(graph, ask(graph, turn["user"], thread_id=thread, **extra), thread)
                reply, route = visible_text(state, pending_question(graph, thread_id=thread)), \
                    (state.get("route") or {}).get("node")
            except Exception as exc:  # a crash is a judged outcome, not the end of the run
                reply, route = f"[crash: {type(exc).__name__}: {exc}]", None
            rows.append({"conv_id": conv["conv_id"], "turn": i + 1, "role": conv.get("role"), "user": turn["user"],
                         "good": turn.get("good"), "bad": turn.get("bad"), "route": route, "reply": reply})
    holds.close()
    folder.cleanup()
    return rows


def main(cases: Path, now: str | None = None) -> list[dict[str, Any]]:
    conversations = [json.loads(line) for line in cases.read_text(encoding="utf-8").splitlines() if line.strip()]
    from agents.via.tour_close import TZ

    clock = datetime.fromisoformat(now).replace(tzinfo=ZoneInfo(TZ)) if now else None
    return play(conversations, clock)
