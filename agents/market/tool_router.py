"""Tool-RAG: choose the few tools a message needs from a catalog of any size, in English or Arabic.

Each tool is indexed once from its registry record (name, description, when-to-use lines, examples): BM25 (bm25s)
over stemmed words, blended with BM25 over character 4-grams (robust to Arabic morphology and typos), each scaled
by its best score so that how much better a tool matches survives the blend (rank fusion would flatten it).
On top, the spec's language-agnostic heuristics: years, currency and budget, comparison words, place
names (the critical place-lookup tool is always included). Returns the top-K names (K=12; 20 when unsure) and
the debug scores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from agents.market.answer import kind_asked
from agents.tools import Tool
from retrieval.arabic import normalize, stem, tokens
from retrieval.text import stem as english_stem

if TYPE_CHECKING:
    from agents.market.places import Match

# Words that only say what kind of place follows ("island", "جزيرة"): they choose no tool.
GENERIC = frozenset({"island", "isl", "al", "el", "جزير", "جزيره", "جزيرة"})

TOP_K = 12
FALLBACK_K = 20
# Below this margin between the best and the K-th score the router is unsure and widens to FALLBACK_K.
UNSURE_MARGIN = 0.15

YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
# "sale volumes and average prices": deals counted and their average, not a rate per area
VOLUMES = re.compile(r"\bvolumes?\b|\bhow many (?:sales|deals|transactions|units sold)\b|\bnumber of (?:sales|deals|"
                     r"transactions)\b|\b(?:sales|deal|transaction) counts?\b|عدد (?:صفقات|الصفقات|المعاملات|معاملات)|"
                     r"كم صفقة", re.I)
AVERAGE_PRICE = re.compile(r"\b(?:avg|average|mean|typical)\.? (?:sale |sales |selling )?prices?\b|"
                           r"متوسط (?:ال)?سعر", re.I)
PER_AREA = re.compile(r"\bper (?:sq|square)|\bpsf\b|\bpsm\b|/\s?(?:sq|m2|sqm|sqft)|للمتر|المتر المربع", re.I)
# money (not a price per square metre: "AED/sqm" is the sale-rate tool's)
CURRENCY = re.compile(r"\b(?:dirhams?|budget|afford|k\b|\d+\s*k)\b|\baed\b(?! ?(?:per|/) ?(?:sq|m))|"
                      r"درهم|دراهم|ميزاني|ألف|الف|أقل من|اقل من|"
                      r"بحدود|\bunder\s+\d|\bbelow\s+\d|\bless than\s+\d", re.I)
COMPARE = re.compile(r"\b(?:compare|comparison|vs\.?|versus|against|difference|differ|than|between|or)\b|"
                     r"قارن|مقارن|أيهما|ايهما|مقابل|الفرق|أعلى من|اعلى من|بين", re.I)
RANKING = re.compile(r"\b(?:top|rank\w*|best|busiest|leading|most active|highest)\b|أعلى|اعلى|أكثر|اكثر|رتب|ترتيب|"
                     r"الأفضل|الافضل|أفضل|افضل", re.I)
LISTING = re.compile(r"\b(?:list|which (?:districts|areas|communities|islands)|what (?:districts|areas|communities)|"
                     r"show (?:me )?(?:all|the) (?:districts|areas|communities)|sub-?areas|sectors)\b|قائم|اعرض|"
                     r"(?:ما|شو|ايش) (?:هي )?(?:المناطق|الاحياء|المجتمعات)|المناطق الفرعي", re.I)
STOPWORDS = {"the", "a", "an", "in", "on", "of", "for", "to", "is", "are", "was", "were", "what", "how", "and", "me",
             "do", "does", "did", "i", "my", "can", "you", "please", "at", "by", "with", "there", "this", "that",
             "في", "من", "على", "عن", "الى", "إلى", "ما", "هل", "كم", "هو", "هي", "عام", "سنه", "لي", "او", "و"}


def _words(text: str) -> list[str]:
    out = []
    for token in tokens(text):
        if token in STOPWORDS or YEAR.fullmatch(token):
            continue
        out.append(stem(token) if not token.isascii() else english_stem(token))
    return out


def _grams(text: str, skip: set[str] | frozenset[str] = frozenset()) -> list[str]:
    grams: list[str] = []
    for token in tokens(text):
        if token in STOPWORDS or token.isdigit() or token in skip:
            continue
        padded = f"#{stem(token) if not token.isascii() else token}#"
        grams += [padded[i:i + 4] for i in range(max(len(padded) - 3, 1))]
    return grams


def document(record: Tool) -> str:
    """The text a tool is found by: its name's words, description, when-to-use lines and examples."""
    return " ".join([record.name.replace("_", " "), record.description, *record.when_to_use, *record.examples])


@dataclass
class ToolIndex:
    """BM25 indexes over a catalog of tools (built once per catalog)."""

    tools: tuple[Tool, ...]
    words: Any  # bm25s.BM25 over stemmed words
    grams: Any  # bm25s.BM25 over character 4-grams

    @classmethod
    def build(cls, tools: tuple[Tool, ...]) -> ToolIndex:
        """Index a catalog."""
        import bm25s  # imported here: no heavy work at module import

        words, grams = bm25s.BM25(), bm25s.BM25()
        words.index([_words(document(t)) or ["_"] for t in tools], show_progress=False)
        grams.index([_grams(document(t)) or ["_"] for t in tools], show_progress=False)
        return cls(tools, words, grams)


