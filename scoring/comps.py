"""Pure numerics of the HDB comps search: price stats, the deterministic rerank, a price index and the estimate.

The estimate is a hedonic model with a local correction:
  log(price) = town×flat-type effect + month effect + f(area, storey, remaining lease, flat model) + residual
fit by least squares on the sales registered before the valuation date only. The month effects are the price
index (extrapolated by their recent trend to months with no sales yet); the comps' own residuals, weighted by
similarity (same block >> same street >> the rerank score), carry what the model cannot see (the block's
location, view, condition). Across months without sales, HDB's published resale price index bridges the fitted
index when a release is known (`bridge_index`). The range comes from the weighted spread of those residuals.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from contracts.comps import Stats

RERANK_WEIGHTS = {"area": 0.45, "lease": 0.25, "storey": 0.15, "recency": 0.15}  # spec §4.3
STOREY_BANDS = {"low": (1.0, 6.0), "mid": (7.0, 15.0), "high": (16.0, 60.0)}  # storey_mid per preference
LEASE_KNOTS = (55.0, 65.0, 75.0, 85.0)  # remaining-lease years: the price decay steepens as a lease shortens
STOREY_KNOTS = (15.0, 30.0)  # the floor premium flattens out on high floors
RANGE_Z = 1.5  # half-width of the range in weighted residual spreads: covers ~80 % of dev sales (0.79)
# Months of the price index that set the trend carried past the last month with sales. On 2023 (fit up to a cut,
# compare with the full-year index), the error of the carried index fell with the window: RMSE 0.70 % (3 months),
# 0.58 % (6), 0.20 % (9). A longer window also steadies the slope over a long gap. See docs/hdb-comps.md.
TREND_MONTHS = 12


def price_stats(prices: np.ndarray, areas: np.ndarray | None = None) -> Stats:
    """Count, median, p25/p75 (linear interpolation), min/max and median $/sqm of a set of sales.

    Args:
        prices: resale prices.
        areas: floor areas in the same order (for the median price per sqm), optional.
    """
    if len(prices) == 0:
        return Stats(count=0)
    p25, median, p75 = (float(v) for v in np.percentile(prices, [25, 50, 75], method="linear"))
    psm = float(np.median(prices / areas)) if areas is not None and len(areas) == len(prices) else None
    return Stats(count=len(prices), median=median, p25=p25, p75=p75, min=float(np.min(prices)),
                 max=float(np.max(prices)), median_psm=psm)


def storey_distance(storey_mid: np.ndarray, *, preference: str | None, target: int | None) -> np.ndarray:
    """How far each sale's storey is from what was asked, in bands of 3 floors (0 inside the asked band)."""
    if target is not None:
        return np.abs(storey_mid - target) / 3.0
    if preference is None:
        return np.zeros(len(storey_mid))
    lo, hi = STOREY_BANDS[preference]
    return (np.maximum(lo - storey_mid, 0.0) + np.maximum(storey_mid - hi, 0.0)) / 3.0


def rerank_scores(*, area: np.ndarray, lease_months: np.ndarray, storey_mid: np.ndarray, month: np.ndarray,
                  target_area: float | None, tolerance: float, min_lease_months: int | None,
                  storey_preference: str | None, storey_target: int | None, as_of_month: int,
                  months_back: int) -> np.ndarray:
    """The spec's deterministic score per sale: 0.45 area + 0.25 lease + 0.15 storey + 0.15 recency; lower is better.

    area = |area - target| / tolerance; lease = max(0, (min_lease - lease) / 12); storey = bands away from the
    preference; recency = months before as_of / months_back. A term whose target is unknown scores 0.
    """
    area_s = np.abs(area - target_area) / tolerance if target_area else np.zeros(len(area))
    lease_s = (np.maximum(0.0, (min_lease_months - lease_months) / 12.0) if min_lease_months
               else np.zeros(len(area)))
    storey_s = storey_distance(storey_mid, preference=storey_preference, target=storey_target)
    recency_s = (as_of_month - 1 - month) / max(months_back, 1)
    w = RERANK_WEIGHTS
    return np.asarray(w["area"] * area_s + w["lease"] * lease_s + w["storey"] * storey_s + w["recency"] * recency_s,
                      dtype=np.float64)


def _hinges(values: np.ndarray, knots: tuple[float, ...]) -> list[np.ndarray]:
    return [np.maximum(k - values, 0.0) for k in knots]


def features(*, area: np.ndarray, storey_mid: np.ndarray, lease_months: np.ndarray,
             flat_type: np.ndarray | None = None, groups: int = 0) -> np.ndarray:
    """The continuous hedonic features of sales (one row each): log area, storey with hinges, lease with hinges.

    With flat_type codes and `groups` > 0, each feature is repeated per flat type (zero elsewhere), so that a
    floor or a year of lease is worth what it is worth for that kind of flat.
    """
    lease = lease_months / 12.0
    storey = storey_mid.astype(np.float64)
    base = np.column_stack([np.log(area), storey, *[np.maximum(storey - k, 0.0) for k in STOREY_KNOTS], lease,
                            *_hinges(lease, LEASE_KNOTS)])
    if flat_type is None or groups == 0:
        return base
    parts = [base]
    for g in range(groups):
        parts.append(base * (flat_type == g)[:, None])
    return np.hstack(parts)


