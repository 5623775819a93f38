"""The ask_user step: pause the graph with a question and read the user's answer on resume.

Two forms of one step: a single answer (one choice or free text) and a multi-select. Answers are validated
against the options, so a resumed value can never select something that was not offered.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from langgraph.types import interrupt

Form = Literal["single", "multi_select", "contact"]


def question(form: Form, text: str, options: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    """The interrupt payload the UI renders."""
    return {"type": "ask_user", "form": form, "question": text, "options": list(options or []), **extra}


def _index(answer: Any, options: list[str]) -> int | None:
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return answer if 0 <= answer < len(options) else None
    text = str(answer).strip()
    if text in options:
        return options.index(text)
    m = re.fullmatch(r"\[?(\d+)\]?", text)
    if m and 1 <= int(m.group(1)) <= len(options):
        return int(m.group(1)) - 1  # "1" or "[1]": the label number the user sees
    return None


def ask_multi(text: str, options: list[str], **extra: Any) -> list[int]:
    """Ask to pick any of the options; returns the chosen indices (empty when none)."""
    answer = interrupt(question("multi_select", text, options, **extra))
    items = answer if isinstance(answer, list | tuple) else ([] if answer in (None, "") else [answer])
    chosen = {i for i in (_index(a, options) for a in items) if i is not None}
    return sorted(chosen)


def ask_single(text: str, options: list[str] | None = None, **extra: Any) -> str:
    """Ask one question; with options the answer is one of them (the first when unreadable), else free text."""
    answer = interrupt(question("single", text, options, **extra))
    if not options:
        return str(answer or "").strip()
    index = _index(answer, options)
    return options[index if index is not None else 0]


def ask_form(text: str, fields: list[str], **extra: Any) -> dict[str, Any]:
    """Ask for several named values at once (a form); returns a dict (empty when the answer is not one)."""
    answer = interrupt(question("contact", text, fields=fields, **extra))
    return dict(answer) if isinstance(answer, dict) else {}
