"""An OpenAI-compatible chat server on 127.0.0.1 that replays scripted replies (tests and the eval's bad-model column).

The real client (`ChatOpenAI`, `with_structured_output`, the openai SDK's retries and timeouts) talks to it over
HTTP, so a model path is exercised the way a hosted model would exercise it: a valid structured reply, malformed
JSON, an object that violates the schema, a reply slower than the timeout, a 429 or a 500.

    with StubLLM([Reply.text("P1"), Reply.status(500)]) as stub:
        model = build_chat_model(stub.settings())
        ...
        stub.requests  # every request body received, in order
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from agents.settings import Settings


@dataclass(frozen=True)
class Reply:
    """One scripted answer: message content, or an HTTP error status, optionally after a delay."""

    content: str = ""
    status: int = 200
    delay_s: float = 0.0
    tool: str | None = None  # when tools are offered: the tool to call (None: the first one offered)
    plain: bool = False  # answer in text even when tools are offered (a model that is done calling tools)

    @classmethod
    def text(cls, content: str) -> Reply:
        return cls(content=content)

    @classmethod
    def json(cls, obj: Any) -> Reply:
        """A structured reply: the object as JSON (as message content, or as tool-call arguments)."""
        return cls(content=json.dumps(obj))

    @classmethod
    def call(cls, tool: str, args: Any) -> Reply:
        """A call of the named tool with these arguments (when the request offers tools)."""
        return cls(content=json.dumps(args), tool=tool)

    @classmethod
    def answer(cls, content: str) -> Reply:
        """A text answer, even when the request offers tools."""
        return cls(content=content, plain=True)

    @classmethod
    def error(cls, status: int) -> Reply:
        return cls(status=status)

    @classmethod
    def slow(cls, seconds: float, content: str = "late") -> Reply:
        return cls(content=content, delay_s=seconds)


Script = Callable[[dict[str, Any]], Reply]


def _completion(body: dict[str, Any], reply: Reply) -> dict[str, Any]:
    """A chat.completion object; when the request offers tools, the content becomes a call of one of them (the
    reply's tool, else the first offered), unless the reply is a plain answer."""
    content = reply.content
    message: dict[str, Any] = {"role": "assistant", "content": content}
    finish = "stop"
    tools = body.get("tools") or []
    if tools and not reply.plain:
        name = reply.tool or tools[0].get("function", {}).get("name", "tool")
        message = {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": name, "arguments": content}}]}
        finish = "tool_calls"
    return {
        "id": "chatcmpl-stub", "object": "chat.completion", "created": int(time.time()), "model": body.get("model"),
        "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


class StubLLM:
    """The server. `script` is a list of replies (served in order, the last one repeats) or a function of the
    request body. Use as a context manager: it listens on an ephemeral loopback port and stops on exit."""

    def __init__(self, script: Iterable[Reply] | Script) -> None:
        self.requests: list[dict[str, Any]] = []
        if callable(script):
            self._script: Script = script
        else:
            replies = list(script)
            if not replies:
                raise ValueError("a stub needs at least one reply")
            self._script = self._from_list(replies)
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    def _from_list(self, replies: list[Reply]) -> Script:
        def next_reply(_body: dict[str, Any]) -> Reply:
            index = min(len(self.requests) - 1, len(replies) - 1)
            return replies[index]

        return next_reply

    @property
    def url(self) -> str:
        if self._server is None:
            raise RuntimeError("the stub is not running")
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def settings(self, **overrides: Any) -> Settings:
        """Settings that point the model factory at this stub (no .env, no OpenRouter)."""
        values: dict[str, Any] = {"openrouter_api_key": None, "openai_api_key": "stub-key",
                                  "openai_base_url": self.url, "openai_model": "stub-model",
                                  "llm_timeout_s": 2.0, "llm_max_retries": 0}
        values.update(overrides)
        return Settings(_env_file=None, **values)  # type: ignore[call-arg]

    def _handle(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        try:
            body = json.loads(handler.rfile.read(length) or b"{}")
        except json.JSONDecodeError:
            body = {}
        with self._lock:
            self.requests.append(body)
            reply = self._script(body)
        if reply.delay_s:
            time.sleep(reply.delay_s)
        if reply.status != 200:
            payload = json.dumps({"error": {"message": f"stub status {reply.status}", "type": "stub"}}).encode()
        else:
            payload = json.dumps(_completion(body, reply)).encode()
        try:
            handler.send_response(reply.status)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(payload)))
            handler.send_header("retry-after-ms", "10")  # the SDK waits this long before a retry
            handler.end_headers()
            handler.wfile.write(payload)
        except OSError:
            pass  # the client gave up (a timeout): nothing to answer

    def __enter__(self) -> StubLLM:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                stub._handle(self)

            def log_message(self, format: str, *args: Any) -> None:  # quiet: no stderr per request
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="llm-stub", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None
