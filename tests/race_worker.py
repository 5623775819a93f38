"""One writer of the holds race (tests/test_holds.py): waits for a common start time, then tries every slot.

A plain module run as its own process (not a multiprocessing child), so it never imports the parent's __main__
(after the AppTest tests that is the Streamlit app) and cannot hang on a barrier.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from data.stores.holds import SlotTaken, SqliteHoldStore

T0 = datetime(2026, 11, 23, 10, tzinfo=ZoneInfo("America/New_York"))
HALF = timedelta(minutes=30)


def main(path: str, worker: int, start_at: float) -> None:
    store = SqliteHoldStore(path)
    time.sleep(max(0.0, start_at - time.time()))  # everyone starts together
    won = []
    for slot in range(5):
        start = T0 + slot * HALF
        try:
            store.place(thread_id=f"w{worker}", unit_id="U-7", address="x", start=start, end=start + HALF, contact=None)
            won.append(slot)
        except SlotTaken:
            pass
    print(json.dumps({"worker": worker, "won": won}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]))
