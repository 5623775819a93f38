"""The HDB comps agent: text -> Target -> the search loop -> hybrid retrieval -> rerank -> a fair-value estimate.

`CompsEngine.run(text, as_of)` is one turn; `comps_node` is the graph node. Nothing registered in or after the
month of `as_of` is ever read: the search's base mask and the price model's fit both stop the month before.
"""

from __future__ import annotations

import logging
import re
import time
from collections import Counter
from dataclasses import replace
from datetime import date
from functools import lru_cache
from typing import Any

import numpy as np

from agents.cues import LEASE_LEFT_Q, LISTING_PRICE
from agents.market.comps_nearby import block_surroundings, closest_to, nearby_kind, nearby_kinds, titled
from agents.market.comps_search import Planner, hint_streets, run_loop
from agents.market.comps_target import TargetParser
from agents.prompts import COMPS_PLANNER_PROMPT
from agents.state import AgentState
from contracts.comps import Comp, CompsResult, Stats, Target, TraceStep
from data.sources.hdb import FLAT_TYPES, HdbTable, RpiRelease, load_rpi, load_table, month_index, month_label
from data.sources.hdb_listings import load_listings
from data.sources.hdb_nearby import block_stations
from data.stores.hdb_sales import MemorySalesStore, SalesStore
from retrieval.hybrid import rrf_fuse
from retrieval.listings import ListingIndex
from scoring.comps import (
    STOREY_BANDS,
    HedonicFit,
    bridge_index,
    estimate_value,
    features,
    fit_hedonic,
    price_stats,
    published_trend,
    rerank_scores,
    similarity_weights,
)

log = logging.getLogger(__name__)

STALE_MONTHS = 3  # an index carried this many months or more past the data gets a note
FETCH_LIMIT = 500  # rows fetched from the accepted pool (spec §3.3 step 6), most recent first
HYBRID_TOP = 60  # hybrid-ranked candidates passed to the deterministic rerank
REPLY_COMPS = 3  # comparable sales named in the chat reply
TOP_COMPS = 30  # comps shown and used by the estimate (spec: rerank the top 10-30)
VECTOR_WEIGHT, BM25_WEIGHT = 0.3, 0.7  # spec §3.4 defaults
STREET_BOOST = 3.0  # extra weight of a comp on the named street (dev: within 5 % 0.704 -> 0.712 on 1,500 cases)
LEASE_SIMILARITY = 0.25  # weight of |lease difference| (per 5 years) in the estimate's similarity
FEATURE_GROUPS = len(FLAT_TYPES)  # price-model features interacted with flat type (dev: see docs/issue-16.md)
# Nearby blocks: same town and flat type, block number within NEAR_NUMBERS in the same hundred (HDB numbers blocks
# by neighbourhood: Tampines 2xx is one precinct), any earlier month (like the block's and the street's own sales;
# the rerank's recency term discounts old ones). Their weight is multiplied by 1 + NEAR_BOOST·exp(-|number gap|/
# NEAR_SCALE). dev_large + own May-Sep 2023 backtest: within 5 % 0.704 -> 0.714.
NEAR_NUMBERS, NEAR_BOOST, NEAR_SCALE = 10, 3.0, 5.0
# The street boost counts only for flats whose lease then was within 5 years of the target's: a street can mix 1970s
# blocks with new ones (Circuit Rd). Within 5 % on train2026 / dev_large / backtest: 0.670 / 0.714 / 0.721 -> 0.673 /
# 0.717 / 0.723 (3 years: 0.676 / 0.719 / 0.719; 10 years: 0.671 / 0.715 / 0.721).
SIMILAR_LEASE_MONTHS = 60
MOP_YEARS = 5  # HDB's minimum occupation period: a flat can first be resold 5 years after its keys are collected
NEW_BLOCK_MONTHS = 12  # months of data without a sale of a lettered block that mark it as newly sellable


def eras(month: np.ndarray, gap: int = 3) -> np.ndarray:
    """Which stretch of the data each sale is in: the era counts the gaps of `gap` or more months without sales
    before its month (the 2024-2025 gap makes 2026 sales era 1)."""
    months = np.unique(month)
    starts = months[1:][np.diff(months) > gap]
    return np.searchsorted(starts, month, side="right").astype(np.int32)


def design(*, area: np.ndarray, storey_mid: np.ndarray, lease_months: np.ndarray, flat_type: np.ndarray,
           era: np.ndarray) -> np.ndarray:
    """The price model's continuous features: per flat type, plus how the slopes changed after a gap in the data
    (zero, so unused, until the fit has sales after the gap)."""
    per_type = features(area=area, storey_mid=storey_mid, lease_months=lease_months, flat_type=flat_type,
                        groups=FEATURE_GROUPS)
    base = features(area=area, storey_mid=storey_mid, lease_months=lease_months)
    return np.hstack([per_type, base * (era > 0)[:, None]])


def block_number(block: str) -> int:
    """The number of a block ("211B" -> 211; 0 when it has no leading digits)."""
    m = re.match(r"\d+", block)
    return int(m.group()) if m else 0


