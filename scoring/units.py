"""The inventory as column arrays, prepared once, so scoring is a handful of vector operations."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd

from contracts.search import AMENITY_KEYS


def amenity_key(name: str) -> str:
    """'pet-friendly', 'Pet Friendly' and 'pet_friendly' are one key."""
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def is_retail(frame: pd.DataFrame) -> pd.Series:
    """Ground-floor retail suites of the office listings (suite "RETL", floor "GRND"): storefronts, which an office
    request does not want unless it asks for retail."""
    suite = frame["suite"].astype(str) if "suite" in frame else pd.Series("", index=frame.index)
    floor = frame["floor"].astype(str) if "floor" in frame else pd.Series("", index=frame.index)
    return (frame["kind"] == "office") & (suite.str.contains("RET", case=False) | floor.str.contains("GRND|GROUND",
                                                                                                    case=False))


def row_is_retail(row: dict[str, object]) -> bool:
    """is_retail for one inventory row."""
    return row.get("kind") == "office" and ("RET" in str(row.get("suite") or "").upper()
                                            or bool(re.search(r"GRND|GROUND", str(row.get("floor") or ""), re.I)))


@dataclass(frozen=True)
class UnitArrays:
    """Column arrays of an inventory frame (row i of each array is unit i)."""

    ids: np.ndarray
    kind: np.ndarray  # object array of 'apartment' | 'office'
    rent: np.ndarray
    sqft: np.ndarray
    ppsf_year: np.ndarray  # rent per square foot per year (offices; NaN where unknown)
    bedrooms: np.ndarray
    bathrooms: np.ndarray
    min_to_subway: np.ndarray
    floor: np.ndarray  # the unit's floor where the data gives a number (NaN otherwise)
    amenities: dict[str, np.ndarray]  # key -> bool array
    retail: np.ndarray  # a ground-floor retail suite (a storefront), not office floor space
    pets_known: np.ndarray  # the listing states a pet policy (else a pet must-have is unknown there, not missed)
    loc_values: tuple[str, ...]  # the distinct location texts
    loc_codes: np.ndarray  # row -> index into loc_values

    def __len__(self) -> int:
        return len(self.ids)

    @classmethod
    def from_frame(cls, frame: pd.DataFrame) -> UnitArrays:
        codes, uniques = pd.factorize(frame["loc_text"], sort=False)
        return cls(
            ids=frame["unit_id"].to_numpy(dtype=object),
            kind=frame["kind"].to_numpy(dtype=object),
            rent=frame["rent"].to_numpy(dtype=float),
            sqft=frame["sqft"].to_numpy(dtype=float),
            ppsf_year=(frame["ppsf_year"] if "ppsf_year" in frame else pd.Series(np.nan, index=frame.index)).to_numpy(
                dtype=float),
            bedrooms=frame["bedrooms"].to_numpy(dtype=float),
            bathrooms=frame["bathrooms"].to_numpy(dtype=float),
            min_to_subway=frame["min_to_subway"].to_numpy(dtype=float),
            floor=pd.to_numeric(frame["floor"] if "floor" in frame else pd.Series(np.nan, index=frame.index),
                                errors="coerce").to_numpy(dtype=float),
            amenities={key: frame[key].to_numpy(dtype=bool) for key in AMENITY_KEYS},
            retail=is_retail(frame).to_numpy(dtype=bool),
            pets_known=(frame["pets_known"] if "pets_known" in frame else pd.Series(False, index=frame.index)
                        ).to_numpy(dtype=bool),
            loc_values=tuple(str(u) for u in uniques),
            loc_codes=np.asarray(codes),
        )

    def location_mask(self, tokens: list[str]) -> np.ndarray:
        """Rows whose location text contains any token (checked once per distinct text, then broadcast)."""
        if not tokens:
            return np.ones(len(self.ids), dtype=bool)
        lowered = [t.lower() for t in tokens]
        hit = np.fromiter((any(t in v for t in lowered) for v in self.loc_values), dtype=bool,
                          count=len(self.loc_values))
        return hit[self.loc_codes]

    def has(self, key: str) -> np.ndarray:
        """Bool array for an amenity key; an unknown key is never satisfied."""
        found = self.amenities.get(amenity_key(key))
        return found if found is not None else np.zeros(len(self.ids), dtype=bool)
