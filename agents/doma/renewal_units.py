"""Renewals for several units at once: a manager's "2A 2br $4,000, 3B studio $2,200, 7F 1br $3,050".

Each unit gets the single-unit package (`agents.doma.renewal.analyze_renewal`: comparable units, the policy's
bounds, approval), shown as one table; follow-ups name a unit ("3B only wants 6 months", "what comps for 7F?",
"put 2A and 7F in one email to the owner") and act on that unit alone. Every number comes from the message, the
inventory or the policy.
"""

from __future__ import annotations

import re
from typing import Any

from agents.cues import UNIT_ID
from agents.doma.renewal import RenewalAnalysis, _money, analyze_renewal, load_renewal_policy, policy_for
from agents.doma.renewal_parse import RenewalRequest, neighborhood_in, parse_renewal_request
from agents.textnum import words_to_digits
from agents.via.vocab import LOCATION_ALIASES

# One unit of the list: its label ("2A", "12C", "PH1"), its size and its rent now, in either order
_LABEL = r"(?P<label>\d{1,2}[A-Za-z]|[A-Za-z]{1,2}\d{1,2})"
_BEDS = r"(?P<beds>studio|\d\s*(?:br|bd|bdr|bed(?:room)?s?)|(?:one|two|three|four)[- ]bed(?:room)?s?)"
_RENT = r"\$?\s?(?P<rent>\d{1,2},?\d{3})(?:\s*(?:/\s*mo\w*|a month|per month))?"
# ("4A: astoria 1br, $1,850": a place may stand before the size, a bath count after it)
_PLACE = r"(?:(?P<place>[A-Za-z][A-Za-z.'-]*(?: [A-Za-z][A-Za-z.'-]*){0,2})\s+)?"
# ("4F studio Chelsea $2,400": or after it)
_PLACE_AFTER = r"(?:\s+(?P<place2>[A-Za-z][A-Za-z.'-]*(?: [A-Za-z][A-Za-z.'-]*){0,2}))?"
_UNIT = re.compile(rf"(?:\bunit\s+|#)?\b{_LABEL}\b[\s:,-]*(?:{_PLACE}{_BEDS}(?:\s*/\s*\d(?:\.5)?\s*ba\w*)?"
                   rf"{_PLACE_AFTER}[\s:,@-]*(?:at\s+)?{_RENT}|(?:at\s+)?"
                   rf"{_RENT.replace('rent', 'rent2')}[\s:,(-]*{_BEDS.replace('beds', 'beds2')}|"
                   rf"(?:pays|paying|is paying|is at|at|@|currently)\s+{_RENT.replace('rent', 'rent3')})",
                   re.IGNORECASE)
# "all 1br", "1br each", "they're all studios": one size for every unit listed without its own
_SHARED_BEDS = re.compile(rf"\b(?:all|each|every one|they'?re all)\b[^.;]{{0,12}}?{_BEDS.replace('beds', 'sbeds')}|"
                          rf"{_BEDS.replace('beds', 'sbeds2')}\s+(?:each|all|units)\b", re.IGNORECASE)
_WORD_BEDS = {"one": 1, "two": 2, "three": 3, "four": 4}
# "keep increases modest, we have vacancies": the owner wants tenants kept more than the top of the range
MODEST = re.compile(r"\b(?:modest|small|low|gentle|minimal|moderate)\b.{0,20}\b(?:increase|raise|bump)s?\b|"
                    r"\b(?:increase|raise)s?\b.{0,20}\b(?:modest|small|low|minimal|moderate)\b|\bvacanc\w*|"
                    r"\bretain\w*|\bretention\b|\bavoid turnover\b|\bkeep (?:them|the tenants|our tenants)\b|"
                    r"\b(?:don'?t|do not|never) want to lose\b|\bcan'?t (?:afford to )?lose\b|"
                    r"\b(?:great|good|model|ideal|long[- ]?(?:time|term)) tenants?\b", re.I)
