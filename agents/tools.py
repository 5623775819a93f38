"""One registry of the product's tools: the MCP server, the model's tool schemas and the tool router read it.

A tool is a plain function with typed keyword arguments that returns a JSON-able dict; its name, description,
when-to-use lines and example questions live beside it in one `Tool` record (one source of truth per tool).
A module that defines tools registers them at import; adding a module is one line in `TOOL_MODULES`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pydantic import TypeAdapter, ValidationError

# Modules whose import registers tools (imported by name, so this registry imports none of them itself).
TOOL_MODULES: tuple[str, ...] = ("agents.via.rental_tools", "agents.market.catalog", "agents.market.comps_tool")


@dataclass(frozen=True, eq=False)
class Tool:
    """A tool: the function and what a client, a model or a router needs to know to choose and call it."""

    name: str
    fn: Callable[..., dict[str, Any]]
    description: str
    category: str = "general"
    when_to_use: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()  # user questions it answers, in the languages it serves
    critical: bool = False  # always offered to a model when its category is (e.g. the place-name lookup)

    @cached_property
    def adapter(self) -> TypeAdapter[Any]:
        """Validates and calls the function by its typed signature (built once per tool)."""
        return TypeAdapter(self.fn)  # type: ignore[arg-type]  # pydantic validates calls of typed functions

    @cached_property
    def parameters(self) -> dict[str, Any]:
        """The JSON schema of the arguments, generated from the function's typed signature."""
        return self.adapter.json_schema()

    def run(self, args: dict[str, Any]) -> dict[str, Any]:
        """Call the tool with JSON arguments; arguments that do not fit the schema give a structured error."""
        try:
            return self.adapter.validate_python(args)  # type: ignore[no-any-return]
        except ValidationError as exc:
            fields = sorted({".".join(str(p) for p in e["loc"]) for e in exc.errors()})
            return {"error": "invalid_arguments", "message": f"Invalid arguments: {', '.join(fields)}",
                    "fields": fields}

    def openai_schema(self) -> dict[str, Any]:
        """The tool as a chat model sees it (OpenAI function-calling format)."""
        return {"type": "function", "function": {"name": self.name, "description": self.description,
                                                 "parameters": self.parameters}}


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
