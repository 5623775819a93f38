"""The workspace UI: session state, rendering and one call into the compiled graph per message."""

from __future__ import annotations

import uuid

import streamlit as st

from agents.graph import ask, build_graph, open_checkpointer
from agents.llm import build_chat_model, describe_mode
from agents.settings import Settings
from data.inventory import load_inventory

EXAMPLES = (
    "Pet-friendly 2br in Midtown under $5k, near transit, tour this Monday 6pm",
    "Office in Flatiron, at least 3,000 SF, $75/SF/yr",
    "The kitchen sink is leaking under the cabinet",
    "My rent is $3,200 and the landlord wants 7% — what should I counter?",
)


@st.cache_resource
def workspace() -> tuple[object, str]:
    """The compiled graph (built once per server) and the mode label."""
    settings = Settings()
    model = build_chat_model(settings)
    graph = build_graph(model=model, checkpointer=open_checkpointer(settings.db_path))
    return graph, describe_mode(settings)


def sidebar(mode: str) -> None:
    with st.sidebar:
        st.header("Workspace")
        st.caption(f"Mode: **{mode}**")
        summary = load_inventory().summary()
        st.caption(f"Bundled data: {summary['units']:,} units "
                   f"({summary['by_kind'].get('apartment', 0):,} NYC rentals, "
                   f"{summary['by_kind'].get('office', 0):,} Manhattan office suites)")
        if st.button("Reset conversation"):
            st.session_state.thread_id = str(uuid.uuid4())
            st.session_state.history = []
            st.rerun()


def render_turn(turn: dict) -> None:
    with st.chat_message(turn["role"]):
        st.markdown(turn["content"])
        trace = turn.get("trace")
        if trace:
            with st.expander("Trace"):
                st.json(trace)


def main() -> None:
    st.set_page_config(page_title="Real-estate workspace", page_icon="🏢", layout="wide")
    st.session_state.setdefault("thread_id", str(uuid.uuid4()))
    st.session_state.setdefault("history", [])
    graph, mode = workspace()
    sidebar(mode)
    st.title("Real-estate workspace")
    st.caption("Find space, book tours, ask about your lease, report repairs, negotiate renewals.")
    for turn in st.session_state.history:
        render_turn(turn)
    prompt = st.chat_input("Describe the space you need, or ask about your lease, a repair or a renewal")
    if not st.session_state.history and not prompt:
        st.write("Try one of these:")
        for example in EXAMPLES:
            st.code(example, language=None)
    if prompt:
        st.session_state.history.append({"role": "user", "content": prompt})
        render_turn(st.session_state.history[-1])
        state = ask(graph, prompt, thread_id=st.session_state.thread_id)
        turn = {"role": "assistant", "content": state.get("reply", ""), "trace": state.get("trace", [])}
        st.session_state.history.append(turn)
        render_turn(turn)


main()
