"""One registry of the product's tools: the MCP server, the model's tool schemas and the tool router read it.

A tool is a plain function with typed keyword arguments that returns a JSON-able dict; its name, description,
when-to-use lines and example questions live beside it in one `Tool` record (one source of truth per tool).
A module that defines tools registers them at import; adding a module is one line in `TOOL_MODULES`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# Modules whose import registers tools (imported by name, so this registry imports none of them itself).
TOOL_MODULES: tuple[str, ...] = ("agents.market.comps_tool",)


@dataclass(frozen=True)
class Tool:
    """A tool: the function and what a client, a model or a router needs to know to choose and call it."""

    name: str
    fn: Callable[..., dict[str, Any]]
    description: str
    category: str = "general"
    when_to_use: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()  # user questions it answers, in the languages it serves


TOOLS: dict[str, Tool] = {}


def register_tool(tool: Tool) -> Tool:
    """Add a tool (a later registration of the same name replaces it)."""
    TOOLS[tool.name] = tool
    return tool


def load_tools() -> dict[str, Tool]:
    """Import every tool module (registering its tools) and return the registry."""
    for module in TOOL_MODULES:
        importlib.import_module(module)
    return TOOLS
