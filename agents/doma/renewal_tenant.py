"""Renewal advice for a renter: the landlord's offer read apart from the current rent, the market evidence from
comparable units, a counter at or below the offer with its reasoning, options costed, and a drafted message.

The manager's side (a policy-bound package) is `agents.doma.renewal`; this is the other side of the same table.
Every number comes from the message, the inventory or a stated rule, never from a model.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from agents.doma.renewal import RenewalPolicy, _money, find_comps, subject_of
from agents.doma.renewal_parse import RenewalRequest
from contracts.doma import Offer, OptionCost, RenewalAdvice

ROUND_TO = 25  # counters in round figures read as considered, not computed
HORIZON_MONTHS = 24


def _a(number: int) -> str:
    """The article before a number said aloud: "an 18-month", "an 8-month", "a 12-month"."""
    return "an" if str(number).startswith("8") or number in (11, 18) else "a"


def _round(value: float) -> float:
    return round(value / ROUND_TO) * ROUND_TO


def offered_rent(request: RenewalRequest) -> float | None:
    """The landlord's offer in dollars: stated, or the current rent raised by the stated increase."""
    if request.landlord_offers:
        return max(request.landlord_offers)
    if request.current_rent and request.proposed_increase_pct is not None:
        return request.current_rent * (1 + request.proposed_increase_pct / 100)
    if request.current_rent and request.options:
        return request.current_rent * (1 + min(pct for _, pct in request.options) / 100)
    return None


def cost_options(current: float, options: list[tuple[int, float]]) -> list[OptionCost]:
    """Each (term, increase %) option: its rent, its cost over its term and over 24 months (a shorter option is
    assumed renewed at the same increase, compounding; that assumption is said in the reasoning)."""
    out = []
    for term, pct in options:
        rent = current * (1 + pct / 100)
        total, months, monthly = 0.0, 0, rent
        while months < HORIZON_MONTHS:
            span = min(term, HORIZON_MONTHS - months)
            total += monthly * span
            months += span
            monthly *= 1 + pct / 100
        out.append(OptionCost(term_months=term, increase_pct=pct, rent_usd=round(rent, 2),
                              cost_over_term_usd=round(rent * term, 2), cost_over_24_months_usd=round(total, 2)))
    return out


