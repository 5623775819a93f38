"""Each module registers one evaluation task (and its benchmarks) when imported."""

from eval.tasks import rank, route, spec, triage  # noqa: F401