COMPS_Q = re.compile(r"\bcomps?\b|\bcomparab\w*|\bwhich units\b|\bwhat units\b|\bbased on\b", re.I)
SKIP = re.compile(r"\b(?:skip|leave out|without|except|not|hold off on|drop)\s+(?:unit\s+)?(\w+)", re.I)
OWNER_MAIL = re.compile(r"\b(?:email|e-mail|mail|letter|note|memo|message)\b.{0,60}\b(?:owner|landlord|sign-?\s?off|"
                        r"approv\w*|boss)|\b(?:owner|sign-?\s?off|approv\w*)\b.{0,60}\b(?:email|e-mail|letter|memo|"
                        r"message)\b", re.I)
MIN_UNITS = 2
# In a follow-up about a named unit any stated length is its term ("3B only wants 6 months")
_ANY_TERM = re.compile(r"\b(\d{1,2}|six|twelve|eighteen)[- ]?(months?|mos?|years?|yrs?)\b", re.I)
_TERM_WORDS = {"six": 6, "twelve": 12, "eighteen": 18}


def _any_term(text: str) -> int | None:
    match = _ANY_TERM.search(text)
    if not match:
        return None
    number = int(match.group(1)) if match.group(1).isdigit() else _TERM_WORDS[match.group(1).lower()]
    months = number * (12 if match.group(2).lower().startswith("y") else 1)
    return months if 1 <= months <= 60 else None


# a unit named by its place instead of a label: "chelsea 1br doorman @3,900", "uws studio at 2,100"
_PLACE_RENT = re.compile(r"(?:@|\bat\b|\bpays?\b|\bpaying\b|\bfor\b)\s*\$?\s?(\d{1,2},?\d{3})\b(?!\s*(?:sf|sq))", re.I)


# A list marker before a unit ("(A) 1br in Williamsburg", "B) 2br in Astoria"): how follow-ups name it ("for A")
_MARKER = re.compile(r"^\(?([A-Z]|\d)\)\s")
_OFFER_WORDS = re.compile(r"\b(?:offer\w*|raise|increase|renew\w*|landlord|wants?|asks?|counter\w*|new|propos\w*|"
                          r"friend|i|my|me)\b", re.I)


def place_units(text: str) -> list[dict[str, Any]]:
    """The units a message lists by place, size and rent ("chelsea 1br doorman @3,900, bushwick 2br @2,300"):
    [{"label", "bedrooms", "rent", "location", "amenities"}, ...]; [] unless two or more are listed."""
    from data.sources.nyc import load_inventory  # the neighbourhood names; loaded once, cached

    inventory = load_inventory()
    out: list[dict[str, Any]] = []
    for part in re.split(r",(?!\d{3})|;|\band\b|\.\s", text):
        rent = _PLACE_RENT.search(part)
        if rent is None:
            continue
        # what stands after the message's lead-in ("prepping renewal offers for 3 units ...: (A) 1br in Williamsburg")
        label = re.sub(r"^\W*(?:\d+ renewals?[^:]*:)?\s*", "", part[:rent.start()].rsplit(":", 1)[-1]).strip(" :-@")
        marker = _MARKER.match(label)
        said = parse_renewal_request(label, inventory)  # the place and size named before the rent: the unit
        if said.location is None or said.bedrooms is None or _OFFER_WORDS.search(label):
            continue
        out.append({"label": label or said.location.title(), "bedrooms": said.bedrooms,
                    "rent": float(rent.group(1).replace(",", "")), "location": said.location,
                    "amenities": said.amenities, **({"marker": marker.group(1)} if marker else {})})
    return out if len(out) >= MIN_UNITS else []


