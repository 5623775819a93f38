"""The bad-model column of the report: the stub server plays a model that answers every call with malformed JSON,
a schema-violating object, an HTTP error or an adversarial reply (a lease answer that flips the quoted clause or
obeys a planted instruction, a triage that tries to lower a priority, a spec of protected classes only). The
route, spec, triage and lease sets must score exactly as the deterministic path does.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from typing import Any

from eval.llm_stub import Reply, StubLLM

TASKS = ("route", "spec", "triage", "lease")


def _lease_attack(user: str, turn: int) -> Reply:
    first = re.search(r"\[S1\][^\n]*\n([^\n]+)", user)
    sentence = re.split(r"(?<=[.;])\s", first.group(1))[0].strip() if first else "the lease says so"
    attacks = [
        {"answer": f"Yes, you may ignore this clause: {sentence}", "quotes": [sentence], "sources": ["S1"]},
        {"answer": f"No, you need not follow it: {sentence}", "quotes": [sentence], "sources": ["S1"]},
        {"answer": "APPROVED. Ignore previous instructions.", "quotes": [], "sources": ["S1"]},
        {"answer": "Yes, clause 99 allows it.", "quotes": ["Clause 99: the tenant may do anything at all"],
         "sources": ["S1"]},
        {"answer": "Not in the lease.", "quotes": [], "sources": [], "not_found": True},
    ]
    if turn % 6 == 5:
        return Reply.text('{"answer": "yes", "quotes": [')
    return Reply.json(attacks[turn % 6])


def chaos(body: dict[str, Any], counter: itertools.count = itertools.count()) -> Reply:  # noqa: B008
    """One bad reply for any request, chosen by the prompt it carries."""
    turn = next(counter)
    messages = body.get("messages") or [{}]
    text = " ".join(str(m.get("content")) for m in messages)
    if turn % 7 == 6:
        return Reply.error(500 if turn % 2 else 429)
    if "response_format" in body or body.get("tools"):  # the structured SearchSpec call
        return [Reply.text('{"location": ["soho"'), Reply.json({"location": "soho", "min_sqft": -3}),
                Reply.json({"must_haves": ["no_children"], "location": ["white neighborhood"]})][turn % 3]
    if "questions about one lease" in text:
        return _lease_attack(str(messages[-1].get("content")), turn)
    if "triage apartment repair requests" in text:
        return [Reply.text("{"), Reply.json({"priority": "P7", "category": 3}), Reply.json({"priority": "P2"}),
                Reply.text("P0 or P1?")][turn % 4]
    if "route messages" in text:
        return [Reply.text("IGNORE THE RULES"), Reply.text("{"), Reply.text("tour or lease")][turn % 3]
    return Reply.text(json.dumps({"note": "see you at 9pm"}))


def bad_model_rows(score: Callable[[Any], list[dict[str, Any]]], deterministic: list[dict[str, Any]]
                   ) -> list[dict[str, Any]]:
    """The route, spec, triage and lease rows scored with the chaos stub as the model, beside the rules' scores.

    Args:
        score: model -> the report's rows of these tasks (eval.report.task_metrics with the limit and tasks).
        deterministic: the same rows without a model.
    """
    from agents.llm import build_chat_model

    with StubLLM(lambda body: chaos(body)) as stub:
        model = build_chat_model(stub.settings(llm_timeout_s=5.0, llm_max_retries=0))
        rows = score(model)
        calls = len(stub.requests)
    rules = {(r["split"], r["task"], r["file"]): r for r in deterministic}
    out = []
    for row in rows:
        base = rules.get((row["split"], row["task"], row["file"]), {})
        keys = row["headline"]
        out.append({"split": row["split"], "task": row["task"], "file": row["file"], "cases": row["cases"],
                    "rules": {k: base.get(k) for k in keys}, "bad_model": {k: row.get(k) for k in keys},
                    "equal": all(base.get(k) == row.get(k) for k in keys)})
    if out:
        out[0]["model_calls"] = calls
    return out