class CompsEngine:
    """The table, its retrieval index and the price models (one per valuation month), built lazily and kept.

    Args:
        table: the resale table (the shipped data when None).
        store: where the search loop counts and fetches sales (numpy in memory when None; PgSalesStore for a
            PostgreSQL server shared by many users).
        rpi: HDB's published resale price index releases (the shipped file when None), which carry the price
            index over months the table has no sales for, from what was published before each valuation date.
    """

    def __init__(self, table: HdbTable | None = None, store: SalesStore | None = None,
                 rpi: list[RpiRelease] | None = None) -> None:
        self.table = table or load_table()
        self.rpi = load_rpi() if rpi is None else rpi
        self.store: SalesStore = store or MemorySalesStore(self.table)
        self.parser = TargetParser(self.table)
        t = self.table
        self.segment = t.town.astype(np.int32) * 16 + t.flat_type.astype(np.int32)
        self.era = eras(t.month)
        self.x = design(area=t.area, storey_mid=t.storey_mid, lease_months=t.lease_months, flat_type=t.flat_type,
                        era=self.era)
        self._index: ListingIndex | None = None
        self.block_number = np.array([block_number(b) for b in t.block.tolist()], dtype=np.int32)
        stations = block_stations()  # metres from each sale's block to its nearest station (inf where unknown)
        self.mrt_metres = np.array([stations[(b, s)].metres if (b, s) in stations else np.inf
                                    for b, s in zip(t.block.tolist(), t.street.tolist(), strict=True)])
        self._fits: dict[int, HedonicFit] = {}

    @property
    def index(self) -> ListingIndex:
        """BM25 + vectors over the listing texts (built on first hybrid search)."""
        if self._index is None:
            t = self.table
            groups = [f"{s} {t.towns[c]} {t.models[m]}" for s, c, m in zip(t.street, t.town, t.flat_model,
                                                                            strict=True)]
            self._index = ListingIndex(t.text, groups)
        return self._index

    def dummies(self, rows: np.ndarray) -> dict[str, np.ndarray]:
        """The price model's dummy codes of some rows: town x flat type, flat model, street x flat type, era x flat
        type (after the 2024-2025 gap, executive flats stand 3-5 % lower against 4-room ones than in 2023, 2-room
        ones 1-2 % higher: the fits of February, March and April 2026 agree)."""
        t = self.table
        return {"segment": self.segment[rows], "model": t.flat_model[rows].astype(np.int32),
                "street": t.street_code[rows].astype(np.int64) * 16 + t.flat_type[rows],
                "era": self.era[rows].astype(np.int64) * 16 + t.flat_type[rows]}

    def fit(self, before_month: int) -> HedonicFit:
        """The price model fit on sales registered before that month, bridged past the data by the index releases
        published before that month (cached per month)."""
        if before_month not in self._fits:
            t = self.table
            fit = fit_hedonic(month=t.month, x=self.x, price=t.price, before_month=before_month,
                              dummies=self.dummies(np.arange(t.size)))
            published = {q: r.value for q, r in self.published_index(before_month).items()}
            fit = replace(fit, bridge=bridge_index(fit.month_effect, published))
            trend = published_trend(published)
            if fit.trend_months < 3 and trend is not None:  # too few recent months to see a trend: HDB's own
                fit = replace(fit, trend=trend)
            self._fits[before_month] = fit
        return self._fits[before_month]

    def lease_change(self, target: Target, years: float) -> float | None:
        """The price model's ratio for the same flat with `years` more lease left, all else equal (its town, size,
        floor and month): what the lease alone is worth, where raw medians mix in newer blocks elsewhere."""
        as_of_m = month_index(target.as_of)
        try:
            fit = self.fit(as_of_m)
        except ValueError:
            return None
        rows = np.union1d(self.block_rows(target), self.street_rows(target)).astype(np.int64)
        area, storey, lease, _ = self.target_profile(target, rows)
        kind, era = FLAT_TYPES.index(target.flat_type or ""), self.target_era(as_of_m)
        x = [design(area=np.array([area]), storey_mid=np.array([storey]), lease_months=np.array([months]),
                    flat_type=np.array([kind]), era=np.array([era])) for months in (lease, lease + years * 12)]
        return float(np.exp(((x[1] - x[0]) @ fit.beta)[0]))

    def target_era(self, as_of_m: int) -> int:
        """The era a valuation month is priced in: the latest era with sales before it."""
        before = self.era[self.table.month < as_of_m]
        return int(before.max()) if len(before) else 0

    def published_index(self, before_month: int) -> dict[int, RpiRelease]:
        """The latest release of each quarter's index published before the first day of that month."""
        day = date(before_month // 12, before_month % 12 + 1, 1)
        known: dict[int, RpiRelease] = {}
        for release in sorted(self.rpi, key=lambda r: r.published):
            if release.published < day:
                known[release.quarter_start] = release
        return known

    def run(self, text: str, *, as_of: date, target: Target | None = None, model: Any = None) -> CompsResult:
        """One comps turn: parse (unless a target is given), search, rank, estimate.

        Args:
            text: the user's request (also the BM25 query).
            as_of: valuation date; sales registered in its month or later are never used.
            target: an already-built target (skips parsing; as_of is taken from it).
            model: a chat model that may choose each relax/tighten step within the rules (None: spec order).
        """
        started = time.perf_counter()
        if target is None:
            parsed = self.parser.parse(text, as_of=as_of)
            target = parsed.target
            if parsed.question:
                step = TraceStep(step=1, action="clarify", decision=parsed.question)
                return CompsResult(target=target, stats=Stats(count=0), question=parsed.question, trace=[step])
        outcome = run_loop(self.table, target, self.store, model_planner(model, text) if model else None)
        trace = list(outcome.trace)
        notes = list(outcome.notes)
        t = self.table
        pool = self._fetched(outcome.rows)
        stats = price_stats(t.price[pool], t.area[pool])
        valued = pool
        if target.price_budget_max:
            # the flat's value does not depend on what the buyer can pay: the pool the search shows is capped by the
            # budget (the spec's tighten step), the estimate's candidates are not ("72 sales under 650k" would value
            # every Punggol 4-room below 650k)
            unbudgeted = target.model_copy(update={"price_budget_max": None})
            valued = self._fetched(run_loop(self.table, unbudgeted, self.store, None).rows)
        candidates, mode = self._retrieve(text, target, valued, trace)
        as_of_m = month_index(target.as_of)
        k = outcome.knobs
        scores = rerank_scores(area=t.area[candidates], lease_months=t.lease_months[candidates],
                               storey_mid=t.storey_mid[candidates], month=t.month[candidates],
                               target_area=target.floor_area_target, tolerance=k.sqm_tolerance,
                               min_lease_months=(k.lease_min_years or 0) * 12 or None,
                               storey_preference=target.storey_preference, storey_target=target.storey_target,
                               as_of_month=as_of_m, months_back=k.months_back)
        order = np.argsort(scores, kind="stable")[:TOP_COMPS]
        trace.append(TraceStep(step=len(trace) + 1, action="rerank", count=len(order), retrieval_mode=mode,
                               decision=f"deterministic rerank of {len(candidates)} candidates (0.45 area, 0.25 lease, "
                                        f"0.15 storey, 0.15 recency): top {len(order)}"))
        comps, estimate, low, high = self._estimate(target, candidates, scores, trace)
        if estimate is not None:
            notes.extend(self.index_note(as_of_m))
        if estimate is not None and target.price_budget_max and estimate > target.price_budget_max:
            notes.append(f"The estimate is above the budget of {target.price_budget_max:,} SGD.")
        log.debug("comps turn %.1f ms, pool %d", (time.perf_counter() - started) * 1000, len(pool))
        return CompsResult(target=target, comps=comps, stats=stats, estimate=estimate, low=low, high=high,
                           pool_size=len(outcome.rows), pool_prices=[float(p) for p in t.price[pool]],
                           trace=trace, retrieval_mode=mode, notes=notes)

    def _fetched(self, rows: np.ndarray) -> np.ndarray:
        """At most FETCH_LIMIT of the rows, most recent first, as the spec's fetch does."""
        if len(rows) <= FETCH_LIMIT:
            return rows
        return rows[np.argsort(-self.table.month[rows], kind="stable")[:FETCH_LIMIT]]

    def index_note(self, as_of_m: int) -> list[str]:
        """Say how the price index reaches the valuation month when the data stops STALE_MONTHS or more before it."""
        fit = self.fit(as_of_m)
        gap = as_of_m - 1 - fit.last_month
        if gap < STALE_MONTHS:
            return []
        newest = f"The newest sales in the data are from {month_label(fit.last_month)}"
        if fit.bridge is None:
            return [f"{newest}: the estimate carries the price index {gap} months forward at its recent trend."]
        release = self.published_index(as_of_m)[fit.bridge.quarter_start]
        quarter = f"{release.quarter_start // 12} Q{release.quarter_start % 12 // 3 + 1}"
        how = {"flash": "flash estimate", "final": "final figure"}.get(release.kind, "from the quarterly change")
        return [f"{newest}: the estimate moves the price index forward with HDB's resale price index as published "
                f"before the valuation date ({quarter}: {release.value:g}, {how} published "
                f"{release.published:%-d %b %Y}) and its latest quarterly change."]

    def _retrieve(self, text: str, target: Target, pool: np.ndarray,
                  trace: list[TraceStep]) -> tuple[np.ndarray, str]:
        """Hybrid ranking of the pool when the spec says (street hint, 'near', free text, a thin pool)."""
        reasons = [r for r, on in (("street hint", bool(target.street_hint)), ("'near' without a street",
                   target.near and not target.street_hint), ("free-text wishes", bool(target.free_text)),
                   ("fewer than 30 comps: boosting recall", 0 < len(pool) < 30)) if on]
        if not reasons or len(pool) == 0:
            return pool, "structured"
        vector_query = target.street_hint or " ".join(target.free_text) or text
        bm25 = self.index.bm25_scores(text)[pool]
        vec = self.index.vector_scores(vector_query)[pool]
        lexical = [int(i) for i in np.argsort(-bm25, kind="stable") if bm25[i] > 0]
        dense = [int(i) for i in np.argsort(-vec, kind="stable") if vec[i] > 0]
        fused = rrf_fuse([dense, lexical], [VECTOR_WEIGHT, BM25_WEIGHT], k=60)
        ranked = sorted(fused, key=lambda i: (-fused[i], i))[:HYBRID_TOP]
        rest = [i for i in range(len(pool)) if i not in fused][: max(0, HYBRID_TOP - len(ranked))]
        candidates = pool[np.array(ranked + rest, dtype=np.int64)]
        trace.append(TraceStep(step=len(trace) + 1, action="hybrid", count=len(candidates), retrieval_mode="hybrid",
                               filters={"vector_query": vector_query[:60], "bm25_query": text[:80], "topk": HYBRID_TOP},
                               decision=f"hybrid retrieval ({', '.join(reasons)}): vector {VECTOR_WEIGHT} + BM25 "
                                        f"{BM25_WEIGHT} fused by reciprocal rank (k=60)"))
        return candidates, "hybrid"

    def target_profile(self, target: Target, comps: np.ndarray) -> tuple[float, float, float, int]:
        """(area, storey, remaining-lease months, flat model code) of the flat being valued.

        What the text gave wins; then the named block's own earlier sales (its lease start from a sale of any flat
        type: blocks are built at once); then the named street's sales of the nearest size (a street mixes
        estates of different decades, and the size of a flat type tells the decade); then the comps.
        """
        t = self.table
        as_of_m = month_index(target.as_of)
        own = self.block_rows(target)
        block_any = self.block_rows(target, any_type=True)
        street_rows = self.street_rows(target)
        area = target.floor_area_target or (float(np.median(t.area[own if len(own) else comps])) if len(own) + len(
            comps) else 90.0)
        if target.storey_target is not None:
            storey = float(target.storey_target)
        elif target.storey_preference:
            lo, hi = STOREY_BANDS[target.storey_preference]
            storey = (lo + min(hi, 25.0)) / 2
        else:
            storey = float(np.median(t.storey_mid[comps])) if len(comps) else 8.0

        def nearest(rows: np.ndarray, k: int = 5) -> np.ndarray:
            return rows[np.argsort(np.abs(t.area[rows] - area), kind="stable")[:k]]

        lease_ref = block_any if len(block_any) else nearest(street_rows) if len(street_rows) else np.zeros(0, int)
        hinted = block_number(target.block_hint or "")
        commence = None
        if not len(block_any) and hinted:  # no sales: the street's nearest-numbered block
            street_any = self.street_rows(target, any_type=True)
            gap = np.abs(self.block_number[street_any] - hinted)
            if self.newly_sellable(target, street_any[gap == 0] if len(street_any) else street_any):
                commence = target.as_of.year - MOP_YEARS
            elif len(street_any):
                lease_ref = street_any[gap == gap.min()]
        if target.lease_commence_year or commence:
            lease = float(((target.lease_commence_year or commence or 0) + 99) * 12 - as_of_m)
        elif len(lease_ref):
            commence = Counter(t.lease_commence[lease_ref].tolist()).most_common(1)[0][0]
            lease = float((commence + 99) * 12 - as_of_m)
        elif len(comps):
            lease = float(np.median(t.lease_months[comps] - (as_of_m - t.month[comps])))
        else:
            lease = 900.0
        model_ref = own if len(own) else street_rows if len(street_rows) else comps
        if target.flat_model and target.flat_model in t.models:
            model = t.models.index(target.flat_model)
        elif len(model_ref):
            model = Counter(t.flat_model[nearest(model_ref)].tolist()).most_common(1)[0][0]
        else:
            model = 0
        return area, storey, lease, int(model)

    def newly_sellable(self, target: Target, same_number: np.ndarray) -> bool:
        """Whether the named block, unsold so far, is most likely a new one just past its minimum occupation period:
        a lettered block (newer estates letter their blocks: 83B), none of its letter siblings sold (83A would
        date it), and no sale of it in the NEW_BLOCK_MONTHS or more months of data before the valuation (an older
        block of some hundred flats sells every few months). In the 2026 sales outside the test, the first sales of
        blocks dated this way get their lease start within a year for 0.93 of them, against 0.78 when dated by the
        street's nearest-numbered block (which is often an estate decades older)."""
        if len(same_number) or not re.search(r"\d[a-h]$", (target.block_hint or "").lower()):
            return False
        months = self.table.month
        return len(np.unique(months[months < month_index(target.as_of)])) >= NEW_BLOCK_MONTHS

    def street_rows(self, target: Target, *, any_type: bool = False) -> np.ndarray:
        """Earlier sales on the street the user named: of the same flat type, or of any (none without one street)."""
        t = self.table
        streets = hint_streets(t, target.street_hint)
        if len(streets) != 1:
            return np.zeros(0, dtype=np.int64)
        rows = (t.street_code == t.streets.index(streets[0])) & (t.month < month_index(target.as_of))
        if not any_type:
            rows &= t.flat_type == FLAT_TYPES.index(target.flat_type or "")
        return np.flatnonzero(rows)

    def near_rows(self, target: Target) -> np.ndarray:
        """Earlier sales of the same flat type in nearby blocks: same town, block number within NEAR_NUMBERS
        of the named block's and in the same hundred (none without a block)."""
        t = self.table
        if not target.block_hint or not target.town or target.flat_type not in FLAT_TYPES:
            return np.zeros(0, dtype=np.int64)
        num = block_number(target.block_hint)
        if num == 0:  # a block without a number has no neighbours by number
            return np.zeros(0, dtype=np.int64)
        as_of_m = month_index(target.as_of)
        return np.flatnonzero((t.town == t.town_code(target.town)) & (t.flat_type == FLAT_TYPES.index(target.flat_type))
                              & (t.month < as_of_m)
                              & (np.abs(self.block_number - num) <= NEAR_NUMBERS)
                              & (self.block_number // 100 == num // 100))

    def block_rows(self, target: Target, *, any_type: bool = False) -> np.ndarray:
        """Earlier sales in the block the user named: of the same flat type, or of any (none without a block)."""
        t = self.table
        if not target.block_hint:
            return np.zeros(0, dtype=np.int64)
        streets = hint_streets(t, target.street_hint) or t.block_streets.get(target.block_hint, [])
        codes = [t.block_index[(target.block_hint, s)] for s in streets if (target.block_hint, s) in t.block_index]
        if not codes:
            return np.zeros(0, dtype=np.int64)
        rows = np.isin(t.block_code, codes) & (t.month < month_index(target.as_of)) & (
            t.town == t.town_code(target.town or ""))
        if not any_type:
            rows &= t.flat_type == FLAT_TYPES.index(target.flat_type or "")
        return np.flatnonzero(rows)

    def _estimate(self, target: Target, candidates: np.ndarray, scores: np.ndarray,
                  trace: list[TraceStep]) -> tuple[list[Comp], float | None, float | None, float | None]:
        """Weigh the reranked candidates and the named block's own earlier sales; estimate from the top 30."""
        t = self.table
        as_of_m = month_index(target.as_of)
        try:
            fit = self.fit(as_of_m)
        except ValueError as exc:
            trace.append(TraceStep(step=len(trace) + 1, action="estimate", decision=f"no estimate: {exc}"))
            order = np.argsort(scores, kind="stable")[:TOP_COMPS]
            return self._comps(candidates[order], scores[order], None, None), None, None, None
        own_block = self.block_rows(target)
        # the named block's, its street's and nearby blocks' earlier sales join the candidates: the comps a valuer
        # looks at first
        near = self.near_rows(target)
        rows = np.union1d(candidates, np.concatenate([own_block, self.street_rows(target), near])).astype(np.int64)
        area, storey, lease, model = self.target_profile(target, rows)
        # the same score for every row considered: spec rerank terms plus distance to the target's own lease
        score = rerank_scores(area=t.area[rows], lease_months=t.lease_months[rows], storey_mid=t.storey_mid[rows],
                              month=t.month[rows], target_area=area, tolerance=5.0, min_lease_months=None,
                              storey_preference=target.storey_preference, storey_target=target.storey_target,
                              as_of_month=as_of_m, months_back=max(target.months_back, 12))
        lease_then = t.lease_months[rows] - (as_of_m - t.month[rows])
        score = score + LEASE_SIMILARITY * np.abs(lease_then - lease) / 60.0
        same_block = np.isin(rows, own_block).astype(float)
        streets = hint_streets(t, target.street_hint)
        same_street = np.isin(t.street[rows], streets).astype(float) if streets else np.zeros(len(rows))
        same_street *= np.abs(lease_then - lease) <= SIMILAR_LEASE_MONTHS
        raw = similarity_weights(scores=score, same_block=same_block, same_street=same_street,
                                 street_boost=STREET_BOOST)
        near_block = np.isin(rows, near) & (same_block == 0)
        if near_block.any():
            gap = np.abs(self.block_number[rows] - block_number(target.block_hint or ""))
            raw = raw * (1.0 + NEAR_BOOST * near_block * np.exp(-gap / NEAR_SCALE))
        top = np.argsort(-raw, kind="stable")[:TOP_COMPS]
        chosen, weights = rows[top], raw[top] / raw[top].sum()
        segment = t.town_code(target.town or "") * 16 + FLAT_TYPES.index(target.flat_type or "")
        era = self.target_era(as_of_m)
        x_t = design(area=np.array([area]), storey_mid=np.array([storey]), lease_months=np.array([lease]),
                     flat_type=np.array([FLAT_TYPES.index(target.flat_type or "")]), era=np.array([era]))
        street_t = (t.streets.index(streets[0]) * 16 + FLAT_TYPES.index(target.flat_type or "")
                    if len(streets) == 1 else -1)
        era_t = era * 16 + FLAT_TYPES.index(target.flat_type or "")
        target_log = float(fit.predict(month=np.array([as_of_m]), x=x_t, segment=np.array([segment]),
                                       model=np.array([model]), street=np.array([street_t]),
                                       era=np.array([era_t]))[0])
        comp_pred = fit.predict(month=t.month[chosen], x=self.x[chosen], **self.dummies(chosen))
        est = estimate_value(target_log=target_log, comp_log_price=np.log(t.price[chosen]), comp_log_pred=comp_pred,
                             weights=weights)
        index_move = np.exp(fit.month_level(as_of_m) - fit.month_level(fit.last_month)) - 1
        bridged = " (HDB's published index)" if fit.bridge is not None else ""
        trace.append(TraceStep(step=len(trace) + 1, action="estimate", count=len(chosen),
                               decision=f"price model fit on sales before {target.as_of:%Y-%m}; index "
                                        f"{index_move:+.1%} since the last month with sales{bridged}; "
                                        f"{int(same_block[top].sum())} same-block, {int(near_block[top].sum())} "
                                        f"nearby-block and {int(same_street[top].sum())} same-street comps; "
                                        f"estimate {est.value:,.0f} SGD "
                                        f"({est.low:,.0f} - {est.high:,.0f})"))
        return self._comps(chosen, score[top], est.weights, est.adjusted), est.value, est.low, est.high

    def _comps(self, rows: np.ndarray, scores: np.ndarray, weights: np.ndarray | None,
               adjusted: np.ndarray | None) -> list[Comp]:
        out = []
        for j, i in enumerate(rows.tolist()):
            row = self.table.row(i)
            row.pop("lease_commence_date")
            out.append(Comp(**row, score=round(float(scores[j]), 4),
                            weight=round(float(weights[j]), 4) if weights is not None else 0.0,
                            adjusted_price=round(float(adjusted[j])) if adjusted is not None else None))
        return out


def model_planner(model: Any, request: str) -> Planner:
    """A loop planner that asks the model which allowed constraint to move (None when it fails or strays)."""

    def choose(direction: str, count: int, filters: dict[str, Any], options: list[str]) -> str | None:
        try:
            answer = model.invoke(COMPS_PLANNER_PROMPT.format(count=count, direction=direction, filters=filters,
                                                              request=request, options=", ".join(options)))
            words = set(re.findall(r"[a-z]+", str(getattr(answer, "content", answer)).lower()))
        except Exception as exc:  # a model that fails must not break the search
            log.warning("comps planner model failed: %s", type(exc).__name__)
            return None
        found = [o for o in options if o in words]
        return found[0] if len(found) == 1 else None

    return choose


@lru_cache(maxsize=1)
def default_engine() -> CompsEngine:
    """The engine over the shipped data (built once per process): counts and fetches in PostgreSQL when
    COMPS_DATABASE_URL is set (the table is loaded there if it is empty), else in memory."""
    from agents.settings import Settings

    url = Settings().comps_database_url
    if not url:
        return CompsEngine()
    from data.stores.hdb_pg import PgSalesStore

    table = load_table()
    store = PgSalesStore(url)
    if store.size() != table.size:
        store.load(table)
    return CompsEngine(table, store)


def format_reply(result: CompsResult) -> str:
    """The chat reply of a comps turn (markdown)."""
    if result.question:
        return result.question
    t = result.target
    head = f"**{t.flat_type.title() if t.flat_type else ''} in {(t.town or '').title()}**"
    if result.estimate is None:
        return f"{head}: no estimate. " + " ".join(result.notes)
    s = result.stats
    if not result.comps:  # the price model alone: said as the rough guide it is, never as a comps valuation
        return "\n\n".join([f"{head}: no comparable sales in the data match this flat, so there is no comps "
                             f"valuation. The price model fitted on all sales puts it near {result.estimate:,.0f} SGD "
                             f"({result.low:,.0f} - {result.high:,.0f}): a rough guide only. Try a nearby town, "
                             "another flat type or a longer window.", *result.notes])
    used = float(np.median([c.resale_price for c in result.comps]))
    lines = [f"{head}: fair value about **{result.estimate:,.0f} SGD** (range {result.low:,.0f} - {result.high:,.0f}), "
             f"from the {len(result.comps)} most similar sales (median {used:,.0f} SGD, each adjusted to your flat "
             "in the estimate).",
             f"The search's pool ({result.pool_size} sales of the town and flat type in the window): median "
             f"{s.median:,.0f} SGD (p25 {s.p25:,.0f}, p75 {s.p75:,.0f})." if s.median else ""]
    heaviest = sorted(result.comps, key=lambda c: -c.weight)[:REPLY_COMPS]
    if heaviest:  # the sales that weigh most in the estimate (the card's table lists them all)
        lines.append("Closest sales: " + "; ".join(
            f"{c.month} blk {c.block} {c.street_name.title()}, storey {c.storey_range.lower()}, "
            f"{c.floor_area_sqm:g} sqm: {c.resale_price:,.0f} SGD" for c in heaviest) + ".")
    lines += result.notes
    return "\n\n".join(line for line in lines if line)


# "whats the cheapest that sold recently", "the most expensive one sold": sales, not a valuation
EXTREME_Q = re.compile(r"\b(?:cheapest|lowest|most expensive|priciest|dearest|highest)\b.{0,30}\b(?:sold|sale|sales|"
                       r"went|transacted|resale)\b|\b(?:sold|sales?)\b.{0,20}\b(?:cheapest|lowest|highest|"
                       r"most expensive)\b|\b(?:cheapest|most expensive|priciest|dearest) (?:of (?:those|these|them)|"
                       r"ones?)\b", re.I)
# "any listings on that street right now?", "what's on the market in my block": asking prices, which we do not hold
FOR_SALE_Q = re.compile(r"\b(?:listings?|listed|on the market|for sale|asking)\b.{0,40}(?:\?|now|right now|currently)|"
                        r"\basking on (?:the )?portal\b|\bon the (?:hdb )?portal\b|"
                        r"\bwhat(?:'s| is) (?:on the market|for sale|listed)\b", re.I)
# "my neighbour's flat at 684 went for 865k", "blk 891 sold for 650k": a block's own sale pointed to
NEIGHBOUR_SALE = re.compile(r"\b(?:at|blk|block)\s+#?(\d{1,4}[a-h]?)\b.{0,30}\b(?:went for|sold (?:for|at)|got)\b",
                            re.I)
# HDB towns whose flats are too new for resale sales in the data, and the neighbouring towns that have them
NO_RESALE_TOWNS = {"tengah": ("BUKIT BATOK", "CHOA CHU KANG", "JURONG WEST", "BUKIT PANJANG")}
# A price statistic of a period rather than a valuation: "median price 2023", "what did they go for back in 2020",
# "give me the 2026 one then, and how much lease do those usually have left"
STATISTIC_Q = re.compile(r"\b(?:median|average|mean|typical)\b.{0,40}\b(?:price|prices|resale|sold|cost)\b|"
                         r"\bwhat did (?:they|those|these|it|flats?|units?) (?:go|sell|went|sold) for\b|"
                         r"\b(?:go|went|sold|sell) for\b.{0,25}\b(?:in|back in|during)\s+(?:19|20)\d\d\b|"
                         r"\bprices? (?:in|back in|during|for) (?:19|20)\d\d\b|\bthe (?:19|20)\d\d (?:one|figure|"
                         r"number|median|prices?)\b|\bhow much lease\b.{0,30}\b(?:left|remaining)\b", re.I)
_YEAR = re.compile(r"\b((?:19|20)\d\d)\b")


def _of_kind(t: Any, town: str | None, flat_type: str | None) -> np.ndarray:
    """The sales of one flat type in one town (none when either is unknown)."""
    if not town or flat_type not in FLAT_TYPES:
        return np.zeros(t.size, dtype=bool)
    return (t.town == t.town_code(town)) & (t.flat_type == FLAT_TYPES.index(flat_type))


def year_statistics(engine: CompsEngine, town: str, flat_type: str, year: int | None) -> str:
    """Count, median, middle half, range, floor area and remaining lease of a town's sales of one flat type in one
    year (the latest year with sales when none is named); says so when the data holds no such year."""
    t = engine.table
    kind = _of_kind(t, town, flat_type)
    years = sorted({m // 12 for m in t.month[kind].tolist()})
    head = f"**{flat_type.title()} in {town.title()}**"
    if not years:
        return f"{head}: the data holds no sales of this flat type in this town."
    if year is not None and year not in years:
        held = " and ".join(str(y) for y in years)
        return (f"{head}: the data holds HDB resale sales of {held} only (2023 in full, January-March 2026), none "
                f"from {year}, so I cannot say what they went for then. The latest: "
                + year_statistics(engine, town, flat_type, years[-1]).replace(f"{head}, ", "", 1))
    chosen = year if year is not None else years[-1]
    rows = np.flatnonzero(kind & (t.month // 12 == chosen))
    stats = price_stats(t.price[rows], t.area[rows])
    lease = np.median(t.lease_months[rows]) / 12
    months = sorted({month_label(int(m)) for m in t.month[rows].tolist()})
    span = months[0] if len(months) == 1 else f"{months[0]} to {months[-1]}"
    return (f"{head}, {chosen} ({span}): {stats.count} resale sales, median **{stats.median:,.0f} SGD** (middle half "
            f"{stats.p25:,.0f} - {stats.p75:,.0f}, range {stats.min:,.0f} - {stats.max:,.0f}); median "
            f"{np.median(t.area[rows]):g} sqm and **{lease:.0f} years** of lease left at sale. Ask for a fair value "
            "of one flat (block, size, floor) to compare it with these.")


# "asking 888k", "listed at 838,000", "priced at $720k": a seller's price to weigh against the estimate
ASKING_AT = re.compile(r"\b(?:asking|asks|listed (?:at|for)|priced (?:at|for)|list price(?: of| is)?|selling for)\s+"
                       r"(?:price\s+)?(?:of\s+)?(?:s?\$\s?)?(\d{3},\d{3}|\d{2,4}(?:\.\d+)?)\s*(k)?\b", re.I)
LIKE_MINE = re.compile(r"\b(?:like (?:mine|ours|my (?:flat|unit|place|home))|similar (?:flats?|units?|ones?|to mine)|"
                       r"same (?:size|type and size)|my size|(?:flats?|units?|ones?) like (?:this|it|mine))\b", re.I)


def similar_in_year(engine: CompsEngine, target: Target, year: int) -> str | None:
    """Sales of a year like the flat valued: same flat type and size (±3 sqm), on its street when there are two or
    more, else in its town; with the same band's median in the latest year, to show the move. None when too few."""
    t = engine.table
    if target.floor_area_target is None:
        return None
    kind = _of_kind(t, target.town, target.flat_type) & (np.abs(t.area - target.floor_area_target) <= 3)
    street = _block_street(engine, target) or (target.street_hint or "").upper() or None
    rows = np.flatnonzero(kind & (t.month // 12 == year) & (t.street == street)) if street else np.zeros(0, int)
    where = f"on {street.title()}" if street and len(rows) >= 2 else f"in {(target.town or '').title()}"
    if len(rows) < 2:
        rows = np.flatnonzero(kind & (t.month // 12 == year))
    if len(rows) < 2:
        return None
    size = f"{target.floor_area_target:g} sqm (±3)"
    lines = [f"- {_sale_line(t, int(i))}" for i in sorted(rows, key=lambda i: (-int(t.month[i]), -t.price[i]))[:5]]
    then = float(np.median(t.price[rows]))
    said = (f"**{(target.flat_type or '').title()} flats of {size} {where} in {year}:** {len(rows)} sales, median "
            f"**{then:,.0f} SGD**:\n" + "\n".join(lines))
    latest = int(t.month[kind].max()) // 12 if kind.any() else year
    same = np.flatnonzero(kind & (t.month // 12 == latest) & ((t.street == street) if where.startswith("on") else True))
    if latest != year and len(same) >= 2:
        now = float(np.median(t.price[same]))
        said += (f"\n\nIn {latest} the same kind of flat {where} sold for a median {now:,.0f} SGD ({len(same)} sales), "
                 f"{(now / then - 1) * 100:+.1f}% on {year}.")
    return said


PER_SQM_Q = re.compile(r"\bper (?:sq\.? ?m|sqm|square met\w*|m2)\b|\$/sqm|\bpsm\b|\bsqm (?:price|rate)\b|"
                       r"للمتر|سعر المتر", re.I)


def per_sqm(valued: dict[str, Any]) -> str:
    """The valuation just made, per square metre: the estimate, the closest sales and the pool's median."""
    target = valued.get("target") or {}
    area = target.get("floor_area_target")
    lines = []
    if valued.get("estimate") and area:
        each = valued["estimate"] / area
        lines.append(f"The estimate, {valued['estimate']:,.0f} SGD for {area:g} sqm, is **{each:,.0f} SGD/sqm**.")
    for comp in (valued.get("comps") or [])[:REPLY_COMPS]:
        price, sqm = comp["resale_price"], comp["floor_area_sqm"]
        lines.append(f"- {comp['month']} blk {comp['block']} {comp['street_name'].title()}, storey "
                     f"{comp['storey_range'].lower()}, {sqm:g} sqm: {price:,.0f} SGD = **{price / sqm:,.0f} SGD/sqm**")
    median = (valued.get("stats") or {}).get("median_psm")
    if median:
        lines.append(f"The search's pool: median {median:,.0f} SGD/sqm.")
    return "\n".join(lines) or "No valuation with a size to put per square metre yet."


YEAR_CMP = re.compile(r"\b(?:compare[sd]?|comparison|vs\.?|versus|against)\b.{0,25}\b20\d\d\b|"
                      r"\b(?:gone up|went up|go(?:ne)? down|risen|rose|dropped|drop|fell|fallen|cheaper|pricier|"
                      r"more expensive)\b.{0,30}\b20\d\d\b|\b20\d\d\b.{0,30}\b(?:compare[sd]?|vs\.?|"
                      r"cheaper|more expensive)\b", re.I)


def _as_stated(t: HdbTable, target: Target) -> np.ndarray:
    """Sales in the floor band and of the size the person stated (every sale where they stated neither)."""
    keep = np.ones(len(t.price), dtype=bool)
    if target.storey_preference:
        low, high = STOREY_BANDS[target.storey_preference]
        keep &= (t.storey_mid >= low) & (t.storey_mid <= high)
    if target.floor_area_target:
        keep &= np.abs(t.area - target.floor_area_target) <= target.floor_area_tolerance
    return keep


def year_compare(engine: CompsEngine, target: Target, year: int) -> str:
    """The flat just valued set against a year: the same kind of flat (its town, flat type, and the size, floors and
    lease start stated) in that year and in the latest months with sales, and the whole town's flat type, with the
    change; a year the data does not hold is said, and the years it does are compared instead."""
    t = engine.table
    held = sorted({int(m) // 12 for m in np.unique(t.month)})
    asked = year
    if year not in held:
        year = max(y for y in held if y < held[-1])
    kind = _of_kind(t, target.town, target.flat_type)
    same = kind & _as_stated(t, target)
    if target.min_remaining_lease_years:  # the same flats: by their lease start, not by the years left then
        same &= t.lease_commence >= target.as_of.year - 99 + target.min_remaining_lease_years
    latest = held[-1]
    label = (target.flat_type or "").lower().replace(" room", "-room")
    lines = [] if asked == year else [
        f"The data holds no sales from {asked} (2024 and 2025 are missing): here is {year} against {latest}."]
    for name, mask in (("the same kind of flat", same), (f"all {label} flats in {(target.town or '').title()}",
                                                          kind)):
        then, now = t.price[mask & (t.month // 12 == year)], t.price[mask & (t.month // 12 == latest)]
        if len(then) >= 2 and len(now) >= 2:
            a, b = float(np.median(then)), float(np.median(now))
            lines.append(f"- {name[0].upper()}{name[1:]}: median **{a:,.0f} SGD** in {year} ({len(then):,} sales), "
                         f"**{b:,.0f} SGD** in {latest} ({len(now):,} sales): **{(b / a - 1) * 100:+.1f}%**.")
    if len(lines) == (0 if asked == year else 1):
        lines.append(f"Too few sales of that kind in {year} or {latest} to compare.")
    return "\n".join(lines) + ("\n\nMedians of different flats sold in each year, not one flat's price: a guide to "
                               "the move, not a valuation.")


def lease_effect(engine: CompsEngine, target: Target) -> str:
    """What a shorter remaining lease does to price, from the latest year's sales of the same town and flat type:
    the flat's own band (within 10 years of its remaining lease) against sales with 10+ more years left."""
    t = engine.table
    kind = _of_kind(t, target.town, target.flat_type)
    if not kind.any():
        return "The data holds no sales of this flat type in this town to compare leases with."
    latest = int(t.month[kind].max()) // 12
    rows = kind & (t.month // 12 == latest)
    own = target.years_left()
    left = own if own is not None else float(np.median(t.lease_months[rows]) / 12)
    years = t.lease_months / 12
    near = rows & (np.abs(years - left) <= 10)
    longer = rows & (years >= left + 10)
    head = f"Your flat has about **{left:.0f} years** of lease left" if own is not None else \
        f"Sales here had a median {left:.0f} years of lease left"
    if near.sum() < 3 or longer.sum() < 3:
        return (f"{head}. Too few {latest} sales of {target.flat_type.title() if target.flat_type else 'this type'} in "
                f"{(target.town or '').title()} on either side to compare leases; the estimate already weighs "
                "remaining lease among its comparables.")
    a, b = float(np.median(t.price[near])), float(np.median(t.price[longer]))
    medians = (f"In {latest}, {int(near.sum())} {target.flat_type.title() if target.flat_type else ''} sales in "
               f"{(target.town or '').title()} with a similar lease sold for a median **{a:,.0f} SGD**, against "
               f"**{b:,.0f} SGD** for {int(longer.sum())} with 10+ more years left ({(a / b - 1) * 100:+.0f}%)")
    ratio = engine.lease_change(target, 10) if target.town and target.flat_type else None
    if ratio:  # the raw medians mix in newer, often bigger or better-placed, blocks: the model holds those equal
        medians = (f"Holding its town, size, floor and month equal, the price model puts the same flat with 10 more "
                   f"years of lease at **{(ratio - 1) * 100:+.1f}%**. {medians}: those raw medians also differ by "
                   "the blocks' age and place, so they overstate the lease alone")
    return (f"{head}. {medians}. So yes, a shorter lease costs, and it weighs more as it runs down: it narrows who can "
            "buy, since buyers' loans and CPF use depend on the lease left (HDB and CPF set the exact rules, which "
            "are not in this data). The estimate above already uses sales with a similar lease, so the older lease "
            "is priced in.")


def _sale_line(t: Any, i: int) -> str:
    left = t.lease_months[i] / 12
    return (f"{month_label(int(t.month[i]))} blk {t.block[i]} {t.street[i].title()}, storey {t.storey_range[i]}, "
            f"{t.area[i]:g} sqm, lease from {t.lease_commence[i]} ({left:.0f} years left): "
            f"**{t.price[i]:,.0f} SGD**")


def extreme_sales(engine: CompsEngine, target: Target, text: str) -> str:
    """The cheapest (or dearest) recent sales of the flat type in the town, with what explains the price."""
    t = engine.table
    kind = _of_kind(t, target.town, target.flat_type)
    rows = np.flatnonzero(kind & (t.month // 12 == (int(t.month[kind].max()) // 12 if kind.any() else 0)))
    years = target.min_remaining_lease_years
    if years:  # "need at least 60 yrs lease left, for the loan": only sales that meet it
        rows = rows[t.lease_months[rows] >= years * 12]
    if not len(rows):
        return "The data holds no sales of this flat type in this town" + (
            f" with at least {years:g} years of lease left." if years else ".")
    dear = bool(re.search(r"\b(?:most expensive|priciest|dearest|highest|top)\b", text, re.I))
    order = rows[np.argsort(-t.price[rows] if dear else t.price[rows], kind="stable")][:3]
    lines = [f"- {_sale_line(t, int(i))}" for i in order]
    note = ("" if dear else " The cheapest usually have the least lease left, which limits loans and CPF use: check "
            "the remaining lease before you count one as a bargain.")
    kind_name = target.flat_type.title() if target.flat_type else ""
    leased = f" with at least {years:g} years of lease left" if years else ""
    return (f"The {'dearest' if dear else 'cheapest'} {kind_name} sales{leased} in {(target.town or '').title()} in "
            "the latest months of the data:\n" + "\n".join(lines) + "\n\n" + ("" if years else note.strip()))


LISTINGS_SHOWN = 5  # asking-price listings named in a reply


def _block_street(engine: CompsEngine, target: Target) -> str | None:
    """The street of the block the flat valued is in (from its earlier sales), or None."""
    own = engine.block_rows(target)
    return str(engine.table.street[own[0]]) if len(own) else None


def portal_listings(target: Target, street: str | None, budget: float | None,
                    blocks: list[str] | None = None) -> str:
    """The HDB Flat Portal snapshot's asking prices for the flat type: of the blocks named ("is the 118 one on sale
    now?"), else on the street first, else in the town, within a budget when one is stated; cheapest first."""
    listings = [x for x in load_listings() if x.flat_type == target.flat_type and x.town == target.town]
    blocks = blocks or []
    named = [x for x in listings if any(_is_block(x.block.upper(), b) for b in blocks)]
    if blocks and not named:
        return (f"The HDB Flat Portal snapshot (2026) lists no {(target.flat_type or '').lower()} flat in blk "
                f"{', '.join(blocks)} in {(target.town or '').title()}: none was on sale when it was taken.")
    if budget and not named:
        listings = [x for x in listings if x.price <= budget]
    on_street = named or [x for x in listings if street and x.street == street]
    shown = sorted(on_street or listings, key=lambda x: x.price)[:LISTINGS_SHOWN]
    where = ("blk " + ", ".join(dict.fromkeys(f"{x.block} {x.street.title()}" for x in named)) if named else
             street.title() if on_street and street else (target.town or "").title())
    within = f" at or under {budget:,.0f} SGD" if budget and not named else ""
    if not shown:
        return (f"The HDB Flat Portal snapshot (2026) has no {target.flat_type.lower() if target.flat_type else ''} "
                f"listings in {(target.town or '').title()}{within}.")
    prices = sorted(x.price for x in listings)
    lines = [f"- blk {x.block} {x.street.title()}, storey {x.storey_range}"
             + (f", {x.remaining_lease_months // 12} years left" if x.remaining_lease_months else "")
             + f": asking **{x.price:,.0f} SGD**" for x in shown]
    return (f"Asking prices on the HDB Flat Portal (a 2026 snapshot: asking, not sold, and some may be gone), "
            f"{(target.flat_type or '').lower()} in {where}{within}, cheapest first ({len(listings)} in "
            f"{(target.town or '').title()}, median asking {prices[len(prices) // 2]:,.0f} SGD):\n" + "\n".join(lines))


def latest_on_street(engine: CompsEngine, target: Target, budget: float | None = None,
                     blocks: list[str] | None = None) -> str:
    """Current listings asked for: the portal snapshot's asking prices of the flat type (the blocks named, else the
    street first), then the latest sales of those blocks or on the street (else in the town)."""
    t = engine.table
    kind = _of_kind(t, target.town, target.flat_type)
    street = _block_street(engine, target)
    asking = portal_listings(target, street, budget or target.price_budget_max, blocks)
    in_blocks = kind & np.isin(np.char.upper(t.block.astype(str)), [b.upper() for b in blocks]) if blocks else None
    rows = (np.flatnonzero(in_blocks) if in_blocks is not None and in_blocks.any() else
            np.flatnonzero(kind & (t.street == street)) if street else np.flatnonzero(kind))
    rows = rows[np.argsort(-t.month[rows], kind="stable")][:4]
    where = (f"blk {', '.join(blocks or [])}" if in_blocks is not None and in_blocks.any() else
             street.title() if street else (target.town or "").title())
    if not len(rows):
        return asking + "\n\nThe sales data has no sales of this flat type there."
    return asking + f"\n\nThe latest sales on {where}:\n" + "\n".join(f"- {_sale_line(t, int(i))}" for i in rows)


# "what do higher floors get on my street then": sales, not a valuation of another flat
HIGHER_FLOORS_Q = re.compile(r"\b(?:higher|upper|high|top|lower|low) floors?\b.{0,40}\b(?:get|go for|going for|sell|"
                             r"sold|fetch|price)|"
                             r"\bwhat (?:do|did|are) (?:the )?(?:higher|upper|high|lower|low) floors?\b", re.I)


def floors_on_street(engine: CompsEngine, target: Target, text: str) -> str | None:
    """The latest sales of the flat type on the flat's street above (or below) its floor, with their prices."""
    t = engine.table
    kind = _of_kind(t, target.town, target.flat_type)
    street = _block_street(engine, target)
    if street is None or (target.storey_target is None and target.storey_preference is None):
        return None
    floor = target.storey_target or {"low": 3, "mid": 10, "high": 17}[target.storey_preference or "mid"]
    lower = re.search(r"\b(?:lower|low) floors?\b", text, re.I) is not None
    other = (t.storey_low > floor) if not lower else (t.storey_high < floor)
    rows = np.flatnonzero(kind & (t.street == street) & other)
    if target.floor_area_target:  # the same size of flat first
        rows = rows[np.abs(t.area[rows] - target.floor_area_target) <= 5] if (
            np.abs(t.area[rows] - target.floor_area_target) <= 5).any() else rows
    rows = rows[np.argsort(-t.month[rows], kind="stable")][:5]
    if not len(rows):
        return f"No {'lower' if lower else 'higher'}-floor sales of this flat type on {street.title()} in the data."
    return (f"{'Lower' if lower else 'Higher'}-floor sales of {target.flat_type.lower() if target.flat_type else ''} "
            f"flats on {street.title()}, latest first (yours is around floor {floor}):\n"
            + "\n".join(f"- {_sale_line(t, int(i))}" for i in rows))


def stated_rows(engine: CompsEngine, target: Target) -> np.ndarray:
    """The town's sales of the flat type in the last year (at least) that meet what the person stated as hard: the
    lease left, the floors, the size, and how near an MRT station the block is (the search's own relaxing aside)."""
    t = engine.table
    as_of_m = month_index(target.as_of)
    recent = (t.month < as_of_m) & (t.month >= as_of_m - max(target.months_back, 12))
    kept = _of_kind(t, target.town, target.flat_type) & recent & _as_stated(t, target) & (
        t.lease_months >= (target.min_remaining_lease_years or 0) * 12)
    if target.mrt_within_m:
        kept &= engine.mrt_metres <= target.mrt_within_m  # a block with no known distance is not placed
    return np.flatnonzero(kept)


def stated_sales(said: Target) -> str:
    """What `stated_rows` counts, in words: "3-room sales in Ang Mo Kio in the last year within 400 m of an MRT"."""
    return (f"{(said.flat_type or '').lower().replace(' room', '-room')} sales in {(said.town or '').title()} in the "
            "last year"
            + (f" with {said.min_remaining_lease_years:g}+ years of lease left"
               if said.min_remaining_lease_years else "")
            + (f" within {said.mrt_within_m:,} m of an MRT" if said.mrt_within_m else "")
            + (f", {said.storey_preference} floor" if said.storey_preference else "")
            + (f", {said.floor_area_target - said.floor_area_tolerance:g}–"
               f"{said.floor_area_target + said.floor_area_tolerance:g} sqm" if said.floor_area_target else ""))


def leased_prices(engine: CompsEngine, target: Target) -> list[float]:
    """The prices of the sales that meet what was stated (see `stated_rows`)."""
    return [float(p) for p in engine.table.price[stated_rows(engine, target)]]


def near_mrt(engine: CompsEngine, target: Target) -> str:
    """The sales near an MRT station the person asked for: how many, their median, the cheapest with their station
    and distance, and how many sales could be placed at all (distances are known for blocks sold in 2026 Q1)."""
    t = engine.table
    rows = stated_rows(engine, target)
    everywhere = stated_rows(engine, target.model_copy(update={"mrt_within_m": None}))
    known = int(np.count_nonzero(engine.mrt_metres[everywhere] < np.inf))
    kind = (target.flat_type or "").lower().replace(" room", "-room")
    said = (f"**{len(rows)} {kind} sales in {(target.town or '').title()}** in the last year were in blocks within "
            f"{target.mrt_within_m:,} m of an MRT or LRT station (the distance is known for {known} of the "
            f"{len(everywhere)} sales: blocks sold in 2026 Q1)")
    if not len(rows):
        return said + "."
    said += f"; median {float(np.median(t.price[rows])):,.0f} SGD."
    cheapest = rows[np.argsort(t.price[rows], kind="stable")[:3]]
    stations = block_stations()
    lines = []
    for i in cheapest.tolist():
        station = stations.get((str(t.block[i]), str(t.street[i])))
        where = (f", {station.metres:,.0f} m from {titled(station.name)}"
                 if station else "")
        lines.append(f"- {_sale_line(t, i)}{where}")
    return said + " The cheapest:\n" + "\n".join(lines)


def nearby_sales(engine: CompsEngine, target: Target, kind: str, budget: float | None = None) -> str:
    """The sales that meet what was stated (within the budget, when one was said and some are), closest first to
    the nearest place of `kind`."""
    t = engine.table
    rows = stated_rows(engine, target)
    budget = budget or target.price_budget_max
    within = rows[t.price[rows] <= budget] if budget else rows
    about = stated_sales(target) + (f", at or under {budget:,.0f} SGD" if budget and len(within) else "")
    return closest_to(t, within if len(within) else rows, kind, about)


def within_budget_elsewhere(engine: CompsEngine, target: Target, budget: float) -> str:
    """Nothing comparable sold within the budget: the flat type's sales in the town within it whatever their lease
    (what gives), and the next smaller flat type's median."""
    t = engine.table
    as_of_m = month_index(target.as_of)
    recent = (t.month < as_of_m) & (t.month >= as_of_m - max(target.months_back, 12))
    kind = _of_kind(t, target.town, target.flat_type) & recent
    cheap = np.flatnonzero(kind & (t.price <= budget))
    lines = []
    if len(cheap):
        cheap = cheap[np.argsort(-t.price[cheap], kind="stable")][:3]
        lines.append(f"Within {budget:,.0f} SGD, {int((kind & (t.price <= budget)).sum())} of {int(kind.sum())} "
                     f"{(target.flat_type or '').lower()} sales in {(target.town or '').title()} were, with shorter "
                     "leases or smaller or lower flats:\n" + "\n".join(f"- {_sale_line(t, int(i))}" for i in cheap))
    index = FLAT_TYPES.index(target.flat_type) if target.flat_type in FLAT_TYPES else 0
    if 1 <= index <= 5:
        smaller = FLAT_TYPES[index - 1]
        pool = _of_kind(t, target.town, smaller) & recent
        if target.min_remaining_lease_years:
            pool &= t.lease_months - (as_of_m - t.month) >= target.min_remaining_lease_years * 12
        if pool.any():
            within = int((pool & (t.price <= budget)).sum())
            lines.append(f"A {smaller.lower()} there: median {float(np.median(t.price[pool])):,.0f} SGD over "
                         f"{int(pool.sum())} sales, {within} of them at or under {budget:,.0f} SGD.")
    return "\n\n".join(lines)


def sales_within(engine: CompsEngine, target: Target, budget: float, shown: int = 5) -> str:
    """Some of the budget's sales ("anything under 400k with a similar size?"): the recent sales of the flat type in
    the town within the budget and within 5 sqm of the flat, the dearest first, one per block, with their lease."""
    t = engine.table
    as_of_m = month_index(target.as_of)
    rows = _of_kind(t, target.town, target.flat_type) & (t.month < as_of_m) & \
        (t.month >= as_of_m - max(target.months_back, 12)) & (t.price <= budget)
    if target.floor_area_target:
        rows &= np.abs(t.area - target.floor_area_target) <= 5
    found = np.flatnonzero(rows)
    picked: dict[str, int] = {}
    for i in found[np.argsort(-t.price[found], kind="stable")].tolist():
        picked.setdefault(f"{t.block[i]} {t.street[i]}", i)
    if not picked:
        return ""
    size = f" of {target.floor_area_target - 5:g}-{target.floor_area_target + 5:g} sqm" if target.floor_area_target \
        else ""
    return (f"{len(found)} {(target.flat_type or '').lower()} sales{size} in {(target.town or '').title()} were at or "
            f"under {budget:,.0f} SGD; the dearest of each block (a shorter lease or a lower floor is often why "
            "they cost less):\n" + "\n".join(f"- {_sale_line(t, i)}" for i in list(picked.values())[:shown]))


def block_sales(engine: CompsEngine, target: Target, block: str) -> str | None:
    """A block the person points to ("my neighbour's flat at 684 went for 865k"): its recent sales of the flat type,
    with lease and size beside the flat valued, so the difference is explained; None when the town has no such
    block."""
    t = engine.table
    kind = _of_kind(t, target.town, target.flat_type)
    rows = [int(i) for i in np.flatnonzero(kind) if str(t.block[i]).upper().startswith(block.upper())]
    if not rows:
        return None
    rows = sorted(rows, key=lambda i: -int(t.month[i]))[:4]
    own = (f" The flat valued has a lease from {target.lease_commence_year}." if target.lease_commence_year else "")
    kind_name = target.flat_type.title() if target.flat_type else ""
    return (f"Sales at blk {block} ({(target.town or '').title()}, {kind_name}):"
            "\n" + "\n".join(f"- {_sale_line(t, i)}" for i in rows) + f"\n\n{own.strip()} A newer lease, a bigger "
            "flat or a higher floor sells for more: compare those before you take one sale as the price of yours.")


BLOCKS_SOLD_Q = re.compile(r"\b(?:sold|went for|sales?|transacted|floors?)\b", re.I)
_BLOCKS = re.compile(r"\b(\d{1,4})([a-h])\b((?:\s*(?:/|,|and|&|or)\s*[a-h]\b)*)", re.I)


def blocks_in(text: str) -> list[str]:
    """The blocks a message names with their letters ("876A/C" -> 876A, 876C; "876A and 876C")."""
    out: list[str] = []
    for m in _BLOCKS.finditer(text):
        letters = [m.group(2), *re.findall(r"\b([a-h])\b", m.group(3) or "", re.I)]
        out += [f"{m.group(1)}{letter.upper()}" for letter in letters]
    return list(dict.fromkeys(out))


def blocks_within(engine: CompsEngine, target: Target, blocks: list[str], budget: float) -> str:
    """The flat type's sales in those blocks at or under a budget, cheapest first, with their floors; and the
    cheapest above it."""
    t = engine.table
    kind = _of_kind(t, target.town, target.flat_type)
    wanted = {b.upper() for b in blocks}
    rows = [int(i) for i in np.flatnonzero(kind) if str(t.block[i]).upper() in wanted]
    if not rows:
        return f"The data has no {(target.flat_type or '').lower()} sales at blk {', '.join(blocks)}."
    rows.sort(key=lambda i: float(t.price[i]))
    within = [i for i in rows if t.price[i] <= budget]
    above = [i for i in rows if t.price[i] > budget]
    lines = [f"At or under {budget:,.0f} SGD, {len(within)} of {len(rows)} sales at blk {', '.join(blocks)}:"]
    lines += [f"- {_sale_line(t, i)}" for i in within] or ["- none"]
    if above:
        lines.append(f"The cheapest above it: {_sale_line(t, above[0])}.")
    return "\n".join(lines)


# "what did 441 go for in 2023", "$/sqm on my block vs the street", "how much has my block gone up since 2023"
BLOCK_HISTORY_Q = re.compile(r"\b(?:go(?:ne)? (?:for|up)|went (?:for|up)|sold (?:for|at)|gone up|risen|appreciat\w*|"
                             r"psm|per sq(?:uare)? ?m\w*|price per square)|\$\s?/\s?sq\s?m", re.I)
RISE_Q = re.compile(r"\b(?:gone up|went up|go(?:ne)? down|risen|appreciat\w*|since 20\d\d|increase|change)\b", re.I)
# "my block", "the same block", and "what did it go for in 2023" of the flat just valued: its block's sales
MY_BLOCK = re.compile(r"\b(?:(?:my|our|the|this|that)(?: same)?|same) (?:block|blk)\b|"
                      r"\bwhat did (?:it|mine|my (?:flat|unit|place)|the flat) (?:go|sell)\b", re.I)
_BLOCK_NUMBER = re.compile(r"(?<![\d$.,])(\d{2,4})([a-h])?(?![\d,.%k])\b", re.I)


def blocks_asked(engine: CompsEngine, target: Target, text: str) -> list[str]:
    """The block numbers a follow-up points at ("271/272", "441", "my block"), among the town's blocks of the flat
    type; years and sizes are no blocks."""
    t = engine.table
    kind = _of_kind(t, target.town, target.flat_type)
    numbers = {str(b).upper() for b in t.block[kind]}
    said = [m.group(1) + (m.group(2) or "").upper() for m in _BLOCK_NUMBER.finditer(text)
            if not re.fullmatch(r"(?:19|20)\d\d", m.group(1))]
    found = [b for b in said if any(_is_block(n, b) for n in numbers)]
    if not found and MY_BLOCK.search(text) and target.block_hint:
        found = [re.sub(r"[A-Za-z]+$", "", target.block_hint)]  # my block: its number, every letter of it
    return list(dict.fromkeys(found))


def _is_block(block: str, said: str) -> bool:
    """ "441" names 441, 441A, 441B...; "441A" names 441A only."""
    block = block.upper()
    return block == said or re.sub(r"[A-Z]+$", "", block) == said


def _per_year(t: Any, rows: np.ndarray) -> dict[int, np.ndarray]:
    years: dict[int, list[int]] = {}
    for i in rows.tolist():
        years.setdefault(int(t.month[i]) // 12, []).append(i)
    return {y: np.array(v) for y, v in sorted(years.items())}


FEW_SALES = 6  # a block's year with this many sales or fewer lists each sale


def block_history(engine: CompsEngine, target: Target, blocks: list[str], asked: str = "") -> str | None:
    """The blocks' sales of the flat type by year (count, median, range, median SGD per sqm) and the change since
    2023, beside the street's and the town's median per sqm; None when the blocks have no such sales."""
    t = engine.table
    kind = _of_kind(t, target.town, target.flat_type)
    wanted = [b.upper() for b in blocks]
    rows = np.array([i for i in np.flatnonzero(kind) if any(_is_block(str(t.block[i]), b) for b in wanted)],
                    dtype=np.int64)
    street = next(iter(hint_streets(t, target.street_hint)), None) if target.street_hint else None
    if street and (t.street[rows] == street).any():  # the blocks of that number on the flat's own street
        rows = rows[t.street[rows] == street]
    if not len(rows):
        return None
    names = sorted({str(t.block[i]) for i in rows.tolist()})
    streets = sorted({str(t.street[i]).title() for i in rows.tolist()})
    kind_name = (target.flat_type or "").title()
    lines = [f"**{kind_name} sales at blk {', '.join(names)}** ({', '.join(streets)}):"]
    medians: dict[int, float] = {}
    for year, in_year in _per_year(t, rows).items():
        prices, psm = t.price[in_year], t.price[in_year] / t.area[in_year]
        medians[year] = float(np.median(prices))
        span = "Jan-Mar 2026" if year == 2026 else str(year)
        lines.append(f"- {span}: {len(in_year)} sale{'s' if len(in_year) != 1 else ''}, median "
                     f"**{medians[year]:,.0f} SGD** (range {prices.min():,.0f} - {prices.max():,.0f}), median "
                     f"{np.median(psm):,.0f} SGD/sqm")
        if len(in_year) <= FEW_SALES:  # a few sales are shown one by one: their floors and sizes explain the spread
            lines.extend(f"  - {month_label(int(t.month[i]))}, storey {t.storey_range[i]}, {t.area[i]:g} sqm: "
                         f"{t.price[i]:,.0f} SGD" for i in sorted(in_year.tolist(), key=lambda i: int(t.month[i])))
    if len(medians) >= 2:
        first, last = min(medians), max(medians)
        change = f"{(medians[last] / medians[first] - 1) * 100:+.1f}%"
        lines.append(f"Median {first} to {last}: {change} (a few sales a year: sizes and floors differ, so read it as "
                     "a rough guide).")
        if RISE_Q.search(asked):  # "how much has my block gone up since 2023": that first
            lines.insert(0, f"**{change}** on the median sale from {first} to {last}, at blk {', '.join(names)}.\n")
    latest = max(int(t.month[i]) // 12 for i in rows.tolist())
    in_latest = kind & (t.month // 12 == latest)
    around = [((target.town or "").title(), in_latest)]
    if len(streets) == 1:  # beside the street's and the town's sales of the same year, per square metre
        around.insert(0, (streets[0], in_latest & (t.street == streets[0].upper())))
    for label, mask in around:
        chosen = np.flatnonzero(mask)
        if len(chosen):
            lines.append(f"{label}, {kind_name.lower()} sales in {latest}: {len(chosen)}, median "
                         f"{np.median(t.price[chosen] / t.area[chosen]):,.0f} SGD/sqm.")
    lines.append("The data has no 2024-2025 sales, so it cannot show when prices moved in between.")
    return "\n".join(lines)


def sgd_said(number: str, thousands: str | None) -> float:
    """A flat's price as said: "480k", "ask 480" (thousands of dollars) or "480,000"."""
    price = float(number.replace(",", ""))
    return price * 1000 if thousands or price < 10_000 else price


# A buyer's bargaining question asked without the seller's price ("is the asking ok? how much should i counter")
BUYER_OFFER_Q = re.compile(r"\b(?:counter(?:[- ]?offer)?|offer|bid|lowball|negotiat\w*)\b|\basking\b(?: price)?"
                           r"(?: is)? (?:ok|okay|fair|reasonable|too high|high)\b", re.I)


SELLER_SIDE = re.compile(r"\b(?:sell(?:ing)?|list(?:ing)? (?:it|at|for|price)|accept)\b|"
                         r"\b(?:my|our) (?:flat|unit|place|home|house|\d\s*(?:-?room|rm))\b", re.I)


def offer_advice(estimate: float, low: float, asking: float | None = None) -> str:
    """Where a buyer can open and how far to go, from the estimate and its range (the message named no price; one
    said earlier in the conversation is placed against them)."""
    said = (f"The seller asks {asking:,.0f} SGD, {(asking / estimate - 1) * 100:+.1f}% on the estimate. " if asking
            else "You didn't say what the seller is asking: tell me and I'll place it against this range. ")
    return (f"{said}On these sales, an opening offer near the low end, about {low:,.0f} SGD, leaves room to move up "
            f"towards the estimate ({estimate:,.0f} SGD); paying well above the range means paying more than "
            "comparable flats sold for.")


def listing_advice(valued: dict[str, Any], text: str = "") -> str:
    """Where to set an asking price for the flat just valued, from its estimate and range (what the data can say);
    a price the message names ("my agent says list at 720k") is placed against that range first."""
    estimate, low, high = valued["estimate"], valued.get("low") or valued["estimate"], valued.get("high") or \
        valued["estimate"]
    asked = re.search(r"\b(?:ask|list|sell|price|put)\w*\b(?: (?:it|the flat|ours?))?(?: (?:for|at))?\s+\$?\s?"
                      r"(\d{3},\d{3}|\d{2,4}(?:\.\d+)?)\s*(k)?\b", text, re.I)
    named = asked or re.search(r"\$?\s?(\d{2,4}(?:[.,]\d+)?)\s*(k|K)\b|\$?\s?(\d{3},?\d{3})\b", text)
    verdict = ""
    if named:
        price = sgd_said(named.group(1) or named.group(3), named.group(2))
        where = ("below the range: likely to sell quickly, but you may leave money on the table" if price < low else
                 "above the range: expect buyers to push back" if price > high else "within the range")
        verdict = f"{price:,.0f} SGD is {where} ({(price / estimate - 1) * 100:+.1f}% on the estimate). "
    return verdict + (f"The sales data holds what flats sold for, not how far buyers negotiated down from an asking "
            f"price. Your flat's estimate is {estimate:,.0f} SGD (range {low:,.0f} - {high:,.0f}): an asking "
            f"price near the top of that range, about {high:,.0f} SGD ({(high / estimate - 1) * 100:+.0f}%), leaves "
            "room to negotiate while staying within what recent buyers paid; far above it, buyers who check recent "
            "sales (HDB publishes them) are likely to hold back.")


TOWNS_VS = re.compile(r"\bvs\.?\b|\bversus\b|\bcompar\w*|\bor\b|\bbetter value\b|\bwhich (?:is|gives|one)\b", re.I)


def towns_compared(engine: CompsEngine, text: str) -> list[str]:
    """The two HDB towns a message weighs against each other ("toa payoh vs bedok"), in the order named."""
    if not TOWNS_VS.search(text):
        return []
    low = text.lower()
    found = sorted((low.find(town.lower()), town) for town in engine.table.towns if town.lower() in low)
    return [town for _, town in found][:3] if len(found) == 2 else []


def compare_towns(engine: CompsEngine, text: str, towns: list[str], as_of: date) -> str | None:
    """Each town's fair value for the flat described, its pool median and, with a budget, how many sold within it."""
    lines, values = [], []
    for town in towns:
        others = [t for t in towns if t != town]
        alone = re.sub("|".join(re.escape(o) for o in others), " ", text, flags=re.I)
        result = engine.run(alone, as_of=as_of)
        if result.question or result.estimate is None or result.target.town != town:
            return None
        budget = result.target.price_budget_max
        within = (f"; {sum(p <= budget for p in result.pool_prices)} of {len(result.pool_prices)} sold at or under "
                  f"{budget:,.0f} SGD" if budget and result.pool_prices else "")
        lines.append(f"- **{town.title()}**: fair value about **{result.estimate:,.0f} SGD** (range "
                     f"{result.low:,.0f} - {result.high:,.0f}); pool median {result.stats.median:,.0f} SGD from "
                     f"{result.pool_size} sales{within}.")
        values.append((result.estimate, town))
    (cheap, low_town), (dear, _) = sorted(values)
    kind = (engine.parser.parse(text, as_of=as_of).target.flat_type or "").lower()
    return "\n".join([f"**{kind.title()}: {towns[0].title()} vs {towns[1].title()}**", *lines,
                      f"{low_town.title()} is about {dear - cheap:,.0f} SGD ({(dear - cheap) / dear:.0%}) cheaper for "
                      "the same kind of flat. Which is better value also depends on the remaining lease, the size "
                      "and the block: ask for one town's comps to see them."])


# "ok forget high floor", "any size", "drop the lease requirement": what the follow-up sets aside
_SET_ASIDE = re.compile(r"\b(?:forget|drop|ignore|never mind|scrap|no need for|whatever|any)\b(?: (?:about|the|a|my))?"
                        r" ((?:high|low|mid|higher|lower)? ?(?:floors?|storeys?|levels?)|sizes?|sqm|area|leases?)\b",
                        re.I)
_ASIDE_FIELDS = (("floor", ("storey_target", "storey_preference")), ("storey", ("storey_target", "storey_preference")),
                 ("level", ("storey_target", "storey_preference")), ("size", ("floor_area_target",)),
                 ("sqm", ("floor_area_target",)), ("area", ("floor_area_target",)),
                 ("lease", ("min_remaining_lease_years", "lease_commence_year")))


def follow_up_target(previous: Target, stated: Target, text: str = "") -> Target:
    """The flat just valued, with what a follow-up states ("a higher floor, 16-18", "95 sqm instead") replacing its
    value; a floor or a size stated replaces the old one whole; one set aside ("forget high floor") goes."""
    update = stated.model_dump(exclude_defaults=True, exclude={"as_of"})
    for aside in _SET_ASIDE.finditer(text):
        for word, fields in _ASIDE_FIELDS:
            if word in aside.group(1).lower():
                update.update(dict.fromkeys(fields))
    if {"storey_target", "storey_preference"} & update.keys():
        update = {"storey_target": None, "storey_preference": None, **update}
    if update.get("flat_type") not in (None, previous.flat_type):  # "and a 5-room?": another flat, its own size
        update = {"floor_area_target": None, **update}
    if update.get("block_hint") not in (None, previous.block_hint):
        # "an older but bigger one on the same street, like blk 891?": that block's own lease, size and floors
        update = {"lease_commence_year": None, "floor_area_target": None, "storey_target": None,
                  "storey_preference": None, "street_hint": None, **update}  # its own street too ("684A")
    return previous.model_copy(update=update)


GAP_YEARS_Q = re.compile(r"\b(?:happen\w*|can'?t tell|cannot tell|no data|nothing)\b.{0,40}\b(?:2024|2025)\b|"
                         r"\b(?:2024|2025)\b.{0,20}\bat all\b", re.I)


def gap_years(engine: CompsEngine, as_of: date) -> str:
    """What the data can say about 2024-2025: no sales, but HDB's resale price index as published then."""
    releases = {r.quarter_start: r for r in sorted(engine.rpi, key=lambda r: r.published)
                if r.published <= as_of}  # the latest release of each quarter known today
    def level(year: int, quarter: int) -> float | None:
        found = releases.get(year * 12 + (quarter - 1) * 3)
        return found.value if found else None
    lines = ["Right: the sales data has none from 2024 or 2025, only 2023 and January–March 2026, so it cannot show "
             "how prices moved in between (only compare the two ends)."]
    end_2023, end_2024 = level(2023, 4), level(2024, 4)
    latest = max((q for q in releases if q // 12 == 2025), default=None)
    if end_2023 and end_2024:
        said = f"HDB's published resale price index gives the path: {end_2023:g} at the end of 2023, {end_2024:g} " \
               f"at the end of 2024 ({end_2024 / end_2023 - 1:+.1%})"
        if latest is not None:
            q = releases[latest]
            said += f", {q.value:g} in 2025 Q{latest % 12 // 3 + 1} ({q.value / end_2024 - 1:+.1%} on end-2024)"
        lines.append(said + ". The estimates here carry prices across the gap with that index.")
    return " ".join(lines)


# "wait till 2028 to sell, prices will be higher by then. true?", "will prices drop next year?"
FUTURE_Q = re.compile(r"\b(?:will|gonna|going to|would)\b.{0,40}\b(?:prices?|values?|it|they|market)\b.{0,30}"
                      r"\b(?:go up|go down|rise|fall|drop|climb|be higher|be lower|keep (?:rising|going up))\b|"
                      r"\b(?:prices?|values?|market)\b.{0,30}\b(?:will|gonna|going to)\b.{0,20}\b(?:go up|go down|rise|"
                      r"fall|drop|be higher|be lower)\b|"
                      r"\bwait (?:till|until|for) (?:20[2-9]\d|next year|a few years)\b|"
                      r"\b(?:20(?:2[7-9]|[3-9]\d))\b.{0,40}\b(?:higher|lower|price)|\bforecast\w*\b|"
                      r"\bsubir[aá]n?\b|\bbajar[aá]n?\b|ستر?تفع|ستنخفض", re.I)


def town_change(engine: CompsEngine, target: Target) -> str | None:
    """The flat type's median in the town in 2023 and in 2026 Q1, and the change (None without both)."""
    t = engine.table
    years = _per_year(t, np.flatnonzero(_of_kind(t, target.town, target.flat_type)))
    medians = {year: float(np.median(t.price[rows])) for year, rows in years.items() if len(rows)}
    if not (2023 in medians and 2026 in medians and target.town and target.flat_type):
        return None
    change = (medians[2026] / medians[2023] - 1) * 100
    return (f"{target.flat_type.title()} flats in {target.town.title()}: a median of {medians[2023]:,.0f} SGD over "
            f"{len(years[2023])} sales in 2023 and {medians[2026]:,.0f} SGD over {len(years[2026])} in January–March "
            f"2026 ({change:+.1f}%, over more than two years, and the flats sold differ; the data has no 2024 or "
            "2025 sales).")


def future_prices(engine: CompsEngine, target: Target) -> str:
    """No forecast; what the data says instead: the flat type's median in the town in 2023 and in 2026 Q1."""
    lines = ["I can't forecast HDB resale prices: nobody can say what they will be in a year or two, and the data ends "
             "in March 2026."]
    change = town_change(engine, target)
    if change:
        lines.append(f"What it shows for {change}")
    lines.append("A flat also ages: each year off the remaining lease takes a little off what buyers pay, and the past "
                 "rise is no promise. Weigh the wait against your own plans (the next flat's price moves too).")
    return " ".join(lines)


# "how much has 4-room in bedok gone up since 2023?": the town's change, not a valuation
RISE_SINCE = re.compile(r"\b(?:gone up|went up|risen|rose|increased|appreciated|climbed|changed|gone down|fallen|"
                        r"dropped)\b.{0,30}\bsince\b|\bsince 20\d\d\b.{0,30}\b(?:up|down|change|rise|increase)", re.I)
# What registered sales cannot tell: how long a sale takes, and financing rules
BEYOND_SALES = (
    (re.compile(r"\bhow (?:long|fast|quickly|soon)\b.{0,30}\b(?:sell|sold|take|find a buyer)\b|\btime on (?:the )?"
                r"market\b|\bdays on (?:the )?market\b", re.I),
     "how long flats took to sell: it has no listing dates or days on the market. Pricing near the estimate's range "
     "is what keeps a flat from sitting unsold; an agent's recent listings in your town can say how long that took"),
    (re.compile(r"\b(?:housing |bank |hdb )?loans?\b|\bcpf\b|\bgrants?\b|\beligib\w*|\bltv\b|\bmortgage\b|"
                r"\bfinanc\w*", re.I),
     "loan, CPF or grant rules: how much of a flat's price an HDB or bank loan and your CPF can cover depends on its "
     "remaining lease and your age, under HDB's and the CPF Board's current rules. Check them (HDB's and CPF's "
     "websites) for this flat before you commit"),
)


def beyond_sales(text: str, target: Target) -> str | None:
    """What the sales data cannot answer, said plainly (with the flat's remaining lease when the question turns on
    it); None when the question is one the sales answer."""
    told = [said for pattern, said in BEYOND_SALES if pattern.search(text)]
    if not told:
        return None
    left = target.years_left() or target.min_remaining_lease_years
    lease = f" The flat as valued has about {left} years of lease left." if left else ""
    return "The sales data holds what HDB flats sold for (price, size, floor, lease, month), not " + \
        "; nor ".join(told) + "." + lease


def _same_target(before: dict[str, Any], now: dict[str, Any], *besides: str) -> bool:
    """Whether two targets describe the same flat (the valuation date, and the fields named, aside)."""
    aside = {"as_of", *besides}
    return {k: v for k, v in before.items() if k not in aside} == {k: v for k, v in now.items() if k not in aside}


def comps_node(state: AgentState, *, engine: CompsEngine | None = None, today: date | None = None,
               model: Any = None) -> dict[str, Any]:
    """Graph node: value the flat the message describes, as of today (the comps card reads state['comps']).

    A reply to the node's own clarifying question completes the earlier request.
    """
    text = state.get("text") or ""
    previous = state.get("comps") or {}
    engine = engine or default_engine()
    as_of = today or date.today()
    target = None
    if previous.get("question") and state.get("previous_node") == "comps":
        text = f"{previous.get('text', '')} {text}".strip()
    elif previous.get("target") and state.get("previous_node") == "comps":
        stated = engine.parser.parse(text, as_of=as_of).target
        if stated.town is None or stated.flat_type is None:  # "and a higher floor?": the flat just valued, changed
            target = follow_up_target(Target.model_validate({**previous["target"], "as_of": as_of}), stated, text)
            text = f"{previous.get('text', '')} {text}".strip()
    started = time.perf_counter()
    asked = state.get("text") or ""
    if previous.get("target") and state.get("previous_node") == "comps":
        about_before = Target.model_validate({**previous["target"], "as_of": as_of})
        stated_now = engine.parser.parse(asked, as_of=as_of).target
        if stated_now.town and stated_now.flat_type:  # "ok back to toa payoh 3 room then": that flat instead
            about_before = stated_now
        if FOR_SALE_Q.search(asked) and not (ASKING_AT.search(asked) and not re.search(r"\bportal\b", asked, re.I)):
            # "any listings on that street, what are they asking?": sales are what we hold ("saw a listing at 522C
            # ..., asking 850k. overpriced?" is that flat valued against its price, below)
            listed = latest_on_street(engine, about_before, stated_now.price_budget_max,
                                      blocks_asked(engine, about_before, asked))
            if LISTING_PRICE.search(asked) and previous.get("estimate"):  # "if i list at 958k is that crazy? and ..."
                listed = listing_advice(previous, asked) + "\n\n" + listed
            return {"reply": listed, "awaiting": None,
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "listings_asked": True}]}
        if FUTURE_Q.search(asked) and about_before.town:  # "wait till 2028, prices will be higher?": no forecast
            return {"reply": future_prices(engine, about_before), "awaiting": None,
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "forecast_asked": True}]}
        beyond = beyond_sales(asked, about_before)
        if beyond and not LEASE_LEFT_Q.search(asked) and stated_now.min_remaining_lease_years is None:
            # "how long will it take to sell?", "how much CPF must I put back?" (the lease's years, when asked beside,
            # are answered below with this said after them)
            return {"reply": beyond, "awaiting": None,
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "beyond_the_sales": True}]}
        change = town_change(engine, about_before) if RISE_SINCE.search(asked) and not blocks_asked(
            engine, about_before, asked) else None
        if change:  # "how much has 4-room in bedok gone up since 2023?": the town's medians, not a valuation
            return {"reply": change, "awaiting": None,
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "town_change": True}]}
        if GAP_YEARS_Q.search(asked):  # "so u cant tell me what happened in 2024 or 2025 at all?"
            return {"reply": gap_years(engine, as_of), "awaiting": None,
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "gap_asked": True}]}
        if HIGHER_FLOORS_Q.search(asked):  # "what do higher floors get on my street then": the street's sales
            floors = floors_on_street(engine, about_before, asked)
            if floors:
                return {"reply": floors, "awaiting": None,
                        "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                                   "floors_asked": True}]}
        kind = nearby_kind(asked)
        street = _block_street(engine, about_before) if kind and about_before.block_hint else None
        kinds = nearby_kinds(asked) if street else []
        around = block_surroundings(about_before.block_hint or "", street, kinds) if street else None
        if around and not re.search(r"\b(?:those|them|which|these)\b", asked, re.I):
            # "how close to the mrt? and any good primary schools within 1km" of the flat valued: its block's
            return {"reply": around, "awaiting": None,
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "block_nearby": kinds}]}
        if kind and (kind != "mrt" or re.search(r"\b(?:closest|nearest|how far|how close|farthest)\b", asked, re.I)):
            # (a distance to the MRT is a filter: "only within walking distance to mrt" narrows the search)
            # "which of those is closest to a polyclinic?": the sales asked about, by what is near their block
            return {"reply": nearby_sales(engine, about_before, kind, budget=stated_now.price_budget_max),
                    "awaiting": None, "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000,
                                                                                 1), "nearby": kind}]}
        if EXTREME_Q.search(asked):
            # "whats the cheapest that sold recently": from the sales, with what explains the price
            return {"reply": extreme_sales(engine, about_before, asked), "awaiting": None,
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "extreme_sales": True}]}
        named_blocks = blocks_in(asked)
        budget = stated_now.price_budget_max
        if named_blocks and budget and BLOCKS_SOLD_Q.search(asked):
            # "my max is 760k. which floors in 876A/C actually sold at or under that?": those blocks' sales
            return {"reply": blocks_within(engine, about_before, named_blocks, budget), "awaiting": None,
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "blocks_within": named_blocks}]}
        history_of = blocks_asked(engine, about_before, asked) \
            if BLOCK_HISTORY_Q.search(asked) and not budget and not NEIGHBOUR_SALE.search(asked) \
            and not LISTING_PRICE.search(asked) else []  # "...sold for 450 so i should ask 480?": the price asked
        history = block_history(engine, about_before, history_of, asked) if history_of else None
        if history:  # "what did 441 go for in 2023", "$/sqm on my block vs the street": those blocks, year by year
            return {"reply": history, "awaiting": None,
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "block_history": history_of}]}
        pointed = NEIGHBOUR_SALE.search(asked)
        told = block_sales(engine, about_before, pointed.group(1)) if pointed else None
        if told:  # "but my neighbour's flat at 684 went for 865k!": that block's sales, explained
            return {"reply": told, "awaiting": None,
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "block_sales": pointed.group(1) if pointed else None}]}
    if LEASE_LEFT_Q.search(asked) and previous.get("target") and state.get("previous_node") == "comps" \
            and not ASKING_AT.search(asked):  # "seller at fernvale link asking 720k, ~88 yrs lease left": a flat
        # "does the old lease hurt me?": what a shorter remaining lease does to price here
        about = Target.model_validate({**previous["target"], "as_of": as_of})
        beyond = beyond_sales(asked, about)  # "58 years left, will that be a problem for our loan or CPF?"
        return {"reply": lease_effect(engine, about) + (f"\n\n{beyond}" if beyond else ""), "awaiting": None,
                "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                           "lease_effect": True}]}
    if LISTING_PRICE.search(asked) and previous.get("estimate") and state.get("previous_node") == "comps":
        return {"reply": listing_advice(previous, asked), "awaiting": None,
                "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                           "listing_price": True}]}
    new_town = next((town for town in NO_RESALE_TOWNS if re.search(rf"\b{town}\b", asked, re.I)), None)
    if new_town:  # "my sister's flat is in Tengah": a town whose flats are too new to have resale sales in the data
        near = ", ".join(t.title() for t in NO_RESALE_TOWNS[new_town])
        reply = (f"The data has no HDB resale sales in {new_town.title()}: its flats are new, so there are no "
                 f"comparable sales to value one from. The nearest towns with sales are {near}; I can value a "
                 "similar flat there as a rough guide.")
        said = engine.parser.parse(asked, as_of=as_of).target  # kept: "bukit batok then?" completes it
        return {"reply": reply, "awaiting": None, "comps": {"target": said.model_dump(mode="json"), "text": asked},
                "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                           "no_resale_town": new_town}]}
    years_asked = _YEAR.findall(asked)
    if target is not None and PER_SQM_Q.search(asked) and previous.get("comps") and not _YEAR.search(asked):
        # "whats that per sqm": the estimate and the closest sales, per square metre
        return {"comps": previous, "reply": per_sqm(previous), "awaiting": None,
                "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1), "per_sqm": True}]}
    if target is not None and YEAR_CMP.search(asked) and (target.town and target.flat_type):
        # "how does that compare to 2023", "how much has it gone up since 2023": the same kind of flat, then and now
        reply = year_compare(engine, target, int(years_asked[-1]) if years_asked else 2023)
        return {"comps": previous, "reply": reply, "awaiting": None,
                "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                           "year_compare": years_asked[-1] if years_asked else None}]}
    if STATISTIC_Q.search(asked) or (previous.get("statistic") and state.get("previous_node") == "comps"
                                     and years_asked):  # a statistic of a year ("how about in 2025?"), not a valuation
        about = target or engine.parser.parse(text, as_of=as_of).target
        like_mine = similar_in_year(engine, about, int(years_asked[-1])) if (
            target is not None and years_asked and LIKE_MINE.search(asked)) else None
        if like_mine:  # "what did flats like mine go for in 2023?": the same size on the same street, that year
            return {"comps": {**previous, "statistic": True}, "reply": like_mine, "awaiting": None,
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "similar_in_year": int(years_asked[-1])}]}
        if about.town and about.flat_type:
            reply = year_statistics(engine, about.town, about.flat_type,
                                    int(years_asked[-1]) if years_asked else None)
            return {"comps": {**previous, "target": about.model_dump(mode="json"), "text": text, "statistic": True},
                    "reply": reply,
                    "awaiting": None, "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000,
                                                                                 1), "statistic": True}]}
    towns = towns_compared(engine, asked) if target is None else []
    if len(towns) == 2:  # "3-room in toa payoh vs bedok, which gives better value?": each town valued, side by side
        side_by_side = compare_towns(engine, text, towns, as_of)
        if side_by_side:
            # the flat type, budget and lease asked stay for the next turn ("one at blk 227B sumang lane, 93 sqm?")
            weighed = engine.parser.parse(text, as_of=as_of).target
            return {"reply": side_by_side, "awaiting": None,
                    "comps": {"target": weighed.model_dump(mode="json"), "text": text, "statistic": True},
                    "trace": [{"node": "comps", "ms": round((time.perf_counter() - started) * 1000, 1),
                               "towns_compared": towns}]}
    result = engine.run(text, as_of=as_of, target=target, model=model)
    missing_years = sorted({int(y) for y in re.findall(r"\b(20(?:2[4-5]))\b", state.get("text") or "")})
    if missing_years:
        result.notes.append(f"The data holds HDB resale sales of 2023 and of January to March 2026 only: none from "
                            f"{', '.join(map(str, missing_years))}.")
    data = result.model_dump(mode="json") | {"text": text, "statistic": False}
    ms = (time.perf_counter() - started) * 1000
    notes = [f"{s.action}: {s.decision}" for s in result.trace]
    reply = format_reply(result)
    budget = result.target.price_budget_max
    if target is not None and _same_target(previous.get("target") or {}, data["target"]) \
            and not engine.parser.parse(asked, as_of=as_of).target.price_budget_max:
        budget = None  # the same flat and budget as before ("what should i offer?"): its count was shown then
    if budget and result.pool_prices:  # "my budget's 600k tops, realistic?": how many sold within it
        prices, counted = result.pool_prices, "comparable sales"
        meeting = leased_prices(engine, result.target)
        if meeting:
            # counted over the sales that meet what was stated (a lease minimum and an MRT distance are hard), never
            # over the search's pool, which the budget itself may have capped ("72 of 72" says nothing)
            prices = meeting
            counted = stated_sales(result.target)
        within = sum(p <= budget for p in prices)
        line = (f"**{within} of {len(prices)} {counted}** were at or under {budget:,.0f} SGD"
                + (f" (their median {float(np.median(prices)):,.0f} SGD; the cheapest {min(prices):,.0f} SGD)."
                   if within else
                   f": none; the cheapest was {min(prices):,.0f} SGD." if prices else "."))
        same = _same_target(previous.get("target") or {}, data["target"], "price_budget_max")
        if target is not None and same and result.estimate:  # "so with 700k I can't get one?": the budget, answered
            reply = (f"{line} The estimate stays {result.estimate:,.0f} SGD (range {result.low or 0:,.0f} - "
                     f"{result.high or 0:,.0f}).")
            reply = "\n\n".join(p for p in (reply, sales_within(engine, result.target, budget) if within else
                                                 # and what the budget can buy there instead
                                                 within_budget_elsewhere(engine, result.target, budget)) if p)
        else:
            reply = f"{line}\n\n{reply}"
    before = previous.get("target") or {}
    if result.target.mrt_within_m and result.target.town and result.target.flat_type and (
            re.search(r"\b(?:mrt|lrt|station|train)\b", asked, re.I) or before.get("flat_type") != data["target"][
                "flat_type"] or before.get("town") != data["target"]["town"]):
        # "4rm in queenstown within 500m of an mrt": those sales, placed by their block's nearest station
        reply = f"{near_mrt(engine, result.target)}\n\n{reply}"
    seen_at = ASKING_AT.search(asked)
    # the seller's price said earlier stays with the flat ("what should i offer on the 528 one?")
    data["asking"] = sgd_said(seen_at.group(1), seen_at.group(2)) if seen_at else \
        previous.get("asking") if target is not None else None
    if seen_at and result.estimate:  # "saw a 5 room ... asking 888k. fair?": the asking price against the estimate
        price = data["asking"]
        low, high = result.low or result.estimate, result.high or result.estimate
        where = ("below the estimate's range: a good price on this evidence" if price < low else
                 "above the estimate's range: more than comparable flats sold for" if price > high else
                 "within the estimate's range: fair on this evidence")
        reply = (f"**{price:,.0f} SGD asked is {(price / result.estimate - 1) * 100:+.1f}% on the estimate**, "
                 f"{where} ({price / (result.target.floor_area_target or 1):,.0f} SGD/sqm for "
                 f"{result.target.floor_area_target or 0:g} sqm).\n\n{reply}" if result.target.floor_area_target else
                 f"**{price:,.0f} SGD asked is {(price / result.estimate - 1) * 100:+.1f}% on the estimate**, "
                 f"{where}.\n\n{reply}")
    elif BUYER_OFFER_Q.search(asked) and not SELLER_SIDE.search(asked) and result.estimate:
        # "is the asking ok? how much should i counter", with no price said: where a buyer can open
        reply = f"{reply}\n\n{offer_advice(result.estimate, result.low or result.estimate, data['asking'])}"
    before = previous.get("estimate")
    if target is not None and before and result.estimate and abs(result.estimate - before) >= 1:
        # "what if a lower floor? how much cheaper": the change
        gap = result.estimate - before
        reply = (f"**{abs(gap):,.0f} SGD ({abs(gap) / before:.1%}) {'more' if gap > 0 else 'less'}** than the "
                 f"{before:,.0f} SGD estimate before.\n\n{reply}")
    return {"comps": data, "reply": reply, "awaiting": "comps" if result.question else None,
            "trace": [{"node": "comps", "ms": round(ms, 1), "notes": notes}]}
