"""`python -m eval report`: every metric on the dev cases and on our labeled sets, ablations, relaxation
policies, clarification utility, actionable outputs and per-stage latency; Markdown + JSON, README table.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from agents.via.match_rank import match, units_of
from agents.via.needs import parse_spec
from contracts.search import SearchSpec
from data.sources.nyc import load_inventory, replicate
from eval.benches import percentiles, timings_ms
from eval.runner import read_cases, score_file
from eval.splits import DATASETS, SHARED, SPLITS, load_suites
from eval.tasks.rank import qrels_of
from scoring.match import DEFAULT_WEIGHTS, Weights, score_loop, score_units
from scoring.metrics import mrr_at_k, ndcg_at_k
from scoring.relax import POLICIES, full_matches, suggest_relaxations

EVAL_DIR = Path(__file__).resolve().parent
ROOT = EVAL_DIR.parent
RESULTS = EVAL_DIR / "results"
NOW = datetime(2026, 11, 22, 10, tzinfo=ZoneInfo("America/New_York"))

SUITES = load_suites()
HEADLINE = {
    "route": ("route_accuracy",),
    "route_rules": ("route_accuracy",),
    "triage_rules": ("category_accuracy", "priority_accuracy", "p0_recall"),
    "spec": ("spec_f1",),
    "rank": ("ndcg@3", "mrr@3"),
    "triage": ("category_accuracy", "priority_accuracy", "p0_recall"),
    "lease": ("citation_accuracy", "answer_recall", "not_found_precision", "not_found_recall"),
    "tools": ("needed_in_top12", "primary_in_top3"),
    "tools_200": ("needed_in_top12", "primary_in_top3"),
    "analytics": ("figures_exact",),
    "comps": ("within_5pct", "within_10pct", "median_ape", "leaked_comps"),
}
# Further tasks scored on the same files: the rules alone beside the learned layer built on them.
ALSO_SCORED = {"route": ("route_rules",), "triage": ("triage_rules",), "tools": ("tools_200",)}
FOLLOW_UP = {"apartment": "Brooklyn, under $3,000", "office": "Midtown, up to $60k a month"}


def _subset(path: Path, limit: int | None, tmp: Path) -> Path:
    """The first `limit` cases of a file (a copy beside it keeps relative PDF paths working)."""
    if limit is None:
        return path
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()][:limit]
    target = path.parent / f".subset-{tmp.name}-{path.name}"
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def task_metrics(limit: int | None, model: Any, tasks: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    rows = []
    stamp = Path(f"{int(time.time() * 1000)}")
    for split, task, path in SUITES:
        if not path.exists() or (tasks is not None and task not in tasks):
            continue
        source = _subset(path, limit, stamp)
        try:
            for name in (task, *ALSO_SCORED.get(task, ())):
                metrics = score_file(name, source, model)
                rows.append({"split": split, "task": name, "file": _label(path), "cases": metrics["cases"],
                             "errors": metrics["errors"], "headline": list(HEADLINE[name]),
                             **{k: metrics.get(k) for k in HEADLINE[name]},
                             "detail": {k: v for k, v in metrics.items() if k not in ("per_case",)}})
        finally:
            if source != path:
                source.unlink()
    return rows


def _label(path: Path) -> str:
    """A file's name as the report shows it: shared/eval/… for the shared cases, else relative to datasets/."""
    return f"shared/eval/{path.name}" if path.parent == SHARED else str(path.relative_to(DATASETS))


