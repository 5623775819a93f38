"""The renewal node: who is asking decides the side of the table, and a follow-up continues the negotiation.

A renter gets advice on the landlord's offer (`renewal_tenant`); a manager gets the policy-bound package
(`renewal`). The thread keeps the conversation so far, so "what if I sign for 2 years?" or the answer to our one
question completes the earlier request.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from langchain_core.messages import HumanMessage

from agents.doma.renewal import (
    _money,
    _question,
    _resolve_policy,
    analyze_renewal,
    load_renewal_policy,
    missing_inputs,
    policy_for,
    primary_approval,
    render_reply,
    rent_approval,
    states_rules,
)
from agents.doma.renewal_parse import (
    BUT_AT,
    DEFAULT_TERM_MONTHS,
    FREE_LIMIT,
    RenewalRequest,
    count_word,
    neighborhood_in,
    parse_renewal_request,
)
from agents.doma.renewal_stabilized import RGB_Q, STABILIZED, rgb_answer, stabilized_note, stabilized_unit
from agents.doma.renewal_tenant import (
    FINAL,
    LANDLORD_BACK,
    REFUSED_Q,
    TAKE_IT_Q,
    advise,
    cost_options,
    expected_offer_note,
    if_refused,
    moving_cost_in,
    offered_rent,
    open_questions,
    render_advice,
    take_or_move,
)
from agents.doma.renewal_terms import RELET_Q, relet_answer, terms_line, vacancy_math, with_own_terms
from agents.doma.renewal_units import (
    ALL_UNITS,
    COMPS_Q,
    MIN_UNITS,
    MODEST,
    OWNER_MAIL,
    TO_TENANTS,
    analyze_units,
    follow_up,
    parse_units,
    render_table,
    units_named,
)
from agents.i18n import phrase
from agents.state import AgentState
from agents.textnum import words_to_digits

APPROVAL_Q = re.compile(r"\bsign-?\s?off\b|\bapprov\w*|\bboss\b|\bauthori[sz]\w*", re.I)
LETTER_Q = re.compile(r"\b(?:draft|write|prepare|send|red[aá]ct\w*|escrib\w*)\b.{0,30}\b(?:letter|email|e-mail|notice|"
                      r"message|note|reply|response|acceptance|term sheet|terms|carta|correo|mensaje|"
                      r"respuesta)\b|اكتب|رسالة|"
                      r"\b(?:write|type|draw)\s+(?:it|this|that|them)\s+up\b|\bdraft (?:it|this|that)\b|"
                      r"\bput (?:it|this|that) in writing\b", re.I)
# A rent a follow-up names as what is paid now; any other new figure in a follow-up is a proposal ("what about
# 24 months at 3,250?", "they'd sign 18 months at 2950"), never a new current rent.
CURRENT_NOW = re.compile(r"\b(?:i pay|we pay|they pay|currently|current rent|my rent is|rent is now|paying now|"
                         r"right now)\b|أدفع حاليا|إيجاري الحالي|pago ahora|actualmente", re.I)


_SEND = re.compile(r"\b(?:send|mail|email|e-mail)\b", re.I)
LETTER = {
    "en": ("Dear tenant,", "Thank you for being our resident. We are pleased to offer you a renewal{unit}. Your "
           "current rent is ${current:,.0f} a month; please choose one of these options:",
           "{i}. ${rent:,.0f} a month for {term} months{extra}",
           "Please let us know your choice, or any questions, {by}.", "Kind regards,",
           "The management office", " for unit {label}"),
    "es": ("Estimado/a inquilino/a:", "Gracias por vivir con nosotros. Nos complace ofrecerle la renovación{unit}. Su "
           "renta actual es de ${current:,.0f} al mes; elija una de estas opciones:",
           "{i}. ${rent:,.0f} al mes por {term} meses{extra}",
           "Por favor, indíquenos su elección, o sus preguntas, {by}.", "Atentamente,",
           "La administración", " del apartamento {label}"),
    "ar": ("عزيزي المستأجر،", "شكرًا لإقامتك معنا. يسعدنا أن نعرض عليك تجديد العقد{unit}. إيجارك الحالي {current:,.0f} "
           "دولار شهريًا؛ اختر أحد هذه الخيارات:", "{i}. {rent:,.0f} دولار شهريًا لمدة {term} شهرًا{extra}",
           "نرجو إبلاغنا باختيارك أو بأي سؤال {by}.", "مع التحية،", "إدارة العقار", " للوحدة {label}"),
}
# When the tenant is asked to answer: the manager's own deadline ("respuesta antes del 15 de diciembre", "respond
# within 14 days"), else 30 days
_WITHIN = re.compile(r"\b(?:within|in|en un plazo de|dentro de)\s+(\d{1,3})\s+(?:days|d[ií]as)\b", re.I)
_MONTH = (r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|enero|febrero|marzo|abril|mayo|junio|julio|agosto|"
          r"sep?tiembre|octubre|noviembre|diciembre)[a-z]*\.?")
_BY_DATE = re.compile(rf"\b(?:by|before|no later than|antes del?|para el|hasta el)\s+((?:the\s+)?\d{{1,2}}"
                      rf"(?:st|nd|rd|th)?\s+(?:de\s+|of\s+)?{_MONTH}|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?)(?!\w)", re.I)
_ANSWER_BY = {"en": ("within {n} days", "by {date}"), "es": ("en un plazo de {n} días", "antes del {date}"),
              "ar": ("خلال {n} يومًا", "قبل {date}")}


def answer_by(text: str, lang: str | None) -> str:
    """The letter's deadline for the tenant's answer, as the manager set it (30 days when unsaid)."""
    within, by_date = _ANSWER_BY.get(lang or "en", _ANSWER_BY["en"])
    date = _BY_DATE.search(text)
    if date:
        return by_date.format(date=re.sub(r"^(?:the|el)\s+", "", date.group(1), flags=re.I).rstrip("."))
    days = _WITHIN.search(text)
    return within.format(n=days.group(1) if days else 30)


# "draft the offer letter with option 2", "use the second one": one of the package's offers, by its number
OPTION_CHOSEN = re.compile(r"\b(?:option|offer|choice|alternative|opci[oó]n)\s*#?\s*(1|2|3|one|two|three)\b|"
                           r"\b(?:the\s+)?(first|second|third)\s+(?:option|offer|one|alternative)\b", re.I)
_OPTION_NUMBER = {"1": 1, "2": 2, "3": 3, "one": 1, "two": 2, "three": 3, "first": 1, "second": 2, "third": 3}


# An office follow-up's bare rate ("$80 flat", "$84/sf") and who says it
BARE_RATE = re.compile(r"\$\s?(\d{2,3}(?:\.\d{1,2})?)\b(?!\s*(?:k\b|,\d|000|\.\d{3}))", re.I)
# "at 93" in an office renewal: a rate per square foot (not a time, a percentage or a thousand)
AT_RATE = re.compile(r"\bat\s+\$?\s?(\d{2,3}(?:\.\d{1,2})?)\b(?!\s*(?:%|percent|k\b|,\d|am\b|pm\b|:\d|months?|years?|"
                     r"yrs?|mos?|sf\b|/))", re.I)


# "building's from 1962, like 30 units": the year and size that decide whether a New York building is stabilized
BUILT_IN = re.compile(r"\b(?:from|built(?: in)?|since|de|construido en|من سنة|من عام)\s+((?:18|19)\d\d)\b", re.I)
UNITS_IN = re.compile(r"\b(\d{1,3})\s+(?:units|apartments|apts|unidades|apartamentos|departamentos|شقة|وحدة)\b", re.I)
# the Emergency Tenant Protection Act of 1974 covers buildings of six or more units built before it
STABILIZED_BEFORE = 1974


def said_rate_sf(text: str) -> float | None:
    """A rate per square foot said without its unit in an office renewal ("$80 flat", "a 5 yr deal at 93")."""
    found = BARE_RATE.search(text) or AT_RATE.search(text)
    value = float(found.group(1)) if found else None
    return value if value is not None and 30 <= value <= 300 else None

TENANT_SAYS = re.compile(r"\b(?:tenant|they|he|she)\s+(?:says?|said|wants?|asks?|asked|insists?|counter\w*|"
                         r"came back)\b|\bor (?:they|he|she)(?:'ll| will)? (?:walk|leave|go|move)", re.I)
# "convert your primary to monthly and total over the 5 years": the offer's money over its term
TOTAL_Q = re.compile(r"\btotal\b|\bover the (?:\d{1,2}|one|two|three|four|five|six|seven|ten) (?:years?|yrs?)\b|"
                     r"\b(?:whole|entire|full) term\b", re.I)
OPTIONS_ASKED = re.compile(r"\b(?:options|alternatives|choices|opciones)\b", re.I)


def chosen_option(text: str) -> int | None:
    """The number of the offer a message picks ("option 2" -> 2), or None."""
    said = OPTION_CHOSEN.search(text)
    return _OPTION_NUMBER[(said.group(1) or said.group(2)).lower()] if said else None


_TERM_SAID = re.compile(r"\b(\d{1,2})[- ]?(?:months?|mos?)\b|\b(\d)[- ]?(?:years?|yrs?)\b", re.I)


def terms_named(text: str) -> set[int]:
    """The lease terms a message names, in months ("the 12 month option and a 24 month one", "1 and 2 year")."""
    return {int(m.group(1)) if m.group(1) else 12 * int(m.group(2)) for m in _TERM_SAID.finditer(words_to_digits(text))}


def tenant_letter(analysis: Any, lang: str | None = None, only: int | None = None,
                  terms: set[int] | None = None, by: str | None = None) -> str:
    """A renewal letter to the tenant that sets out the package's offers (or only the one chosen, by its number, or
    those of the terms named), in the manager's language (a template)."""
    greet, intro, line, ask, regards, sign, unit_of = LETTER.get(lang or "en", LETTER["en"])
    pkg = analysis.package
    label = analysis.request.unit_label
    counter = analysis.request.tenant_counter_rent
    if counter and not pkg.alternatives and (lang or "en") == "en":  # a reply to the tenant's counter: one answer
        offer = pkg.primary
        agreed = "accept it" if abs(offer.rent_usd - counter) < 1 else (
            f"agree to a renewal at ${offer.rent_usd:,.0f} a month for {offer.term_months} months")
        return "\n".join([greet, "", f"Thank you for your counter of ${counter:,.0f} a month"
                                      f"{unit_of.format(label=label) if label else ''}. We would be glad to {agreed}. "
                                      "If that works for you, we "
                                      "will send the renewal lease to sign.", "", regards, sign])
    offers = [pkg.primary, *pkg.alternatives]
    named = [o for o in offers if o.term_months in (terms or set())]
    if only is None and terms and len(terms) >= 2 and {o.term_months for o in named} == terms:
        # "with the 12 month option and a 24 month one": those offers, not all three
        offers = named
    if only is not None and 1 <= only <= len(offers) and (lang or "en") == "en":  # "the letter with option 2"
        offer = offers[only - 1]
        extra = f", with {', '.join(offer.incentives)}" if offer.incentives else ""
        return "\n".join([greet, "", f"Thank you for being our resident. We are pleased to offer you a renewal"
                                      f"{unit_of.format(label=label) if label else ''} at ${offer.rent_usd:,.0f} a "
                                      f"month for {offer.term_months} months{extra} (your current rent is "
                                      f"${analysis.current_rent:,.0f}).", "",
                          f"Please let us know {by or answer_by('', 'en')} whether you accept, or if you have any "
                          "questions.", "",
                          regards, sign])
    lines = [greet, "", intro.format(unit=unit_of.format(label=label) if label else "", current=analysis.current_rent),
             ""]
    for i, offer in enumerate(offers, start=1):
        extra = f" + {', '.join(offer.incentives)}" if offer.incentives else ""
        lines.append(line.format(i=i, rent=offer.rent_usd, term=offer.term_months, extra=extra))
    lines += ["", ask.format(by=by or answer_by("", lang)), "", regards, sign]
    return "\n".join(lines)


