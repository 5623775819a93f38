"""The workspace UI: session state, rendering and one call into the compiled graph per action."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import streamlit as st

from agents.doma.lease.errors import LeaseError
from agents.doma.lease_qa import store_uploaded_lease
from agents.graph import answer, ask, build_graph, pending_question
from agents.llm import build_chat_model, describe_mode
from agents.redact import install as install_redaction
from agents.route_model import load_route_model
from agents.served import remote_graph
from agents.settings import Settings
from agents.threads import load_or_create_secret, new_thread, verified_thread
from agents.via.viewing import ics_bytes, mailto_url
from data.sources.nyc import load_inventory
from data.stores.backend import open_backend
from data.stores.holds import HoldError
from ui import cards
from ui import rental as rental_ui
from ui.comps import comps_card
from ui.market import market_card

EXAMPLES = (
    "Pet-friendly 2br in Williamsburg under $5k, dishwasher, tour this Monday 6pm",
    "Office in Flatiron, at least 3,000 SF, $75/SF/yr",
    "The kitchen sink is leaking under the cabinet",
    "My rent is $3,200 and the landlord wants 7% — what should I counter?",
    "Looking for a 2 bed in Vancouver under $3,200",
    "What should I pay for a 4-room in Sengkang, ~95 sqm, mid floor?",
    "Compare sales on Yas vs Reem in 2024",
)


@st.cache_resource
def workspace() -> dict[str, Any]:
    """Built once per server: the compiled graph, the holds store, settings and the mode label."""
    logging.basicConfig(level=logging.INFO)
    install_redaction()
    settings = Settings()
    # DATABASE_URL unset: SQLite files; postgresql://…: one database for every replica (data/stores/backend.py).
    stores = open_backend(settings.database_url, db_path=settings.db_path,
                          hold_ttl=timedelta(hours=settings.hold_ttl_hours))
    router = load_route_model() if settings.router == "learned" else None
    if settings.graph_url:  # a graph served by `langgraph dev` / LangGraph Server, through the SDK
        graph = remote_graph(settings.graph_url)
    else:
        graph = build_graph(model=build_chat_model(settings), checkpointer=stores.checkpointer, holds=stores.holds,
                            router=router)
    secret = (settings.session_secret.get_secret_value().encode() if settings.session_secret
              else load_or_create_secret(settings.db_path.with_name("session.key")))
    mode = describe_mode(settings) + (f" · graph served at {settings.graph_url}" if settings.graph_url else "") + (
        " · PostgreSQL" if stores.kind == "postgres" else "")
    return {"graph": graph, "holds": stores.holds, "settings": settings, "mode": mode,
            "secret": secret}


# What a turn keeps for rendering its cards.
RECORDED = ("route", "spec", "matches", "relaxations", "lease_answer", "triage", "renewal", "renewal_advice", "trace",
            "viewings", "market", "rental_view", "comps", "answered")
ROLES = {"not saying": None, "a renter": "renter", "a property manager": "manager"}


def config() -> dict[str, Any]:
    return {"configurable": {"thread_id": st.session_state.thread_id}}


def record(state: dict[str, Any]) -> None:
    """Keep the assistant's turn (text and structured results) in the session for rendering."""
    turn = {"role": "assistant", "content": state.get("reply", ""), "state": {k: state.get(k) for k in RECORDED}}
    st.session_state.history.append(turn)


def send(text: str, **extra: Any) -> None:
    st.session_state.history.append({"role": "user", "content": text})
    app = workspace()
    with st.spinner("Working…"):
        record(ask(app["graph"], text, thread_id=st.session_state.thread_id, **extra))


def resume(value: Any) -> None:
    app = workspace()
    state = answer(app["graph"], value, thread_id=st.session_state.thread_id)
    if pending_question(app["graph"], thread_id=st.session_state.thread_id) is None:
        record(state)


