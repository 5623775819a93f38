"""Evaluation tasks register themselves here, so later agents plug in without touching the runner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Case = dict[str, Any]
Prediction = dict[str, Any]


@dataclass(frozen=True)
class Task:
    """A named evaluation task: how to predict one case and how to score all of them.

    predict(case, case_dir, model) returns the prediction JSON for one case; it may raise, and the runner then
    records an `error` for that case and goes on. score(cases, predictions) returns the metrics.
    """

    name: str
    predict: Callable[[Case, Path, Any], Prediction]
    score: Callable[[list[Case], list[Prediction | None]], dict[str, Any]]


TASKS: dict[str, Task] = {}


def register(task: Task) -> Task:
    """Add a task to the registry (a later registration of the same name replaces it)."""
    TASKS[task.name] = task
    return task


def get_task(name: str) -> Task:
    """The registered task of that name (`eval.tasks` registers them all when imported)."""
    if name not in TASKS:
        raise KeyError(f"unknown task {name!r}; known: {', '.join(sorted(TASKS))}")
    return TASKS[name]
