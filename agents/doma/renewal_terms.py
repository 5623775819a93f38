"""A manager's own terms: the options as the manager states them ("3% for 12 mo or 2.5% for 24", "we accept 2,150
if she signs for 18 months"), with an incentive added ("throw in repainting instead of lowering the 24-month rate"),
checked against the policy; and what a vacancy costs against the extra rent of a higher ask."""

from __future__ import annotations

import re
from dataclasses import replace

from agents.doma.renewal import (
    Candidate,
    RenewalAnalysis,
    _approval,
    _justification,
    _money,
    load_renewal_policy,
    policy_for,
    states_rules,
)
from agents.doma.renewal_parse import RenewalRequest
from contracts.doma import RenewalPackage

VACANCY = re.compile(r"\bvacan\w*|\bturnover\b|\bempty\b|\b(?:risk|lose|losing) (?:her|him|them|the tenant)\b|"
                     r"\b(?:they'?ll|will|would|might|may) (?:leave|move out|walk)\b|"
                     r"\bor (?:they|he|she)(?:'ll| will)? (?:walk|leave|go|move)\b|"
                     r"\bbroker\w*\b", re.IGNORECASE)
# "what if the tenant leaves? how long to fill it": time to re-let, which the data cannot tell
RELET_Q = re.compile(r"\bhow long\b.{0,40}\b(?:fill|re-?let|re-?rent|lease (?:it|up)|rent it|find (?:a|another|a new) "
                     r"tenant)|\bdays on (?:the )?market\b|\btime to (?:re-?let|fill|lease)\b", re.IGNORECASE)
_MONTHS_EMPTY = re.compile(r"\b(a|one|two|three|\d)\s*(?:\+\s*)?months?\b", re.IGNORECASE)
BROKER_MONTHS = 1.0  # a broker's fee of about a month's rent: a stated assumption, said in the answer


def with_own_terms(analysis: RenewalAnalysis) -> RenewalAnalysis:
    """The analysis with the package made of the manager's stated terms (first = primary), the incentive added to
    the term it names (else the longest), and the policy's approval checked on each."""
    request, current = analysis.request, analysis.current_rent
    cands = [Candidate(label="primary" if i == 0 else f"option {i + 1}", term=term,
                       rent=round(value if unit == "$" else current * (1 + value / 100), 2))
             for i, (term, value, unit) in enumerate(request.terms)]
    if request.incentive and cands:
        target = next((c for c in cands if c.term == request.incentive_term), max(cands, key=lambda c: c.term))
        if request.incentive_instead and len(cands) > 1:  # the incentive replaces the discount: the other rate
            target.rent = max(c.rent for c in cands if c is not target)
        target.incentives.append(request.incentive)
    policy = policy_for(request)
    reasons = _approval(cands, current, analysis.comps, policy)
    pct = cands[0].pct(current)
    package = RenewalPackage(
        primary=cands[0].offer(), alternatives=[c.offer() for c in cands[1:]],
        justification=_justification(request, current, analysis.comps, "the manager's own terms", pct, cands,
                                     policy, reasons),
        needs_manager_approval=bool(reasons))
    return replace(analysis, package=package, target_pct=pct, rule="the manager's own terms", approval_reasons=reasons,
                   candidates=cands)


def terms_line(analysis: RenewalAnalysis) -> str:
    """One line naming the terms as the manager set them."""
    pkg = analysis.package
    parts = []
    for offer in [pkg.primary, *pkg.alternatives]:
        pct = (offer.rent_usd / analysis.current_rent - 1) * 100
        extra = f" + {', '.join(offer.incentives)}" if offer.incentives else ""
        parts.append(f"{_money(offer.rent_usd)}/month for {offer.term_months} months ({pct:+.1f}%){extra}")
    return "**Your terms:** " + "; or ".join(parts) + "."


def vacancy_math(text: str, request: RenewalRequest, current: float) -> str | None:
    """When the manager weighs a higher ask against losing the tenant: the extra rent of the highest increase that
    needs no approval over a year, against a vacancy (the months empty the manager names, default one, plus a
    broker's fee of about a month). None without a tenant's limit to weigh."""
    limit = request.counter_pct()
    if limit is None or not VACANCY.search(text):
        return None
    policy = policy_for(request) if states_rules(request) else load_renewal_policy()  # their rules, else ours
    high = max(policy.approval_threshold_pct, limit)
    if high <= limit:
        return None
    kept, pushed = current * (1 + limit / 100), current * (1 + high / 100)
    months = _MONTHS_EMPTY.search(text)
    empty = 1.0 if not months or months.group(1).lower() in ("a", "one") else float(
        {"two": 2, "three": 3}.get(months.group(1).lower(), months.group(1)))
    gain = (pushed - kept) * 12
    loss = (empty + BROKER_MONTHS) * kept
    verdict = ("**Keeping the tenant is worth it.**" if gain < loss else
               "**The higher ask can pay even if they leave.**")
    return (f"{verdict} Renewing at {limit:+g}% ({_money(kept)}) instead of {high:g}% ({_money(pushed)}) gives up "
            f"{_money(gain)} over 12 months; a vacancy costs about {_money(loss)} ({empty:g} month(s) empty plus a "
            f"broker's fee of about {BROKER_MONTHS:g} month, an assumption). The extra rent would take "
            f"{loss / max(gain, 1):.1f} years to repay one vacancy.")


def relet_answer(analysis: RenewalAnalysis) -> str:
    """How long a unit takes to re-let is not in the data (it has no days on market); what a vacancy costs is."""
    current, primary = analysis.current_rent, analysis.package.primary
    loss = (1 + BROKER_MONTHS) * current
    monthly = loss / 12
    return (f"The data has no days-on-market or vacancy records, so I can't say how long re-letting would take. What "
            f"a vacancy costs: each empty month loses {_money(current)} of rent, and a new lease usually costs a "
            f"broker's fee of about a month (an assumption), so one empty month costs about {_money(loss)}, as much "
            f"as {_money(monthly)}/month ({monthly / current:.1%}) over a 12-month lease. The proposal stands: "
            f"{_money(primary.rent_usd)}/month for {primary.term_months} months.")
