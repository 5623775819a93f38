"""The MCP server: every tool of the registry (agents/tools.py), over stdio or streamable HTTP on 127.0.0.1.

    python -m mcp_server               # stdio (Claude Desktop, IDEs, the MCP inspector)
    python -m mcp_server --http 8765   # streamable HTTP at http://127.0.0.1:8765/mcp

The server knows no tool by name. A tool's keyword arguments become its input schema and its dict result the
structured content. A failure the tool anticipated becomes a tool error (isError): an exception with a `code`
and a `payload()` (e.g. search_unavailable) also carries {"error": payload} as structured content; a ValueError
carries its message ("Invalid filters: ..."). A result that is an ask_user question payload is asked through MCP
elicitation when the client supports it; otherwise the payload itself is returned for the client to ask.
"""

from __future__ import annotations

import argparse
import inspect
import json
import logging
import typing
from collections.abc import Mapping
from functools import partial
from typing import Annotated, Any

import anyio
from mcp.server.elicitation import render_elicitation_schema
from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import NoBackChannelError
from mcp_types import (
    CallToolResult,
    ElicitRequest,
    ElicitRequestFormParams,
    ElicitResult,
    InputRequiredResult,
    TextContent,
)
from pydantic import AfterValidator, BaseModel, Field, WithJsonSchema, create_model

from agents.tools import Tool, load_tools

log = logging.getLogger(__name__)

NAME = "estate-workspace"
ANSWER_KEY = "answer"  # the key of the ask_user elicitation in an input_required round
INSTRUCTIONS = ("Real-estate tools: REALTOR.CA rental search (rental_search, filter_listings, summarize_listings, "
                "simulate_viewing_request, ask_user) and every other tool registered in the workspace.")


def is_question(result: Any) -> bool:
    """An ask_user question payload (agents/ask_user.question)."""
    return isinstance(result, dict) and result.get("type") == "ask_user" and "question" in result


def answer_model(payload: Mapping[str, Any]) -> type[BaseModel]:
    """The elicitation schema of a question: one choice, several choices (a multi-select enum), or free text.

    Choices render as a plain string enum (even a single one, which pydantic would make a `const`), and an
    answer outside them fails validation.
    """
    options = [str(o) for o in payload.get("options") or []]

    def offered(value: str) -> str:
        if value not in options:
            raise ValueError(f"{value!r} is not one of the choices")
        return value

    choice = Annotated[str, AfterValidator(offered), WithJsonSchema({"type": "string", "enum": options})]
    if payload.get("form") == "multi_select" and options:
        return create_model("Selection", selected=(list[choice], Field(default_factory=list,  # type: ignore[valid-type]
                                                                         description="Pick any")))
    if options:
        return create_model("Choice", answer=(choice, Field(description="Pick one")))
    return create_model("Answer", answer=(str, Field(description="Your answer")))


def _client_elicits(ctx: Context) -> bool:
    try:
        capabilities = ctx.client_capabilities
    except Exception:  # outside a request: nobody to ask
        return False
    return capabilities is not None and capabilities.elicitation is not None


def _answer(payload: Mapping[str, Any], action: str, content: Mapping[str, Any] | None) -> dict[str, Any]:
    """{"selected": [...]} or {"answer": "..."}, checked against the offered choices (declined: empty)."""
    multi = payload.get("form") == "multi_select"
    if action != "accept" or content is None:
        return {"selected": []} if multi else {"answer": "", "action": action}
    data = answer_model(payload).model_validate(dict(content)).model_dump()
    return {"selected": list(data.get("selected") or [])} if multi else {"answer": str(data.get("answer", ""))}


async def ask_through_elicitation(ctx: Context, payload: dict[str, Any]) -> dict[str, Any] | InputRequiredResult:
    """Ask the payload's question with MCP elicitation: {"answer"} or {"selected"} (empty when declined).

    A connection with a back-channel (the initialize handshake, e.g. stdio) gets an elicitation/create request;
    a 2026-07-28 connection gets an input_required result and the answer arrives with the retried call.
    """
    responses = ctx.input_responses or {}
    reply = responses.get(ANSWER_KEY)
    if isinstance(reply, ElicitResult):
        return _answer(payload, reply.action, reply.content)
    try:
        result = await ctx.elicit(str(payload["question"]), answer_model(payload))
    except NoBackChannelError:
        schema = render_elicitation_schema(answer_model(payload))
        request = ElicitRequest(params=ElicitRequestFormParams(message=str(payload["question"]),
                                                               requested_schema=schema))
        return InputRequiredResult(input_requests={ANSWER_KEY: request})
    content = result.data.model_dump() if result.action == "accept" else None
    return _answer(payload, result.action, content)