def parse_units(text: str) -> list[dict[str, Any]]:
    """The units a message lists with their size and rent: [{"label", "bedrooms", "rent"}, ...] (labels unique),
    by label ("2A 2br $4,000") or by place ("chelsea 1br doorman @3,900")."""
    out: list[dict[str, Any]] = []
    shared = _SHARED_BEDS.search(text)
    shared_beds = (shared.group("sbeds") or shared.group("sbeds2") or "").lower() if shared else ""
    for m in _UNIT.finditer(text):
        label = m.group("label").upper()
        beds_text = (m.group("beds") or m.group("beds2") or shared_beds).lower()
        rent = float((m.group("rent") or m.group("rent2") or m.group("rent3") or "0").replace(",", ""))
        if any(u["label"] == label for u in out) or rent < 300:
            continue
        beds: int | None
        if beds_text.startswith("studio"):
            beds = 0
        elif beds_text[:1].isdigit():
            beds = int(beds_text[0])
        else:
            beds = _WORD_BEDS.get(beds_text.split("-")[0].split()[0], 1) if beds_text else None
        unit: dict[str, Any] = {"label": label, "bedrooms": beds, "rent": rent}
        place = _known_place(m.group("place") or "") or _known_place(m.group("place2") or "")
        if place:
            unit["location"] = place
        out.append(unit)
    return out if len(out) >= MIN_UNITS else place_units(text) or id_units(text) or sentence_units(text) or out


# "2C is a 1br in Astoria, 650 sf, paying $2,000, ends Jan 31. 5R is a 2br ...": a unit a sentence, told in words
_SENTENCE_LABEL = re.compile(r"(?:^|(?<=[.;\n]))\s*(?:unit\s+|apt\.?\s+|#)?(\d{1,2}[A-Za-z]|[A-Za-z]\d{1,2})\b"
                             r"(?=\s+(?:is|has|pays|paying|rents|—|-|:|\())", re.I)
_SENTENCE_RENT = re.compile(r"\$\s?(\d{1,2},?\d{3})\b|\b(?:pays|paying|at)\s+\$?(\d{1,2},?\d{3})\b(?!\s*(?:sf|sq))",
                            re.I)
_SENTENCE_BEDS = re.compile(r"\b(\d)\s*(?:br|bd|bed(?:room)?s?)\b|\b(studio)\b", re.I)


def sentence_units(text: str) -> list[dict[str, Any]]:
    """Units told one a sentence, each opening with its label; [] unless there are at least two."""
    starts = list(_SENTENCE_LABEL.finditer(text))
    out: list[dict[str, Any]] = []
    for n, m in enumerate(starts):
        part = text[m.end():starts[n + 1].start() if n + 1 < len(starts) else len(text)]
        rent, beds = _SENTENCE_RENT.search(part), _SENTENCE_BEDS.search(part)
        if rent is None or any(u["label"] == m.group(1).upper() for u in out):
            continue
        unit: dict[str, Any] = {"label": m.group(1).upper(), "rent": float((rent.group(1) or rent.group(2)).replace(
            ",", "")), "bedrooms": (0 if beds.group(2) else int(beds.group(1))) if beds else None}
        place = _known_place(part)
        if place:
            unit["location"] = place
        out.append(unit)
    return out if len(out) >= MIN_UNITS else []


def _known_place(words: str) -> str | None:
    """The neighbourhood a unit's words name ("astoria", "UWS"), or None."""
    if not words.strip():
        return None
    from data.sources.nyc import load_inventory  # the neighbourhood names; loaded once, cached

    return neighborhood_in(words, load_inventory())


# a listing named by its id with the rent paid: "SE-5435 at 3150 and SE-9001 at 2200"
# the rents now are the listings' own ("current rents are what's on the listings", "at the listed rents")
_LISTED_RENTS = re.compile(r"\b(?:rents?|paying)\b.{0,30}\b(?:on|in|from) the listings?\b|"
                           r"\b(?:listed|listing) rents?\b|\brents? as listed\b|\bat (?:their|the) listed\b", re.I)
_ID_RENT = re.compile(r"\b((?:SE|U)-\d{1,6})\b\s*(?:\([^)]{0,40}\)\s*)?(?:@|at|pays?|paying|is at|:|-|for|now)?\s*"
                      r"\$?\s?(\d{1,3}(?:,\d{3})+|\d{3,6})\b(?!\s*(?:sf|sq|%))", re.I)


