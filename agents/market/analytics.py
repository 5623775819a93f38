"""The analytics node: Tool-RAG router -> planner (or a model with the selected tools only) -> tool calls -> an
answer in the user's language with the figures, their units and their tables, and a chart when one helps.

Figures always come from the tools: a model, when configured, only chooses the tools and their arguments (at most
five calls, among the tools the router selected); its results are rendered by the same templates.
"""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any

from langchain_core.messages import HumanMessage

from agents.market.answer import compose, kind_asked
from agents.market.places import mentions
from agents.market.planner import (
    BEDS_EN,
    FUTURE,
    READY_Q,
    TOPICS,
    TREND,
    YEAR_RANGE,
    Plan,
    layout_in,
    no_figures,
    plan_calls,
    typology_in,
    unknown_places,
    years_in,
)
from agents.market.tool_router import market_catalog, select_tools
from agents.market.yields import compare_investment, yield_answer
from agents.prompts import ANALYTICS_PROMPT
from agents.state import AgentState
from agents.tools import Tool
from retrieval.arabic import is_arabic, normalize

log = logging.getLogger(__name__)

MAX_TOOL_CALLS = 5
YEAR_OR_RANGE = re.compile(YEAR_RANGE.pattern + r"|\b(?:19|20)\d{2}\b", re.I)
Json = dict[str, Any]


def analytics_turn(message: str, *, model: Any = None, lang: str | None = None) -> Json:
    """Answer one market question: the reply, the calls with their results, a chart, and the trace."""
    started = time.perf_counter()
    lang = lang or ("ar" if is_arabic(message) else "en")
    places = mentions(message)
    selected, debug = select_tools(message, places=places)
    catalog = {t.name: t for t in market_catalog()}
    calls: list[tuple[str, Json, Json]] = []
    source, why = "rules", ""
    if model is not None:
        calls, why = _model_calls(message, [catalog[n] for n in selected if n in catalog], model)
        source = "model" if calls else "rules"
    plan = Plan()
    if not calls:
        plan = plan_calls(message, selected, lang=lang, scores=debug["scores"], topic=debug["topic"])
        calls = [(c.tool, c.args, catalog[c.tool].run(c.args)) for c in plan.calls]
    reply = plan.question or compose([(tool, result) for tool, _args, result in calls], plan.notes, lang,
                                     kind_asked(message))
    return {
        "reply": reply,
        "market": {"calls": [{"tool": t, "args": a, "result": r} for t, a, r in calls], "tools": selected,
                   "chart": chart_for(calls, series=plan.series), "lang": lang, "question": plan.question},
        "trace": {"node": "analytics", "ms": round((time.perf_counter() - started) * 1000, 3), "source": source,
                  "tools_selected": selected, "router": debug["scores"], "heuristics": debug["heuristics"],
                  "topic": debug["topic"],
                  "calls": [f"{t}({json.dumps(a, ensure_ascii=False)})" for t, a, _r in calls],
                  **({"model_note": why} if why else {})},
    }


FOLLOW_UP = re.compile(r"^\s*(?:and|what about|how about|same for|now|also|then|و|وماذا عن|وماذا|طيب|ماذا عن|وفي|وعن)\b"
                       r"|^\s*و|^\s*(?:is|was|has|did) (?:that|it|this)\b|^\s*(?:compared|versus|vs)\b|"
                       r"^\s*how (?:does|do|did|is|are) (?:that|it|this|those|these|\w+(?: \w+)?) compare\b|"
                       r"^\s*(?:قارن|قارنها|مقارنة)\b", re.I)
# "how does that compare to al reem": the places before stay beside the new one
COMPARE_WITH = re.compile(r"\bcompar\w*\b|\bvs\.?|\bversus\b|\bagainst\b|مقارنة|قارن", re.I)
# "is that up from 2022?": the year named joins the years asked before (a comparison), it does not replace them
AGAINST_YEAR = re.compile(r"\b(?:up|down|higher|lower|more|less|changed?) (?:from|than|since)\b|"
                          r"\bcompared (?:to|with)\b|\bvs\.?\b|\bversus\b|مقارنة ب|مقارنة مع|"
                          r"\b(?:how much|what(?:'s| is| was)? the) (?:increase|growth|change|rise|drop)\b|"
                          r"\b(?:increase|growth|change) since\b|نسبة (?:الزيادة|الارتفاع|التغير|النمو)|"
                          r"كم (?:زاد|ارتفع)", re.I)


