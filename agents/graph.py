"""The one LangGraph StateGraph: wiring and compiling only (each node lives in its own module)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph import END, START, StateGraph

from agents.doma.lease_qa import lease_qa_node
from agents.doma.renewal_node import renewal_node
from agents.doma.triage import triage_node
from agents.i18n import phrase
from agents.linear import LinearModel
from agents.manager import clarify_node, manager_node, route_target
from agents.market.analytics import analytics_node
from agents.market.comps import comps_node
from agents.state import AgentState
from agents.via.figures import people_said
from agents.via.match_rank import match_rank_node
from agents.via.needs import inventory_unit, needs_node, needs_target
from agents.via.rental_node import (
    after_confirm,
    after_rental,
    after_viewings,
    rental_node,
    rental_viewings_node,
    rental_wrap_node,
)
from agents.via.tour_close import CANCEL_LATER_Q, tour_close_node
from agents.via.tour_holds import (
    after_select,
    after_verify,
    confirm_node,
    contact_node,
    select_tours_node,
    submit_node,
    verify_node,
)
from agents.via.unit_facts import facts_answer
from data.sources.base import RentalSource
from data.sources.nyc import Inventory
from data.stores.holds import HoldStore


def open_checkpointer(path: Path) -> SqliteSaver:
    """A SQLite checkpointer (threads survive a restart of the process)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return SqliteSaver(sqlite3.connect(str(path), check_same_thread=False))


NEXT_PART = {"needs": "the search", "tour": "the tour", "lease": "your lease question", "triage": "the repair",
             "renewal": "the renewal", "comps": "the valuation"}


# A question: a reply that only repeats the last one does not answer it
QUESTION = re.compile(r"\?|^\s*(?:what|which|how|is|are|does|do|can|could|should|would|will|who|where|when|why|any|"
                      r"qu[eé]|cu[aá]l|c[oó]mo|d[oó]nde|cu[aá]nto|hay|puedo|هل|ما|كم|أي|ماذا|كيف|وين|متى)\b|"
                      # asked mid-sentence or as a request: "... same size whats the diff", "compare the first two"
                      r"\b(?:what'?s|what is|how (?:much|far|old|big|many)|compare|difference|diff|tell me|explain|"
                      r"compara\w*|diferencia|expl[ií]ca\w*)\b|قارن|الفرق|اشرح", re.I)


def _reply_before_turn(messages: list[Any]) -> str | None:
    """The workspace's last reply before this turn's message (this turn's own reply may already be shown)."""
    turn = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=len(messages))
    return next((str(m.content) for m in reversed(messages[:turn]) if isinstance(m, AIMessage)), None)


_LISTED = re.compile(r"^\s*\d+\.\s.*?\(((?:SE|U|RC)-\d+)\)", re.M)


def _same_list(previous: str, reply: str) -> bool:
    """The reply shows the same ranked units as the previous one and says nothing the previous one did not (a list
    line may word a reason differently; the header of an edit is dropped): the same answer again."""
    listed = _LISTED.findall(reply)
    if not listed or listed != _LISTED.findall(previous):
        return False
    before = {" ".join(line.split()) for line in previous.splitlines()}
    return all(" ".join(line.split()) in before for line in reply.splitlines() if not _LISTED.match(line))


def is_repeat(state: AgentState, reply: str) -> bool:
    """A question (in a part of the workspace that could answer it) answered with the previous reply again, word
    for word or the same list of units: a reply that adds one verdict or changes one figure is an answer (and
    differs). Asking again for an upload or a choice is still the right reply."""
    previous = _reply_before_turn(list(state.get("messages") or []))
    return bool(previous and QUESTION.search(state.get("text") or "")
                and (" ".join(previous.split()) == " ".join(reply.split()) or _same_list(previous, reply))
                and ((state.get("route") or {}).get("node") or "needs") in SCOPES)