def advise(request: RenewalRequest, *, inventory: Any, policy: RenewalPolicy,
           contact_email: str = "") -> RenewalAdvice | None:
    """The advice for a renter, or None when the current rent or the offer is unknown (then ask for it)."""
    current, offer = request.current_rent, offered_rent(request)
    if not current or not offer:
        return None
    term = request.term_months or policy.default_term_months
    if len(request.options) >= 2 and not request.term_months:
        # Two offered options: weigh them on cost over the same horizon; the cheaper one is the offer to answer.
        best_option = min(cost_options(current, request.options), key=lambda o: o.cost_over_24_months_usd)
        offer, term = best_option.rent_usd, best_option.term_months
    comps = find_comps(subject_of(request, inventory), inventory, policy)
    market = comps.median if comps else None
    pct = (offer / current - 1) * 100
    reasoning = [f"The offer is {_money(offer)}/month, {pct:+.1f}% on your current {_money(current)}."]
    if offer <= current:
        counter = offer
        reasoning.append("It does not raise your rent: accepting it costs you nothing more.")
    elif market is not None and market <= current:
        # the comparables rent for less than the tenant pays already: the listings (about 2016) trail today's
        # rents, so they argue for a small increase, not for none
        counter = min(offer, _round(current * (1 + policy.default_increase_pct / 100)))
        reasoning.append(f"{len(comps.ids) if comps else 0} comparable units ({comps.scope if comps else ''}) rent "
                         f"for a median {_money(market)}, below what you pay now: our listings are older (about "
                         "2016) than today's market, so they show the offer is steep but not what the unit would "
                         f"rent for now. A counter near a typical {policy.default_increase_pct:g}% increase is a "
                         "reasonable opening.")
    elif market is not None and market < offer:
        counter = max(current, min(offer, _round(market)))
        reasoning.append(f"{len(comps.ids) if comps else 0} comparable units ({comps.scope if comps else ''}) rent "
                         f"for a median {_money(market)}: the offer is above the market, so counter at the market.")
    else:
        counter = _round(current + (offer - current) / 2)
        reasoning.append(
            (f"Comparable units ({comps.scope}) rent for a median {_money(market)}, at or above the offer: the "
             "offer is fair, so ask for part of the increase rather than none of it." if comps and market else
             "No comparable units in our data tell the market rate, so the usual opening is to ask to split the "
             "increase.") + " A counter at half the increase is a common first step.")
    chosen = _chosen_option(request, current)
    if request.accept:
        if chosen is not None:
            offer, term, pct = chosen[0], chosen[1], (chosen[0] / current - 1) * 100
            reasoning[0] = f"The offer is {_money(offer)}/month, {pct:+.1f}% on your current {_money(current)}."
        counter = offer
        reasoning.append(f"You want to accept: the message says yes to {_money(offer)} a month for {term} months.")
    elif request.tenant_counter_pct is not None and not request.tenant_counter_rent \
            and current * (1 + request.tenant_counter_pct / 100) <= offer + 0.5:
        # "what if I ask for 18 months at 3%": the renter's own figure, as a rent
        request = request.model_copy(update={"tenant_counter_rent": float(round(current * (
            1 + request.tenant_counter_pct / 100)))})
        counter = request.tenant_counter_rent or counter
        reasoning.append(f"Your own counter of {_money(counter)} ({request.tenant_counter_pct:+g}%) is used.")
    elif request.tenant_counter_rent and request.tenant_counter_rent <= offer:
        counter = request.tenant_counter_rent
        reasoning.append(f"Your own counter of {_money(counter)} is used "
                         f"({(counter / current - 1) * 100:+.1f}% on today's rent)."
                         + (" It asks for less than you pay now: expect pushback, and a longer term helps it."
                            if counter < current else ""))
    if not request.tenant_counter_rent:
        counter = min(max(counter, current), offer)  # never above the offer, never below today's rent
    if term >= policy.long_term_months and counter < offer:
        if not request.tenant_counter_rent and not request.accept:
            # the longer stay bought with a lower increase: the counter asks for it
            counter = max(current, _round(counter - current * policy.long_term_discount_pct / 100))
        reasoning.append(f"For {_a(term)} {term}-month term, landlords often accept about "
                         f"{policy.long_term_discount_pct:g} points less increase (a longer stay saves them a "
                         f"vacancy): the counter asks {(counter / current - 1) * 100:+.1f}% for it.")
    elif counter < offer:
        reasoning.append(f"Offering to sign for {policy.long_term_months} months strengthens the counter: a longer "
                         "stay saves the landlord a vacancy.")
    options = cost_options(current, request.options)
    if len(options) >= 2:
        best = min(options, key=lambda o: o.cost_over_24_months_usd)
        reasoning.append(
            f"Over {HORIZON_MONTHS} months the {best.term_months}-month option at {best.increase_pct:g}% costs "
            f"{_money(best.cost_over_24_months_usd)}, the least of the options (a shorter option assumed renewed at "
            "the same increase).")
    # comparables below today's rent are the old listings trailing the market: no argument to put to a landlord
    cited = market if market is not None and market > current else None
    draft = draft_message(current=current, offer=offer, counter=counter, term=term, market=cited, request=request)
    subject = "Lease renewal"
    mailto = f"mailto:{quote(contact_email, safe='@')}?subject={quote(subject, safe='')}&body={quote(draft, safe='')}"
    return RenewalAdvice(current_rent_usd=current, offer_usd=round(offer, 2), offer_pct=round(pct, 2),
                         term_months=term, market_median_usd=market, comps=comps.ids if comps else [],
                         counter=Offer(rent_usd=counter, term_months=term), options=options, reasoning=reasoning,
                         draft_message=draft, mailto=mailto)


def _chosen_option(request: RenewalRequest, current: float) -> tuple[float, int] | None:
    """The offered option the tenant picks ("accepting the 2 year one"): (rent, term), else None."""
    if not request.options or not request.term_months:
        return None
    for term, pct in request.options:
        if term == request.term_months:
            return round(current * (1 + pct / 100), 2), term
    return None


