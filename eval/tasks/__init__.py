"""Each module registers one evaluation task (and its benchmarks) when imported."""

from eval.tasks import analytics, lease, rank, route, spec, tools, triage  # noqa: F401