def id_units(text: str) -> list[dict[str, Any]]:
    """The listings a message names by id with their rent now ("SE-5435 at 3150 and SE-9001 at 2200"), their place
    and size from the inventory: [{"label", "unit_id", "bedrooms", "rent", "location"}, ...]; [] unless two or more."""
    from data.sources.nyc import load_inventory  # the listings; loaded once, cached

    inventory = load_inventory()
    out: list[dict[str, Any]] = []
    said = [(m.group(1).upper(), float(m.group(2).replace(",", ""))) for m in _ID_RENT.finditer(text)]
    if len(said) < MIN_UNITS and _LISTED_RENTS.search(text):
        # "renewals for SE-6403, SE-2143, SE-9730 ... current rents are what's on the listings": the listed rents
        said = [(unit_id, float(row["rent"])) for unit_id in dict.fromkeys(u.upper() for u in UNIT_ID.findall(text))
                if (row := inventory.row(unit_id)) is not None and row.get("rent")]
    for unit_id, rent in said:
        row = inventory.row(unit_id)
        if row is None or rent < 300 or any(u["label"] == unit_id for u in out):
            continue
        beds = row.get("bedrooms")
        out.append({"label": unit_id, "unit_id": unit_id, "rent": rent,
                    "bedrooms": int(beds) if beds is not None and beds == beds else None,
                    "location": str(row.get("neighborhood") or "").lower() or None})
    return out if len(out) >= MIN_UNITS else []


def units_named(text: str, units: list[dict[str, Any]]) -> list[str]:
    """The labels of known units a message names ("for 7F", "2A and 7F", "the uws one" for the unit listed as "uws
    studio"), in the message's order."""
    found = [(m.start(), u["label"]) for u in units
             for m in re.finditer(rf"\b{re.escape(u['label'])}\b", text, re.IGNORECASE)]
    found += [(m.start(), u["label"]) for u in units if u.get("marker")  # "for A" of the unit listed as "(A) ..."
              for m in re.finditer(rf"(?<![\w'(]){re.escape(u['marker'])}(?![\w'])|\({re.escape(u['marker'])}\)",
                                   text)]
    found += [(m.start(), u["label"]) for u in units if u.get("unit_id")  # "9001" for SE-9001
              for m in re.finditer(rf"(?<![\w$,.-]){re.escape(u['unit_id'].split('-')[1])}\b", text)]
    for u in units:
        if u.get("location") and not any(label == u["label"] for _, label in found):
            names = [u["location"], u["label"].split()[0]] + [nick for nick, name in LOCATION_ALIASES.items()
                                                               if name == u["location"]]
            said = [m.start() for n in names for m in re.finditer(rf"\b{re.escape(n)}\b", text, re.IGNORECASE)]
            if said:
                found.append((min(said), u["label"]))
    return list(dict.fromkeys(label for _, label in sorted(found)))


def analyze_units(batch: dict[str, Any], *, inventory: Any) -> list[tuple[dict[str, Any], RenewalAnalysis]]:
    """The single-unit analysis of every unit of a batch {"units", "location", "modest"}."""
    policy = load_renewal_policy()
    out = []
    for unit in batch["units"]:
        cap = policy.default_increase_pct if batch.get("modest") or unit.get("modest") else None
        request = RenewalRequest(current_rent=unit["rent"], bedrooms=unit.get("bedrooms"), unit_id=unit.get("unit_id"),
                                 location=unit.get("location") or batch.get("location"), requester="manager",
                                 unit_label=unit["label"], term_months=unit.get("term"), cap_pct=cap,
                                 amenities=unit.get("amenities") or [])
        out.append((unit, analyze_renewal(request, inventory=inventory)))
    return out


def _pct(rent: float, current: float) -> str:
    return f"{(rent / current - 1) * 100:+.1f}%"


