"""The workspace graph for LangGraph Server (`langgraph dev`, LangGraph Studio) and its client side.

`langgraph.json` points at `make_graph`: a zero-argument factory the server calls for each run; it builds the
same graph as the app with the bundled defaults and the configured stores (DATABASE_URL or the SQLite files).
The server brings its own checkpointer (in memory under `langgraph dev`, PostgreSQL in a deployment); the
holds and viewing requests stay in the workspace's database, so every front end sees the same bookings.
"""

from __future__ import annotations

import asyncio
import functools
from datetime import timedelta
from typing import Any

from agents.settings import Settings

GRAPH_ID = "workspace"  # the graph's name in langgraph.json


@functools.cache
def _compiled() -> Any:
    """Built once per server process (the stores are opened once; each run gets a copy with the server's
    checkpointer)."""
    from agents.graph import build_graph
    from agents.llm import build_chat_model
    from agents.route_model import load_route_model
    from data.stores.backend import open_backend

    settings = Settings()
    stores = open_backend(settings.database_url, db_path=settings.db_path,
                          hold_ttl=timedelta(hours=settings.hold_ttl_hours))
    router = load_route_model() if settings.router == "learned" else None
    return build_graph(model=build_chat_model(settings), holds=stores.holds, router=router, served=True)


async def make_graph() -> Any:
    """The compiled workspace graph, for LangGraph Server (referenced by langgraph.json).

    Async, and the build in a worker thread: opening the stores does file and network I/O, which must not block
    the server's event loop (the nodes themselves are synchronous and the server runs them in threads).
    """
    return await asyncio.to_thread(_compiled)


def remote_graph(url: str, *, graph_id: str = GRAPH_ID) -> Any:
    """A graph served at `url`, used like the in-process one (invoke, get_state, update_state; interrupts
    included) through the LangGraph SDK (RemoteGraph). The server's threads take the caller's thread ids: a
    thread is created on its first write, and reading one that has none yet gives an empty state, as in process.
    """
    from langgraph.pregel.remote import RemoteGraph
    from langgraph.types import StateSnapshot
    from langgraph_sdk.errors import NotFoundError

    class ServedGraph(RemoteGraph):
        def get_state(self, config: Any, *, subgraphs: bool = False, **kwargs: Any) -> StateSnapshot:
            try:
                return super().get_state(config, subgraphs=subgraphs, **kwargs)
            except NotFoundError:  # no such thread yet: the empty state, as a fresh in-process thread has
                return StateSnapshot(values={}, next=(), config=config, metadata=None, created_at=None,
                                     parent_config=None, tasks=(), interrupts=())

        def update_state(self, config: Any, values: Any, as_node: str | None = None, **kwargs: Any) -> Any:
            thread_id = config["configurable"]["thread_id"]
            self._validate_sync_client().threads.create(thread_id=thread_id, if_exists="do_nothing",
                                                         graph_id=self.assistant_id)
            return super().update_state(config, values, as_node, **kwargs)

    return ServedGraph(graph_id, url=url)
