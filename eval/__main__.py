"""python -m eval predict|score|bench ... (see --help)."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval", description="Offline evaluation of the agents")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (("predict", "JSON Lines predictions to stdout"), ("score", "print the metrics")):
        cmd = sub.add_parser(name, help=help_text)
        cmd.add_argument("--task", required=True, help="route | spec | rank | triage | lease")
        cmd.add_argument("--cases", required=True, type=Path, help="a JSON Lines case file")
        cmd.add_argument("--model", action="store_true", help="use the configured chat model (if any)")
    bench = sub.add_parser("bench", help="latency and throughput per stage")
    bench.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    bench.add_argument("--json", action="store_true", help="print JSON instead of a table")
    report = sub.add_parser("report", help="all metrics, ablations and latency → eval/results (README with --readme)")
    report.add_argument("--model", action="store_true", help="also run the model-backed agents (if configured)")
    report.add_argument("--limit", type=int, default=None, help="only the first N cases of each file (quick)")
    report.add_argument("--out", type=Path, default=None, help="folder for report.md and report.json")
    report.add_argument("--readme", action="store_true", help="also rewrite the README's results table")
    sub.add_parser("fit-router", help="fit the routing weights on the route train split → agents/config")
    converse = sub.add_parser("converse", help="play conversations through the graph (one JSON line per turn)")
    converse.add_argument("--cases", type=Path, required=True, help="JSON Lines of {conv_id, role, turns}")
    converse.add_argument("--now", default=None, help="the conversations' clock, e.g. 2026-11-26T10:00 (New York "
                          "time; default: the real clock), so 'tomorrow' means what the cases' writer meant")
    sub.add_parser("fit-triage", help="fit the triage model on the triage train split → agents/doma/config")
    sub.add_parser("fit-lease", help="fit the lease clause ranker and not-found model → agents/doma/config")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    from agents.redact import install

    install()  # no email or phone number reaches a log line

    if args.command == "bench":
        from eval.runner import run_benches

        try:
            results = run_benches(args.names or None)
        except KeyError as exc:
            print(exc.args[0], file=sys.stderr)
            return 2
        if args.json:
            print(json.dumps(results, indent=2))
        else:
            for name, figures in results.items():
                print(f"{name}:")
                for key, value in figures.items():
                    print(f"  {key}: {value}")
        return 0

    if args.command == "fit-router":
        from eval.fit_router import main as fit_router

        print(json.dumps(fit_router(), indent=2))
        return 0

    if args.command == "converse":
        from eval.conversations import main as converse_main

        for row in converse_main(args.cases, args.now):
            print(json.dumps(row, ensure_ascii=False))
        return 0

    if args.command == "fit-triage":
        from eval.fit_triage import main as fit_triage

        print(json.dumps(fit_triage(), indent=2))
        return 0

    if args.command == "fit-lease":
        from eval.fit_lease import main as fit_lease

        print(json.dumps(fit_lease(), indent=2))
        return 0

    if args.command == "report":
        from eval.report import RESULTS, ROOT, build_report, write

        model = None
        if args.model:
            from agents.llm import build_chat_model

            model = build_chat_model()
        result = build_report(limit=args.limit, model=model, repeat=10 if args.limit else 50)
        path = write(result, out_dir=args.out or RESULTS, readme=ROOT / "README.md" if args.readme else None)
        print(path.read_text(encoding="utf-8"))
        return 0

    from eval.registry import get_task
    from eval.runner import predict_all, score_file

    try:
        get_task(args.task)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    if not args.cases.exists():
        print(f"no such case file: {args.cases}", file=sys.stderr)
        return 2
    model = None
    if args.model:
        from agents.llm import build_chat_model

        model = build_chat_model()
        if model is None:
            print("no model configured (set OPENROUTER_API_KEY or OPENAI_API_KEY); running offline", file=sys.stderr)

    if args.command == "predict":
        for record in predict_all(args.task, args.cases, model):
            record.pop("latency_ms", None)
            print(json.dumps(record, ensure_ascii=False))
        return 0

    metrics = score_file(args.task, args.cases, model)
    # Run facts and nested detail first, the headline metrics last (they are what a tail of the output shows).
    facts = ("cases", "errors", "latency_ms_p50", "latency_ms_p95")
    ordered = {k: metrics[k] for k in facts if k in metrics}
    ordered |= {k: v for k, v in metrics.items() if k not in facts and isinstance(v, dict | list)}
    ordered |= {k: v for k, v in metrics.items() if k not in ordered}
    print(json.dumps(ordered, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