def draft_message(*, current: float, offer: float, counter: float, term: int, market: float | None,
                  request: RenewalRequest | None = None) -> str:
    """A short, polite message to the landlord proposing the counter or accepting (the tenant edits and sends it),
    with what the tenant said about themselves (years there, rent on time) and anything else they want to ask."""
    request = request or RenewalRequest()
    evidence = (f" Comparable apartments nearby rent for about {_money(market)} a month." if market is not None
                and market < offer and counter < offer else "")  # no argument in an acceptance
    record = []
    if request.tenure_years:
        record.append(f"I have lived here for {request.tenure_years} years")
    if request.on_time:
        record.append("always paid my rent on time")
    history = (" " + " and ".join(record) + ".") if record else ""
    if counter >= offer:
        ask = f"I am happy to renew at {_money(offer)} a month for {term} months."
    else:
        ask = (f"Would you consider {_money(counter)} a month for {_a(term)} {term}-month renewal? I would also be "
               "glad to discuss a longer term.")
    extra = f" Could you also {request.extra_ask}?" if request.extra_ask else ""
    greeting = f"Dear {request.landlord_name}," if request.landlord_name else "Hello,"
    if request.short:
        short_ask = (f"I'd like to renew at {_money(offer)} for {term} months." if counter >= offer else
                     f"Could we do {_money(counter)} a month for {term} months?")
        hi = f"Hi {request.landlord_name}," if request.landlord_name else "Hi,"
        return f"{hi}\n\nThanks for the renewal offer.{history} {short_ask}{extra}\n\nThanks!"
    return (f"{greeting}\n\nThank you for the renewal offer of {_money(offer)} a month (my current rent is "
            f"{_money(current)}). I would like to stay.{history}{evidence} {ask}{extra}\n\nBest regards,")



def render_advice(advice: RenewalAdvice) -> str:
    """The chat answer for a renter (markdown)."""
    lines = []
    if len(advice.options) >= 2:
        best = min(advice.options, key=lambda o: o.cost_over_24_months_usd)
        lines += [f"**Pick the {best.term_months}-month option** ({best.increase_pct:g}%, "
                  f"{_money(best.rent_usd)}/month): it costs the least over {HORIZON_MONTHS} months.", ""]
    head = "Accept" if advice.counter.rent_usd >= advice.offer_usd else "Suggested counter"
    lines += [f"**{head}:** {_money(advice.counter.rent_usd)}/month for {advice.counter.term_months} "
              f"months (the offer: {_money(advice.offer_usd)}, {advice.offer_pct:+.1f}%).", ""]
    lines += [f"- {reason}" for reason in advice.reasoning]
    if advice.options:
        lines += ["", "| option | rent | over its term | over 24 months |", "|---|---|---|---|"]
        lines += [f"| {o.term_months} months at {o.increase_pct:g}% | {_money(o.rent_usd)} | "
                  f"{_money(o.cost_over_term_usd)} | {_money(o.cost_over_24_months_usd)} |" for o in advice.options]
    lines += ["", "A message to your landlord is drafted below; edit it before you send it."]
    return "\n".join(lines)


# The landlord's answer to the renter's counter: "they came back with 2600, final"
LANDLORD_BACK = re.compile(r"\b(?:they|landlord|management|the office|he|she|owner|agent)\s+(?:(?:came|come|got|get|"
                           r"went|wrote|write)\s+back\b|replied|responded|answered|said|offered|countered)\b|"
                           r"\bcountered\b|\bcontraofert\w*|\bme contest(?:ó|o|aron)\b", re.I)
FINAL = re.compile(r"\bfinal\b|\btake it or leave it\b|(?<!\bif they )(?<!\bif he )(?<!\bif she )"
                   r"\bwon'?t (?:go|budge|move)\b|\blast offer\b|"
                   r"\bbest (?:and final|offer)\b|\b[uú]ltima oferta\b|\btake it or move\b", re.I)
MOVERS_USD = 1500  # movers and time off for a one-bedroom move: a stated assumption, said in the answer
PAYBACK_MONTHS = 12
# "moving would cost me about $2,500", "a move is ~2k": the renter's own figure replaces the assumptions
MOVING_COST = re.compile(r"\b(?:moving|a move|the move|to move)\b[^.?!$\d]{0,30}?\b(?:costs?|run|be|is|around|about)\b"
                         r"[^.?!$\d]{0,12}\$?\s?(\d{1,2},\d{3}|\d{3,5}|\d{1,2}(?:\.\d)?k)\b", re.I)


def moving_cost_in(text: str) -> float | None:
    """What the renter says a move would cost them, USD; None when not said."""
    said = MOVING_COST.search(text)
    if not said:
        return None
    raw = said.group(1).lower().replace(",", "")
    return float(raw[:-1]) * 1000 if raw.endswith("k") else float(raw)


