"""The graph state. Contracts travel as their JSON form (model_dump(mode="json")), so every checkpoint is
plain data that any process can read back; nodes validate them into models at their boundary."""

from __future__ import annotations

from typing import Annotated, Any

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages
from typing_extensions import TypedDict


def turn_trace(old: list[dict[str, Any]] | None, new: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Reducer of the trace: entries accumulate within a turn; an entry marked turn_start begins a new one."""
    if new and new[0].get("turn_start"):
        return list(new)
    return [*(old or []), *(new or [])]


class AgentState(TypedDict, total=False):
    """What a thread remembers between turns (and what one turn produces)."""

    messages: Annotated[list[AnyMessage], add_messages]  # the chat, user and assistant
    text: str  # the current user message
    lang: str  # its language: "en" | "es" | "ar" (replies use that language's templates)
    route: dict[str, Any]  # RouteDecision of this turn
    previous_node: str | None  # the node that handled the previous turn (routing context)
    prior_node: str | None  # during a turn: the node of the turn before it (previous_node then names this turn's)
    spec: dict[str, Any] | None  # the last SearchSpec (kept across turns to complete it)
    spec_patch: dict[str, Any] | None  # a chosen relaxation to apply to the stored spec (set by the UI)
    renewal_context: str | None  # the renewal conversation so far (completed by answers and follow-ups)
    renewal_request: dict[str, Any] | None  # the negotiation as last understood (RenewalRequest JSON)
    renewal_units: dict[str, Any] | None  # a manager's units renewed together: {"units", "location", "modest"}
    awaiting: str | None  # what the last reply asked for: "spec" | "route" | None
    matches: list[dict[str, Any]]  # MatchItems of the last search
    focus: str | None  # the unit the conversation last singled out ("which is closest?" -> it; "book it")
    mentioned: list[str]  # the units the last answer about the results named ("the cheaper of those two" picks)
    earlier: list[dict[str, Any]]  # units of the lists shown before this one, newest first ("the 3525 one" after a
    # new search still names the $3,525 unit of the first list)
    before: list[str]  # the ids of the list shown before this one, in its order ("go back to the first one")
    pending: dict[str, str] | None  # the other part of a two-goal message, answered next: {"node", "text"}
    answered: bool  # this turn was answered from the results already shown (no new search)
    ask_after: str | None  # a question about the results, answered once this turn's edited search is ranked
    view: dict[str, Any]  # how the last search is shown: {"sort": "price" | None, "page": 0, 1, ...}
    relaxations: list[dict[str, Any]]  # Relaxations of the last search
    plan: dict[str, Any] | None  # the last ActionPlan
    lease: dict[str, Any] | None  # the uploaded lease: {"sha256", "name", "pages", ...}
    lease_answer: dict[str, Any] | None  # LeaseAnswer of this turn
    triage: dict[str, Any] | None  # TriageResult of this turn
    ticket: dict[str, Any] | None  # the open repair report: its text so far, priority and category
    tickets: list[dict[str, Any]]  # earlier repair reports of the thread still open (beside `ticket`)
    renewal: dict[str, Any] | None  # RenewalPackage of this turn (a manager's proposal)
    renewal_advice: dict[str, Any] | None  # RenewalAdvice of this turn (a renter's counter and draft message)
    role: str | None  # who is asking in this thread: "renter" | "manager" | None (inferred from the wording)
    selected: list[dict[str, Any]]  # TourActions the user chose to hold
    chosen_in_text: bool  # this turn's message said which proposed tours to hold ("confirm both")
    contact: dict[str, Any] | None  # Contact, asked once per thread (lives only here and in the holds store)
    verified: str | None  # the answer to "hold these tours?"
    holds: list[dict[str, Any]]  # Holds placed this flow
    hold_notes: list[str]  # e.g. "that slot was just taken; held the next free one"
    viewings: list[dict[str, Any]]  # ViewingRequests of confirmed holds
    market: dict[str, Any] | None  # this turn's market answer: tool calls with results, selected tools, chart
    market_question: str | None  # the last market question as answered (a short follow-up completes it)
    rental_request: dict[str, Any] | None  # this turn's REALTOR.CA request (a search or a narrowing), set by needs
    rental: dict[str, Any] | None  # the REALTOR.CA search kept across turns: filters, shortlist, stats, stage, ...
    rental_view: dict[str, Any] | None  # the rental results this turn shows (stats card, table, map)
    comps: dict[str, Any] | None  # CompsResult of the last comps turn (+ "text": the request it answered)
    reply: str  # the assistant's answer of this turn (markdown)
    trace: Annotated[list[dict[str, Any]], turn_trace]  # per node of this turn: name, ms, notes