def sidebar(app: dict[str, Any]) -> None:
    with st.sidebar:
        st.header("Workspace")
        st.caption(f"Mode: **{app['mode']}**")
        summary = load_inventory().summary()
        st.caption(f"Bundled data: {summary['units']:,} units ({summary['by_kind'].get('apartment', 0):,} NYC "
                   f"rentals, {summary['by_kind'].get('office', 0):,} Manhattan office suites)")
        role = st.radio("I am", ROLES, index=0, horizontal=True, key="role-choice",
                        help="Renewal advice depends on the side of the table; unsure: we read it from your words.")
        if ROLES[role] != st.session_state.get("role"):
            st.session_state.role = ROLES[role]
            app["graph"].update_state(config(), {"role": ROLES[role]})
        st.subheader("Your lease")
        upload = st.file_uploader("Upload a lease (PDF)", type=["pdf"], key=f"lease-{st.session_state.thread_id}")
        if upload is not None and st.session_state.get("lease_name") != upload.name + str(upload.size):
            with st.status("Reading and indexing the lease…", expanded=False) as status:
                try:
                    lease = store_uploaded_lease(upload.getvalue(), upload.name,
                                                 app["settings"].db_path.parent / "leases")
                except LeaseError as exc:
                    st.session_state.lease_status = ("error", exc.message)
                    status.update(label="Could not use this file", state="error")
                else:
                    app["graph"].update_state(config(), {"lease": lease})
                    st.session_state.lease_status = ("ok", f"{lease['name']}: {lease['pages']} pages indexed, "
                                                            f"{lease['risk_flags']} clause(s) flagged")
                    status.update(label="Lease ready", state="complete")
            st.session_state.lease_name = upload.name + str(upload.size)
        kind, message = st.session_state.get("lease_status", (None, None))
        if kind == "ok":
            st.success(message)
        elif kind == "error":
            st.error(message)
        if st.button("Reset conversation"):
            for key in ("history", "lease_status", "lease_name"):
                st.session_state.pop(key, None)
            st.session_state.thread_id = _new_thread(app)
            st.rerun()


def shows_results(state: dict[str, Any]) -> bool:
    """The turn searched or planned tours from the results: its cards are shown. The thread keeps the last results,
    so a repair, a valuation or an answer about one shown unit carries them too, and must not show them again."""
    node = (state.get("route") or {}).get("node")
    return bool(state.get("matches")) and node in ("needs", "tour") and not state.get("answered")


def assistant_turn(turn: dict[str, Any], index: int, latest: bool) -> None:
    state = turn.get("state") or {}
    results = shows_results(state)
    if results:
        st.markdown(turn["content"].split("\n1. ")[0])  # notes and headline; the cards below carry the list
    elif not (state.get("lease_answer") or state.get("triage")):
        cards.reply_text(turn["content"])  # a lease answer or a repair ticket is shown once, by its card
    if results:
        cards.match_cards(state["matches"], state.get("relaxations") or [],
                             on_relax=(lambda r: st.session_state.update(relax=r)) if latest else None,
                             key=f"t{index}")
        plan_text = turn["content"].split("**Proposed tours**")
        if len(plan_text) > 1:
            st.markdown("**Proposed tours**" + plan_text[1])
    if state.get("rental_view"):
        rental_ui.rental_results(state["rental_view"], key=f"t{index}")
    if state.get("lease_answer"):
        cards.lease_answer(state["lease_answer"])
    if state.get("triage"):
        cards.triage_card(state["triage"])
    if state.get("renewal"):
        cards.renewal_view(state["renewal"])
    if state.get("renewal_advice"):
        cards.renewal_draft(state["renewal_advice"])
    if state.get("market"):
        market_card(state["market"])
    if state.get("comps") and (state.get("route") or {}).get("node") == "comps":
        comps_card(state["comps"])
    if state.get("route"):
        cards.trace_panel(state)


def question_widget(app: dict[str, Any], question: dict[str, Any]) -> None:
    """The graph is paused on an ask_user question: render it as a form."""
    with st.chat_message("assistant"), st.form(f"ask-{len(st.session_state.history)}"):
        st.markdown(f"**{question['question']}**")
        form = question["form"]
        if form == "multi_select":
            default = [question["options"][i] for i in question.get("default", [])]
            chosen = st.multiselect("Tours", question["options"], default=default)
            if st.form_submit_button("Continue"):
                resume(chosen)
                st.rerun()
        elif form == "contact":
            for field, problem in (question.get("errors") or {}).items():
                st.error(f"{field}: {problem}")
            values = {"name": st.text_input("Name"), "email": st.text_input("Email"),
                      "phone": st.text_input("Phone (optional)"),
                      "preferred_times": st.text_input("Preferred times (optional)")}
            if st.form_submit_button("Continue"):
                resume(values)
                st.rerun()
        else:
            choice = st.radio("Answer", question["options"]) if question["options"] else st.text_input("Answer")
            if st.form_submit_button("Continue"):
                resume(choice)
                st.rerun()


