"""Each module registers one evaluation task (and its benchmarks) when imported."""

from eval.tasks import analytics, comps, lease, rank, route, spec, tools, triage  # noqa: F401
