"""Tour approval in the graph: choose tours → contact details (once per thread) → verify → hold → confirm.

Every pause is an ask_user interrupt; the holds themselves live in the holds store (conflict-free, durable).
"""

from __future__ import annotations

import logging
import re
import time
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from langchain_core.runnables import RunnableConfig

from agents.ask_user import ask_form, ask_multi, ask_single
from agents.i18n import localized_notes
from agents.state import AgentState
from agents.via.contact import ContactError, validate_contact
from agents.via.tour_close import TZ as PROPERTY_TZ
from agents.via.viewing import viewing_request
from contracts.holds import Contact, Hold
from contracts.plan import ActionPlan
from data.stores.holds import HoldStore, SlotTaken

log = logging.getLogger(__name__)

NO_VIEWINGS = "No viewings requested."
BOOK_SAID = re.compile(r"\b(?:book|hold|schedule|set up|reserve|arrange)\w*\b|\b(?:tour|view|see|visit)\w* (?:SE|U)-\d|"
                       r"\breserv\w*|\bagend\w*|\bprogram\w*|\bاحجز|\bحجز", re.I)
CONTACT_FIELDS = ["name", "email", "phone", "preferred_times"]
SUBMIT, EDIT, CANCEL = "Yes, hold these tours", "Edit my details", "Cancel"


def tour_label(n: int, address: str, start: datetime) -> str:
    """Stable label of a proposed tour, e.g. '[1] 36 W 36th St, Suite 300 — Mon 18:00'."""
    return f"[{n}] {address} — {start:%a %H:%M}"


def _trace(node: str, started: float, **notes: Any) -> list[dict[str, Any]]:
    return [{"node": node, "ms": round((time.perf_counter() - started) * 1000, 3), **notes}]


def select_tours_node(state: AgentState) -> dict[str, Any]:
    """Pause: which of the proposed tours should be held? An empty choice ends the flow."""
    started = time.perf_counter()
    if state.get("chosen_in_text") and state.get("selected"):  # "confirm both": chosen in words already
        return {"trace": _trace("select_tours", started, chosen=len(state["selected"]), typed=True)}
    plan = ActionPlan.model_validate(state["plan"])
    lang = state.get("lang")  # the form in the person's language, as the plan above it
    labels = [localized_notes(tour_label(n, a.address, a.start), lang) for n, a in enumerate(plan.actions, start=1)]
    # "book the first one saturday 11am": the tours asked for come ticked; those proposed after a search do not
    asked = bool(BOOK_SAID.search(str(state.get("text") or "")))
    chosen = ask_multi(localized_notes("Which tours should I hold for you?", lang), labels,
                       default=list(range(len(labels))) if asked else [])
    selected = [plan.actions[i].model_dump(mode="json") for i in chosen]
    update: dict[str, Any] = {"selected": selected, "trace": _trace("select_tours", started, chosen=len(selected))}
    if not selected:
        update["reply"] = NO_VIEWINGS
    return update


def after_select(state: AgentState) -> str:
    return "contact" if state.get("selected") else "finish"


def contact_node(state: AgentState) -> dict[str, Any]:
    """Pause for contact details unless this thread has them; re-ask, naming the problem, until they are valid."""
    started = time.perf_counter()
    if state.get("contact"):
        return {"trace": _trace("contact", started, reused=True)}
    errors: dict[str, str] = {}
    while True:
        raw = ask_form("Who should the tours be booked for?", CONTACT_FIELDS, errors=errors)
        try:
            contact = validate_contact(raw)
        except ContactError as exc:
            errors = exc.problems
            continue
        return {"contact": contact.model_dump(mode="json"), "trace": _trace("contact", started, reused=False)}


def verify_node(state: AgentState) -> dict[str, Any]:
    """Pause: show the details back before anything is submitted."""
    started = time.perf_counter()
    contact = Contact.model_validate(state["contact"])
    tours = "; ".join(f"{a['address']} at {a['start'][11:16]}" for a in state.get("selected", []))
    phone = f", {contact.phone}" if contact.phone else ""
    answer = ask_single(f"Hold {tours} for {contact.name} ({contact.email}{phone})?", [SUBMIT, EDIT, CANCEL])
    update: dict[str, Any] = {"verified": answer, "trace": _trace("verify", started, answer=answer)}
    if answer == EDIT:
        update["contact"] = None
    if answer == CANCEL:
        update["reply"] = NO_VIEWINGS
        update["selected"] = []
    return update


