"""Each module registers one evaluation task (and its benchmarks) when imported."""

from eval.tasks import comps, lease, rank, route, spec, triage  # noqa: F401