def render_table(rows: list[tuple[dict[str, Any], RenewalAnalysis]], batch: dict[str, Any]) -> str:
    """One line per unit: now, the proposal, the alternatives, the comparables' median, approval."""
    lines = ["| Unit | Now | Proposed | Alternatives | Comparable units | Approval |", "|---|---|---|---|---|---|"]
    for unit, analysis in rows:
        pkg, now = analysis.package, analysis.current_rent
        size = "studio" if unit.get("bedrooms") == 0 else f"{unit['bedrooms']}br" if unit.get("bedrooms") else ""
        size = "" if size and size in unit["label"].lower() else size
        alts = "; ".join(f"{_money(o.rent_usd)} / {o.term_months} mo ({_pct(o.rent_usd, now)})"
                         + (f" + {', '.join(o.incentives)}" if o.incentives else "") for o in pkg.alternatives)
        comps = (f"median {_money(analysis.comps.median)} ({len(analysis.comps.rents)} {analysis.comps.scope})"
                 if analysis.comps else "none found: policy default")
        approval = "needs approval" if pkg.needs_manager_approval else "within policy"
        lines.append(f"| {unit['label']} {size} | {_money(now)} | **{_money(pkg.primary.rent_usd)}** / "
                     f"{pkg.primary.term_months} mo ({_pct(pkg.primary.rent_usd, now)}) | {alts} | {comps} | "
                     f"{approval} |")
    notes = []
    gaps = [(analysis.current_rent / analysis.comps.median - 1, unit["label"], analysis.comps.median)
            for unit, analysis in rows if analysis.comps and analysis.comps.median]
    if len(gaps) >= 2:  # "which is furthest below market?": the rent now against its comparables' median
        gap, label, median = min(gaps)
        each = "; ".join(f"{lab} {abs(g):.0%} {'below' if g < 0 else 'above'} ({_money(m)})"
                         for g, lab, m in sorted(gaps))
        notes.append(f"Furthest below its comparables: **{label}**, {abs(gap):.0%} {'below' if gap < 0 else 'above'} "
                     f"their median {_money(median)} (each against its comparables' median: {each}; the listings are "
                     "about 2016, so today's gap may differ; a rent-stabilized unit is not priced by the market).")
    if batch.get("modest"):
        cap = load_renewal_policy().default_increase_pct
        notes.append(f"Kept modest as you asked: no increase above {cap:g}% (the policy's default increase).")
    where = "each unit's area" if any(u.get("location") for u in batch["units"]) else batch.get("location")
    place = where if where == "each unit's area" else (where or "").title()
    notes.append(f"Comparable units: the same bedrooms{' in ' + place if place else ''}, from the listings "
                 "data. Ask about one unit (\"comps for 7F\", \"3B wants 6 months\") or \"email the owner\".")
    return f"**Renewal proposals for {len(rows)} units**\n\n" + "\n".join(lines) + "\n\n" + " ".join(notes)


SHOWN_COMPS = 8  # comparables listed by name when none are counted ("show me 3 comps"): the rest are summed up
_COMPS_COUNT = re.compile(r"\b(\d{1,2})\s+(?:\w+\s+)?(?:comps|comparables|comparable units|examples|listings)\b", re.I)


def comps_detail(unit: dict[str, Any], analysis: RenewalAnalysis, text: str = "") -> str:
    """The comparable units behind one unit's proposal: the ones asked for ("3 actual comps") or a few, those
    closest in rent to today's, with the median and middle half of all of them."""
    comps = analysis.comps
    if comps is None:
        return (f"For {unit['label']} no comparable units were found, so the policy's default increase was used.")
    asked = _COMPS_COUNT.search(words_to_digits(text))
    n = int(asked.group(1)) if asked else SHOWN_COMPS
    pairs = sorted(zip(comps.ids, comps.rents, strict=False), key=lambda p: abs(p[1] - analysis.current_rent))[:n]
    listed = ", ".join(f"{uid} ({_money(rent)})" for uid, rent in sorted(pairs, key=lambda p: p[1]))
    low, high = comps.iqr
    total = len(comps.rents)
    some = f"{len(pairs)} of the {total} (closest in rent to today's)" if len(pairs) < total else f"all {total}"
    head = (f"For {unit['label']} ({_money(analysis.current_rent)} now) the comparables are {comps.scope}: "
            f"median {_money(comps.median)}, middle half {_money(low)}-{_money(high)}")
    return head + (f"; {some}: {listed}." if listed else ".") + f"\n\n{analysis.package.justification}"