def after_verify(state: AgentState) -> str:
    answer = state.get("verified")
    if answer == SUBMIT:
        return "submit"
    if answer == EDIT:
        return "contact"
    if answer == CANCEL:
        return "finish"
    raise ValueError(f"unknown verify answer: {answer!r}")


PLACE_TRIES = 6  # the asked slot, then the next free one again each time another user takes it first


def _place_or_next(store: HoldStore, *, thread: str, action: dict[str, Any], start: datetime, end: datetime,
                   contact: Contact) -> Hold | None:
    """Hold the slot, or else the next free one; when someone takes that one first too, the next after it
    (a few times). None: nothing free nearby."""
    length = end - start
    slot: datetime | None = start
    for _ in range(PLACE_TRIES):
        if slot is None:
            return None
        try:
            return store.place(thread_id=thread, unit_id=action["unit_id"], address=action["address"], start=slot,
                               end=slot + length, contact=contact)
        except SlotTaken as taken:
            slot = taken.next_free
    return None


def submit_node(state: AgentState, config: RunnableConfig, *, store: HoldStore) -> dict[str, Any]:
    """Place the holds. A slot someone else holds is replaced by the next free one (and the user told)."""
    started = time.perf_counter()
    contact = Contact.model_validate(state["contact"])
    thread = str((config.get("configurable") or {}).get("thread_id", "default"))
    holds: list[Hold] = []
    notes: list[str] = []
    for action in state.get("selected", []):
        # Slots are kept in the property's time zone (not a bare offset), so they read back as proposed.
        zone = ZoneInfo(action.get("tz") or PROPERTY_TZ)  # a REALTOR.CA viewing is in its city's zone
        start = datetime.fromisoformat(action["start"]).astimezone(zone)
        end = datetime.fromisoformat(action["end"]).astimezone(zone)
        hold = _place_or_next(store, thread=thread, action=action, start=start, end=end, contact=contact)
        if hold is None:
            notes.append(f"{action['address']} at {start:%a %H:%M} is taken and no nearby slot is free.")
            continue
        holds.append(hold)
        if hold.start != start:
            notes.append(f"{start:%a %H:%M} at {action['address']} was just taken — I held the next free slot, "
                         f"{hold.start:%a %H:%M}.")
    return {"holds": [h.model_dump(mode="json") for h in holds], "hold_notes": notes,
            "trace": _trace("submit", started, placed=len(holds), moved=len(notes))}


def confirm_node(state: AgentState, config: RunnableConfig, *, store: HoldStore) -> dict[str, Any]:
    """Pause: confirm the held tours now (the rest stay held until they expire)."""
    started = time.perf_counter()
    holds = [Hold.model_validate(h) for h in state.get("holds", [])]
    notes = list(state.get("hold_notes", []))
    if not holds:
        return {"reply": "\n".join([*notes, NO_VIEWINGS]), "trace": _trace("confirm", started, confirmed=0)}
    labels = [tour_label(n, h.address, h.start) for n, h in enumerate(holds, start=1)]
    # "ok confirm both" already said which to confirm; otherwise ask (unconfirmed holds expire)
    chosen = list(range(len(labels))) if state.get("chosen_in_text") else ask_multi(
        "Held. Confirm which tours now? (Unconfirmed holds expire after 24 hours.)", labels,
        default=list(range(len(labels))))
    contact = Contact.model_validate(state["contact"])
    confirmed: list[Hold] = []
    for i in chosen:
        confirmed.append(store.confirm(holds[i].id))
    notes_by_unit = {a["unit_id"]: a.get("note") for a in state.get("selected", [])}
    requests = [viewing_request(h, contact, notes_by_unit.get(h.unit_id)) for h in confirmed]
    thread = str((config.get("configurable") or {}).get("thread_id", "default"))
    for request in requests:
        store.record_viewing(thread, request)  # kept beside the holds (the back office reads them there)
    by_id = {h.id: h for h in confirmed}
    final = [by_id.get(h.id, h) for h in holds]
    lines = [*notes]
    for h in final:
        until = f" (held until {h.expires_at:%a %H:%M})" if h.status == "held" else ""
        lines.append(f"- {h.address} — {h.start:%a %b %d %H:%M}: **{h.status}**{until}")
    lines += [r.summary for r in requests]
    if requests:
        lines.append("Calendar files and the email to the listing contact are ready below.")
    return {"holds": [h.model_dump(mode="json") for h in final],
            "viewings": [r.model_dump(mode="json") for r in requests],
            "reply": "\n".join(lines), "trace": _trace("confirm", started, confirmed=len(confirmed))}
