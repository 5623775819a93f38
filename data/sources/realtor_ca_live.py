"""The live REALTOR.CA search, run as a child process: `python -m data.sources.realtor_ca_live OUT.json`.

It reads {"location", "listing_type", "rent_min"} on stdin, calls pyRealtor's HousesFacade in the current (temporary)
folder, and writes {"rows": [...]} or {"error": "..."} to OUT.json. pyRealtor prints (to stdout) instead of
raising; its output is captured here and read for the errors it only prints. The parent kills this process when
it runs past its timeout.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import sys
import warnings
from pathlib import Path
from typing import Any

PRINTED_ERRORS = ("blocked by REALTOR.CA", "Status code", "no more proxies", "Exception raised")


def _cell(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    return value if value is None or isinstance(value, int | float | str | bool) else str(value)


def search(location: str, listing_type: str) -> dict[str, Any]:
    """Rows of pyRealtor's Listings frame (from the facade object, never from the .xlsx it writes)."""
    with warnings.catch_warnings():  # heavy, and imports pkg_resources (which warns): only in this child process
        warnings.filterwarnings("ignore", message="pkg_resources is deprecated", category=UserWarning)
        from pyRealtor import HousesFacade

    facade = HousesFacade()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        facade.search_save_houses(search_area=location, country="Canada", listing_type=listing_type)
    frame = getattr(facade, "houses_df", None)
    rows = [] if frame is None else [{k: _cell(v) for k, v in r.items()} for r in frame.to_dict("records")]
    text = printed.getvalue()
    if not rows and any(marker in text for marker in PRINTED_ERRORS):
        line = next(x for x in text.splitlines() if any(m in x for m in PRINTED_ERRORS))
        return {"error": f"REALTOR.CA refused the search: {line.strip()[:200]}"}
    return {"rows": rows}


def main(argv: list[str]) -> int:
    """Entry point: the output path is the only argument."""
    out = Path(argv[1])
    request = json.loads(sys.stdin.read() or "{}")
    try:
        result = search(str(request["location"]), str(request.get("listing_type") or "for_rent"))
    except Exception as exc:  # pyRealtor raises anything (KeyError, requests errors, ValueError): report it
        result = {"error": f"pyRealtor failed: {type(exc).__name__}: {exc}"[:300]}
    out.write_text(json.dumps(result), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