def offer_totals(analysis: Any, text: str) -> str:
    """The primary offer as a monthly rent (and a rate per square foot for an office) and its total over the term
    asked ("over the 5 years") or its own."""
    offer, request = analysis.package.primary, analysis.request
    years = re.search(r"\b(\d{1,2})\s*-?\s*(?:years?|yrs?)\b", words_to_digits(text), re.I)
    months = 12 * int(years.group(1)) if years else request.term_months or offer.term_months
    rate = (f" (${offer.rent_usd * 12 / request.sqft:,.2f}/SF/yr on {request.sqft:,.0f} SF)"
            if request.kind == "office" and request.sqft else "")
    return (f"**The primary offer: ${offer.rent_usd:,.0f} a month{rate}; over {months} months, "
            f"${offer.rent_usd * months:,.0f} in total** (at a flat rent, before any escalation), against "
            f"${analysis.current_rent * months:,.0f} at today's rent.")


FALLBACK = re.compile(r"\bfall(?:ing)? ?back (?:to|on)\s+\$?(\d{1,2},\d{3}|\d{3,5})\b", re.I)


PACKAGE_ASK = re.compile(r"\b(?:package|build|put together|propos\w*|offers?|options|renewal for|just do|do (?:\w+ )?"
                         r"(?:first|now|for now))\b", re.I)


