"""Task 'tools': question -> the tools the Tool-RAG router selects; metrics: all needed tools within the top 12,
the primary tool within the top 3, and its mean reciprocal rank. 'tools_200' runs the same cases against the catalog
padded to 200 tools."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from agents.market.tool_router import TOP_K, market_catalog, select_tools
from eval.benches import percentiles, register_bench, timings_ms
from eval.registry import Case, Prediction, Task, register
from eval.tool_padding import padded_catalog


def predict(case: Case, _case_dir: Path, _model: Any, *, size: int | None = None) -> Prediction:
    catalog = padded_catalog(market_catalog(), size) if size else None
    tools, debug = select_tools(case["text"], tools=catalog)
    return {"tools": tools, "k": debug["k"]}


def score(cases: list[Case], predictions: list[Prediction | None]) -> dict[str, Any]:
    all_in, primary_top3, reciprocal, missed = [], [], [], []
    for case, prediction in zip(cases, predictions, strict=True):
        got = list((prediction or {}).get("tools") or [])
        needed = case["expected"]["tools"]
        primary = case["expected"].get("primary") or needed[0]
        all_in.append(all(t in got[:TOP_K] for t in needed))
        rank = got.index(primary) + 1 if primary in got else None
        primary_top3.append(rank is not None and rank <= 3)
        reciprocal.append(1 / rank if rank else 0.0)
        if not all_in[-1] or not primary_top3[-1]:
            missed.append(f"{case.get('id')}: primary {primary} at {rank}")
    n = len(cases) or 1
    return {"needed_in_top12": sum(all_in) / n, "primary_in_top3": sum(primary_top3) / n,
            "primary_mrr": sum(reciprocal) / n, "missed": missed}


register(Task("tools", predict, score))
register(Task("tools_200", partial(predict, size=200), score))

BENCH_TEXTS = ("How many transactions were there in Yas Island in 2023?", "كم عدد المعاملات في جزيرة ياس في 2023؟",
               "compare average rents for a 2br on Yas vs Reem", "ما هو المعروض المتوقع في الريم 2028؟")


@register_bench("tool_router")
def bench_tool_router() -> dict[str, Any]:
    """Selection time per message, for the 11 market tools and for the catalog padded to 200."""
    out: dict[str, Any] = {}
    for size in (None, 200):
        catalog = padded_catalog(market_catalog(), size) if size else market_catalog()
        times: list[float] = []
        for text in BENCH_TEXTS:
            times += timings_ms(partial(select_tools, text, tools=catalog), repeat=100)
        out[f"tools_{len(catalog)}"] = percentiles(times)
    return out
