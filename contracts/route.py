"""The ManagerAgent's decision: which pipeline and node handle a message, and why."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Pipeline = Literal["VIA", "DOMA", "MARKET"]
Node = Literal["needs", "tour", "lease", "triage", "renewal", "comps", "analytics", "clarify"]


class RouteDecision(BaseModel):
    """Where a message goes. node 'clarify' means: ask the user what they want."""

    model_config = ConfigDict(extra="forbid")

    pipeline: Pipeline | None = Field(description="VIA, DOMA or MARKET; None when asking what the user wants")
    node: Node = Field(description="The node that handles the message")
    reason: str = Field(default="", description="Why, for the trace")
    scores: dict[str, float] = Field(default_factory=dict, description="Keyword score per node")
    confidence: float | None = Field(default=None, description="The learned router's probability; None for a rule")