# "what would you counter with?", "how much should I offer?", "¿cuánto le contraoferto?": the number asked for
COUNTER_ASKED = re.compile(r"\bwhat (?:would|should|do) (?:you|i|we) (?:counter|offer|propose|ask for)\b|"
                           r"\bwhat (?:number|figure|amount|rent) (?:would|should|do) (?:you|i|we)\b|"
                           r"\bhow much (?:would|should|do) (?:you|i|we) (?:counter|offer|propose|ask for)\b|"
                           r"\bcu[aá]nto (?:le )?(?:contraoferto|ofrezco|propongo)\b", re.I)


def counter_answer(advice: Any) -> str:
    """The counter in one answer: the figure, its term, and the first reason for it."""
    counter = advice.counter
    if counter.rent_usd >= advice.offer_usd:
        return (f"I would not counter: **accept ${advice.offer_usd:,.0f}/month** for {counter.term_months} months. "
                + (advice.reasoning[0] if advice.reasoning else ""))
    step = counter.rent_usd - advice.current_rent_usd
    return (f"I would counter at **${counter.rent_usd:,.0f}/month** for {counter.term_months} months: "
            f"${step:,.0f} above your ${advice.current_rent_usd:,.0f} ({step / advice.current_rent_usd:+.1%}), "
            f"against their ${advice.offer_usd:,.0f} ({advice.offer_pct:+.1f}%). "
            + (advice.reasoning[1] if len(advice.reasoning) > 1 else "")
            + "\n\nThe message below says it; edit it before you send it.")


# "SE-1670's tenant is asking for a decrease, says they're above market": that unit's case, weighed alone
TENANT_ASKS_CUT = re.compile(r"\b(?:decrease|reduction|lower (?:the )?rent|rent cut|cut (?:the|their|her|his) rent|"
                             r"above (?:the )?market|overpa\w+|too (?:high|much))\b", re.I)


def one_unit_taken(text: str, batch: dict[str, Any], latest: RenewalRequest) -> bool:
    """A follow-up that takes one unit of a batch on alone: it names that unit only and asks for its package or
    states a rule for it ("uws one isnt stabilized, policy cap is 8%, build the package"), not a letter, its
    comparables or a term."""
    named = units_named(text, batch["units"])
    if len(named) != 1 or OWNER_MAIL.search(text) or COMPS_Q.search(text):
        return False
    if LETTER_Q.search(text):  # "draft a short renewal letter for SE-9730 at +7%": that tenant's letter, on its terms
        return bool(latest.terms or latest.proposed_increase_pct is not None or latest.tenant_counter_pct is not None)
    return PACKAGE_ASK.search(text) is not None or latest.cap_pct is not None or states_rules(latest) \
        or TENANT_ASKS_CUT.search(text) is not None


def accept_counter(analysis: Any) -> Any | None:
    """The analysis with the tenant's counter as the package, when the counter is at or above the offer we would
    make and within policy (no approval needed); None otherwise."""
    request = analysis.request
    counter = request.tenant_counter_rent or (
        analysis.current_rent * (1 + request.tenant_counter_pct / 100) if request.tenant_counter_pct is not None
        else None)
    if not counter or counter < analysis.package.primary.rent_usd - 1:
        return None
    term = request.term_months or analysis.package.primary.term_months
    taken = with_own_terms(replace(analysis, request=request.model_copy(update={"terms": [(term, counter, "$")],
                                                                                "incentive": None})))
    return taken if not taken.package.needs_manager_approval else None


def ask_verdicts(analysis: Any, latest: RenewalRequest) -> list[str]:
    """The rent the manager or the tenant put on the table in this message, judged against the policy."""
    request, current = analysis.request, analysis.current_rent
    if latest.landlord_pct() is None and latest.counter_pct() is None and not latest.landlord_offers \
            and latest.tenant_counter_rent is None:
        return []
    policy = policy_for(request)
    median = analysis.comps.median if analysis.comps else None
    out = []
    stated_own = latest.landlord_offers or latest.proposed_increase_pct is not None
    stated_tenant = latest.tenant_counter_rent is not None or latest.tenant_counter_pct is not None
    for who, pct, stated in (("Your figure", request.landlord_pct(), stated_own),
                             ("The tenant's ask", request.counter_pct(), stated_tenant)):
        if pct is None or not stated:
            continue
        rent = current * (1 + pct / 100)
        reasons = rent_approval(rent, current, median, policy)
        term = f" for {request.term_months} months" if request.term_months else ""
        head = f"**{who}: {_money(rent)}/month{term} ({pct:+.1f}%)**"
        out.append(f"{head} needs {policy.approver} approval: {'; '.join(reasons)}." if reasons
                   else f"{head} is within policy.")
    return out