def not_a_repeat(state: AgentState, reply: str) -> str:
    """A question answered with the previous reply again gets the units' own facts when it names units or fields
    (`unit_facts`), else an honest "I can't answer that" saying what the data behind that part of the workspace
    holds (a repeat reads as not listening)."""
    if not is_repeat(state, reply):
        return reply
    node = (state.get("route") or {}).get("node") or "needs"
    if SCOPES[node] == "needs":
        said = [str(m.content) for m in state.get("messages") or [] if isinstance(m, HumanMessage)]
        facts = facts_answer(state.get("text") or "", state.get("matches") or [], state.get("focus"),
                             state.get("earlier"), people_said(said), inventory_unit)
        if facts:
            return facts
    return phrase("cannot_answer", state.get("lang"), scope=phrase(f"scope_{_scope(state, node)}", state.get("lang")))


SCOPES = {"needs": "needs", "tour": "needs", "renewal": "renewal", "comps": "comps", "analytics": "analytics",
          "triage": "triage"}


def _scope(state: AgentState, node: str) -> str:
    """Which data a turn's node answers from: a REALTOR.CA search's listings are not the New York ones."""
    scope = SCOPES.get(node, "needs")
    return "rentals" if scope == "needs" and state.get("rental") else scope


# a file or a message to send: the workspace cannot
SEND_ASKED = re.compile(r"\b(?:e-?mail|send|forward|xlsx|excel|spreadsheet|csv|pdf)\b|ارسل|أرسل|إيميل|ايميل", re.I)


def no_answer(state: AgentState) -> str:
    """The reply of a turn whose node produced none: said plainly, with what that part of the workspace holds."""
    lang = state.get("lang")
    if SEND_ASKED.search(state.get("text") or ""):
        return phrase("cannot_send", lang)
    node = (state.get("route") or {}).get("node") or "needs"
    return phrase("no_answer", lang, scope=phrase(f"scope_{_scope(state, node)}", lang))


# an act asked of the workspace that it cannot do: sign or pay for someone, or contact someone for them
_ASKED_OF_US = r"(?:\b(?:can|could|would|will)\s+(?:you|u|y'?all)\s+(?:\w+\s+){0,2}?|" \
    r"\b(?:puede[ns]?|podr[ií]a[ns]?)\s+(?:usted(?:es)?\s+)?|(?:هل )?(?:تستطيع|يمكنك|ممكن)\s+(?:أن\s+)?)"
_SIGN_FOR_ME = re.compile(_ASKED_OF_US + r"(?:\b(?:sign|pay|put down|wire|transfer)\b|"
                          r"\b(?:firmar|pagar|dejar)\b|توقيع|توقع|تدفع|دفع)", re.I)
_CONTACT_FOR_ME = re.compile(_ASKED_OF_US + r"(?:\b(?:call|phone|ring|e-?mail|text|whatsapp|message|contact|"
                             r"reach out to|add (?:me|us|them) to|negotiate (?:with|for|on (?:my|our) behalf))\b"
                             r"(?!\s+(?:me|us)\b)|"
                             r"\b(?:llamar|enviar|mandar|contactar|escribirle)\b|تتصل|ترسل|تراسل)", re.I)
_SAID_ALREADY = re.compile(r"\bcan'?t\b|\bcannot\b|\bno puedo\b|لا أستطيع|I have not sent|No lo he enviado", re.I)


def limits_said(state: AgentState, reply: str) -> str:
    """The reply, and a line saying what the workspace cannot do when the message also asked it to sign, pay or
    contact someone ("the no fee one please. can you sign the lease for me?"): never a silent skip of that part."""
    text = state.get("text") or ""
    said = _SAID_ALREADY.search(reply) or (state.get("route") or {}).get("node") == "triage"
    # (said already: triage says what it did and what the person must do)
    notes = [] if said else [phrase(key, state.get("lang")) for key, asked in (("cannot_sign", _SIGN_FOR_ME),
                                                                              ("cannot_contact", _CONTACT_FOR_ME))
                             if asked.search(text)]
    if (state.get("route") or {}).get("node") == "tour" and CANCEL_LATER_Q.search(text) \
            and re.search(r"\*\*confirmed\*\*|\bHolding\b|\bheld\b", reply):
        notes.append(phrase("cancel_later", state.get("lang")))  # "can i cancel it later?": yes, and how
    return "\n\n".join([reply, *notes])


