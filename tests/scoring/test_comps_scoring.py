"""Pure numerics of the comps search: stats, the spec's rerank, the price model and the estimate."""

from __future__ import annotations

import numpy as np
import pytest

from scoring.comps import (
    HedonicFit,
    bridge_index,
    estimate_value,
    features,
    fit_hedonic,
    latest_run,
    price_stats,
    published_trend,
    rerank_scores,
    similarity_weights,
)


def test_price_stats_linear_percentiles() -> None:
    stats = price_stats(np.array([100.0, 200.0, 300.0, 400.0]), np.array([1.0, 2.0, 3.0, 4.0]))
    assert (stats.count, stats.median, stats.p25, stats.p75, stats.min, stats.max) == (4, 250, 175, 325, 100, 400)
    assert stats.median_psm == 100.0
    assert price_stats(np.array([])).count == 0


def test_rerank_weights_and_direction() -> None:
    common = dict(lease_months=np.array([900, 900]), storey_mid=np.array([11.0, 11.0]), month=np.array([100, 100]),
                  tolerance=5.0, min_lease_months=None, storey_preference="mid", storey_target=None, as_of_month=101,
                  months_back=12)
    near, far = rerank_scores(area=np.array([95.0, 105.0]), target_area=95.0, **common)
    assert far - near == pytest.approx(0.45 * 10 / 5)
    # a short lease below the minimum costs 0.25 per year short; an old sale 0.15 per window
    lease = rerank_scores(area=np.array([95.0]), lease_months=np.array([600]), storey_mid=np.array([11.0]),
                          month=np.array([100]), target_area=95.0, tolerance=5.0, min_lease_months=720,
                          storey_preference=None, storey_target=None, as_of_month=101, months_back=12)
    assert lease[0] == pytest.approx(0.25 * 10)
    old = rerank_scores(area=np.array([95.0]), lease_months=np.array([900]), storey_mid=np.array([3.0]),
                        month=np.array([89]), target_area=95.0, tolerance=5.0, min_lease_months=None,
                        storey_preference="mid", storey_target=None, as_of_month=101, months_back=12)
    assert old[0] == pytest.approx(0.15 * (4 / 3) + 0.15 * 11 / 12)


def _market(seed: int = 3, n: int = 3000) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    month = rng.integers(0, 12, n)
    street = rng.integers(0, 20, n)
    area = rng.uniform(60, 120, n)
    storey = rng.integers(1, 30, n).astype(float)
    lease = rng.integers(600, 1100, n)
    log_price = 12 + np.log(area) + 0.01 * month + 0.05 * (street % 5) + 0.004 * storey + rng.normal(0, 0.02, n)
    return {"month": month, "street": street, "area": area, "storey": storey, "lease": lease,
            "price": np.exp(log_price)}


def test_hedonic_recovers_the_index_and_extrapolates_it() -> None:
    m = _market()
    x = features(area=m["area"], storey_mid=m["storey"], lease_months=m["lease"])
    fit = fit_hedonic(month=m["month"], x=x, price=m["price"], before_month=10, dummies={"street": m["street"]},
                      ridge=1.0)
    assert fit.last_month == 9  # months 10 and 11 are never read
    assert fit.month_effect[9] - fit.month_effect[0] == pytest.approx(0.09, abs=0.01)
    assert fit.month_level(11) - fit.month_level(9) == pytest.approx(0.02, abs=0.005)  # trend carried forward
    with pytest.raises(ValueError):
        fit_hedonic(month=m["month"], x=x, price=m["price"], before_month=0, dummies={})


def test_a_published_index_bridges_months_without_sales() -> None:
    effects = {m: 0.01 * m for m in range(6)}  # sales in months 0-5 (two complete quarters), none after
    published = {0: 100.0, 3: 103.0, 9: 120.0, 12: 121.2}  # quarters starting at months 0, 3, 9, 12
    bridge = bridge_index(effects, published)
    assert bridge is not None and bridge.quarter_start == 12 and bridge.month == 13
    assert bridge.level == pytest.approx(0.04 + np.log(121.2 / 103.0))  # anchored on months 3-5 (mean 0.04)
    assert bridge.trend == pytest.approx(np.log(121.2 / 120.0) / 3)
    fit = HedonicFit(before_month=6, effects={}, month_effect=effects, beta=np.zeros(0), trend=0.01, trend_months=6,
                     last_month=5, intercept=0.0, bridge=bridge)
    assert fit.month_level(4) == pytest.approx(0.04)  # a month with sales keeps its own level
    assert fit.month_level(9) == pytest.approx(0.05 + (bridge.level - 0.05) * 4 / 8)  # linear up to month 13
    assert fit.month_level(16) == pytest.approx(bridge.level + 3 * bridge.trend)
    assert bridge_index(effects, {0: 100.0, 3: 103.0}) is None  # nothing published past the data
    assert bridge_index(effects, {9: 120.0}) is None  # no complete quarter of sales to anchor on
    assert bridge_index({m: 0.0 for m in range(15)}, published) is None  # the sales already cover it
    lone = bridge_index(effects, {3: 103.0, 12: 121.2})  # no previous quarter: the average move per month
    assert lone is not None and lone.trend == pytest.approx(np.log(121.2 / 103.0) / 9)


def test_the_trend_comes_from_the_latest_run_of_consecutive_months() -> None:
    m = _market()
    x = features(area=m["area"], storey_mid=m["storey"], lease_months=m["lease"])
    gap = m["month"] >= 6  # months 6-11 move to 30-35: a two-year gap with a 0.25 jump across it
    month = np.where(gap, m["month"] + 24, m["month"])
    price = np.where(gap, m["price"] * np.exp(0.25), m["price"])
    fit = fit_hedonic(month=month, x=x, price=price, before_month=33, dummies={"street": m["street"]}, ridge=1.0)
    assert fit.trend_months == 3  # months 30-32 only, not the slope across the gap
    assert fit.trend == pytest.approx(0.01, abs=0.004)
    assert latest_run({1: 0.0, 2: 0.0, 5: 0.0, 6: 0.0}) == [5, 6]
    assert published_trend({0: 100.0, 3: 103.0}) == pytest.approx(np.log(1.03) / 3)
    assert published_trend({0: 100.0, 6: 103.0}) is None


def test_estimate_adds_the_comps_residual_and_shrinks_it() -> None:
    weights = similarity_weights(scores=np.zeros(4), same_block=np.array([1.0, 0, 0, 0]),
                                 same_street=np.zeros(4))
    assert weights[0] > 0.9 and weights.sum() == pytest.approx(1.0)
    resid = np.log(1.1)
    est = estimate_value(target_log=np.log(500_000), comp_log_price=np.full(4, np.log(110.0)),
                         comp_log_pred=np.full(4, np.log(100.0)), weights=np.full(4, 0.25), shrink=0.0)
    assert est.value == pytest.approx(500_000 * np.exp(resid))
    assert est.low < est.value < est.high
    shrunk = estimate_value(target_log=np.log(500_000), comp_log_price=np.full(4, np.log(110.0)),
                            comp_log_pred=np.full(4, np.log(100.0)), weights=np.full(4, 0.25), shrink=4.0)
    assert 500_000 < shrunk.value < est.value