@lru_cache(maxsize=8)
def index_for(tools: tuple[Tool, ...]) -> ToolIndex:
    """The index of a catalog (cached: catalogs are fixed at run time)."""
    return ToolIndex.build(tools)


def market_catalog() -> tuple[Tool, ...]:
    """The registered market tools (the default catalog)."""
    from agents.tools import load_tools

    return tuple(t for t in load_tools().values() if t.category in ("geo", "sales", "rent", "supply"))


WORD_WEIGHT, GRAM_WEIGHT = 0.6, 0.4


def select_tools(message: str, *, tools: tuple[Tool, ...] | None = None, top_k: int = TOP_K,
                 places: list[Match] | None = None) -> tuple[list[str], dict[str, Any]]:
    """The names of the tools a message most likely needs, best first, and the debug scores.

    Args:
        message: the user's question (English, Arabic or mixed).
        tools: the catalog (the registered market tools when None).
        top_k: how many to return when the ranking is clear (FALLBACK_K when it is not).
        places: the places the message names, when the caller already knows (else found here). Their words do
            not choose a tool (every tool takes places); `debug["topic"]` is the best word score without them
            (0: the message names no figure at all).
    """
    catalog = tools or market_catalog()
    index = index_for(catalog)
    if places is None:
        from agents.market.places import mentions

        places = mentions(message)
    place_kinds = [m.place.kind for m in places]
    spellings = [s for m in places for s in (m.place.name, m.place.display, m.place.name_ar or "", *m.place.aliases)]
    place_tokens = {t for s in spellings for t in tokens(s)} | GENERIC
    place_words = {w for s in spellings for w in _words(s)} | GENERIC
    query_words = [w for w in _words(message) if w not in place_words]
    query_grams = _grams(message, skip=place_tokens)
    word_scores = index.words.get_scores(query_words) if query_words else np.zeros(len(catalog))
    gram_scores = index.grams.get_scores(query_grams) if query_grams else np.zeros(len(catalog))
    blended = (WORD_WEIGHT * word_scores / (word_scores.max() or 1.0)
               + GRAM_WEIGHT * gram_scores / (gram_scores.max() or 1.0))
    scores = {record.name: float(value) for record, value in zip(catalog, blended, strict=True)}
    boosts = _heuristics(message, place_kinds)
    for name, boost in boosts.items():
        if name in scores:
            scores[name] += boost
    ranked = sorted(scores, key=lambda n: -scores[n])
    values = sorted(scores.values(), reverse=True)
    unsure = len(values) > top_k and values[0] - values[top_k - 1] < UNSURE_MARGIN
    k = FALLBACK_K if unsure else top_k
    chosen = ranked[:k]
    for record in catalog:  # the critical tools are always offered
        if record.critical and record.name not in chosen:
            chosen = [*chosen[: k - 1], record.name]
    debug = {"scores": {n: round(scores[n], 3) for n in ranked[:k]}, "heuristics": boosts, "k": k,
             "unsure": unsure, "query_words": query_words, "places": place_kinds,
             "topic": round(float(word_scores.max()) if len(word_scores) else 0.0, 3)}
    return chosen, debug


def _heuristics(message: str, place_kinds: list[str]) -> dict[str, float]:
    """Score boosts from cues every language shares: years, money, comparisons, rankings, the places named."""
    text = normalize(message)
    boosts: dict[str, float] = {}

    def add(name: str, value: float) -> None:
        boosts[name] = round(boosts.get(name, 0.0) + value, 3)

    years = [int(y) for y in YEAR.findall(text)]
    if any(y >= 2026 for y in years):
        add("get_current_supply", 0.3)  # a future year: only supply has projections
    if CURRENCY.search(text) or CURRENCY.search(message):
        add("find_units_by_budget", 0.35)
    if kind_asked(message):  # "mortgages in Reem", "الرهون العقارية": a kind of transaction, counted by type
        add("get_transaction_count", 1.2)
    if VOLUMES.search(text) and AVERAGE_PRICE.search(text) and not PER_AREA.search(text):
        # "sale volumes and average prices": the deals counted and their value (the average sale), not a rate per sqm
        add("get_total_sales_value", 0.6)
        add("get_sale_price_per_sqm", -0.4)
    places = len(place_kinds)
    if places >= 2 or (COMPARE.search(message) and len(years) < 2):  # two years compared is a series, not this
        add("compare_sales_between_districts", 0.2)
        add("compare_rental_prices", 0.2)
    # a ranking tool answers a ranking question, not "how much did the city sell"
    add("get_top_districts_in_municipality", 0.4 if RANKING.search(message) else -0.2)
    if LISTING.search(text):  # a list of places: of a district (its communities) or of the city (its districts)
        add("get_communities" if "district" in place_kinds else "get_districts", 0.3)
    if "municipality" in place_kinds and "district" not in place_kinds:
        add("get_municipality_sales", 0.15)
        add("get_top_districts_in_municipality", 0.1)
        add("get_districts", 0.1)
    if places:
        add("search_geospatial_metadata", 0.05)
    return boosts
