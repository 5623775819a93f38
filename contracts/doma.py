"""Contracts of the DOMA agents: lease answers, repair triage and renewal offers."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

NOT_FOUND = "Not found in provided lease"

Category = Literal["emergency", "plumbing", "hvac", "general"]
Priority = Literal["P0", "P1", "P2"]


class Citation(BaseModel):
    """Where in the lease an answer stands."""

    model_config = ConfigDict(extra="forbid")

    page: int = Field(ge=1, description="1-based page number")
    section: str = Field(default="", description="Heading the text falls under")


class RiskFlag(BaseModel):
    """A clause a tenant should look at twice, with where it is."""

    model_config = ConfigDict(extra="forbid")

    kind: str = Field(description="e.g. automatic_renewal, late_fee, sublet_prohibited")
    text: str = Field(description="The clause text that raised the flag")
    citation: Citation = Field(description="Where the clause stands")


class LeaseAnswer(BaseModel):
    """An answer grounded in the uploaded lease, or the not-found answer."""

    model_config = ConfigDict(extra="forbid")

    answer: str = Field(description="Quoted lease text, or 'Not found in provided lease' with a suggestion")
    citations: list[Citation] = Field(default_factory=list, description="Pages and sections supporting it")
    risk_flags: list[RiskFlag] = Field(default_factory=list, description="Risky clauses found in the lease")
    not_found: bool = Field(default=False, description="True when the lease does not answer the question")
    uncertain: bool = Field(default=False, description="True when the quoted clause may not answer it: the reply "
                                                       "says so and cites the closest clause found")


class TriageResult(BaseModel):
    """A repair report classified and dispatched."""

    model_config = ConfigDict(extra="forbid")

    category: Category = Field(description="emergency | plumbing | hvac | general")
    priority: Priority = Field(description="P0 danger now, P1 within a day or two, P2 routine")
    vendor: str = Field(description="Who is sent")
    eta_hours: float = Field(ge=0, description="Expected hours until the vendor arrives")
    confirm_message: str = Field(description="What the tenant is told")
    safety_instructions: list[str] = Field(default_factory=list, description="What to do now (P0)")
    handoff: bool = Field(default=False, description="True when an on-call human is alerted")


class Offer(BaseModel):
    """One renewal offer."""

    model_config = ConfigDict(extra="forbid")

    rent_usd: float = Field(gt=0, description="Monthly rent in USD")
    term_months: int = Field(ge=1, le=120, description="Term in months")
    incentives: list[str] = Field(default_factory=list, description="e.g. 'one free month'")


class RenewalPackage(BaseModel):
    """A primary renewal offer, two alternatives and why."""

    model_config = ConfigDict(extra="forbid")

    primary: Offer = Field(description="The recommended offer")
    alternatives: list[Offer] = Field(default_factory=list, description="Two other offers")
    justification: str = Field(description="Comparable units and the policy rule used")
    needs_manager_approval: bool = Field(description="True when an offer crosses the policy threshold")


class OptionCost(BaseModel):
    """One renewal option the landlord offered, costed for comparison."""

    term_months: int = Field(ge=1, le=120, description="Term in months")
    increase_pct: float = Field(description="Increase on the current rent, %")
    rent_usd: float = Field(gt=0, description="Monthly rent in USD")
    cost_over_term_usd: float = Field(description="Rent paid over the option's term")
    cost_over_24_months_usd: float = Field(
        description="Rent over 24 months (a shorter option assumed renewed at the same increase)")


class RenewalAdvice(BaseModel):
    """For a renter: the landlord's offer read apart from the current rent, market evidence and a counter."""

    current_rent_usd: float = Field(gt=0, description="Monthly rent now")
    offer_usd: float = Field(gt=0, description="The landlord's offered monthly rent")
    offer_pct: float = Field(description="The offer's increase on the current rent, %")
    term_months: int = Field(ge=1, le=120, description="The term the counter is for")
    market_median_usd: float | None = Field(default=None, description="Median rent of comparable units")
    comps: list[str] = Field(default_factory=list, description="Ids of the comparable units")
    counter: Offer = Field(description="The suggested counter: never above the offer, never below the current rent")
    options: list[OptionCost] = Field(default_factory=list, description="The landlord's options, costed")
    reasoning: list[str] = Field(description="Why this counter, in plain sentences")
    draft_message: str = Field(description="A message to the landlord, ready to edit and send")
    mailto: str = Field(description="mailto: link with the drafted message")
