"""Build the shipped rental fixture from raw REALTOR.CA items, through pyRealtor's own transform, offline.

    python -m data.realtor_ca.build_fixture [RAW_DIR]   (default: ../shared/data/realtor-ca)

Each raw file is a JSON list of PropertySearch_Post "Results" items. They are fed to pyRealtor 0.2.6's
ReportingService/RealtorCa exactly as a live `for_rent` search would (`to_dataframe` then `transform`), so the rows
carry pyRealtor's Listings columns. The items are 2016-2018 FOR-SALE listings: pyRealtor's Rent and Total Rent come
out empty. So that the sample can be searched by rent at all, "Total Rent" is filled with an illustrative figure
derived from the asking price (0.4 % of it a month, rounded to $25) and every such row says so in "Rent Note".
Descriptions are cut to 400 characters to keep the file small. Nothing else is changed.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import warnings
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
DEFAULT_RAW = HERE.parent.parent.parent / "shared" / "data" / "realtor-ca"
FILES = ("results_2018_toronto_56.json", "results_2017_hamilton_14.json", "results_2016_ontario_814.json")
RENT_RATE = 0.004  # monthly rent as a share of the asking price: a gross yield of 4.8 % a year
DESCRIPTION_CHARS = 400


def pyrealtor_rows(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """pyRealtor's own mapping of raw items (for_rent columns), as a live search would produce them."""
    with warnings.catch_warnings():  # pyRealtor imports pkg_resources, which warns on import (known, pinned)
        warnings.filterwarnings("ignore", message="pkg_resources is deprecated", category=UserWarning)
        from pyRealtor.realtorFactory import RealtorFactory

    realtor = RealtorFactory().get_realtor(country="Canada")
    realtor.set_transaction_type("for_rent")
    realtor.report_obj.house_json_lst.extend(items)
    frame = realtor.transform(df=realtor.report_obj.to_dataframe())
    frame = frame.astype(object).where(frame.notna(), None)
    return frame.to_dict("records")


def sample_rent(asking: str | None) -> float | None:
    """0.4 % of an asking price like '$599,900', rounded to $25; None when there is no price."""
    digits = re.sub(r"[^\d.]", "", asking or "")
    if not digits:
        return None
    return round(float(digits) * RENT_RATE / 25) * 25


def build(raw_dir: Path) -> list[dict[str, Any]]:
    """Fixture rows from every raw file (first of a repeated MLS kept)."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for name in FILES:
        items = json.loads((raw_dir / name).read_text(encoding="utf-8"))
        for item, row in zip(items, pyrealtor_rows(items), strict=True):
            if row["MLS"] in seen:
                continue
            seen.add(row["MLS"])
            asking = (item.get("Property") or {}).get("Price")
            rent = sample_rent(asking)
            if rent is not None and row.get("Total Rent") is None:
                row["Total Rent"] = rent
                row["Rent"] = rent
                row["Rent Note"] = f"sample: {RENT_RATE:.1%} of the asking price {asking} a month; not a real rent"
            if row.get("Description"):
                row["Description"] = str(row["Description"])[:DESCRIPTION_CHARS]
            row["Raw File"] = name
            out.append(row)
    return out


def main(argv: list[str]) -> int:
    raw_dir = Path(argv[1]) if len(argv) > 1 else DEFAULT_RAW
    rows = build(raw_dir)
    target = HERE / "listings.json"
    target.write_text(json.dumps(rows, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    logging.basicConfig(level=logging.INFO)
    log.info("wrote %d rows to %s", len(rows), target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