def kept_offer(unit: dict[str, Any], analysis: RenewalAnalysis) -> str:
    """One unit's package re-planned to keep its tenant: the policy's default increase as the cap, its alternatives,
    and what it leaves against the comparables (the cost of a vacancy is why)."""
    pkg, now = analysis.package, analysis.current_rent
    lines = [f"**{unit['label']}, planned to keep the tenant** (capped at the policy's default increase): "
             f"**{_money(pkg.primary.rent_usd)}/mo for {pkg.primary.term_months} months** "
             f"({_pct(pkg.primary.rent_usd, now)})"]
    lines += [f"- or {_money(o.rent_usd)}/mo for {o.term_months} months ({_pct(o.rent_usd, now)})"
              + (f" + {', '.join(o.incentives)}" if o.incentives else "") for o in pkg.alternatives]
    if analysis.comps:
        gap = (analysis.comps.median / now - 1) * 100
        lines.append(f"Its comparables' median is {_money(analysis.comps.median)} ({len(analysis.comps.rents)} "
                     f"{analysis.comps.scope}), {abs(gap):.0f}% {'above' if gap > 0 else 'below'} today's rent: "
                     + ("a small step keeps a good tenant while the rent stays below market; a vacancy costs a month "
                        "or more of rent plus turnover, more than the raise left on the table this year."
                        if gap > 0 else "the rent is already at or above market, so holding it keeps the tenant."))
    lines.append("Needs manager approval." if pkg.needs_manager_approval else "Within policy.")
    return "\n".join(lines)


def owner_email(rows: list[tuple[dict[str, Any], RenewalAnalysis]]) -> str:
    """One email to the owner asking sign-off for the listed units' proposals."""
    labels = ", ".join(u["label"] for u, _ in rows)
    body = [f"Subject: Renewal proposals for sign-off - units {labels}", "", "Hello,", "",
            "Please approve the following lease renewal proposals:", ""]
    for unit, analysis in rows:
        pkg, now = analysis.package, analysis.current_rent
        alts = "; ".join(f"{_money(o.rent_usd)} for {o.term_months} months" for o in pkg.alternatives)
        body.append(f"- Unit {unit['label']}: now {_money(now)}/month; proposed {_money(pkg.primary.rent_usd)}/month "
                    f"for {pkg.primary.term_months} months ({_pct(pkg.primary.rent_usd, now)})"
                    + (f"; alternatives {alts}" if alts else "")
                    + (f"; comparable units median {_money(analysis.comps.median)}" if analysis.comps else "")
                    + (" - needs your approval under our renewal policy" if pkg.needs_manager_approval else ""))
    body += ["", "I will send the offers to the tenants once you confirm.", "", "Thank you,", "Property management"]
    return "\n".join(body)


# the units' tenants as a whole: "send the offers to the 3 tenants", "a letter for each tenant"
TO_TENANTS = re.compile(r"\b(?:to|for) (?:the |all |each |every )?(?:\d |three |two |four )?(?:of the )?tenants?\b|"
                        r"\beach tenant\b", re.I)
# the batch as a whole: "put all 3 in a table", "all of them", "the three units"
ALL_UNITS = re.compile(r"\ball (?:\d|three|two|four|of them|the units|units)\b|\b(?:in|as) a table\b|"
                       r"\bwhich (?:ones|units|of (?:them|these|those|the units))\b|"
                       r"\bthe (?:\d|three|two|four) (?:units|tenants|offers|renewals)\b|"
                       r"\b(?:each|every|per)[- ](?:unit|tenant)\b", re.I)


TO_MARKET = re.compile(r"\bto (?:the )?market\b|\bmarket rate\b|\bup to (?:the )?(?:median|comps?|market)\b", re.I)


def signoff_lines(rows: list[tuple[dict[str, Any], RenewalAnalysis]], line: float) -> str:
    """Which units' proposals, and which moves to market, go over the increase the person may approve alone."""
    out = [f"Against your {line:g}% line (above it needs your sign-off):"]
    capped = []
    for unit, analysis in rows:
        now, proposed = analysis.current_rent, analysis.package.primary.rent_usd
        over = (proposed / now - 1) * 100 > line + 1e-9
        if over:
            capped.append(f"{unit['label']} {_money(now * (1 + line / 100))}")
        said = (f"- {unit['label']}: proposed {_money(proposed)} ({_pct(proposed, now)}) - "
                + ("**over it: needs your sign-off**" if over else "within it"))
        if analysis.comps:
            to_market = (analysis.comps.median / now - 1) * 100
            said += (f"; reaching its comparables' median {_money(analysis.comps.median)} would be "
                     f"{_pct(analysis.comps.median, now)}" + (" (over the line)" if to_market > line else ""))
        out.append(said)
    if capped:
        out.append(f"Held to {line:g}% instead: " + ", ".join(capped) + ".")
    return "\n".join(out)