KIND_WORDS = re.compile(r"\b(?:apartments?|villas?|townhouses?|duplex(?:es)?)\b|شقة|شقق|فيلا|فلل|تاون هاوس", re.I)
THERE = re.compile(r"\b(?:there|that area|that island|same (?:place|area|island))\b|هناك|هنالك|فيها|نفس المنطقة", re.I)
SAME_YEAR = re.compile(r"\b(?:(?:the )?same (?:year|period|years)|that year)\b|نفس (?:السنة|العام)", re.I)
PLACE_ONLY = re.compile(r"^\s*(?:and|what about|how about|same for|and in|وماذا عن|ماذا عن|وعن|وفي)\s+"
                        r"(?:the\s+)?([^\d?؟]{2,40}?)\s*[?؟.!]*\s*$", re.I)


def _topic_word(text: str) -> bool:
    """The follow-up asks about a topic ("what about rents?"), not a place."""
    return any(p.search(text) for p in TOPICS.values()) or bool(OTHER_TOPIC.search(text)) or any(
        p.search(normalize(text)) for name, p in PART_TOPICS.items() if name != "status")


OTHER_TOPIC = re.compile(r"\b(?:prices?|values?|counts?|numbers?|growth|trend|average|median|per sqm|per sq ?ft|"
                         r"villas?|apartments?|townhouses?|studios?|bed(?:room)?s?|last year|this year|next year)\b",
                         re.I)


def unknown_follow_up(text: str, previous: str | None) -> str | None:
    """The place a short follow-up names that the tables do not hold ("what about Dubai Marina?"), else None."""
    found = PLACE_ONLY.match(text) if previous else None
    if not found or mentions(text) or years_in(text):
        return None
    name = found.group(1).strip()
    return name if len(name.split()) <= 4 and not _topic_word(name) else None


def follow_up_text(text: str, previous: str | None) -> str:
    """A short follow-up ("and in 2022?", "what about Reem?") completed by the previous market question: its years
    or places replaced by the new ones; any other message as it is."""
    if previous and not mentions(text) and mentions(previous) and (TREND.search(text) or FUTURE.search(text)) \
            and not THERE.search(text):
        # "how have rents moved since 2023": the places, layout and kind of home asked about before
        places = " ".join(dict.fromkeys(m.matched for m in mentions(previous)))
        # the layout asked before, unless this names its own or restates the kind of home ("how many apartments")
        kept = [] if layout_in(text) or typology_in(text) else [m.group(0) for m in [BEDS_EN.search(previous)] if m]
        kept += [] if typology_in(text) else [m.group(0) for m in [KIND_WORDS.search(previous)] if m]
        return f"{text} {' '.join(kept)} {places}".strip()
    if previous and THERE.search(text) and not mentions(text) and mentions(previous):
        # "supply pipeline for 1br there", "وكم إيجار شقة غرفتين نوم هناك؟": this question, about the place before
        places = " ".join(dict.fromkeys(m.matched for m in mentions(previous)))
        # the years asked before, unless this asks its own, the future or a trend
        years = "" if years_in(text) or FUTURE.search(text) or TREND.search(text) else " ".join(
            str(y) for y in years_in(previous))
        return f"{text} {places} {years}".strip()
    if not previous or not (FOLLOW_UP.search(text) or len(text.split()) <= 3) or len(text.split()) > (
            12 if FOLLOW_UP.search(text) else 7):
        return text
    if mentions(text) and years_in(text) and _topic_word(text) and not COMPARE_WITH.search(text):
        return text  # "and how many units of supply in Reem in 2025?": a whole question of its own
    base = previous
    if layout_in(text):  # "and what about 2 beds": the new layout replaces the one asked before
        base = BEDS_EN.sub(" ", base)
    if years_in(text) and not AGAINST_YEAR.search(text):
        base = YEAR_OR_RANGE.sub(" ", base)
    elif SAME_YEAR.search(text):
        text = SAME_YEAR.sub(" ", text)  # "same year": the years of the question before stay
    if any(p.search(text) for p in TOPICS.values()):  # "what about rents?": the new topic replaces the old one
        for pattern in TOPICS.values():
            base = pattern.sub(" ", base)
        base = re.sub(r"\bhow many\b|\bwhich was higher\b|كم عدد", " ", base, flags=re.I)
    named = mentions(text)
    if named and not COMPARE_WITH.search(text):
        for match in mentions(base):
            base = re.sub(re.escape(match.matched), " ", base, flags=re.I)
    return f"{base} {text}"


