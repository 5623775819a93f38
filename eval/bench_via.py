"""Benchmarks of the VIA stages: scoring throughput against a per-row loop, and a whole VIA turn."""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from agents.manager import route
from agents.via.match_rank import match, units_of
from agents.via.needs import parse_spec
from agents.via.tour_close import TZ, plan_tours
from data.sources.nyc import load_inventory, replicate
from eval.benches import percentiles, register_bench, timings_ms
from scoring.match import score_loop, score_units

QUERY = "Pet-friendly 2br in Midtown under $5k, near transit, dishwasher ideally, tour this Monday 6pm"


@register_bench("match_scoring")
def bench_scoring() -> dict[str, Any]:
    """Vectorized scoring over 1M units vs the same formula as a plain loop over 20k rows (per-unit rates)."""
    spec = parse_spec(QUERY)
    big = replicate(load_inventory(), 1_000_000)
    units = units_of(big)
    vector_ms = min(timings_ms(lambda: score_units(units=units, spec=spec), repeat=5, warmup=1))
    rows = big.frame.iloc[:20_000].to_dict("records")
    started = time.perf_counter()
    score_loop(rows=rows, spec=spec)
    loop_s = time.perf_counter() - started
    vector_rate = 1_000_000 / (vector_ms / 1000)
    loop_rate = len(rows) / loop_s
    return {"vectorized_units_per_s": round(vector_rate), "loop_units_per_s": round(loop_rate),
            "speedup_x": round(vector_rate / loop_rate, 1), "vectorized_ms_for_1M": round(vector_ms, 2)}


def via_turn(text: str, inventory: Any, now: datetime) -> Any:
    decision = route(text)
    spec = parse_spec(text)
    items, relaxations, _ = match(spec, inventory)
    units = [{"unit_id": m.id, "address": m.row_preview["address"], "kind": m.row_preview["kind"]} for m in items[:3]]
    return decision, relaxations, plan_tours(units, when=spec.timeline, now=now)


@register_bench("via_turn")
def bench_via_turn() -> dict[str, Any]:
    """One deterministic VIA turn (route + needs + match_rank + tour_close) at 1k and 10k units."""
    now = datetime(2026, 11, 22, 10, tzinfo=ZoneInfo(TZ))
    out: dict[str, Any] = {}
    for size in (1_000, 10_000):
        inventory = replicate(load_inventory(), size)
        units_of(inventory)  # arrays are built once per inventory, as in the app
        def turn(inv: Any = inventory) -> Any:
            return via_turn(QUERY, inv, now)

        out[f"{size // 1000}k"] = percentiles(timings_ms(turn, repeat=100))
    return out


@register_bench("via_graph_turn")
def bench_graph_turn() -> dict[str, Any]:
    """The same turn through the compiled graph (no checkpointer) over 10k units."""
    from agents.graph import ask, build_graph

    inventory = replicate(load_inventory(), 10_000)
    graph = build_graph(inventory=inventory, now=lambda: datetime(2026, 11, 22, 10, tzinfo=ZoneInfo(TZ)))
    return percentiles(timings_ms(lambda: ask(graph, QUERY), repeat=100)) | {"units": 10_000}


@register_bench("holds")
def bench_holds() -> dict[str, Any]:
    """Holds placed per second in the SQLite store (WAL), and the conflict check refusing overlaps."""
    import tempfile
    from datetime import timedelta
    from pathlib import Path

    from data.stores.holds import SlotTaken, SqliteHoldStore

    with tempfile.TemporaryDirectory() as folder:
        store = SqliteHoldStore(Path(folder) / "holds.sqlite")
        start = datetime(2026, 12, 1, 9, tzinfo=ZoneInfo(TZ))
        count = 2_000
        began = time.perf_counter()
        for i in range(count):
            slot = start + timedelta(minutes=30 * i)
            store.place(thread_id="bench", unit_id=f"U-{i % 50}", address="x", start=slot,
                        end=slot + timedelta(minutes=30), contact=None)
        placed_s = time.perf_counter() - began
        refused = 0
        began = time.perf_counter()
        for i in range(200):
            slot = start + timedelta(minutes=30 * i)
            try:
                store.place(thread_id="other", unit_id=f"U-{i % 50}", address="x", start=slot,
                            end=slot + timedelta(minutes=30), contact=None)
            except SlotTaken:
                refused += 1
        refused_s = time.perf_counter() - began
        store.close()
    return {"holds_placed_per_s": round(count / placed_s), "overlaps_refused": f"{refused}/200",
            "refusals_per_s": round(200 / refused_s)}
