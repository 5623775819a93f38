"""The load test: many simulated users at once against PostgreSQL, through the real graph and stores.

`python -m eval bench load` starts a throwaway PostgreSQL cluster on 127.0.0.1 (data/stores/throwaway_pg.py),
then several worker processes, each with its own graph and connection pool and one thread per simulated user.
Every user searches, asks a question about their uploaded lease, reports a repair and holds tours (choose →
contact → verify → hold → confirm) on a small shared set of popular slots, so holds race for the same units
and times. Bounded: a fixed script per user and a deadline; nothing leaves the loopback address; the cluster is
removed at the end. Afterwards a query counts double bookings (overlapping active holds on one unit): it must
be 0, and it is the exclusion constraint that makes it so.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
import queue
import sys
import tempfile
import threading
import time
import types
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from eval.benches import percentiles, register_bench

log = logging.getLogger(__name__)

USERS = 60
PROCESSES = 4
DEADLINE_S = 300.0  # every user stops starting turns after this; the whole run is bounded by it
NOW = datetime(2026, 11, 22, 10, tzinfo=ZoneInfo("America/New_York"))  # a fixed clock: "this Monday" is stable
POPULAR = ("SE-1545", "SE-2472", "SE-10234", "U-3")  # the units everyone wants to see
TIMES = ("this Monday 6pm", "Tuesday at 5pm")
SEARCH = "Pet-friendly 2br in Williamsburg under $5k, dishwasher"
LEASE_Q = "can I sublet according to my lease?"
REPAIR = "The kitchen sink is leaking under the cabinet"
LEASE_PDF = Path(__file__).resolve().parent / "datasets" / "leases" / "residential_lease.pdf"


class CountingHolds:
    """The holds store, counting the overlaps the database refused (SlotTaken) on the way through."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.refused = 0
        self._lock = threading.Lock()

    def place(self, **kwargs: Any) -> Any:
        from data.stores.holds import SlotTaken

        try:
            return self.inner.place(**kwargs)
        except SlotTaken:
            with self._lock:
                self.refused += 1
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _user(graph: Any, number: int, lease: dict[str, Any], deadline: float, out: dict[str, Any]) -> None:
    """One simulated user's script; each graph call (a message or an answer to a question) is one timed turn."""
    from agents.graph import answer, ask, pending_question

    thread = f"load-{os.getpid()}-{number}"

    def count(key: str, yes: bool = True) -> None:
        with out["lock"]:  # the process's users share `out`: += alone would lose updates
            out[key] += int(yes)

    def turn(kind: str, call: Any, *args: Any) -> Any:
        if time.monotonic() > deadline:
            raise TimeoutError("deadline")
        started = time.perf_counter()
        try:
            return call(graph, *args, thread_id=thread)
        finally:
            took = (time.perf_counter() - started) * 1000
            with out["lock"]:
                out["turn_ms"].append(took)
                out["by_kind"].setdefault(kind, []).append(took)

    try:
        found = turn("search", ask, SEARCH)
        count("searches_with_matches", bool(found.get("matches")))
        graph.update_state({"configurable": {"thread_id": thread}}, {"lease": lease})
        lease_turn = turn("lease", ask, LEASE_Q)
        count("lease_answers", bool((lease_turn.get("lease_answer") or {}).get("citations")))
        count("repair_tickets", bool(turn("repair", ask, REPAIR).get("triage")))
        for k in range(2):  # two tour requests on popular units and times
            units = (POPULAR[(number + k) % len(POPULAR)], POPULAR[(number + k + 1) % len(POPULAR)])
            planned = turn("tour", ask, f"tour {units[0]} and {units[1]} {TIMES[(number + k) % len(TIMES)]}")
            # a plan that went around a slot someone else already held is the other half of the race
            count("plans_moved", any(t.get("moved") for t in planned.get("trace", []) if t.get("node") == "tour_close"))
            question = pending_question(graph, thread_id=thread)
            while question is not None:
                form = question["form"]
                if form == "contact":
                    reply: Any = {"name": f"User {number}", "email": f"user{number}@example.com"}
                elif form == "single":
                    reply = question["options"][0]  # "Yes, hold these tours"
                elif question.get("default") is not None:
                    reply = question["default"]  # confirm every hold
                else:
                    reply = question["options"]  # hold every proposed tour
                turn("tour_step", answer, reply)
                question = pending_question(graph, thread_id=thread)
        count("completed")
    except TimeoutError:
        count("timed_out")
    except Exception as exc:  # counted and shown, the other users go on
        log.warning("user %s failed: %s: %s", number, type(exc).__name__, exc)
        out["errors"].append(f"{type(exc).__name__}: {exc}"[:200])


