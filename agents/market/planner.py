"""The deterministic planner: a question and the router's tool ranking -> the tool calls with their arguments.

Places are resolved through the tables' names (English and Arabic); years, bedrooms, property type and a budget are
read from the text. A question missing what its tool needs (no budget for a budget search) gets one question back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from agents.market.places import Match, mentions, search
from data.sources.abu_dhabi import load_market
from retrieval.arabic import normalize

GEO = ("search_geospatial_metadata", "get_districts", "get_communities")
DISTRICT_TOOLS = ("get_transaction_count", "get_total_sales_value", "get_current_supply")
MAX_SERIES = 8

YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
YEAR_RANGE = re.compile(r"\b((?:19|20)\d{2})\s*(?:-|–|to|until|till|through|and|الى|إلى|حتى|لين|لغاية|و)\s*"
                        r"((?:19|20)\d{2})\b", re.I)
WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "single": 1}
BEDS_EN = re.compile(r"\b(\d|one|two|three|four|five|six|single)\s*[- ]?\s*(?:br|bd|bdr|bed|beds|bedroom|bedrooms|"
                     r"bhk|b/r|room|rooms)\b", re.I)
BEDS_AR = (  # normalized spelling (retrieval.arabic.normalize)
    (re.compile(r"استوديو|ستوديو|استديو"), "studio"),
    (re.compile(r"غرفتين|غرفتان|(?<!\d)2\s*غرف"), "2 beds"),
    (re.compile(r"(?:ثلاث|ثلاثه|3)\s*غرف"), "3 beds"),
    (re.compile(r"(?:اربع|اربعه|4)\s*غرف"), "4 beds"),
    (re.compile(r"(?:خمس|خمسه|5)\s*غرف"), "5 beds"),
    (re.compile(r"غرفه(?: نوم)?(?: واحده)?|غرفه وصاله"), "1 bed"),
)
TYPOLOGY = (
    (re.compile(r"\b(?:villas?|townhouses?|town houses?)\b|فيلا|فلل|فيلات|تاون ?هاوس", re.I), "Villa / Townhouse"),
    (re.compile(r"\b(?:apartments?|apts?|flats?|duplex(?:es)?)\b|شقه|شقق", re.I), "Apartment / Duplex"),
    (re.compile(r"\boffices?\b|مكتب|مكاتب", re.I), "Office"),
    (re.compile(r"\b(?:retail|shops?)\b|محل|محلات|تجزئه", re.I), "Retail"),
    (re.compile(r"\b(?:plots?|land)\b|ارض|اراضي", re.I), "Plot"),
)
MONEY = re.compile(r"(?:aed|dhs?|dirhams?)?\s*(\d[\d,]*(?:\.\d+)?)\s*(k|m|million|thousand|الف|ألف|مليون)?\s*"
                   r"(?:aed|dhs?|dirhams?|درهم)?", re.I)
MONTHLY = re.compile(r"\b(?:per|a|/|each)\s*month\b|\bmonthly\b|/mo\b|شهري|بالشهر|في الشهر|شهريا", re.I)
AFFORD = re.compile(r"\b(?:afford|budget)\b|ميزاني|أقدر|اقدر", re.I)  # a budget search without its number: ask it
BUDGET_CUE = re.compile(r"\b(?:aed|dhs?|dirhams?|budget|afford|under|below|less than|max(?:imum)?|up to|within|"
                        r"thousand)\b|درهم|ميزاني|اقل من|حدود|لا يتجاوز|الف|\d\s*k\b", re.I)


# A place named by its kind ("Saadiyat Island", "جزيرة السعديات"): checked against the tables' names.
NAMED_PLACE = re.compile(r"\b((?:[A-Za-z][\w'-]*\s){0,2}[A-Za-z][\w'-]*)\s+(?:[Ii]sland|[Dd]istrict|[Cc]ommunity)\b|"
                         r"(?<!أي )(?<!اي )(?<!أية )(?<!كل )(?:جزيرة|جزيره)\s+(?!عند|لدي|فيها|هي\b|التي|اللي)"
                         r"(\S+(?:\s\S+)?)")  # "أي جزيرة عندها...": which island, not a place named
# "which island / district has the most...", "أي جزيرة عندها أكبر": every district the tables hold, compared
WHICH_PLACE = re.compile(r"\bwhich (?:island|district|area|place|one of the (?:islands|districts))\b|"
                         r"(?:أي|اي|أية)\s+(?:جزيرة|جزيره|منطقة)", re.I)
LEAD_WORDS = {"in", "on", "at", "for", "of", "the", "about", "and", "vs", "versus", "between", "a", "an", "which",
              "what", "each", "every", "this", "that", "per", "by", "same", "whole"}
# Two asks joined in one message ("how many units on Reem, and the rents?"): each topic's tool is called.
JOINED = re.compile(r"\band\b|\bplus\b|\bvs\.?\b|(?:^|\s)و(?:ال|كم|ما|شو|ايش|متوسط)", re.I)
# Which place costs more: a price per square metre, not the value of all its transactions
PRICIER = re.compile(r"\b(?:more expensive|pricier|costlier|cheaper|less expensive|dearer)\b|"
                     r"\b(?:most|least) expensive\b|اغلى|أغلى|ارخص|أرخص", re.I)
# A ranking of projects ("which projects had the most sales", "top 5 buildings by rent revenue", "أكثر المشاريع")
PROJECT_RANK = re.compile(
    r"\b(?:top|best|biggest|largest|most|highest|lowest|cheapest|priciest|leading|busiest|rank\w*|"
    r"fewest|least)\b[^.?!]{0,50}\b(?:projects?|buildings?|developments?|towers?|compounds?)\b|"
    r"\b(?:projects?|buildings?|developments?|towers?)\b[^.?!]{0,50}\b(?:most|highest|lowest|top|best|biggest|"
    r"largest|cheapest|priciest|busiest|ranked|ranking|fewest|least)\b|"
    r"(?:اكثر|اعلى|افضل|ارخص|اغلى|اقل|اكبر|رتب|ترتيب)[^.؟?!]{0,30}(?:المشاريع|مشروع|مشاريع|الابراج|المباني)|"
    r"(?:المشاريع|مشاريع|مشروع|المشروع)[^.؟?!]{0,30}(?:ال)?(?:اكثر|اعلى|ارخص|اغلى|اقل|اكبر)", re.I)
# Whether a project is built ("is it ready", "off-plan?", "when is it completed", "هل هو جاهز") (normalized Arabic)
READY_Q = re.compile(r"\b(?:ready|completed?|completion|finished|built|handover|handed over|off[- ]?plan|under "
                     r"construction|status)\b|جاهز|مكتمل|اكتمال|قيد الانشاء|على الخارطه|تسليم|الانجاز", re.I)
LOWEST = re.compile(r"\b(?:lowest|cheapest|least|fewest|smallest|most affordable)\b|ارخص|الارخص|اقل|الاقل", re.I)
# rank_projects' metric from the question's words, first match wins (normalized Arabic)
PROJECT_METRIC_WORDS = (
    (re.compile(r"\brent(?:al)? (?:revenue|income|value)\b|\brevenue\b|ايرادات|عائد", re.I), "rent_revenue"),
    (re.compile(r"\b(?:rent(?:al)? contracts?|leases? (?:signed|registered)|tenanc(?:y|ies))\b|عقود", re.I),
     "rent_contracts"),
    (re.compile(r"\b(?:sq\.? ?m|sqm|square met(?:re|er)s?|per met(?:re|er)|sale rates?|per square)\b|المتر", re.I),
     "price_per_sqm"),
    (re.compile(r"\b(?:supply|units|stock|inventory)\b|المعروض|وحدات", re.I), "supply"),
    (re.compile(r"\b(?:rents?|rental|to rent|renting)\b|ايجار", re.I), "avg_rent"),
    (re.compile(r"\b(?:expensive|priciest|pricier|cheapest|cheaper|affordable)\b|اغلى|ارخص", re.I), "price_per_sqm"),
    (re.compile(r"\b(?:value|worth|aed|dirhams?|money|turnover)\b|قيمه", re.I), "sales_value"),
    (re.compile(r"\b(?:sales|sold|selling|best[- ]selling)\b|مبيعا|مبيعات|صفقات بيع|بيع", re.I), "sales"),
)
TOP_N = re.compile(r"\btop\s*(\d{1,2})\b|\b(\d{1,2})\s+(?:projects|buildings|developments)\b", re.I)
# A trend or the future asked for without years: every year of the table (the future ones for supply)
TREND = re.compile(r"\b(?:trends?|trending|trended|over (?:the|recent) years|over time|history|historical|"
                   r"year (?:by|on|over) year|evolution|evolved|changed over|since 20\d\d|"
                   r"growth|grown|grew|(?:last|past|recent) (?:few|couple(?: of)?|two|three|four|\d) (?:yrs|years))\b|"
                   r"اتجاه|تطور|على مر السنين",
                   re.I)
FUTURE = re.compile(r"\b(?:coming|upcoming|pipeline|future|projected|projections?|next (?:few )?years|in the works|"
                    r"under construction|will be (?:added|delivered|built))\b|قادم|القادمة|مستقبل|المتوقع", re.I)
# rents of new contracts or of renewals ("new vs renewal rents", "what do renewals go for")
NEW_LEASES = re.compile(r"\bnew (?:leases?|contracts?|tenanc\w+|lettings?|rents?)\b|"
                        r"\bnew\s*(?:vs\.?|versus|and|or|/)\s*renew|\bعقود جديدة|\bالجديدة\b", re.I)
RENEWALS = re.compile(r"\brenewals?\b|\brenewed\b|\brenewing\b|تجديد|المجددة", re.I)
TREND_TABLES = {"compare_rental_prices": "rental_index_district", "get_current_supply": "supply_district",
                "get_transaction_count": "transactions_district", "get_total_sales_value": "transactions_district",
                "get_sale_price_per_sqm": "sale_rates_district"}
TOPICS = {  # the words of each tool category, in both languages (normalized Arabic)
    "supply": re.compile(r"\b(?:supply|units|stock|inventory|oversuppl\w*)\b|المعروض|معروض|وحدات|وحده", re.I),
    "rent": re.compile(r"\b(?:rents?|rental|rented|leasing)\b|ايجار|الايجار", re.I),
    "sales": re.compile(r"\b(?:sales?|sold|transactions?|deals?)\b|مبيعات|معاملات|صفقات", re.I),
}


def no_figures(place: str, lang: str) -> str:
    """What to say for a place the tables do not hold."""
    have = ", ".join(p.display for p in load_market().places if p.kind == "district")
    return (f"I have no figures for {place}: the market tables cover {have} (Abu Dhabi City)." if lang != "ar" else
            f"لا تتوفر لدي بيانات عن {place}: الجداول تغطي جزيرة ياس وجزيرة الريم في أبوظبي.")


# Areas investors ask about that the tables do not hold, named without "Island" or "District" ("data on Saadiyat?")
OUTSIDE_PLACES = re.compile(
    r"\b(?:saadiyat|al raha(?: beach)?|khalifa city|masdar(?: city)?|mbz(?: city)?|mohamm?ed bin zayed city|al reef|"
    r"al ghadeer|corniche|al maryah|al bateen|mussafah|hudayriyat|al jubail|downtown dubai|dubai marina|jvc|"
    r"jumeirah village circle|jlt|jumeirah lake towers|palm jumeirah|business bay|dubai hills|al ain|sharjah|"
    r"ajman)\b|السعديات|شاطئ الراحة|الراحة|مدينة خليفة|مدينة مصدر|مصدر|الريف|الغدير|الكورنيش|المارية|البطين|مصفح|"
    r"الحديريات|الجبيل|دبي|العين|الشارقة|عجمان", re.I)


def unknown_places(message: str) -> list[str]:
    """Places the message names by their kind ("Saadiyat Island") or by a known name ("Dubai Marina") that the
    tables do not hold."""
    unknown: list[str] = []
    for match in NAMED_PLACE.finditer(message):
        words = (match.group(1) or match.group(2) or "").split()
        cut = max((i + 1 for i, w in enumerate(words) if w.lower() in LEAD_WORDS), default=0)
        name = " ".join(words[cut:]).strip("؟?.,!")
        proper = bool(match.group(2)) or all(w[:1].isupper() for w in name.split())  # a name, not "which district"
        if name and proper and not search(name, limit=1) and not search(match.group(0), limit=1):
            shown = match.group(0).strip("؟?.,! ")
            unknown.append(shown[shown.find(name):] if match.group(1) else shown)
    for match in OUTSIDE_PLACES.finditer(message):  # named without its kind ("data on Saadiyat?")
        said = match.group(0).title() if match.group(0).isascii() else match.group(0)
        if not search(match.group(0), limit=1) and not any(said.lower() in u.lower() for u in unknown):
            unknown.append(said)
    return unknown


@dataclass
class Call:
    """One tool call of the plan."""

    tool: str
    args: dict[str, Any]


@dataclass
class Plan:
    """What to call for a question (or the one question to ask back), and what was assumed."""

    calls: list[Call] = field(default_factory=list)
    question: str | None = None  # asked back when the question lacks what its tool needs
    notes: list[str] = field(default_factory=list)  # assumptions said in the answer ("no year given: 2025")
    series: bool = False  # one call per year: chart as a line


# Kinds of transaction set against each other ("mortgage vs cash", "رهن مقابل بيع"), not places.
KIND_COMPARISON = re.compile(r"\b(?:mortgages?|cash|gifts?|donations?|by (?:transaction )?type)\b|رهن|نقد|كاش|هبة|هبات",
                             re.I)
# Years named relative to today ("last year", "العام الماضي", "el año pasado"): offset from the current year.
RELATIVE_YEARS = (
    (re.compile(r"\b(?:last|previous|past) year\b|العام الماضي|السنة الماضية|السنه الماضيه|\bel a[nñ]o pasado\b", re.I),
     -1),
    (re.compile(r"\bthis year\b|العام الحالي|هذا العام|هذه السنة|السنة الحالية|\beste a[nñ]o\b", re.I), 0),
)


SINCE_YEAR = re.compile(r"\bsince\s+((?:19|20)\d{2})\b|"
                        r"منذ\s+((?:19|20)\d{2})", re.I)


def years_in(text: str, today: date | None = None) -> list[int]:
    """Years named, with ranges expanded ("2019 to 2022" -> 2019..2022) and relative ones resolved ("last year"
    in 2026 -> 2025), in order, without repeats."""
    now = (today or date.today()).year
    found: list[int] = [now + offset for pattern, offset in RELATIVE_YEARS if pattern.search(text)]
    for start, end in YEAR_RANGE.findall(text):
        lo, hi = sorted((int(start), int(end)))
        if hi - lo <= 15:
            found += range(lo, hi + 1)
    for said in SINCE_YEAR.finditer(text):  # "since 2023": that year to the last full one
        start = int(said.group(1) or said.group(2))
        if now - 15 <= start < now:
            found += range(start, now)
    found += [int(y) for y in YEAR.findall(text)]
    return list(dict.fromkeys(y for y in found if 2000 <= y <= 2100))


def layout_in(text: str) -> str | None:
    """The bedroom layout a question asks about ("2br", "two bedroom", "غرفتين", "studio"), or None."""
    if re.search(r"\bstudios?\b", text, re.I):
        return "studio"
    match = BEDS_EN.search(text)
    if match:
        n = WORD_NUMBERS.get(match.group(1).lower()) or int(match.group(1))
        return "1 bed" if n == 1 else f"{n} beds"
    norm = normalize(text)
    return next((layout for pattern, layout in BEDS_AR if pattern.search(norm)), None)


def typology_in(text: str) -> str | None:
    """The property type a question names, or None."""
    norm = normalize(text)
    return next((typology for pattern, typology in TYPOLOGY if pattern.search(norm)), None)


def budget_in(text: str) -> tuple[float | None, bool]:
    """A yearly budget in AED read from the text (monthly amounts x 12), and whether it was monthly."""
    if not BUDGET_CUE.search(normalize(text)):
        return None, False
    best = None
    for number, scale in MONEY.findall(normalize(text)):
        value = float(number.replace(",", ""))
        scale = scale.lower()
        if scale in ("k", "thousand", "الف", "ألف"):
            value *= 1_000
        elif scale in ("m", "million", "مليون"):
            value *= 1_000_000
        if value < 1_000 or (2000 <= value <= 2100 and not scale):
            continue  # bedroom counts and years are not budgets
        best = max(best or 0.0, value)
    monthly = bool(MONTHLY.search(text))
    return (best * 12 if best and monthly else best), monthly


def plan_calls(message: str, ranked: list[str], *, lang: str = "en", scores: dict[str, float] | None = None,
               topic: float | None = None) -> Plan:
    """Turn a question and the router's ranking into tool calls (or one question back).

    Args:
        scores: the router's scores; with them, a message joining two asks ("units on Reem, and the rents?") gets
            the calls of both.
        topic: the router's best word score without place names; 0 means the message names no figure ("yas 2023",
            "who is the biggest developer?"): one question back instead of a guess.
    """
    boosted = any(v > 0 for v in (scores or {}).values()) if topic is None else False
    if (topic is not None and topic <= 0) or (topic is None and scores is not None and not boosted
                                              and not mentions(message)):
        return Plan(question=(
            "Which figure would you like (transactions, sales value, supply or rents) and where (Yas Island or Al "
            "Reem Island)?" if lang != "ar" else
            "أي رقم تريد (المعاملات، قيمة المبيعات، المعروض أو الإيجارات) وأين (جزيرة ياس أو جزيرة الريم)؟"))
    plan = _plan_one(message, ranked, lang=lang)
    second = _second_ask(message, ranked, scores or {}, plan.calls[0].tool if plan.calls else None)
    if second and not plan.question:
        more = _plan_one(message, [second], lang=lang)
        if not more.question:
            plan.calls += more.calls
            plan.notes += [n for n in more.notes if n not in plan.notes]
            plan.series = False
    return plan


def _second_ask(message: str, ranked: list[str], scores: dict[str, float], done: str | None = None) -> str | None:
    """The tool of a second topic when a message joins two ("supply and rents"): the best-ranked tool of the other
    topic; None for one topic."""
    if not ranked or not JOINED.search(normalize(message)):
        return None
    topics = {name for name, pattern in TOPICS.items() if pattern.search(normalize(message))}
    if len(topics) < 2:
        return None
    from agents.tools import load_tools

    tools = load_tools()
    first = done or _primary(ranked, [])  # the tool the plan already calls
    category = tools[first].category if first in tools else None
    return next((name for name in ranked if name in tools and tools[name].category in topics - {category}
                 and scores.get(name, 1.0) > 0), None)


def _plan_one(message: str, ranked: list[str], *, lang: str) -> Plan:
    missing = unknown_places(message)
    if missing and not mentions(message):
        return Plan(question=no_figures(missing[0], lang))
    plan = _plan_covered(message, ranked, lang=lang)
    if missing and not plan.question:  # "compare yas and saadiyat rents": Yas answered, Saadiyat said to be missing
        plan.notes.insert(0, no_figures(missing[0], lang).rstrip("."))
    return plan


def _plan_covered(message: str, ranked: list[str], *, lang: str) -> Plan:
    tables = load_market()
    places = mentions(message)
    districts = districts_named(places)
    if not districts and WHICH_PLACE.search(message):  # "which island had more transactions?": each one, compared
        districts = _all_districts()
    years = years_in(message)
    layout, typology = layout_in(message), typology_in(message)
    primary = _primary(ranked, places)
    named_topics = {name for name, pattern in TOPICS.items() if pattern.search(normalize(message))}
    if named_topics and primary not in GEO:
        # "what's the rent trend ... and how much supply is coming?": a tool of a figure the message names, before a
        # better-scored tool of another ("buying" scores the sale price per sqm)
        from agents.tools import load_tools

        tools = load_tools()
        if tools[primary].category not in named_topics:
            primary = next((n for n in ranked if n in tools and n not in GEO and n != "rank_projects"
                            and tools[n].category in named_topics), primary)
    if primary == "find_units_by_budget" and budget_in(message)[0] is None and not AFFORD.search(message):
        # "what do 1 beds rent for?": no budget to search within, so the rents themselves (the next tool ranked)
        primary = next((n for n in ranked if n not in GEO and n not in ("rank_projects", "find_units_by_budget")),
                       primary)
    named_project = next((m.place.name for m in places if m.place.kind == "project"), None)
    if named_project and READY_Q.search(normalize(message)):  # "is RIVAGE ready or off-plan?": its status
        return Plan(calls=[Call("get_project_status", {"project": named_project})])
    if PROJECT_RANK.search(normalize(message)) and not any(m.place.kind == "project" for m in places):
        return _project_ranking(message, districts, years, layout, typology)
    if PRICIER.search(message) and len(districts) >= 2 and not TOPICS["rent"].search(message):
        primary = "get_sale_price_per_sqm"  # "which is more expensive, Reem or Yas?": the price of a square metre
    plan = Plan()
    latest = tables.last_actual_year
    if not years and primary in TREND_TABLES and (TREND.search(message) or FUTURE.search(message)):
        # "the rent trend for 1 beds", "how much new supply is coming": the table's years, not only the latest
        known = tables.years(TREND_TABLES[primary])
        future = [y for y in known if y > latest] if FUTURE.search(message) and primary == "get_current_supply" \
            else []
        # what is coming, from where it stands now: the latest recorded year, then the projections
        years = ([latest, *future] if future and latest in known else future or [y for y in known if y <= latest]
                 )[-MAX_SERIES:]
        plan.notes.append(f"the years in the tables: {years[0]}–{years[-1]}"
                          + (f" ({future[0]} on are projections)" if future else ""))
    year = years[0] if years else None

    def default_year() -> int:
        if year is None:
            plan.notes.append(f"no year given: {latest}, the latest year in the tables")
            return latest
        return year

    if primary == "search_geospatial_metadata":
        query = " ".join(m.matched for m in places) or message
        plan.calls.append(Call(primary, {"query": query}))
    elif primary == "get_districts":
        plan.calls.append(Call(primary, {}))
    elif primary == "get_communities":
        for district in districts or _all_districts():
            plan.calls.append(Call(primary, {"district": district}))
    elif primary in ("get_transaction_count", "get_total_sales_value"):
        if len(districts) >= 2 and len(years) <= 1:
            plan.calls.append(Call("compare_sales_between_districts", {
                "district1": districts[0], "district2": districts[1], "year": default_year(),
                **({"typology": typology} if typology else {})}))
        elif not districts:
            plan.calls.append(Call("get_municipality_sales", {"municipality": "Abu Dhabi City",
                                                              "year": default_year()}))
            plan.notes.append("no district named: the whole of Abu Dhabi City in the tables")
        else:
            for y in (years[:MAX_SERIES] if len(years) > 1 else [default_year()]):
                plan.calls.append(Call(primary, {"district": districts[0], "year": y,
                                                 "typology": typology, "layout": layout}))
            plan.series = len(years) > 1
    elif primary == "compare_sales_between_districts" and len(districts) < 2 and KIND_COMPARISON.search(message):
        # "mortgage vs cash": kinds of transaction compared, not places: each place's figure split by type
        for district in districts or _all_districts():
            plan.calls.append(Call("get_transaction_count", {"district": district, "year": default_year(),
                                                             "typology": typology, "layout": layout}))
    elif primary == "compare_sales_between_districts":
        pair = (districts + [d for d in _all_districts() if d not in districts])[:2]
        plan.calls.append(Call(primary, {"district1": pair[0], "district2": pair[1], "year": default_year(),
                                         **({"typology": typology} if typology else {})}))
    elif primary in ("get_municipality_sales", "get_top_districts_in_municipality"):
        municipality = next((m.place.name for m in places if m.place.kind == "municipality"), "Abu Dhabi City")
        for y in (years[:MAX_SERIES] if len(years) > 1 and primary == "get_municipality_sales"
                  else [default_year()]):
            plan.calls.append(Call(primary, {"municipality": municipality, "year": y}))
        plan.series = len(plan.calls) > 1
    elif primary == "get_current_supply":
        for district in districts or _all_districts():
            for supply_year in (years[:MAX_SERIES] if len(years) > 1 else [year]):
                plan.calls.append(Call(primary, {"district": district, "year": supply_year, "typology": typology,
                                                 "layout": layout}))
        plan.series = len(years) > 1
    elif primary == "find_units_by_budget":
        budget, monthly = budget_in(message)
        if budget is None:
            plan.question = ("What is your yearly rent budget in AED (and how many bedrooms)?" if lang != "ar" else
                             "ما هي ميزانيتك السنوية للإيجار بالدرهم (وكم غرفة)؟")
            return plan
        if monthly:
            plan.notes.append(f"a monthly budget, taken as AED {budget:,.0f} a year")
        plan.calls.append(Call(primary, {"budget": budget, "layout": layout, "year": year, "typology": typology,
                                         **({"district": districts[0]} if len(districts) == 1 else {})}))
    elif primary == "get_sale_price_per_sqm":
        project = next((m.place.name for m in places if m.place.kind == "project"), None)
        for district in districts or _all_districts():
            for rate_year in (years[:MAX_SERIES] if len(years) > 1 else [year]):  # a trend: each year
                plan.calls.append(Call(primary, {"district": district, "year": rate_year, "typology": typology,
                                                 **({"project": project} if project else {})}))
    elif primary == "compare_rental_prices":
        entity_type, entities = _rent_entities(places)
        kinds = [k for k, said in (("new", NEW_LEASES), ("renewal", RENEWALS)) if said.search(message)]
        for rent_year in (sorted(years)[:MAX_SERIES] if len(years) > 1 else [year]):  # "up from 2022?": each year
            for kind in kinds or ["all"]:  # "new vs renewal rents": each kind of contract
                plan.calls.append(Call(primary, {"entities": entities, "entityType": entity_type, "year": rent_year,
                                                 "typology": typology, "layout": layout,
                                                 **({"rent_type": kind} if kind != "all" else {})}))
        plan.series = len(years) > 1
    return plan


def _project_ranking(message: str, districts: list[str], years: list[int], layout: str | None,
                     typology: str | None) -> Plan:
    """rank_projects for each district named (both when none), by the measure the words ask for."""
    norm = normalize(message)
    metric = next((m for pattern, m in PROJECT_METRIC_WORDS if pattern.search(norm)), "transactions")
    top = TOP_N.search(message)
    limit = min(int(top.group(1) or top.group(2)), 20) if top else 5
    plan = Plan()
    if not years:
        plan.notes.append("no year given: the latest year in each table")
    scope: list[str | None] = list(districts) or [None]
    for district in scope:
        plan.calls.append(Call("rank_projects", {
            "metric": metric, "district": district, "year": years[0] if years else None, "typology": typology,
            "layout": layout, "lowest": bool(LOWEST.search(norm)) and metric not in ("supply",), "limit": limit}))
    return plan


def _primary(ranked: list[str], places: list[Match]) -> str:
    """The main tool: the best-ranked data tool; a place-lookup tool only when it ranks first."""
    if ranked and ranked[0] in GEO:
        return ranked[0]
    # a ranking of projects is chosen by its own cue (PROJECT_RANK), never as the best-scored data tool
    return next((name for name in ranked if name not in GEO and name != "rank_projects"),
                ranked[0] if ranked else "search_geospatial_metadata")


def districts_named(places: list[Match]) -> list[str]:
    """The districts named, or those of the communities and projects named, in order, without repeats."""
    tables = load_market()
    names: list[str] = []
    for match in places:
        place = match.place
        name = place.name if place.kind == "district" else place.district if place.kind in ("community",
                                                                                             "project") else None
        if name:
            district = tables.place("district", name)
            if district and district.display not in names:
                names.append(district.display)
    return names


def _all_districts() -> list[str]:
    return [p.display for p in load_market().places if p.kind == "district"]


def _rent_entities(places: list[Match]) -> tuple[str, list[str]]:
    """What to compare rents of: the projects named, else the communities, else the districts (else all)."""
    for kind in ("project", "community"):
        named = [m.place.name for m in places if m.place.kind == kind]
        if named:
            return kind, list(dict.fromkeys(named))
    return "district", districts_named(places) or _all_districts()