@dataclass(frozen=True)
class IndexBridge:
    """The price index at a month past the data, placed there by a published index (see `bridge_index`)."""

    quarter_start: int  # first month of the latest published quarter used
    month: int  # that quarter's middle month, where `level` sits
    level: float  # log index at `month`, on the fit's own scale
    trend: float  # log change per month after `month`: the latest published quarter-on-quarter change / 3


def latest_run(month_effect: dict[int, float]) -> list[int]:
    """The months of the latest run of consecutive months with sales, oldest first."""
    months = sorted(month_effect)
    start = len(months) - 1
    while start > 0 and months[start - 1] == months[start] - 1:
        start -= 1
    return months[start:]


def published_trend(published: dict[int, float]) -> float | None:
    """Log change per month of the latest published quarter over the one before it (None without both)."""
    latest = max(published, default=None)
    if latest is None or latest - 3 not in published:
        return None
    return float(np.log(published[latest] / published[latest - 3])) / 3


def bridge_index(month_effect: dict[int, float], published: dict[int, float]) -> IndexBridge | None:
    """Carry the fitted index across months without sales with an official quarterly index, when one is known.

    The fit's mean level over the last quarter whose three months all had sales is matched to that quarter's
    published value; the latest later published quarter then sets the level at its middle month. On 2023 the
    fit's quarterly means move with HDB's published index to within 0.02 points (docs/hdb-comps.md).

    Args:
        month_effect: the fit's log index per month with sales.
        published: quarter's first month index -> index value, only what was published before the valuation date.
    Returns:
        None when no complete quarter of sales has a published value, or nothing later than it is published, or
        the later quarter's middle month already has sales.
    """
    complete = [q for q in published if all(q + i in month_effect for i in range(3))]
    if not complete:
        return None
    anchor = max(complete)
    later = [q for q in published if q > anchor]
    if not later:
        return None
    latest = max(later)
    if latest + 1 <= max(month_effect):
        return None
    base = float(np.mean([month_effect[anchor + i] for i in range(3)]))
    level = base + float(np.log(published[latest] / published[anchor]))
    trend = published_trend(published)
    if trend is None:
        trend = (level - base) / (latest - anchor)
    return IndexBridge(quarter_start=latest, month=latest + 1, level=level, trend=trend)


@dataclass(frozen=True)
class HedonicFit:
    """Coefficients of the hedonic model fit on sales before `before_month` (month indices are integers)."""

    before_month: int
    effects: dict[str, dict[int, float]]  # dummy family ("segment", "model", "street") -> code -> effect
    month_effect: dict[int, float]  # month index -> effect (the log price index), months with sales only
    beta: np.ndarray  # coefficients of `features`
    trend: float  # log-price change per month over the last TREND_MONTHS months of the index
    trend_months: int  # how many months set the trend: the latest run of consecutive months with sales, at most
    # TREND_MONTHS (a slope across a gap in the data would mix the gap's growth into the current trend)
    last_month: int  # the last month with sales before before_month
    intercept: float
    bridge: IndexBridge | None = None  # a published index past the last month with sales, when one is known

    def month_level(self, month: int) -> float:
        """The log index at a month: its own effect when it had sales; past the data, the published index's level
        (linear in between) when a bridge is known, else the last level carried by the trend."""
        if month in self.month_effect:
            return self.month_effect[month]
        bridge, last = self.bridge, self.last_month
        if bridge is not None and month > last:
            if month <= bridge.month:
                start = self.month_effect[last]
                return start + (bridge.level - start) * (month - last) / (bridge.month - last)
            return bridge.level + bridge.trend * (month - bridge.month)
        known = [m for m in self.month_effect if m <= month]
        base = max(known) if known else min(self.month_effect)
        return self.month_effect[base] + self.trend * (month - base)

    def predict(self, *, month: np.ndarray, x: np.ndarray, **codes: np.ndarray) -> np.ndarray:
        """log price of sales (or of a target) at the given months; codes per dummy family (unknown code: 0)."""
        total = self.intercept + x @ self.beta + np.array([self.month_level(int(m)) for m in month])
        for family, values in codes.items():
            table = self.effects[family]
            total = total + np.array([table.get(int(v), 0.0) for v in values])
        return np.asarray(total, dtype=np.float64)


