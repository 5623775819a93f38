"""'Which of those is closest to a polyclinic?': the sales asked about, placed by what is near their block.

The nearest hawker centre, mall, clinic, primary school, park or sports centre of each block comes from
`data/hdb/block_nearby.csv` (blocks sold in 2026 Q1); a sale whose block has no known distance is counted, not placed.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from data.sources.hdb_nearby import block_places

# what people call each kind of place -> the table's kind
_KINDS = (("clinic", r"poly\s?clinic|clinic|hospital|doctors?|gp|healthcare|medical"),
          ("hawker", r"hawker(?: cent(?:re|er))?s?|food cent(?:re|er)|kopitiam|wet market|market"),
          ("mall", r"(?:shopping )?malls?|shopping cent(?:re|er)|shops|supermarket"),
          ("school", r"(?:primary )?schools?"),
          ("park", r"parks?|park connector|green space"),
          ("sports", r"sports? (?:centre|center|complex|hall)|swimming (?:pool|complex)|pool|gym"),
          ("mrt", r"mrt|lrt|station|train"))
_NAMED = "|".join(f"(?P<{kind}>{words})" for kind, words in _KINDS)
_CLOSE = r"closest|nearest|near(?:er|by)?|close(?:r)?|walk(?:ing)?(?: distance)?|far(?:thest)?|how far|distance|within"
NEARBY_Q = re.compile(rf"\b(?:{_CLOSE})\b(?: (?:to|from))?(?: (?:a|an|the|his|her|my|our))?\s+\b(?:{_NAMED})\b", re.I)
_LABEL = {"clinic": "clinic or hospital", "hawker": "hawker centre", "mall": "mall", "school": "primary school",
          "park": "park", "sports": "sports centre", "mrt": "MRT/LRT station"}


_ANY_NAMED = re.compile(rf"\b(?:{_NAMED})\b", re.I)


def titled(name: str) -> str:
    """A place's name as written ("TOA PAYOH MRT STATION" -> "Toa Payoh MRT Station")."""
    return re.sub(r"\b(Mrt|Lrt)\b", lambda m: m.group(1).upper(), name.title())


def nearby_kind(text: str) -> str | None:
    """The kind of place the message asks to be near ("closest to a polyclinic" -> "clinic"), or None."""
    kinds = nearby_kinds(text)
    return kinds[0] if kinds else None


def nearby_kinds(text: str) -> list[str]:
    """Every kind of place a message asks about once it asks how near one is ("how close to the mrt? and any good
    primary schools within 1km" -> ["mrt", "school"])."""
    if not NEARBY_Q.search(text):
        return []
    named = (next(k for k, v in m.groupdict().items() if v) for m in _ANY_NAMED.finditer(text))
    return list(dict.fromkeys(named))


def block_surroundings(block: str, street: str, kinds: list[str]) -> str | None:
    """How far one block is from the nearest place of each kind asked (None when its distances are unknown)."""
    places = block_places().get((block.upper(), street.upper()))
    if not places:
        return None
    lines = [f"- {_LABEL[kind]}: **{places[kind].metres:,.0f} m**" + (f" ({titled(places[kind].name)})"
                                                                     if places[kind].name else "")
             for kind in kinds if kind in places]
    return (f"Blk {block} {street.title()}, nearest of each (metres from the block as the data's 2026 Q1 geocoding "
            "measured them; which schools are good, or their places, is not in the data):\n" + "\n".join(lines)) \
        if lines else None


def closest_to(t: Any, rows: np.ndarray, kind: str, about: str, shown: int = 6) -> str:
    """The blocks of `rows` (sales of table `t`) closest first to their nearest place of `kind`, one line a block."""
    places = block_places()
    best: dict[tuple[str, str], tuple[float, str, list[int]]] = {}
    for i in rows.tolist():
        key = (str(t.block[i]), str(t.street[i]))
        place = places.get(key, {}).get(kind)
        if place is not None:
            best.setdefault(key, (place.metres, place.name, []))[2].append(i)
    label = _LABEL[kind]
    if not best:
        return (f"I can't place {about} by {label}: the distances are known only for blocks sold in 2026 Q1, and "
                f"none of these {len(rows)} sales' blocks is among them.")
    lines = []
    for (block, street), (metres, name, sales) in sorted(best.items(), key=lambda kv: kv[1][0])[:shown]:
        prices = ", ".join(f"{t.price[i]:,.0f} SGD (storey {t.storey_range[i]}, {t.area[i]:g} sqm)" for i in sales[:3])
        to = titled(name) if name else f"the nearest {label}"
        lines.append(f"- blk {block} {street.title()}: **{metres:,.0f} m** to {to} — sold {prices}")
    placed = sum(len(v[2]) for v in best.values())
    return (f"Closest to a {label} first, {about} ({placed} of {len(rows)} sales placed; the distances are "
            "metres from each block as the data's 2026 Q1 geocoding measured them):\n" + "\n".join(lines))