def _complete_from_state(request: RenewalRequest, state: AgentState, inventory: Any = None) -> RenewalRequest:
    """Fill the unit's area and bedrooms from the last search when the message does not state them; else the area
    from the person's earlier messages ("three tickets in the Washington Heights building", then "the tenant in 3A
    pays $1,650": that building's area)."""
    spec = state.get("spec") or {}
    updates: dict[str, Any] = {}
    if not request.unit_id and request.location is None and spec.get("location"):
        updates["location"] = str(spec["location"][0]).lower()
    elif not request.unit_id and request.location is None and inventory is not None:
        earlier = [str(m.content) for m in state.get("messages") or [] if isinstance(m, HumanMessage)][:-1]
        place = next((p for p in (neighborhood_in(said, inventory) for said in reversed(earlier)) if p), None)
        if place:
            updates["location"] = place
    if not request.unit_id and request.bedrooms is None and spec.get("min_bedrooms") is not None:
        updates["bedrooms"] = spec["min_bedrooms"]
    return request.model_copy(update=updates) if updates else request


def _merge(earlier: RenewalRequest, later: RenewalRequest) -> RenewalRequest:
    """A follow-up ("what if I sign for 2 years?") keeps the earlier request and changes what it states; a new rent
    on the table replaces a stepped one talked of before."""
    stated = {k: v for k, v in later.model_dump().items()
              if v is not None and v is not False and v != [] and v != "" and k != "requester"}
    if not later.steps and (later.tenant_counter_rent or later.landlord_offers or later.terms):
        stated["steps"] = []
    return earlier.model_copy(update=stated)


FREE_MONTHS = re.compile(r"\b(one|a|two|three|four|five|six|\d{1,2})\s+(?:free months?|months?(?: of)? free(?: rent)?|"
                         r"months? (?:of )?rent[- ]free)\b", re.I)
SEND_ASK = re.compile(r"^\W*(?:ok(?:ay)?\W+|great\W+|fine\W+)?(?:send|offer)\b(?!.{0,20}\b(?:comps|table))", re.I)


def free_offered(text: str) -> int | None:
    """How many free months a message offers or asks for ("3 months free on a 5 yr deal": 3), not a limit on them
    ("more than 2 months free needs the owner"); None when it names none."""
    found = FREE_MONTHS.search(FREE_LIMIT.sub(" ", text))
    return count_word(found.group(1)) if found else None


def concession_verdict(analysis: Any, latest: RenewalRequest, text: str) -> str | None:
    """An increase with free rent or a one-time credit ("2% plus one month free", "the 2% with a $300 credit"): the
    face rent, the effective rent over the term, and whether the effective rent is within policy."""
    months = free_offered(text) or 0
    request, current = analysis.request, analysis.current_rent
    # the rent the free months come with: the figure this message states, else the increase on the table
    stated = latest.tenant_counter_rent or next((v for _, v, unit in latest.terms if unit == "$"), None)
    if stated is None and latest.rate_sf and request.sqft:
        stated = latest.rate_sf * request.sqft / 12
    pct = latest.proposed_increase_pct if latest.proposed_increase_pct is not None else request.landlord_pct()
    if stated is not None:
        pct = round((stated / current - 1) * 100, 2)
    if (not months and not latest.credit_usd) or pct is None:
        return None
    face = round(stated if stated is not None else current * (1 + pct / 100), 2)
    term = latest.term_months or request.term_months or 12
    if months >= term:
        return None
    effective = (face * (term - months) - (latest.credit_usd or 0)) / term
    what = f"{months} free month{'s' if months > 1 else ''}" if months else \
        f"a one-time ${latest.credit_usd:,.0f} credit"
    policy = policy_for(request)
    reasons = rent_approval(effective, current, analysis.comps.median if analysis.comps else None, policy)
    per_sf = (f" (${face * 12 / request.sqft:,.2f}/SF/yr face, ${effective * 12 / request.sqft:,.2f}/SF/yr effective)"
              if request.kind == "office" and request.sqft else "")
    return (f"**${face:,.0f}/month ({pct:+g}%) with {what}** is an effective ${effective:,.2f}/month over {term} "
            f"months{per_sf} ({(effective / current - 1) * 100:+.1f}% on today's ${current:,.0f}). "
            + (f"Judged on the effective rent it needs {policy.approver} approval: {'; '.join(reasons)}." if reasons
               else "The effective rent is within policy too."))


def with_free_months(letter: str, months: int) -> str:
    """A renewal letter that also grants free months of base rent (said before the closing request)."""
    said = (f" The first {months} month{'s' if months > 1 else ''} of base rent under the renewal will be free.")
    for closing in (" If that works for you", "\n\nPlease let us know"):
        if closing in letter:
            return letter.replace(closing, said + closing, 1)
    return letter