def holds_panel(app: dict[str, Any]) -> None:
    """The thread's tours: status, expiry, Confirm / Release, the .ics file and the email link."""
    holds = app["holds"].list_by_thread(st.session_state.thread_id)
    if not holds:
        return
    st.subheader("Your tours")
    for hold in holds:
        with st.container(border=True):
            until = f" · held until {hold.expires_at:%a %H:%M}" if hold.status == "held" else ""
            st.markdown(f"**{hold.address}** (`{hold.unit_id}`) — {hold.start:%a %b %d, %H:%M}–{hold.end:%H:%M} · "
                        f"**{hold.status}**{until}")
            cols = st.columns(4)
            try:
                if hold.status == "held" and cols[0].button("Confirm", key=f"confirm-{hold.id}"):
                    app["holds"].confirm(hold.id)
                    st.rerun()
                if hold.status in ("held", "confirmed") and cols[1].button("Release", key=f"release-{hold.id}"):
                    app["holds"].release(hold.id)
                    st.rerun()
            except HoldError as exc:
                st.error(str(exc))
            if hold.status == "confirmed":
                cols[2].download_button("Calendar (.ics)", ics_bytes(hold), file_name=f"tour-{hold.unit_id}.ics",
                                        mime="text/calendar", key=f"ics-{hold.id}")
                if hold.contact:
                    cols[3].link_button("Email request", mailto_url(hold, hold.contact))


def thread_from_url(app: dict[str, Any]) -> str:
    """This tab's thread: the one in the URL when its link key is this server's (a reload or a link we issued
    comes back to it), else a new one. A bare or forged id is ignored and replaced (agents/threads.py)."""
    found = verified_thread(st.query_params.get("thread", ""), st.query_params.get("key", ""), app["secret"])
    return found or _new_thread(app)


def _new_thread(app: dict[str, Any]) -> str:
    tid, key = new_thread(app["secret"])
    st.query_params["thread"] = tid
    st.query_params["key"] = key
    return tid


def restore(app: dict[str, Any], thread_id: str) -> list[dict[str, Any]]:
    """The chat of a stored thread (after a reload): its messages, the last turn with its cards, and the lease."""
    values = app["graph"].get_state({"configurable": {"thread_id": thread_id}}).values or {}
    history: list[dict[str, Any]] = []
    for message in values.get("messages", []):
        # In process a message object; from a served graph its JSON form.
        kind, content = (message.get("type"), message.get("content")) if isinstance(message, dict) else (
            message.type, message.content)
        history.append({"role": "user" if kind == "human" else "assistant", "content": str(content), "state": {}})
    if history and history[-1]["role"] == "assistant":
        history[-1]["state"] = {k: values.get(k) for k in RECORDED}
    lease = values.get("lease")
    if lease:
        st.session_state.lease_status = ("ok", f"{lease['name']}: {lease['pages']} pages indexed")
    return history


def main() -> None:
    st.set_page_config(page_title="Real-estate workspace", page_icon="🏢", layout="centered")
    app = workspace()
    if "thread_id" not in st.session_state:
        st.session_state.thread_id = thread_from_url(app)
        st.session_state.history = restore(app, st.session_state.thread_id)
    st.session_state.setdefault("history", [])
    sidebar(app)
    st.title("Real-estate workspace")
    st.caption("Find space and book tours · ask about your lease · report a repair · negotiate a renewal · "
               "value an HDB flat · Abu Dhabi market figures (English or Arabic)")
    if st.session_state.get("relax"):
        relaxation = st.session_state.pop("relax")
        send(relaxation["label"], spec_patch=relaxation["spec_patch"])
    prompt = st.chat_input("Describe the space you need, or ask about your lease, a repair or a renewal")
    if prompt and prompt.strip():  # an empty or blank message is no turn
        send(prompt)
    if not st.session_state.history:
        st.markdown("**Try one of these:**")
        for i, example in enumerate(EXAMPLES):
            if st.button(example, key=f"example-{i}"):
                send(example)
                st.rerun()
    last = max((i for i, t in enumerate(st.session_state.history) if t["role"] == "assistant"), default=-1)
    for index, turn in enumerate(st.session_state.history):
        with st.chat_message(turn["role"]):
            if turn["role"] == "user":
                st.markdown(turn["content"])
            else:
                assistant_turn(turn, index, latest=index == last)
    question = pending_question(app["graph"], thread_id=st.session_state.thread_id)
    if question:
        question_widget(app, question)
    holds_panel(app)


if __name__ == "__main__":  # `streamlit run` and AppTest run the file as __main__; importing it does nothing
    main()