ARABIC_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩", "0123456789")
# the topics a two-part question may ask one after the other: rents, sale prices, sales counts, supply, a trend
PART_TOPICS = {
    "rent": TOPICS["rent"],
    "price": re.compile(r"\bsell(?:s|ing)? for\b|\bsale (?:price|rate)s?\b|\bper (?:sq ?m|sqm|square met\w*|sq ?ft)\b|"
                        r"\bprice per\b|\bprices?\b|سعر المتر|سعر البيع|المتر المربع", re.I),
    "sales": re.compile(r"\b(?:sales? count|how many (?:sales|deals|transactions)|transactions?|deals?)\b|"
                        r"صفقات|معاملات", re.I),
    "supply": TOPICS["supply"],
    "trend": re.compile(r"\bhow (?:has|have|did) .{0,30}(?:changed?|moved?)\b|\bchanged? (?:from|since)\b|"
                        r"\b(?:since|from) (?:19|20)\d{2}\b|كيف تغير|تغير من", re.I),
    "status": READY_Q,  # "is it ready?": a project's state
    "sales_most": re.compile(r"\b(?:most|top|best[- ]selling)\b.{0,30}\bsales\b", re.I),
}
_PART_SPLIT = re.compile(r"(?<=[?؟.])\s+|\s+(?=(?:and|also|plus) (?:what|how|which|the)\b)|\s+(?=و(?:كم|كيف|هل|ما)\s)",
                         re.I)


def question_parts(text: str) -> list[str]:
    """The parts of a message that each ask their own topic ("give me 2025 rents and what they sell for"), each
    completed with the places, years, layout and kind of home the whole message names; [] for one question."""
    pieces = [p for p in _PART_SPLIT.split(text) if p and p.strip(" ?؟.")]
    pieces = [p for chunk in pieces for p in re.split(r"\s+and (?=what (?:they|it|do|does|are)\b)", chunk)]
    topics = [next((name for name, pattern in PART_TOPICS.items() if pattern.search(normalize(p))), None)
              for p in pieces]
    last = {t: i for i, t in enumerate(topics) if t}  # a topic said twice ("to rent out ... 2025 rents"): the last
    asked = [(p, t) for i, (p, t) in enumerate(zip(pieces, topics, strict=True)) if t and last[t] == i]
    if len(asked) < 2:
        return []
    places = " ".join(dict.fromkeys(m.matched for m in mentions(text)))
    years = " ".join(str(y) for y in years_in(text)) if not PART_TOPICS["trend"].search(text) else ""
    kind = [m.group(0) for m in [BEDS_EN.search(text), KIND_WORDS.search(text)] if m]
    out = []
    for i, (part, topic) in enumerate(asked):
        if topic == "trend" and i:  # "and how has it changed from 2022 to 2025?": the thing asked just before
            part = f"{part} {YEAR_OR_RANGE.sub(' ', asked[i - 1][0])}"
        extra = [] if mentions(part) else [places]
        extra += [] if years_in(part) or topic == "trend" else [years]
        extra += [k for k in kind if k.lower() not in part.lower()]
        out.append(" ".join([part, *extra]).strip())
    return out


# a comparison between the places just discussed ("which has better yield?", "which is cheaper of the two?")
WHICH_OF_THEM = re.compile(r"\bwhich (?:one |of (?:them|the two|those|these) )?(?:has|is|gives|offers|pays|one)\b|"
                           r"\b(?:compare (?:them|the two|both)|of the two|between (?:them|the two))\b|"
                           r"\bأيهما\b|\bايهما\b|\bأي منهما\b|"
                           r"\bcu[aá]l (?:de (?:los|las) dos )?(?:tiene|es|da)\b", re.I)


