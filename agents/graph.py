"""The one LangGraph StateGraph: wiring and compiling only (each node lives in its own module)."""

from __future__ import annotations

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

from agents.lease_qa import lease_qa_node
from agents.manager import clarify_node, manager_node, route_target
from agents.match_rank import match_rank_node
from agents.needs import needs_node, needs_target
from agents.renewal import renewal_node
from agents.state import AgentState
from agents.tour_close import tour_close_node
from agents.triage import triage_node
from data.inventory import Inventory


def open_checkpointer(path: Path) -> SqliteSaver:
    """A SQLite checkpointer (threads survive a restart of the process)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return SqliteSaver(sqlite3.connect(str(path), check_same_thread=False))


def finish_node(state: AgentState) -> dict[str, Any]:
    """Last node of every turn: the reply joins the chat history."""
    reply = state.get("reply") or "Done."
    return {"messages": [AIMessage(content=reply)], "reply": reply}


def build_graph(
    *,
    model: Any = None,
    inventory: Inventory | None = None,
    checkpointer: BaseCheckpointSaver | None = None,
    now: Callable[[], datetime] | None = None,
) -> Any:
    """Compile the workspace graph. The model (or None: offline), inventory and clock are passed in."""
    graph = StateGraph(AgentState)
    graph.add_node("manager", partial(manager_node, model=model))
    graph.add_node("clarify", clarify_node)
    graph.add_node("needs", partial(needs_node, model=model))
    graph.add_node("match_rank", partial(match_rank_node, inventory=inventory))
    graph.add_node("tour_close", partial(tour_close_node, inventory=inventory, now=now))
    graph.add_node("lease_qa", partial(lease_qa_node, model=model))
    graph.add_node("triage", partial(triage_node, model=model))
    graph.add_node("renewal", partial(renewal_node, model=model))
    graph.add_node("finish", finish_node)

    graph.add_edge(START, "manager")
    graph.add_conditional_edges(
        "manager",
        route_target,
        ["needs", "tour_close", "lease_qa", "triage", "renewal", "clarify"],
    )
    graph.add_conditional_edges("needs", needs_target, {"match_rank": "match_rank", "end": "finish"})
    graph.add_edge("match_rank", "tour_close")
    for node in ("tour_close", "lease_qa", "triage", "renewal", "clarify"):
        graph.add_edge(node, "finish")
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
        "trace": [{"node": "input", "turn_start": True, "ms": 0.0}],
        **extra,
    }


def ask(graph: Any, text: str, *, thread_id: str = "default", **extra: Any) -> dict[str, Any]:
    """Run one turn on a thread and return the resulting state."""
    config = {"configurable": {"thread_id": thread_id}}
    return graph.invoke(turn_input(text, **extra), config)