def fit_hedonic(*, month: np.ndarray, x: np.ndarray, price: np.ndarray, before_month: int,
                dummies: dict[str, np.ndarray], ridge: float = 5.0, trend_months: int | None = None) -> HedonicFit:
    """Ridge least squares of log price on month dummies, other dummy families and the continuous features.

    Args:
        month: month index per sale.
        x: `features(...)` per sale.
        price: resale prices.
        before_month: only sales with month < before_month are used (the valuation date's month).
        dummies: dummy families, e.g. {"segment": town*16+flat_type, "model": ..., "street": ...}, codes per sale.
        ridge: penalty on each dummy (as if that many sales at the average sat on it), so that a rare street or
            model shrinks towards the average instead of fitting its two sales.
        trend_months: how many of the last index months set the forward trend (TREND_MONTHS when None).
    """
    from scipy import sparse  # imported here: keeps module import light

    use = month < before_month
    if use.sum() < 50:
        raise ValueError(f"too few sales before the valuation month to fit a price model ({int(use.sum())})")
    n = int(use.sum())
    y = np.log(price[use])
    families = {"month": month[use], **{k: v[use] for k, v in dummies.items()}}
    ids: dict[str, tuple[np.ndarray, int]] = {}
    columns = []
    offset = 0
    for family, codes in families.items():
        uniq, col = np.unique(codes, return_inverse=True)
        ids[family] = (uniq, offset)
        columns.append(offset + col)
        offset += len(uniq)
    rows = np.arange(n)
    cols = np.concatenate(columns)
    dummy = sparse.csr_matrix((np.ones(len(cols)), (np.tile(rows, len(families)), cols)), shape=(n, offset))
    xs = x[use]
    x_mean, y_mean = xs.mean(axis=0), y.mean()
    xc, yc = xs - x_mean, y - y_mean
    k = offset + xc.shape[1]
    gram = np.zeros((k, k))
    gram[:offset, :offset] = (dummy.T @ dummy).toarray()
    cross = np.asarray(dummy.T @ xc)
    gram[:offset, offset:] = cross
    gram[offset:, :offset] = cross.T
    gram[offset:, offset:] = xc.T @ xc
    gram[np.arange(offset), np.arange(offset)] += ridge
    rhs = np.concatenate([dummy.T @ yc, xc.T @ yc])
    coef = np.linalg.solve(gram + 1e-8 * np.eye(k), rhs)
    effects = {family: {int(u): float(coef[off + i]) for i, u in enumerate(uniq)} for family, (uniq, off) in
               ids.items()}
    month_effect = effects.pop("month")
    beta = coef[offset:]
    run = latest_run(month_effect)
    recent = run[-(trend_months or TREND_MONTHS):]
    trend = 0.0
    if len(recent) >= 3:
        trend = float(np.polyfit(np.array(recent, dtype=float), [month_effect[m] for m in recent], 1)[0])
    return HedonicFit(before_month=before_month, effects=effects, month_effect=month_effect, beta=beta, trend=trend,
                      trend_months=len(recent),
                      last_month=int(max(month_effect)), intercept=float(y_mean - x_mean @ beta))


@dataclass(frozen=True)
class Estimate:
    """A fair value with its range and the weight of each comp (same order as the comps passed in)."""

    value: float
    low: float
    high: float
    weights: np.ndarray
    adjusted: np.ndarray  # each comp's price moved to the target's flat and month


def similarity_weights(*, scores: np.ndarray, same_block: np.ndarray, same_street: np.ndarray,
                       block_boost: float = 30.0, street_boost: float = 0.0, scale: float = 0.5) -> np.ndarray:
    """Weights of comps in the estimate: exp(-score/scale), boosted for the same block and the same street."""
    w = np.exp(-np.asarray(scores) / scale) * (1.0 + block_boost * same_block + street_boost * same_street)
    total = w.sum()
    return w / total if total > 0 else np.full(len(w), 1.0 / max(len(w), 1))


def estimate_value(*, target_log: float, comp_log_price: np.ndarray, comp_log_pred: np.ndarray,
                   weights: np.ndarray, spread_floor: float = 0.03,
                   shrink: float = 1.0) -> Estimate:
    """The estimate: the model's price for the target plus the similarity-weighted mean residual of the comps.

    Args:
        target_log: the hedonic log price of the target at the valuation month.
        comp_log_price: log of each comp's price.
        comp_log_pred: the model's log price of each comp (at its own month).
        weights: similarity weights (sum 1).
        spread_floor: the smallest half-width of the range in log terms (3 %: the data's rounding and noise).
        shrink: pseudo-weight of "no correction": few or weak comps pull the residual towards 0.
    """
    resid = comp_log_price - comp_log_pred
    if len(resid) == 0:
        value = float(np.exp(target_log))
        return Estimate(value, value * np.exp(-0.1), value * np.exp(0.1), np.zeros(0), np.zeros(0))
    n_eff = 1.0 / float(np.sum(weights**2))  # effective number of comps
    local = float(np.sum(weights * resid)) * n_eff / (n_eff + shrink)
    centre = target_log + local
    spread = float(np.sqrt(np.sum(weights * (resid - local) ** 2)))
    half = max(spread_floor, RANGE_Z * spread)
    adjusted = np.exp(target_log + resid)
    return Estimate(float(np.exp(centre)), float(np.exp(centre - half)), float(np.exp(centre + half)), weights,
                    adjusted)