def stepped_verdict(analysis: Any) -> str:
    """A stepped rent ("2 years, 3,750 then 3,900") judged year by year and on its average, with its total."""
    request, current = analysis.request, analysis.current_rent
    steps, policy = request.steps, policy_for(request)
    median = analysis.comps.median if analysis.comps else None
    years = ", then ".join(f"${rent:,.0f} in year {i} ({(rent / before - 1) * 100:+.1f}%)"
                           for i, (rent, before) in enumerate(zip(steps, [current, *steps[:-1]], strict=False), 1))
    average = sum(steps) / len(steps)
    lines = [f"**Stepped {12 * len(steps)} months:** {years}. Average ${average:,.0f} "
             f"({(average / current - 1) * 100:+.1f}% on today's ${current:,.0f}); ${sum(steps) * 12:,.0f} over the "
             f"{12 * len(steps)} months."]
    for i, rent in enumerate(steps, 1):
        reasons = rent_approval(rent, current, median, policy)
        if reasons:
            lines.append(f"Year {i} needs {policy.approver} approval: {'; '.join(reasons)}.")
    if len(lines) > 1 and not rent_approval(average, current, median, policy):
        lines.append("Judged on the average, it is within policy.")
    return " ".join(lines)


def stepped_letter(analysis: Any) -> str:
    """The renewal letter for a stepped rent: each year's rent, in order."""
    request = analysis.request
    label = f" for unit {request.unit_label}" if request.unit_label else ""
    start = f", starting when your lease ends ({request.lease_end})" if request.lease_end else ""
    years = "; ".join(f"${rent:,.0f} a month in year {i}" for i, rent in enumerate(request.steps, 1))
    return "\n".join(["Dear resident,", "", f"We are pleased to offer you a {12 * len(request.steps)}-month lease "
                       f"renewal{label}{start}: {years} (your current rent is ${analysis.current_rent:,.0f}). All "
                       "other terms of your lease stay the same.", "",
                       "Please let us know within 30 days whether you accept; we will then send the renewal lease to "
                       "sign.", "", "Kind regards,", "Property management"])


