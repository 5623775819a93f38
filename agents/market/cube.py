"""Read a figure from an aggregate table without ever adding a total row to its own parts.

The market tables hold, beside each part (a typology, a layout, a transaction type), the row of their total
("All property types", "All beds", "All types"). A figure for a dimension the question leaves open is read from
the total row where the table has one, and summed from the parts only where it has none: never both. Averages
(rental index) are never summed: without a total row there is no overall average, and the caller says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from data.sources.abu_dhabi import TOTALS

DIMENSIONS = ("typology", "layout", "kind")


@dataclass
class Figure:
    """Measures read for one selection, with how they were read."""

    values: dict[str, float]
    rows: int  # table rows the figure comes from
    notes: list[str] = field(default_factory=list)  # where parts were summed for want of a total row

    @property
    def basis(self) -> str:
        """How the figure was read, for the answer and the trace."""
        return "; ".join(self.notes) if self.notes else "read from the table's total row"


def read_figure(frame: pd.DataFrame, measures: tuple[str, ...], *, additive: bool = True,
                **selection: object) -> Figure | None:
    """The measures of the rows matching `selection`, totals taken from total rows.

    Args:
        frame: a normalized fact table (`data.sources.abu_dhabi`).
        measures: the columns to read.
        additive: whether parts may be summed where a total row is missing (counts and values: yes; averages: no).
        selection: column -> value; None or absent for "any" (the total). Non-dimension columns filter exactly.

    Returns:
        The figure, or None when the table has no row for the selection.
    """
    sub = frame
    for column, value in selection.items():
        if value is not None and column not in DIMENSIONS:
            sub = sub[sub[column] == value]
    notes: list[str] = []
    result = _collapse(sub, DIMENSIONS, selection, measures, additive, notes)
    if result is None:
        return None
    values, rows = result
    return Figure(values, rows, sorted(set(notes)))


def _collapse(sub: pd.DataFrame, dims: tuple[str, ...], selection: dict[str, object], measures: tuple[str, ...],
              additive: bool, notes: list[str]) -> tuple[dict[str, float], int] | None:
    if sub.empty:
        return None
    if not dims:
        if len(sub) > 1 and not additive:
            return None  # several rows of averages for one cell: no single figure
        return {m: float(sub[m].sum(min_count=1)) for m in measures}, len(sub)
    dim, rest = dims[0], dims[1:]
    wanted = selection.get(dim)
    if wanted is not None:
        return _collapse(sub[sub[dim] == wanted], rest, selection, measures, additive, notes)
    total = sub[sub[dim] == TOTALS[dim]]
    if not total.empty:
        return _collapse(total, rest, selection, measures, additive, notes)
    if not additive:
        return None
    parts = [_collapse(group, rest, selection, measures, additive, notes) for _, group in sub.groupby(dim)]
    found = [p for p in parts if p is not None]
    if not found:
        return None
    notes.append(f"{dim}: summed from its parts (the table has no total row)")
    return ({m: sum(p[0][m] for p in found) for m in measures}, sum(p[1] for p in found))


def parts_of(frame: pd.DataFrame, dim: str, **selection: object) -> pd.DataFrame:
    """The rows of each member of `dim` (total member excluded), the other dimensions at their totals."""
    sub = frame
    for column, value in selection.items():
        if value is not None:
            sub = sub[sub[column] == value]
    for other in DIMENSIONS:
        if other != dim and selection.get(other) is None and (sub[other] == TOTALS[other]).any():
            sub = sub[sub[other] == TOTALS[other]]
    return sub[sub[dim] != TOTALS[dim]]