def analytics_node(state: AgentState, *, model: Any = None) -> dict[str, Any]:
    """Graph node: a market question in state["text"] -> reply, state["market"] (the card) and a trace entry.

    A short follow-up after a market answer ("and in 2022?") is read with the question before it."""
    text = (state.get("text", "") or "").translate(ARABIC_DIGITS)  # "٢٠٢٥" is 2025
    previous = state.get("market_question") if state.get("prior_node") == "analytics" else None
    # "what about Dubai Marina?", "وعندكم بيانات عن جزيرة السعديات؟": a place the tables do not hold, and none they do
    unknown = unknown_follow_up(text, previous) or (None if mentions(text) else next(iter(unknown_places(text)), None))
    if unknown:  # "what about Dubai Marina?": say what the tables cover, do not repeat the last answer
        lang = state.get("lang") or "en"
        return {"reply": no_figures(unknown, lang), "market": None, "market_question": previous,
                "trace": [{"node": "analytics", "ms": 0.0, "unknown_place": unknown}]}
    if previous is not None and WHICH_OF_THEM.search(text) and not mentions(text):
        # "which has better yield?" after Yas, then "and al reem?": the places of the conversation, not the last one
        said = [str(m.content) for m in state.get("messages") or [] if isinstance(m, HumanMessage)][-4:]
        previous = " ".join([*said, previous])
    answered = yield_answer(text, previous or state.get("market_question"), state.get("lang") or "en") or \
        compare_investment(text, previous or state.get("market_question"), state.get("lang") or "en")
    if answered is not None:  # "so what's my gross yield on a 70 sqm unit at the 2025 sale rate?": the arithmetic
        reply, calls = answered
        return {"reply": reply, "market_question": previous or text,
                "market": {"calls": [{"tool": n, "args": a, "result": r} for n, a, r in calls], "tools": [],
                           "chart": None, "lang": state.get("lang") or "en", "question": None},
                "trace": [{"node": "analytics", "ms": 0.0, "yield": True}]}
    question = follow_up_text(text, previous)
    parts = [] if COMPARE_WITH.search(text) else question_parts(question)  # "compare it with reem, and ...": whole
    if parts:  # "2025 rents and what they sell for": each part answered, in the order asked
        turns: list[Json] = []
        for part in parts:
            top = next((name for turn in reversed(turns) if (name := _top_project(turn))), None)
            if top and IT_PROJECT.search(part) and not any(m.place.kind == "project" for m in mentions(part)):
                part = f"{part} {top}"  # "which project sold most? its price per metre? is it ready?": that project
            turns.append(analytics_turn(part, model=model, lang="ar" if state.get("lang") == "ar" else None))
        answered_turns = [t for t in turns if t.get("market")]
        if len(answered_turns) >= 2:
            trace = {**answered_turns[0]["trace"], "parts": parts}
            return {"reply": "\n\n".join(dict.fromkeys(t["reply"] for t in turns)),
                    "market": answered_turns[0]["market"],
                    "market_question": question, "trace": [trace]}
    turn = analytics_turn(question, model=model, lang="ar" if state.get("lang") == "ar" else None)
    trace = {**turn["trace"], **({"follow_up_of": previous} if question != text else {})}
    kept = question if turn.get("market") else (previous or question)  # a question without figures is not built on
    return {"reply": turn["reply"], "market": turn["market"], "market_question": kept, "trace": [trace]}


# A part that points back at what the part before it found ("its price per metre", "is it ready", "وكم سعر المتر فيه")
IT_PROJECT = re.compile(r"\b(?:it|its|it's|that one|that project|this project)\b|فيه|فيها|\bهو\b|\bهي\b|عليه", re.I)


def _top_project(turn: Json) -> str | None:
    """The first project of a project ranking a turn answered with, else None."""
    for call in (turn.get("market") or {}).get("calls") or []:
        ranking = (call.get("result") or {}).get("ranking") if call.get("tool") == "rank_projects" else None
        if ranking:
            return str(ranking[0]["project"])
    return None