def error_result(exc: Exception) -> CallToolResult:
    """A tool error whose text is the exception's message (e.g. "Invalid filters: ...") and whose structured
    content is {"error": {"code", "message", ...}} (code "search_unavailable", "invalid_arguments", ...)."""
    code = getattr(exc, "code", None) or "invalid_arguments"
    payload = exc.payload() if hasattr(exc, "payload") else {"code": code, "message": str(exc)}
    if code == "invalid_arguments":
        return CallToolResult(content=[TextContent(type="text", text=str(exc))], structured_content={"error": payload},
                              is_error=True)
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(payload))],
                          structured_content={"error": payload}, is_error=True)


def _hints(fn: Any) -> dict[str, Any]:
    """The resolved annotations of a tool function; an unresolvable one (a name only imported for type checking)
    becomes Any rather than stopping the server."""
    try:
        return typing.get_type_hints(fn, include_extras=True)
    except Exception as exc:
        log.warning("tool %s: annotations not resolved (%s); its arguments are served untyped", fn.__name__, exc)
        return {}


def mcp_function(tool: Tool) -> Any:
    """An async MCP handler with the tool's own keyword parameters (plus the request context)."""
    hints = _hints(tool.fn)
    run_async = inspect.iscoroutinefunction(tool.fn)

    async def handler(ctx: Context, **kwargs: Any) -> dict[str, Any]:
        try:
            if run_async:
                result = await tool.fn(**kwargs)  # type: ignore[misc]  # the registry types fn as sync
            else:
                # A sync tool may block (a live search waits up to its timeout): off the event loop.
                result = await anyio.to_thread.run_sync(partial(tool.fn, **kwargs))
        except Exception as exc:
            if getattr(exc, "code", None) or isinstance(exc, ValueError):
                log.info("tool %s failed: %s", tool.name, exc)
                return error_result(exc)  # type: ignore[return-value]
            raise
        if is_question(result) and _client_elicits(ctx):
            return await ask_through_elicitation(ctx, result)  # type: ignore[return-value]
        return result

    params = [inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context)]
    params += [p.replace(kind=inspect.Parameter.KEYWORD_ONLY, annotation=hints.get(p.name, Any))
               for p in inspect.signature(tool.fn).parameters.values()
               if p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)]
    handler.__signature__ = inspect.Signature(params, return_annotation=dict[str, Any])  # type: ignore[attr-defined]
    handler.__annotations__ = {"ctx": Context, **{p.name: p.annotation for p in params[1:]},
                               "return": dict[str, Any]}
    handler.__name__ = tool.name
    handler.__doc__ = tool.fn.__doc__
    return handler


def build_server(tools: Mapping[str, Tool] | None = None) -> MCPServer:
    """An MCPServer serving every registered tool (the registry's, unless `tools` is given)."""
    server = MCPServer(name=NAME, instructions=INSTRUCTIONS)
    for tool in (load_tools() if tools is None else tools).values():
        description = tool.description
        if tool.when_to_use:
            description += " Use for: " + "; ".join(tool.when_to_use) + "."
        server.add_tool(mcp_function(tool), name=tool.name, description=description, structured_output=True)
    return server


def main(argv: list[str] | None = None) -> int:
    """Serve over stdio, or over streamable HTTP on 127.0.0.1 with --http PORT."""
    parser = argparse.ArgumentParser(prog="python -m mcp_server", description=__doc__.split("\n\n")[0])
    parser.add_argument("--http", type=int, metavar="PORT", help="serve streamable HTTP on 127.0.0.1:PORT")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)  # to stderr: stdout is the stdio transport
    server = build_server()
    if args.http:
        server.run(transport="streamable-http", host="127.0.0.1", port=args.http)
    else:
        server.run(transport="stdio")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