# "they replied 2300 for 1 year. take it?": whether to accept the offer on the table
TAKE_IT_Q = re.compile(r"\btake it\b|\bshould (?:i|we) (?:take|accept|sign)\b|\baccept (?:it|that|this)\b|"
                       r"\bworth (?:taking|accepting)\b|\b(?:lo )?acepto\b", re.I)


def take_or_move(advice: RenewalAdvice, *, place: str = "", final: bool = True,
                 moving_cost: float | None = None) -> str:
    """Accept the offer on the table, or move if a comparable unit at the market median repays the move within a
    year (moving cost: what the renter said, else a month's rent in fees and deposit gaps plus movers, both
    assumptions said in the answer)."""
    offer, current, market = advice.offer_usd, advice.current_rent_usd, advice.market_median_usd
    rise = offer - current
    head = (f"Their {'final ' if final else ''}offer is {_money(offer)}/month, {_money(abs(rise))} a month "
            f"{'more' if rise >= 0 else 'less'} ({_money(abs(rise) * 12)} a year) than today's {_money(current)}.")
    if market is None or market >= offer - ROUND_TO:
        return (f"**Take it.** {head} Comparable units rent for about "
                f"{_money(market) if market else 'no less in our data'}, so moving would not save rent, and a move "
                "costs a deposit, movers and time on top.")
    saving = offer - market
    cost = moving_cost or market + MOVERS_USD
    basis = ("your own estimate" if moving_cost else
             f"a month's rent in fees and deposit gaps plus {_money(MOVERS_USD)} for movers, assumptions")
    months = cost / saving
    if months > PAYBACK_MONTHS:
        return (f"**Take it.** {head} A comparable unit at the median {_money(market)} would save {_money(saving)} a "
                f"month, but a move (about {_money(cost)}: {basis}) takes {months:.0f} months to repay.")
    search = f" Ask me for '{place} under {_money(market + saving / 2)}' to see them." if place else ""
    return (f"**Moving can pay, if you find a comparable unit.** {head} Comparable units rent for a median "
            f"{_money(market)}: {_money(saving)} a month less, so a move (about {_money(cost)}: {basis}) is repaid "
            f"in about {months:.0f} months.{search} If you would rather not move, take it: the offer stands until its "
            "deadline, so reply before it.")


# What a renter asks before the landlord has named a rent (answered from the market, never from a model)
MARKET_RATE_Q = re.compile(r"\b(?:prevailing|market) (?:rate|rent)\b|\bat market\b|\bprecio de mercado\b|"
                           r"سعر السوق", re.I)
TERM_Q = re.compile(r"\bwhich (?:term|option|one|length)\b|\b(?:12|24|one|two|1|2)[- ](?:months?|years?|yr) or "
                    r"(?:12|24|one|two|1|2)[- ]?(?:months?|years?|yr)?\b|\bshould i (?:sign|go|take|pick|choose)\b|"
                    r"\b(?:what|which) would you (?:pick|choose|take|do)\b|\bqu[eé] plazo\b|\bcu[aá]l (?:elijo|"
                    r"escojo)\b", re.I)
REFUSED_Q = re.compile(r"\bwhat if (?:they|the landlord|he|she|my landlord|management) (?:refuses?|rejects?|"
                       r"says? no|declines?|insists?|won'?t|will not|don'?t accept|doesn'?t accept|do not accept|"
                       r"does not accept|turns? (?:it|me) down)|"
                       r"\b(?:y )?si (?:no )?(?:lo )?(?:rechaza|acepta)n?\b", re.I)
MONTH_TO_MONTH_Q = re.compile(r"\bmonth[- ]to[- ]month\b|\bmes a mes\b|\bshorter (?:term|lease)\b|"
                              r"\b(?:6|six)[- ]month (?:term|lease|renewal|extension)\b", re.I)


def market_position(request: RenewalRequest, *, inventory: Any, policy: RenewalPolicy) -> tuple[Any, float] | None:
    """The comparables of the renter's unit and how their median sits against the current rent (%)."""
    current = request.current_rent
    comps = find_comps(subject_of(request, inventory), inventory, policy) if current else None
    if not current or comps is None:
        return None
    return comps, (comps.median / current - 1) * 100