def generalisation(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per task and headline metric: the case-weighted mean over each split's files, and train − test."""
    out = []
    for task, metrics in HEADLINE.items():
        for metric in metrics:
            means: dict[str, float | None] = {}
            for split in SPLITS:
                picked = [(r[metric], r["cases"]) for r in rows
                          if r["task"] == task and r["split"] == split and r[metric] is not None]
                total = sum(n for _, n in picked)
                means[split] = sum(v * n for v, n in picked) / total if total else None
            train, test = means["train"], means["test"]
            gap = train - test if train is not None and test is not None else None
            out.append({"task": task, "metric": metric, **means, "gap": gap})
    return out


def _cases(task: str, limit: int | None) -> list[dict[str, Any]]:
    """Every readable case of a task over all its files (the first `limit` of each)."""
    cases = []
    for _set, name, path in SUITES:
        if name == task and path.exists():
            cases += [c for c in read_cases(path)[:limit] if "_error" not in c]
    return cases


def ablations(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each weight set to zero in turn: ΔNDCG@3 and ΔMRR@3 over all rank cases."""
    inventory = load_inventory()
    prepared = [(parse_spec(c["text"]), qrels_of(c)) for c in cases]

    def evaluate(weights: Weights) -> tuple[float, float]:
        ndcg, mrr = [], []
        for spec, qrels in prepared:
            ids = [m.id for m in match(spec, inventory, weights=weights, top_n=3)[0]]
            ndcg.append(ndcg_at_k(ranked=ids, qrels=qrels))
            mrr.append(mrr_at_k(ranked=ids, qrels=qrels))
        return statistics.fmean(ndcg), statistics.fmean(mrr)

    base_ndcg, base_mrr = evaluate(DEFAULT_WEIGHTS)
    rows = [{"weight": "(none: defaults)", "ndcg@3": base_ndcg, "mrr@3": base_mrr, "Δndcg@3": 0.0, "Δmrr@3": 0.0}]
    for name in DEFAULT_WEIGHTS.as_dict():
        ndcg, mrr = evaluate(DEFAULT_WEIGHTS.with_changes(**{name: 0.0}))
        rows.append({"weight": f"{name}=0", "ndcg@3": ndcg, "mrr@3": mrr, "Δndcg@3": ndcg - base_ndcg,
                     "Δmrr@3": mrr - base_mrr})
    return rows


def _tighten(spec: SearchSpec, which: int) -> SearchSpec:
    """A stricter version of a request, one criterion at a time (budget, bedrooms, size, or one more must)."""
    data = spec.model_dump()
    kinds = [k for k, ok in (("budget", spec.budget_max), ("beds", spec.min_bedrooms is not None),
                             ("size", spec.min_sqft), ("must", True)) if ok]
    kind = kinds[which % len(kinds)]
    if kind == "budget":
        data["budget_monthly_usd"] = {"min": None, "max": round((spec.budget_max or 0) * 0.6)}
    elif kind == "beds":
        data["min_bedrooms"] = data["max_bedrooms"] = (spec.min_bedrooms or 0) + 1
    elif kind == "size":
        data["min_sqft"] = int((spec.min_sqft or 0) * 1.6)
        data["max_sqft"] = max(spec.max_sqft or 0, data["min_sqft"]) if spec.max_sqft else None
    else:
        extra = next((a for a in ("patio", "roofdeck", "doorman", "gym") if a not in spec.must_haves), None)
        data["must_haves"] = [*spec.must_haves, extra] if extra else spec.must_haves
    return SearchSpec.model_validate(data)


def relaxation_policies(cases: list[dict[str, Any]]) -> dict[str, Any]:
    """Zero-match requests (rank requests made stricter in one criterion until nothing fully matches): does one
    of the two suggested relaxations yield matches? And how often does each policy alone?"""
    units = units_of(load_inventory())
    tightened = (_tighten(parse_spec(c["text"]), i) for i, c in enumerate(cases))
    zero = [s for s in tightened if full_matches(units=units, spec=s) == 0]
    suggested_ok = 0
    per_policy = {p.kind: 0 for p in POLICIES}
    for spec in zero:
        suggestions = suggest_relaxations(units=units, spec=spec)
        if any(full_matches(units=units, spec=SearchSpec.model_validate({**spec.model_dump(), **r.spec_patch})) > 0
               for r in suggestions):
            suggested_ok += 1
        for policy in POLICIES:
            built = policy.build(spec, units)
            if built and full_matches(units=units, spec=SearchSpec.model_validate({**spec.model_dump(), **built[0]})):
                per_policy[policy.kind] += 1
    n = len(zero) or 1
    return {"zero_match_requests": len(zero), "success_rate": suggested_ok / n,
            "per_policy": {k: v / n for k, v in per_policy.items()}}


def conversation_metrics(limit: int | None) -> dict[str, Any]:
    """Through the graph: % actionable (a plan whenever matches exist) and clarification utility."""
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.graph import ask, build_graph

    graph = build_graph(checkpointer=InMemorySaver(), now=lambda: NOW)
    with_matches = actionable = 0
    for i, case in enumerate(_cases("rank", limit) + [c for c in _cases("spec", limit)
                                                   if c["expected"].get("spec_status") == "ok"]):
        state = ask(graph, case["text"], thread_id=f"a{i}")
        if state.get("matches"):
            with_matches += 1
            actionable += bool((state.get("plan") or {}).get("actions"))
    under = [c for c in _cases("spec", limit) if c["expected"].get("spec_status") == "underconstrained"]
    resolved = 0
    for i, case in enumerate(under):
        first = ask(graph, case["text"], thread_id=f"c{i}")
        kind = (first.get("spec") or {}).get("kind") or "apartment"
        second = ask(graph, FOLLOW_UP[kind], thread_id=f"c{i}")
        resolved += (second.get("spec") or {}).get("spec_status") == "ok"
    return {"actionable_rate": actionable / (with_matches or 1), "searches_with_matches": with_matches,
            "clarification_utility": resolved / (len(under) or 1), "underconstrained_requests": len(under)}


def latency(repeat: int) -> dict[str, Any]:
    """p50/p95 per stage at 1k and 10k units; match_rank also against the plain per-row loop of the formula."""
    from agents.doma.triage import classify
    from agents.manager import route
    from agents.via.tour_close import plan_tours

    text = "Pet-friendly 2br in Williamsburg under $5k, dishwasher ideally, tour this Monday 6pm"
    spec = parse_spec(text)
    out: dict[str, Any] = {"stages": {}, "samples": {}}
    stage_fns: dict[str, Callable[[], Any]] = {
        "route": lambda: route(text),
        "needs": lambda: parse_spec(text),
        "triage": lambda: classify("water is dripping from the bathroom ceiling"),
    }
    for size in (1_000, 10_000):
        inventory = replicate(load_inventory(), size)
        units = units_of(inventory)
        rows = inventory.frame.to_dict("records")
        items = match(spec, inventory)[0]
        tour_units = [{"unit_id": m.id, "address": m.row_preview["address"], "kind": "apartment"} for m in items[:3]]
        label = f"{size // 1000}k"
        stage_fns[f"match_rank@{label}"] = partial(match, spec, inventory)
        stage_fns[f"score_vectorized@{label}"] = partial(score_units, units=units, spec=spec)
        stage_fns[f"score_loop@{label}"] = partial(score_loop, rows=rows, spec=spec)
        stage_fns[f"tour_close@{label}"] = partial(plan_tours, tour_units, when=spec.timeline, now=NOW)
    lease = _lease_stage()
    if lease:
        stage_fns["lease_answer"] = lease
    for name, fn in stage_fns.items():
        samples = timings_ms(fn, repeat=repeat if "loop" not in name else max(3, repeat // 10), warmup=1)
        out["stages"][name] = {k: v for k, v in percentiles(samples).items() if k != "n"}
        out["samples"][name] = [round(s, 4) for s in samples]
    for label in ("1k", "10k"):
        loop = out["stages"][f"score_loop@{label}"]["p50_ms"]
        vector = out["stages"][f"score_vectorized@{label}"]["p50_ms"]
        out["stages"][f"score_vectorized@{label}"]["speedup_vs_loop_x"] = round(loop / vector, 1) if vector else None
    return out


def _lease_stage() -> Callable[[], Any] | None:
    from agents.doma.lease_qa import answer_question, index_lease

    pdf = DATASETS / "leases" / "residential_lease.pdf"
    if not pdf.exists():
        return None
    index = index_lease(pdf.read_bytes(), pdf.name)
    return lambda: answer_question(index, "how much notice do I need to give to leave early?")


def build_report(*, limit: int | None = None, model: Any = None, repeat: int = 50) -> dict[str, Any]:
    started = time.perf_counter()
    rank_cases = _cases("rank", limit)
    report: dict[str, Any] = {
        "generated": datetime.now(ZoneInfo("UTC")).isoformat(timespec="seconds"),
        "subset": limit,
        "metrics": task_metrics(limit, None),
        "model_metrics": task_metrics(limit, model) if model is not None else "not run (no model configured)",
        "conversation": conversation_metrics(limit),
        "ablations": ablations(rank_cases),
        "relaxation": relaxation_policies(rank_cases),
        "latency": latency(repeat),
    }
    report["generalisation"] = generalisation(report["metrics"])
    from eval.bad_model import TASKS, bad_model_rows

    report["bad_model"] = bad_model_rows(partial(task_metrics, limit, tasks=TASKS), report["metrics"])
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def to_markdown(report: dict[str, Any]) -> str:
    lines = ["| split | task | file | cases | metrics |", "|---|---|---|---|---|"]
    for row in report["metrics"]:
        shown = ", ".join(f"{k} {_fmt(row[k])}" for k in HEADLINE[row["task"]])
        lines.append(f"| {row['split']} | {row['task']} | {row['file']} | {row['cases']} | {shown} |")
    lines += ["", "| task | metric | train | dev | test | gap (train − test) |", "|---|---|---|---|---|---|"]
    for row in report["generalisation"]:
        lines.append(f"| {row['task']} | {row['metric']} | {_fmt(row['train'])} | {_fmt(row['dev'])} | "
                     f"{_fmt(row['test'])} | {_fmt(row['gap'])} |")
    conv = report["conversation"]
    relax = report["relaxation"]
    lines += ["", f"Actionable outputs (a tour plan whenever matches exist): **{conv['actionable_rate']:.3f}** "
              f"of {conv['searches_with_matches']} searches · clarification utility (one scripted answer → ok): "
              f"**{conv['clarification_utility']:.3f}** of {conv['underconstrained_requests']} · relaxation success "
              f"(zero-match requests where a suggestion yields matches): **{relax['success_rate']:.3f}** of "
              f"{relax['zero_match_requests']}",
              "", "| ablation | NDCG@3 | ΔNDCG@3 | MRR@3 | ΔMRR@3 |", "|---|---|---|---|---|"]
    for row in report["ablations"]:
        lines.append(f"| {row['weight']} | {row['ndcg@3']:.3f} | {row['Δndcg@3']:+.3f} | {row['mrr@3']:.3f} | "
                     f"{row['Δmrr@3']:+.3f} |")
    lines += ["", "| relaxation policy | success rate on zero-match requests |", "|---|---|"]
    lines += [f"| {k} | {v:.3f} |" for k, v in relax["per_policy"].items()]
    lines += ["", "| stage | p50 ms | p95 ms | vs per-row loop |", "|---|---|---|---|"]
    for name, figures in report["latency"]["stages"].items():
        ratio = figures.get("speedup_vs_loop_x")
        lines.append(f"| {name} | {figures['p50_ms']} | {figures['p95_ms']} | {f'{ratio}×' if ratio else ''} |")
    lines += ["", "Bad model (the stub server answers every call with malformed, schema-violating or adversarial "
              "output) vs the rules:", "",
              "| split | task | file | rules | bad model | equal |", "|---|---|---|---|---|---|"]
    for row in report.get("bad_model", []):
        pair = [", ".join(f"{k} {_fmt(v)}" for k, v in row[side].items()) for side in ("rules", "bad_model")]
        lines.append(f"| {row['split']} | {row['task']} | {row['file']} | {pair[0]} | {pair[1]} | {row['equal']} |")
    model = report["model_metrics"]
    lines += ["", f"Model-backed column: {model if isinstance(model, str) else 'see report.json'}."]
    return "\n".join(lines) + "\n"


def write(report: dict[str, Any], *, out_dir: Path = RESULTS, readme: Path | None = None) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
    markdown = to_markdown(report)
    (out_dir / "report.md").write_text(markdown, encoding="utf-8")
    if readme is not None and readme.exists():
        text = readme.read_text(encoding="utf-8")
        block = f"<!-- report:start -->\n{markdown}<!-- report:end -->"
        if "<!-- report:start -->" in text:
            text = re.sub(r"<!-- report:start -->.*<!-- report:end -->", lambda _: block, text, flags=re.S)
            readme.write_text(text, encoding="utf-8")
    return out_dir / "report.md"