def _escape_free(text: str) -> str:
    """Text without markdown escapes and case, for finding one message part inside a reply."""
    return re.sub(r"\\(.)", r"\1", text).strip(" .?!").lower()


def finish_node(state: AgentState) -> dict[str, Any]:
    """Last node of every turn: the reply joins the chat history (saying which part of the message comes next)."""
    reply = limits_said(state, not_a_repeat(state, state.get("reply") or no_answer(state)))
    pending = state.get("pending")
    answered_here = pending and _escape_free(pending["text"]) in _escape_free(reply)  # a part this reply took up
    if pending and pending["node"] != (state.get("route") or {}).get("node") and not answered_here:
        reply += (f"\n\nYou also asked about {NEXT_PART.get(pending['node'], 'something else')}: "
                  f"“{pending['text']}”. Say **go on** and I'll take that next.")
    cleared: dict[str, Any] = {"pending": None} if answered_here else {}  # nothing left for "go on"
    messages = list(state.get("messages") or [])
    if messages and isinstance(messages[-1], AIMessage) and str(messages[-1].content) == reply:
        return {"reply": reply, **cleared}  # shown already, before the tour form (`shown_node`)
    return {"messages": [AIMessage(content=reply)], "reply": reply, **cleared}


def shown_node(state: AgentState) -> dict[str, Any]:
    """The results join the chat history before the tour form pauses the turn: a thread left on the form still
    remembers what it showed (the next question is read against it, and a repeat of it is caught)."""
    return {"messages": [AIMessage(content=state.get("reply") or "")]}


def after_tour_close(state: AgentState) -> str:
    """A question answered with the same results again ends the turn (finish says it cannot answer); else, with
    tours proposed, the results are shown and the form asks which to hold."""
    if is_repeat(state, state.get("reply") or "") or not (state.get("plan") or {}).get("actions"):
        return "finish"
    return "shown"