def _model_calls(message: str, offered: list[Tool], model: Any) -> tuple[list[tuple[str, Json, Json]], str]:
    """Let the model call up to five of the offered tools; ([], why) when it fails or calls none that works."""
    from langchain_core.messages import HumanMessage, SystemMessage, ToolMessage

    by_name = {t.name: t for t in offered}
    calls: list[tuple[str, Json, Json]] = []
    try:
        bound = model.bind_tools([t.openai_schema() for t in offered])
        messages: list[Any] = [SystemMessage(ANALYTICS_PROMPT), HumanMessage(message)]
        while len(calls) < MAX_TOOL_CALLS:
            ai = bound.invoke(messages)
            messages.append(ai)
            requested = list(getattr(ai, "tool_calls", None) or [])
            if not requested:
                break
            for call in requested[: MAX_TOOL_CALLS - len(calls)]:
                name, args = call.get("name"), call.get("args") or {}
                tool = by_name.get(str(name))
                result = tool.run(dict(args)) if tool else {"error": "tool_not_offered",
                                                            "message": f"{name} was not offered"}
                calls.append((str(name), dict(args), result))
                messages.append(ToolMessage(json.dumps(result, ensure_ascii=False, default=str)[:6000],
                                            tool_call_id=call.get("id") or str(name)))
    except Exception as exc:  # a model that fails must not break the answer: the planner takes over
        log.warning("analytics model failed: %s", type(exc).__name__)
        return [], f"model failed ({type(exc).__name__}); rules used"
    useful = [c for c in calls if c[0] in by_name and "error" not in c[2] and c[0] != "search_geospatial_metadata"]
    if not useful:
        return [], "the model's calls gave no figure; rules used"
    return [c for c in calls if c[0] in by_name], ""


def chart_for(calls: list[tuple[str, Json, Json]], *, series: bool = False) -> Json | None:
    """A small chart of the answer: a line for a series of years, bars for a comparison or a ranking."""
    ok = [(t, r) for t, _a, r in calls if "error" not in r]
    if not ok:
        return None
    tool, first = ok[0]
    ok = [(t, r) for t, r in ok if t == tool]  # a second ask's results are listed, not charted
    if series and len(ok) > 1:
        key = {"get_transaction_count": ("all_transactions", "count", "transactions"),
               "get_total_sales_value": ("all_transactions", "value_aed", "AED"),
               "get_municipality_sales": ("figures", "value_aed", "AED"),
               "get_current_supply": (None, "total_supply_units", "units")}.get(tool)
        if key:
            outer, inner, unit = key
            points = [{"label": str(r["year"]), "value": (r[outer] if outer else r)[inner],
                       "group": r.get("district") or r.get("municipality")} for _t, r in ok]
            return {"kind": "line", "title": tool.replace("_", " "), "unit": unit, "points": points}
    if tool == "compare_sales_between_districts":
        return {"kind": "bar", "title": f"Transaction value, {first['year']}", "unit": "AED",
                "points": [{"label": d["district"], "value": d["all_transactions"]["value_aed"]}
                           for d in first["districts"]]}
    if tool == "compare_rental_prices":
        points = [{"label": r["entity"], "value": r["avg_rent_aed_year"]} for r in first["rents"]
                  if r["avg_rent_aed_year"] is not None]
        return {"kind": "bar", "title": f"Average yearly rent, {first['year']}", "unit": "AED/year",
                "points": points} if len(points) > 1 else None
    if tool == "get_top_districts_in_municipality":
        return {"kind": "bar", "title": f"Districts by transaction value, {first['year']}", "unit": "AED",
                "points": [{"label": r["district"], "value": r["value_aed"]} for r in first["ranking"]]}
    if tool == "find_units_by_budget" and first["projects"]:
        return {"kind": "bar", "title": f"Average yearly rent within budget, {first['year']}", "unit": "AED/year",
                "points": [{"label": p["project"], "value": p["avg_rent_aed_year"]} for p in first["projects"][:10]]}
    if tool == "get_current_supply" and len(ok) > 1:
        return {"kind": "bar", "title": f"Housing supply, {first['year']}", "unit": "units",
                "points": [{"label": r["district"], "value": r["total_supply_units"]} for _t, r in ok]}
    return None