def renewal_node(state: AgentState, *, model: Any = None, inventory: Any = None,
                 now: Callable[[], datetime] | None = None) -> dict[str, Any]:
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
    latest = parse_renewal_request(text, inventory)
    units = parse_units(text)
    batch = state.get("renewal_units")
    if len(units) >= MIN_UNITS:  # "2A 2br $4,000, 3B studio $2,200, 7F 1br $3,050": one proposal per unit
        batch = {"units": units, "location": latest.location, "modest": bool(MODEST.search(text))}
        reply = render_table(analyze_units(batch, inventory=inventory), batch)
    elif batch and one_unit_taken(text, batch, latest):
        # "uws one isnt stabilized. policy cap is 8%. build the package": that unit alone, from here on
        unit = next(u for u in batch["units"] if u["label"] == units_named(text, batch["units"])[0])
        context = f"{unit['label']}: current rent {unit['rent']:,.0f}."
        if unit.get("unit_id"):  # "ok just do 5435 for now": the listing's number names it, it is no rent
            text = re.sub(rf"(?<![\w$,.-]){unit['unit_id'].split('-')[1]}\b", unit["unit_id"], text)
            latest = parse_renewal_request(text, inventory)
        state = {**state, "renewal_request": RenewalRequest(
            current_rent=unit["rent"], bedrooms=unit.get("bedrooms"), location=unit.get("location") or
            batch.get("location"), amenities=unit.get("amenities") or [], requester="manager",
            unit_label=unit["label"]).model_dump(mode="json"), "renewal_units": None}
        batch = None
    elif batch and TO_TENANTS.search(text) and (LETTER_Q.search(text) or _SEND.search(text)):
        # "send the offers to the 3 tenants": nothing is sent from here; a letter per tenant to send
        named = units_named(text, batch["units"])
        reply = ("I can't send email or letters from this workspace. Here is a letter for each tenant, ready to "
                 "send:\n\n" + "\n\n".join(f"**Unit {unit['label']}**\n\n{tenant_letter(analysis)}"
                                            for unit, analysis in analyze_units(batch, inventory=inventory)
                                            if not named or unit["label"] in named))
    elif batch and (units_named(text, batch["units"]) or LETTER_Q.search(text) or ALL_UNITS.search(text)
                    or OWNER_MAIL.search(text)):
        reply, batch = follow_up(text, batch, inventory=inventory, letter_asked=bool(LETTER_Q.search(text)))
    else:
        batch = None
    if batch is not None:
        step = {"node": "renewal", "requester": "manager", "units": [u["label"] for u in batch["units"]],
                "ms": round((time.perf_counter() - started) * 1000, 3)}
        return {"renewal_units": batch, "renewal": None, "renewal_advice": None, "awaiting": None,
                "renewal_context": f"{context} {text}".strip(), "reply": reply, "trace": [step]}
    request = _complete_from_state(latest, state, inventory)
    if context:  # the answer to our question, or a follow-up of the same negotiation
        earlier = (RenewalRequest.model_validate(state["renewal_request"]) if state.get("renewal_request")
                   else _complete_from_state(parse_renewal_request(context, inventory), state, inventory))
        if earlier.current_rent and request.current_rent and not CURRENT_NOW.search(text) \
                and request.current_rent != earlier.current_rent:
            request = request.model_copy(update={"current_rent": None,
                                                 "tenant_counter_rent": request.tenant_counter_rent
                                                 or request.current_rent})
        request = _merge(earlier, request)
        said_rate = said_rate_sf(text) if request.kind == "office" and request.sqft and not latest.rate_sf else None
        if said_rate and TENANT_SAYS.search(text) and not latest.terms:
            # "tenant says $80 flat for 5 years or they walk": the tenant's rate per square foot, as a monthly rent
            counter = round(said_rate * (request.sqft or 0) / 12, 2)
            request = request.model_copy(update={"tenant_counter_rent": counter})
            latest = latest.model_copy(update={"tenant_counter_rent": counter})
        if said_rate and not TENANT_SAYS.search(text):
            # "whats the monthly at 93 vs now", "2 months free at 94": a rate per square foot for this suite
            latest = latest.model_copy(update={"rate_sf": said_rate})
        if latest.rate_sf and earlier.current_rent and request.sqft and not latest.terms:
            # "what's the monthly if we go to 100/sf": a proposal at that rate for this suite
            latest = latest.model_copy(update={"terms": [(latest.term_months or request.term_months or 12,
                                                          round(latest.rate_sf * request.sqft / 12, 2), "$")]})
            request = request.model_copy(update={"terms": latest.terms, "current_rent": earlier.current_rent})
    role = state.get("role")
    if role in ("renter", "manager"):
        request = request.model_copy(update={"requester": "tenant" if role == "renter" else "manager"})
    if request.requester == "manager" and request.current_rent is None and len(request.landlord_offers) == 1:
        # "unit 3B renews next month at 2,650": a manager states what the unit rents for now; the offer is ours
        request = request.model_copy(update={"current_rent": request.landlord_offers[0], "landlord_offers": []})
    history = f"{context} {text}".strip()
    if request.requester == "manager" and request.cap_pct is None and MODEST.search(history):
        # "don't want to lose them, vacancy costs us": no more than the policy's default increase
        request = request.model_copy(update={"cap_pct": load_renewal_policy().default_increase_pct})
    trace: dict[str, Any] = {"node": "renewal", "requester": request.requester}
    out: dict[str, Any] = {"renewal": None, "renewal_advice": None, "renewal_context": history,
                           "renewal_request": request.model_dump(mode="json")}
    came_back = latest.tenant_counter_rent or (latest.current_rent if context else None)
    moved_from = None  # the landlord's earlier offer, when this message brings their new one
    if request.requester == "tenant" and came_back and (LANDLORD_BACK.search(text) or REFUSED_Q.search(text)):
        # "they came back with 2600, final", "they replied 2300", "what if he insists on 2650": the landlord's
        # (new) offer, not the renter's counter
        before = RenewalRequest.model_validate(state["renewal_request"]) if state.get("renewal_request") else None
        moved_from = offered_rent(before) if before is not None else None
        request = request.model_copy(update={
            "landlord_offers": [came_back], "proposed_increase_pct": None,
            "tenant_counter_rent": before.tenant_counter_rent if before else None,
            "current_rent": request.current_rent or (before.current_rent if before else None)})
    rents = [(term, value) for term, value, unit in latest.terms if unit == "$"]
    if request.requester == "tenant" and context and len(rents) >= 2 and request.current_rent:
        # "they came back w 3,375 for 1 yr or 3,325/mo for 2 yrs": the landlord's new options, compared on cost
        current = request.current_rent
        options = [(term, round((rent / current - 1) * 100, 2)) for term, rent in rents]
        best = min(cost_options(current, options), key=lambda o: o.cost_over_24_months_usd)
        # the counter is on the option the advice recommends
        request = request.model_copy(update={
            "options": options, "landlord_offers": [dict(rents)[best.term_months]], "term_months": best.term_months,
            "proposed_increase_pct": None, "tenant_counter_rent": None})
    final = request.requester == "tenant" and FINAL.search(text) is not None
    if request.requester == "tenant":
        # a final offer: the advice accepts it if taken (the decision itself is said first)
        advice = advise(request.model_copy(update={"accept": True}) if final else request, inventory=inventory,
                        policy=_resolve_policy(None))
        if advice is None:
            missing = [m for m, known in (("your current monthly rent", request.current_rent),
                                          ("the rent (or increase) your landlord offered", offered_rent(request)))
                       if not known]
            trace["missing"] = missing
            what = "is it" if len(missing) == 1 else "are they"
            reply = f"To help you negotiate I need {' and '.join(missing)} - what {what}?"
            expected = expected_offer_note(request, inventory=inventory, policy=_resolve_policy(None))
            asked = open_questions(text, request, inventory=inventory, policy=_resolve_policy(None))
            if asked:  # "which term would you pick?", "what does market rate mean?": answered, not asked back
                reply = "\n\n".join(asked)
            elif expected and len(missing) == 1:  # the rent is known, the offer is not: what the market says
                reply = expected
            out.update(reply=reply, awaiting="renewal")
        else:
            trace.update(comps=advice.comps, counter=advice.counter.rent_usd)
            reply = render_advice(advice)
            if moved_from and moved_from > advice.offer_usd:  # "landlord replied: 3175 if we do 24 months"
                term = advice.term_months
                saved = moved_from - advice.offer_usd
                reply = (f"They moved from ${moved_from:,.0f} to ${advice.offer_usd:,.0f}: ${saved:,.0f} "
                         f"a month less, ${saved * term:,.0f} over {term} months "
                         f"(${advice.offer_usd * term:,.0f} in all, against ${moved_from * term:,.0f}). Accepting is "
                         "reasonable; one more small counter, as below, is often accepted after a landlord has moved "
                         "once.\n\n" + reply)
            if REFUSED_Q.search(text):  # "what if they refuse my counter?": the fallback first
                reply = if_refused(advice) + "\n\n" + reply
            fallback = FALLBACK.search(text)
            if fallback and advice.counter.rent_usd < advice.offer_usd:
                # "ill try 3150 and fall back to 3175": the fallback stays out of the message
                reply += (f"\n\nYour fallback of ${float(fallback.group(1).replace(',', '')):,.0f} is left out of the "
                          f"message: saying it up front makes it the price. Offer it only if they turn down "
                          f"${advice.counter.rent_usd:,.0f}.")
            place = " ".join(filter(None, [f"{request.bedrooms}br" if request.bedrooms else None, request.location]))
            if final:  # "2600 for 12 months, final. take it or move?": the decision, and a yes drafted
                reply = (take_or_move(advice, place=place, moving_cost=moving_cost_in(text))
                         + "\n\nIf you take it, an acceptance is drafted below; edit it before you send it.")
            elif TAKE_IT_Q.search(text) and LANDLORD_BACK.search(text):
                # "they replied 2300 for 1 year. take it?": the decision on their new offer, then one more counter
                reply = (take_or_move(advice, place=place, final=False, moving_cost=moving_cost_in(text))
                         + "\n\nOr counter once more, as below: "
                         "they have already moved once, so a second small step is often accepted.\n\n" + reply)
            lang = state.get("lang")
            if STABILIZED.search(text):  # "creo que es de renta estabilizada": the legal cap comes before bargaining
                verdict = phrase("stabilized_over", lang, pct=advice.offer_pct) if advice.offer_pct > 5 else ""
                built, size = BUILT_IN.search(text), UNITS_IN.search(text)
                if built and size and int(built.group(1)) < STABILIZED_BEFORE and int(size.group(1)) >= 6:
                    verdict = phrase("stabilized_likely", lang, year=built.group(1),
                                     units=size.group(1)) + " " + verdict
                reply = phrase("rent_stabilized", lang, verdict=verdict).replace("  ", " ") + "\n\n" + reply
            if lang in ("es", "ar"):  # the figures in the person's language first (a template, not a translation)
                reply = phrase("renewal_advice", lang, offer=advice.offer_usd, pct=advice.offer_pct,
                               current=advice.current_rent_usd, counter=advice.counter.rent_usd,
                               term=advice.counter.term_months) + "\n\n" + reply
            if context and COUNTER_ASKED.search(text) and not latest.terms and not came_back and not final:
                # "what would you counter with?" after the advice: the figure itself, not the advice again
                reply = counter_answer(advice)
            if LETTER_Q.search(text):  # "write the message in English so I can send it": the draft is the answer
                reply = ("Here is the message to your landlord, below (in English); edit it before you send it.\n\n"
                         + reply)
            out.update(reply=reply, renewal_advice=advice.model_dump(mode="json"), awaiting=None)
    else:
        missing = missing_inputs(request, inventory)
        if missing:
            trace["missing"] = missing
            out.update(reply=_question(missing), awaiting="renewal")
        else:
            if latest.terms and (latest.tenant_counter_rent or latest.tenant_counter_pct is not None) \
                    and not BUT_AT.search(text):
                # "tenant countered 4200 for 2 yrs": the tenant's figure, weighed, not the manager's own terms
                request = request.model_copy(update={"terms": []})
                latest = latest.model_copy(update={"terms": []})
            if LETTER_Q.search(text) and latest.proposed_increase_pct is not None and not (
                    latest.terms or latest.options or latest.tenant_counter_rent or latest.tenant_counter_pct):
                # "write the tenant a renewal offer at 5%": the manager's own figure is the offer the letter makes
                terms = [(latest.term_months or DEFAULT_TERM_MONTHS, latest.proposed_increase_pct, "%")]
                latest = latest.model_copy(update={"terms": terms})
                request = request.model_copy(update={"terms": terms})
            analysis = analyze_renewal(request, inventory=inventory)
            own = bool(request.terms) and bool(latest.terms or latest.incentive)
            if own:  # "fine, 3% for 12 mo or 2.5% for 24": the manager's terms are the package
                analysis = with_own_terms(analysis)
            # a tenant's counter we would accept is the package, unless the options are asked for
            # ... and free rent with it is judged on the effective rent (below), never accepted at its face
            conceding = bool(free_offered(text) or latest.credit_usd)
            accepted = accept_counter(analysis) if not own and not OPTIONS_ASKED.search(text) and not conceding \
                else None
            if accepted is not None:  # "tenant countered at 3350 for 2 years. accept?": yes, said, and the package
                analysis = accepted
            trace.update(comps=analysis.comps.ids if analysis.comps else [],
                         target_pct=round(analysis.target_pct, 2), approval=analysis.package.needs_manager_approval)
            reply = render_reply(analysis)
            if own:
                reply = terms_line(analysis) + "\n\n" + reply
            said = [a.replace("_", "/") for a in request.amenities]
            matched = analysis.comps is not None and bool(analysis.comps.ids) and bool(said) and all(
                a in analysis.comps.scope for a in said)
            said = [a.replace("roofdeck", "roof deck") for a in said]
            if context and latest.amenities and matched and analysis.comps is not None:
                # "it's a doorman building with a washer/dryer, does that change it?": the comparables now match
                reply = (f"**Comparables now with {', '.join(said)}:** median {_money(analysis.comps.median)} from "
                         f"{len(analysis.comps.ids)} units.\n\n{reply}")
            elif said and analysis.comps is not None and analysis.comps.ids and not matched:
                reply = (f"Too few comparable units with {', '.join(said)} in the data: the comparables below are "
                         f"similar units without that filter.\n\n{reply}")
            if RELET_Q.search(text) and not latest.terms:  # "how long to fill it?": said, the package not repeated
                reply = relet_answer(analysis)
            vacancy = vacancy_math(text, request, analysis.current_rent)
            if vacancy:  # "they'll leave above 3%, vacancy costs me a month: worth it?": the arithmetic first
                reply = vacancy + "\n\n" + reply
            verdicts = [] if own or conceding else ask_verdicts(analysis, latest)
            if verdicts:  # what was asked about ("what if we go to 4,500?", "she wants the same rent"), answered first
                reply = "\n".join(verdicts) + "\n\n" + reply
            if accepted is not None and not (RELET_Q.search(text) and not latest.terms) \
                    and latest.landlord_pct() is None and not latest.landlord_offers:
                # said when the counter is the question: not over a re-let question or the owner's new figure
                kept = analysis.package.primary
                median = analysis.comps.median if analysis.comps else None
                # the comparables are named as support only when they do support it: a counter well under their
                # median is within the person's policy, and said to be under the market
                market = (f"It is {(1 - kept.rent_usd / median) * 100:.0f}% under the comparables' median "
                          f"{_money(median)}, but within policy" if median and kept.rent_usd < median * 0.99 else
                          "It is at or above what the comparables and the policy support for this unit, and within "
                          "policy")
                reply = (f"**Recommendation: accept the tenant's ${kept.rent_usd:,.0f}/month for {kept.term_months} "
                         f"months.** {market} (no {policy_for(request).approver} approval needed); a longer stay "
                         f"also saves a vacancy."
                         f"\n\n{reply}")
            if TOTAL_Q.search(text) and not latest.terms:  # "monthly and total over the 5 years": the arithmetic
                reply = offer_totals(analysis, text) + "\n\n" + reply
            if APPROVAL_Q.search(text):  # "does accepting 3300 need sign-off?": the answer first
                reasons = primary_approval(analysis)
                offer = f"${analysis.package.primary.rent_usd:,.0f}/month"
                who = policy_for(analysis.request).approver
                reply = (f"**{offer} needs {who} approval:** {'; '.join(reasons)}." if reasons else
                         f"**No {who} approval needed** for {offer}: within policy.") + f"\n\n{reply}"
            conceded = concession_verdict(analysis, latest, text)
            if conceded:  # "what if 2% plus one month free? is that within policy": the effective rent first
                reply = conceded + "\n\n" + reply
            if latest.steps:  # "what about 2 years, 3,750 then 3,900": that offer, judged first
                reply = stepped_verdict(analysis) + "\n\n" + reply
            held = stabilized_unit(history)
            if held:  # the law sets a stabilized unit's rent at renewal, not the market: said, and no market package
                market = (f"\n\nFor the owner's information only: comparable market listings ({analysis.comps.scope}) "
                          f"have a median of {_money(analysis.comps.median)} ({len(analysis.comps.rents)} units)."
                          if analysis.comps and not own else "")
                today = (now() if now else datetime.now()).date()
                reply = (terms_line(analysis) + "\n\n" if own else "") + stabilized_note(
                    request.lease_end, today, own) + market
                if RGB_Q.search(text) and not own:  # "what are the RGB percentages right now"
                    reply = rgb_answer(request.lease_end, today)
            if LETTER_Q.search(text) and request.steps:  # "ok approved. write up the offer letter": the stepped one
                reply = "**Draft letter to the tenant:**\n\n" + stepped_letter(analysis) + "\n\n" + reply
            elif LETTER_Q.search(text) or (own and LETTER_Q.search(context)) or SEND_ASK.search(text):
                # "draft the letter to the tenant", "ok send 3R the 2% with a $300 credit"
                letter = tenant_letter(analysis, state.get("lang"), only=chosen_option(text) or (
                    1 if SEND_ASK.search(text) else None), terms=terms_named(text),
                    by=answer_by(text, state.get("lang")))
                free = free_offered(text)
                if free:  # "ok 2 months free at 94. draft the terms": the free rent is part of the offer
                    letter = with_free_months(letter, free)
                if latest.credit_usd:
                    letter = letter.replace("\n\nPlease let us know", f" We will also credit ${latest.credit_usd:,.0f} "
                                            "once, against your first month's rent under the renewal.\n\nPlease let us "
                                            "know", 1)
                reply += "\n\n**Draft letter to the tenant:**\n\n" + letter
            if state.get("lang") in ("es", "ar") and not held:  # the figures in the person's language first
                reply = package_lead(analysis, state.get("lang")) + "\n\n" + reply
            out.update(reply=reply, renewal=None if held and not own else analysis.package.model_dump(mode="json"),
                       awaiting=None)
    if out.get("reply") and (request.currency or request.yearly):
        out["reply"] = in_currency(out["reply"], request)
    trace["ms"] = round((time.perf_counter() - started) * 1000, 3)
    return {**out, "trace": [trace]}


