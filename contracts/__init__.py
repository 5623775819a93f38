"""Pydantic contracts exchanged between the agents, the UI and eval. Imports nothing of the agents."""

from contracts.comps import CompsResult, Target
from contracts.doma import (
    NOT_FOUND,
    Citation,
    LeaseAnswer,
    Offer,
    RenewalPackage,
    RiskFlag,
    TriageResult,
)
from contracts.match import MatchItem, Relaxation
from contracts.plan import ActionPlan, TourAction
from contracts.route import RouteDecision
from contracts.search import AMENITY_KEYS, Budget, SearchSpec

ALL_MODELS = (
    SearchSpec,
    MatchItem,
    Relaxation,
    ActionPlan,
    TourAction,
    LeaseAnswer,
    TriageResult,
    RenewalPackage,
    Offer,
    RouteDecision,
    Target,
    CompsResult,
)


def json_schemas() -> dict[str, dict]:
    """JSON Schema of every contract, by model name."""
    return {model.__name__: model.model_json_schema() for model in ALL_MODELS}


__all__ = [
    "ALL_MODELS",
    "AMENITY_KEYS",
    "NOT_FOUND",
    "ActionPlan",
    "Budget",
    "Citation",
    "CompsResult",
    "LeaseAnswer",
    "MatchItem",
    "Offer",
    "Relaxation",
    "RenewalPackage",
    "RiskFlag",
    "RouteDecision",
    "SearchSpec",
    "Target",
    "TourAction",
    "TriageResult",
    "json_schemas",
]
