"""The labeled sets per task and split (`eval/datasets/splits.json`): train, dev, and the frozen test split."""

from __future__ import annotations

import json
from pathlib import Path

DATASETS = Path(__file__).resolve().parent / "datasets"
SHARED = DATASETS.parent.parent.parent / "shared" / "eval"
SPLITS = ("train", "dev", "test")


def load_suites(manifest: Path = DATASETS / "splits.json") -> tuple[tuple[str, str, Path], ...]:
    """(split, task, file) for every labeled file of the manifest, in manifest order."""
    spec = json.loads(manifest.read_text(encoding="utf-8"))
    suites = []
    for task, splits in spec.items():
        if task.startswith("_"):
            continue
        for split in SPLITS:
            for name in splits.get(split, []):
                path = SHARED / name.removeprefix("shared:") if name.startswith("shared:") else DATASETS / name
                suites.append((split, task, path))
    return tuple(suites)


def files(task: str, split: str) -> list[Path]:
    """The files of one task's split."""
    return [path for s, t, path in load_suites() if t == task and s == split]