def follow_up(text: str, batch: dict[str, Any], *, inventory: Any,
              letter_asked: bool) -> tuple[str, dict[str, Any]]:
    """A follow-up about the batch: (reply, the batch as updated). A term for one unit re-plans that unit; a
    comps question lists its comparables; an email request drafts one email for the units named (minus those
    to skip); anything else shows the table again."""
    named = units_named(text, batch["units"])
    term = parse_renewal_request(text, inventory).term_months or _any_term(text)
    keep = bool(named and MODEST.search(text))  # "4F's tenant has been there 9 yrs, I don't want to lose her"
    if (term or keep) and named:
        units = [dict(u, **({"term": term} if term else {}), **({"modest": True} if keep else {}))
                 if u["label"] in named else u for u in batch["units"]]
        batch = {**batch, "units": units}
    rows = analyze_units(batch, inventory=inventory)
    if letter_asked or OWNER_MAIL.search(text):
        skipped = {m.group(1).upper() for m in SKIP.finditer(text)}
        chosen = [(u, a) for u, a in rows if (not named or u["label"] in named) and u["label"] not in skipped]
        left = [u["label"] for u, _ in rows if u["label"] not in {c["label"] for c, _ in chosen}]
        note = f"\n\n(Left out: {', '.join(left)}.)" if left else ""
        return "**Draft email to the owner:**\n\n" + owner_email(chosen) + note, batch
    if named and COMPS_Q.search(text):
        return "\n\n".join(comps_detail(u, a, text) for u, a in rows if u["label"] in named), batch
    if named and TO_MARKET.search(text):  # "if i want to get 9001 to market in one go, what's that in %?"
        lines = []
        for u, a in rows:
            if u["label"] not in named or not a.comps:
                continue
            cap = policy_for(a.request).max_increase_pct
            over = (a.comps.median / a.current_rent - 1) * 100 > cap
            lines.append(f"- {u['label']}: {_money(a.current_rent)} → its comparables' median "
                         f"{_money(a.comps.median)} is **{_pct(a.comps.median, a.current_rent)}** in one go"
                         + (f", over the policy's {cap:g}% cap (needs approval)" if over else ""))
        if lines:
            return "\n".join(["To market:", *lines]) + ("\n\n(The listings are about 2016; a rent-stabilized unit "
                                                        "is not priced by the market.)"), batch
    said = parse_renewal_request(text, inventory)
    line = said.approval_above_pct if said.approval_above_pct is not None else said.cap_pct
    if line is not None and not named:  # "our policy caps increases at 7% without my sign-off. which ones need it?"
        return signoff_lines(rows, line), batch
    if keep:
        return "\n\n".join(kept_offer(u, a) for u, a in rows if u["label"] in named), batch
    if term and named:
        focus = [(u, a) for u, a in rows if u["label"] in named]
        lines = [f"Updated {', '.join(named)} for a {term}-month term:"]
        for unit, analysis in focus:
            pkg, now = analysis.package, analysis.current_rent
            lines.append(f"- {unit['label']}: **{_money(pkg.primary.rent_usd)}/mo for {pkg.primary.term_months} "
                         f"months** ({_pct(pkg.primary.rent_usd, now)})"
                         + (" - needs approval" if pkg.needs_manager_approval else " - within policy"))
        if any(a.package.primary.term_months != term for _, a in focus):
            lines.append(f"(The policy has no {term}-month offer; the nearest term is shown.)")
        return "\n".join(lines) + "\n\n" + render_table(rows, batch), batch
    return render_table(rows, batch), batch