def package_lead(analysis: Any, lang: str | None) -> str:
    """A manager's renewal package in a line of the person's language (a template, not a translation)."""
    package, current = analysis.package, analysis.current_rent
    comps = analysis.comps
    return phrase(
        "renewal_package", lang, rent=package.primary.rent_usd, term=package.primary.term_months,
        pct=(package.primary.rent_usd / current - 1) * 100 if current else 0.0, current=current or 0.0,
        alternatives=", ".join(phrase("renewal_alternative", lang, rent=o.rent_usd, term=o.term_months)
                               for o in package.alternatives),
        market=phrase("renewal_market", lang, median=comps.median, count=len(comps.ids)) if comps and comps.ids
        else "",
        approval=phrase("renewal_approval" if package.needs_manager_approval else "renewal_within", lang))


def in_currency(reply: str, request: RenewalRequest) -> str:
    """A renewal in pounds, euros or dirhams, or by the year, said so: amounts in its currency, a note that the
    figures are per month (a yearly rent ÷ 12), and that the comparable units (New York rents) do not apply."""
    notes = []
    if request.currency:
        sign = "AED " if request.currency == "AED" else request.currency
        reply = re.sub(r"\$(?=\s?\d)", sign, reply)
        basis = "your policy" if request.requester == "manager" else "the offer and the usual negotiation"
        notes.append(f"Your rents are in {request.currency}; our comparable units are New York rents in dollars, so "
                     f"they do not tell your market: what follows rests on {basis}.")
    else:
        sign = "$"
    if request.yearly and request.current_rent:
        # the letter or message itself states the yearly rents, as the lease does
        start = min([i for i in (reply.find("**Draft letter"), reply.find("[drafted message]")) if i >= 0] or [-1])
        if start >= 0:
            yearly = re.sub(rf"{re.escape(sign)}(\d[\d,]*(?:\.\d+)?) a month\b",
                            lambda m: f"{sign}{float(m.group(1).replace(',', '')) * 12:,.0f} a year", reply[start:])
            reply = reply[:start] + yearly
        notes.append(f"Your rent is stated by the year, so the figures below are per month: {sign}"
                     f"{request.current_rent * 12:,.0f} a year is {sign}{request.current_rent:,.0f} a month (multiply "
                     "any monthly figure by 12 for the year; the drafted text states the yearly rents).")
    return "\n\n".join([*notes, reply])