def build_graph(
    *,
    model: Any = None,
    inventory: Inventory | None = None,
    checkpointer: BaseCheckpointSaver | None = None,
    now: Callable[[], datetime] | None = None,
    holds: HoldStore | None = None,
    router: LinearModel | None = None,
    served: bool = False,
    rentals: RentalSource | None = None,
) -> Any:
    """Compile the workspace graph. The model (or None: offline), inventory, clock and holds store are passed in.

    With a holds store (which needs a checkpointer: the approval steps pause the thread), a tour plan goes on to
    ask which tours to hold, the contact details, a confirmation, and holds them; without one the turn ends on
    the plan. `router`: learned routing weights for the manager (None: the rule scores alone). `served`: the graph
    runs inside LangGraph Server (`langgraph dev`), which brings its own checkpointer. `rentals`: the
    REALTOR.CA source of Canadian searches (None: the one Settings configures, RENTAL_BACKEND).
    """
    graph = StateGraph(AgentState)
    graph.add_node("manager", partial(manager_node, model=model, learned=router))
    graph.add_node("clarify", clarify_node)
    graph.add_node("needs", partial(needs_node, model=model))
    graph.add_node("match_rank", partial(match_rank_node, inventory=inventory))
    graph.add_node("rental", partial(rental_node, source=rentals, interactive=holds is not None))
    graph.add_node("tour_close", partial(tour_close_node, inventory=inventory, now=now, model=model, holds=holds))
    graph.add_node("lease_qa", partial(lease_qa_node, model=model))
    graph.add_node("triage", partial(triage_node, model=model, now=now))
    graph.add_node("renewal", partial(renewal_node, model=model, now=now))
    graph.add_node("analytics", partial(analytics_node, model=model))
    graph.add_node("comps", partial(comps_node, model=model))
    graph.add_node("finish", finish_node)

    graph.add_edge(START, "manager")
    graph.add_conditional_edges(
        "manager",
        route_target,
        ["needs", "tour_close", "lease_qa", "triage", "renewal", "analytics", "comps", "clarify"],
    )
    graph.add_conditional_edges("needs", needs_target,
                                {"match_rank": "match_rank", "rental": "rental", "end": "finish"})
    graph.add_edge("match_rank", "tour_close")
    for node in ("lease_qa", "triage", "renewal", "analytics", "comps", "clarify"):
        graph.add_edge(node, "finish")
    if holds is None:
        graph.add_edge("tour_close", "finish")
        graph.add_edge("rental", "finish")
    else:
        if checkpointer is None and not served:
            raise ValueError("tour approval pauses the thread: pass a checkpointer with the holds store")
        graph.add_node("select_tours", select_tours_node)
        graph.add_node("contact", contact_node)
        graph.add_node("verify", verify_node)
        graph.add_node("submit", partial(submit_node, store=holds))
        graph.add_node("confirm", partial(confirm_node, store=holds))
        graph.add_node("shown", shown_node)
        graph.add_conditional_edges("tour_close", after_tour_close, {"shown": "shown", "finish": "finish"})
        graph.add_edge("shown", "select_tours")
        graph.add_conditional_edges("select_tours", after_select, {"contact": "contact", "finish": "finish"})
        graph.add_edge("contact", "verify")
        graph.add_conditional_edges("verify", after_verify,
                                    {"submit": "submit", "contact": "contact", "finish": "finish"})
        graph.add_edge("submit", "confirm")
        # REALTOR.CA viewings: results -> preference -> approval -> the same contact/verify/hold/confirm steps
        graph.add_node("rental_viewings", partial(rental_viewings_node, now=now))
        graph.add_node("rental_wrap", rental_wrap_node)
        graph.add_conditional_edges("rental", after_rental, {"rental_viewings": "rental_viewings", "finish": "finish"})
        graph.add_conditional_edges("rental_viewings", after_viewings, {"contact": "contact", "finish": "finish"})
        graph.add_conditional_edges("confirm", after_confirm, {"rental_wrap": "rental_wrap", "finish": "finish"})
        graph.add_edge("rental_wrap", "finish")
    graph.add_edge("finish", END)
    return graph.compile(checkpointer=checkpointer)


def turn_input(text: str, **extra: Any) -> dict[str, Any]:
    """The input of one user turn (per-turn results are cleared; the thread keeps spec, matches, lease)."""
    return {
        "text": text,
        "messages": [HumanMessage(content=text)],
        "reply": "",
        "lease_answer": None,
        "triage": None,
        "renewal": None,
        "renewal_advice": None,
        "market": None,
        "answered": False,
        "ask_after": None,
        "selected": [],
        "verified": None,
        "chosen_in_text": False,
        "holds": [],
        "hold_notes": [],
        "viewings": [],
        "spec_patch": None,
        "rental_request": None,
        "rental_view": None,
        "trace": [{"node": "input", "turn_start": True, "ms": 0.0}],
        **extra,
    }


def ask(graph: Any, text: str, *, thread_id: str = "default", **extra: Any) -> dict[str, Any]:
    """Run one turn on a thread and return the resulting state (with '__interrupt__' when it asks the user)."""
    config = {"configurable": {"thread_id": thread_id}}
    return graph.invoke(turn_input(text, **extra), config)


def answer(graph: Any, value: Any, *, thread_id: str = "default") -> dict[str, Any]:
    """Resume a thread paused on an ask_user question with the user's answer."""
    from langgraph.types import Command

    return graph.invoke(Command(resume=value), {"configurable": {"thread_id": thread_id}})


def pending_question(graph: Any, *, thread_id: str = "default") -> dict[str, Any] | None:
    """The ask_user payload a thread is paused on, or None."""
    snapshot = graph.get_state({"configurable": {"thread_id": thread_id}})
    for interrupt in snapshot.interrupts:
        return dict(interrupt.value)
    return None
