"""Offline evaluation: case runner, task registry, metrics report and benchmarks."""