def if_refused(advice: RenewalAdvice) -> str:
    """What a renter can do when the landlord turns the counter down (the figures of the advice)."""
    middle = _round((advice.counter.rent_usd + advice.offer_usd) / 2)
    return (f"If they refuse {_money(advice.counter.rent_usd)}: (1) meet them in the middle, about {_money(middle)}"
            f"; (2) ask for a longer term at a lower rent, or for something else instead of a lower rent (a repair, "
            f"a free month); (3) weigh the offer of {_money(advice.offer_usd)} against the cost of moving (a deposit, "
            "a broker's fee, movers, time off) before you say no. I cannot make them accept: a counter is a request, "
            "and the offer stands until its deadline, so reply before it.")


def open_questions(text: str, request: RenewalRequest, *, inventory: Any, policy: RenewalPolicy) -> list[str]:
    """Answers to what a renter asks before there is an offer to weigh: what "market rate" means, which term to
    pick, whether month to month is possible (each only when asked)."""
    out = []
    position = market_position(request, inventory=inventory, policy=policy)
    if MARKET_RATE_Q.search(text):
        out.append("\"Renewal at prevailing market rate\" means your landlord has not named a figure yet: they will "
                   "set the new rent at what they judge the market to be for your unit. You do not have to accept "
                   "the first number: ask for the rent for each term in writing before the response deadline, and "
                   "compare it with what similar units rent for." + ("" if request.current_rent else
                   " Tell me your current rent and the unit (bedrooms, neighbourhood) and I will show you what "
                   "comparable units rent for."))
    if TERM_Q.search(text) and not MONTH_TO_MONTH_Q.search(text):
        if position is None:
            out.append("Which term depends on the two figures: tell me the rent for each and I will compare their "
                       "cost over two years.")
        else:
            comps, pct = position
            if pct < -2:
                out.append(f"I would pick **12 months**: comparable units ({comps.scope}) rent for a median "
                           f"{_money(comps.median)}, {pct:+.1f}% on your {_money(request.current_rent or 0)}, so the "
                           "market is below what you pay. A shorter term keeps you free to renegotiate or move next "
                           "year; a 24-month term would lock in a rent above the market.")
            elif pct > 2:
                out.append(f"I would pick **24 months** if its increase is not higher than the 12-month one: "
                           f"comparable units ({comps.scope}) rent for a median {_money(comps.median)}, {pct:+.1f}% "
                           f"on your {_money(request.current_rent or 0)}, so rents around you are higher and a longer "
                           "term locks in your level for two years.")
            else:
                out.append(f"Either term is reasonable: comparable units ({comps.scope}) rent for a median "
                           f"{_money(comps.median)}, about what you pay. Take 24 months if its rent is the same as "
                           "the 12-month one (two years of certainty), 12 months if it costs more.")
        out[-1] += " Once the landlord names both figures, tell me and I will compare their total cost."
    if MONTH_TO_MONTH_Q.search(text):
        out.append("Whether you can go month to month (or take a shorter term) depends on your lease and on local "
                   "law: many leases turn month to month when they end without a renewal, often at a higher rent, "
                   "and a landlord may refuse it. I cannot confirm it without your lease: upload it and ask \"what "
                   "happens when the lease ends?\". You can also put it in your reply as an alternative: a 6-month "
                   "term, or month to month at the 12-month rent.")
    return out


def expected_offer_note(request: RenewalRequest, *, inventory: Any, policy: RenewalPolicy) -> str | None:
    """No rent named yet ("renewal at prevailing market rate"): what comparable units rent for, so the renter knows
    what to expect and what to ask; None without a current rent or comparables."""
    current = request.current_rent
    comps = find_comps(subject_of(request, inventory), inventory, policy) if current else None
    if not current or comps is None:
        return None
    low, high = comps.iqr
    pct = (comps.median / current - 1) * 100
    reading = ("they rent for less than you pay now, so you have grounds to ask for no increase, or a lower rent"
               if pct < -5 else "an offer near that is the market; well above it is worth countering")
    return (f"Your landlord has not named a rent yet. Comparable units ({comps.scope}) rent for a median "
            f"{_money(comps.median)} (middle half {_money(low)}-{_money(high)}), {pct:+.1f}% on your "
            f"{_money(current)}: {reading}. Ask for the 12- and 24-month figures in writing before the deadline, "
            f"then tell me the numbers and I will weigh them and draft your reply.")