def _worker(url: str, first_user: int, users: int, deadline_s: float, barrier: Any, results: Any) -> None:
    """One process: a graph and a pool, one thread per user, started together with the other processes."""
    from agents.doma.lease_qa import store_uploaded_lease
    from agents.graph import ask, build_graph
    from data.stores.backend import open_backend

    stores = open_backend(url, db_path=Path(tempfile.gettempdir()) / "unused.sqlite", migrate=False,
                          pool_size=users + 2)
    holds = CountingHolds(stores.holds)
    graph = build_graph(checkpointer=stores.checkpointer, holds=holds, now=lambda: NOW)  # type: ignore[arg-type]
    with tempfile.TemporaryDirectory() as folder:
        lease = store_uploaded_lease(LEASE_PDF.read_bytes(), LEASE_PDF.name, folder)
        # Warm-up, untimed: the first search and lease question of a process build its caches (as a server's
        # first requests do); the figures are of a process that has served before.
        ask(graph, SEARCH, thread_id=f"warmup-{os.getpid()}")
        graph.update_state({"configurable": {"thread_id": f"warmup-{os.getpid()}"}}, {"lease": lease})
        ask(graph, LEASE_Q, thread_id=f"warmup-{os.getpid()}")
        out: dict[str, Any] = {"turn_ms": [], "by_kind": {}, "completed": 0, "timed_out": 0, "errors": [],
                               "searches_with_matches": 0, "lease_answers": 0, "repair_tickets": 0, "plans_moved": 0,
                               "lock": threading.Lock()}
        barrier.wait(timeout=120)
        deadline = time.monotonic() + deadline_s
        threads = [threading.Thread(target=_user, args=(graph, first_user + i, lease, deadline, out))
                   for i in range(users)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=deadline_s + 60)
        out["refused"] = holds.refused
        del out["lock"]  # not picklable, and done with
    stores.close()
    results.put(out)


def run_load(url: str, *, users: int = USERS, processes: int = PROCESSES,
             deadline_s: float = DEADLINE_S) -> dict[str, Any]:
    """Run the simulated users against the (migrated) database at `url`; the figures of the run."""
    from data.stores.holds_pg import double_bookings, open_pool

    ctx = mp.get_context("spawn")
    barrier, results = ctx.Barrier(processes + 1), ctx.Queue()
    share = [users // processes + (1 if p < users % processes else 0) for p in range(processes)]
    firsts = [sum(share[:p]) for p in range(processes)]
    procs = [ctx.Process(target=_worker, args=(url, firsts[p], share[p], deadline_s, barrier, results))
             for p in range(processes)]
    # Workers need nothing of the parent's __main__ (under a test runner it may be an app script): spawn reads
    # it only while starting a process, so hide it for that moment.
    saved_main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        for proc in procs:
            proc.start()
    finally:
        sys.modules["__main__"] = saved_main
    outs: list[dict[str, Any]] = []
    try:
        barrier.wait(timeout=180)  # every process has its graph, pool and lease ready
        started = time.perf_counter()
        for _ in procs:
            outs.append(results.get(timeout=deadline_s + 180))
        elapsed = time.perf_counter() - started
    except (queue.Empty, threading.BrokenBarrierError) as exc:
        raise RuntimeError(f"a load worker did not report: {type(exc).__name__}") from exc
    finally:
        for proc in procs:
            proc.join(timeout=30)
            if proc.is_alive():
                proc.kill()
    turn_ms = [t for out in outs for t in out["turn_ms"]]
    pool = open_pool(url, max_size=1)
    with pool.connection() as conn:
        counts = conn.execute("SELECT count(*) AS placed, count(*) FILTER (WHERE status = 'confirmed') AS confirmed "
                              "FROM holds").fetchone()
    doubles = double_bookings(pool)
    pool.close()
    assert counts is not None
    errors = [e for out in outs for e in out["errors"]]
    kinds: dict[str, list[float]] = {}
    for out in outs:
        for kind, values in out["by_kind"].items():
            kinds.setdefault(kind, []).extend(values)
    return {
        "users": users, "processes": processes, "turns": len(turn_ms), "seconds": round(elapsed, 1),
        "turns_per_s": round(len(turn_ms) / elapsed, 1),
        **{f"turn_{k}": v for k, v in percentiles(turn_ms).items() if k != "n"},
        "users_completed": sum(out["completed"] for out in outs),
        "users_timed_out": sum(out["timed_out"] for out in outs),
        **{f"{kind}_p50_p95_ms": f"{p['p50_ms']:.0f} / {p['p95_ms']:.0f} (n={p['n']})"
           for kind, p in ((kind, percentiles(v)) for kind, v in sorted(kinds.items()))},
        **{key: sum(out[key] for out in outs) for key in ("searches_with_matches", "lease_answers", "repair_tickets")},
        "holds_placed": int(counts["placed"]), "holds_confirmed": int(counts["confirmed"]),
        "overlaps_refused": sum(out["refused"] for out in outs), "double_bookings": doubles,
        "plans_moved": sum(out["plans_moved"] for out in outs),
        "errors": len(errors), **({"first_error": errors[0]} if errors else {}),
    }


def machine() -> str:
    """Cores and memory of this machine, for the figures."""
    try:
        kb = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                  if line.startswith("MemTotal"))
        memory = f"{kb / 1024 / 1024:.0f} GB"
    except (OSError, StopIteration, ValueError):
        memory = "? GB"
    return f"{os.cpu_count()} cores, {memory}"


@register_bench("load", on_demand=True)
def bench_load() -> dict[str, Any]:
    """≥ 50 simulated users in several processes against a throwaway PostgreSQL on 127.0.0.1."""
    from data.stores.migrate import migrate
    from data.stores.throwaway_pg import NoPostgres, ThrowawayCluster

    cluster = ThrowawayCluster(max_connections=USERS + 4 * PROCESSES + 20)
    try:
        url = cluster.start()
    except NoPostgres as exc:
        return {"skipped": f"no PostgreSQL for the load test: {exc}"}
    try:
        migrate(url)
        return run_load(url) | {"machine": machine()}
    finally:
        cluster.stop()
