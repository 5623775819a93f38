"""The renewal node: who is asking decides the side of the table, and a follow-up continues the negotiation.

A renter gets advice on the landlord's offer (`renewal_tenant`); a manager gets the policy-bound package
(`renewal`). The thread keeps the conversation so far, so "what if I sign for 2 years?" or the answer to our one
question completes the earlier request.
"""

from __future__ import annotations

import time
from typing import Any

from agents.doma.renewal import (
    _question,
    _resolve_policy,
    analyze_renewal,
    missing_inputs,
    render_reply,
)
from agents.doma.renewal_parse import RenewalRequest, parse_renewal_request
from agents.doma.renewal_tenant import advise, offered_rent, render_advice
from agents.state import AgentState


def _complete_from_state(request: RenewalRequest, state: AgentState) -> RenewalRequest:
    """Fill the unit's area and bedrooms from the last search when the message does not state them."""
    spec = state.get("spec") or {}
    updates: dict[str, Any] = {}
    if not request.unit_id and request.location is None and spec.get("location"):
        updates["location"] = str(spec["location"][0]).lower()
    if not request.unit_id and request.bedrooms is None and spec.get("min_bedrooms") is not None:
        updates["bedrooms"] = spec["min_bedrooms"]
    return request.model_copy(update=updates) if updates else request


def _merge(earlier: RenewalRequest, later: RenewalRequest) -> RenewalRequest:
    """A follow-up ("what if I sign for 2 years?") keeps the earlier request and changes what it states."""
    stated = {k: v for k, v in later.model_dump().items()
              if v is not None and v is not False and v != [] and v != "" and k != "requester"}
    return earlier.model_copy(update=stated)


def renewal_node(state: AgentState, *, model: Any = None, inventory: Any = None) -> dict[str, Any]:
    """LangGraph node: state["text"] -> a renter's advice (state["renewal_advice"]) or a manager's package
    (state["renewal"]), or one question when an input is missing.

    The model is accepted for a uniform node signature but never used: every number comes from rules.
    """
    del model
    started = time.perf_counter()
    if inventory is None:
        from data.sources.nyc import load_inventory

        inventory = load_inventory()
    text = state.get("text", "") or ""
    context = state.get("renewal_context") or ""
    request = _complete_from_state(parse_renewal_request(text, inventory), state)
    if context:  # the answer to our question, or a follow-up of the same negotiation
        request = _merge(_complete_from_state(parse_renewal_request(context, inventory), state), request)
    role = state.get("role")
    if role in ("renter", "manager"):
        request = request.model_copy(update={"requester": "tenant" if role == "renter" else "manager"})
    history = f"{context} {text}".strip()
    trace: dict[str, Any] = {"node": "renewal", "requester": request.requester}
    out: dict[str, Any] = {"renewal": None, "renewal_advice": None, "renewal_context": history}
    if request.requester == "tenant":
        advice = advise(request, inventory=inventory, policy=_resolve_policy(None))
        if advice is None:
            missing = [m for m, known in (("your current monthly rent", request.current_rent),
                                          ("the rent (or increase) your landlord offered", offered_rent(request)))
                       if not known]
            trace["missing"] = missing
            what = "is it" if len(missing) == 1 else "are they"
            reply = f"To help you negotiate I need {' and '.join(missing)} - what {what}?"
            out.update(reply=reply, awaiting="renewal")
        else:
            trace.update(comps=advice.comps, counter=advice.counter.rent_usd)
            out.update(reply=render_advice(advice), renewal_advice=advice.model_dump(mode="json"), awaiting=None)
    else:
        missing = missing_inputs(request, inventory)
        if missing:
            trace["missing"] = missing
            out.update(reply=_question(missing), awaiting="renewal")
        else:
            analysis = analyze_renewal(request, inventory=inventory)
            trace.update(comps=analysis.comps.ids if analysis.comps else [],
                         target_pct=round(analysis.target_pct, 2), approval=analysis.package.needs_manager_approval)
            out.update(reply=render_reply(analysis), renewal=analysis.package.model_dump(mode="json"), awaiting=None)
    trace["ms"] = round((time.perf_counter() - started) * 1000, 3)
    return {**out, "trace": [trace]}
