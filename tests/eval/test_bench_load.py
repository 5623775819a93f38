"""The load test, small: simulated users in several processes against PostgreSQL; zero double bookings."""

from eval.bench_load import machine, run_load
from eval.benches import BENCHES, ON_DEMAND


def test_a_small_load_run_completes_with_no_double_booking(pg_url):
    figures = run_load(pg_url, users=6, processes=2, deadline_s=120)
    assert figures["errors"] == 0 and figures["users_completed"] == 6 and figures["users_timed_out"] == 0
    assert figures["turns"] == 6 * 12 and figures["turns_per_s"] > 0 and figures["turn_p95_ms"] >= figures[
        "turn_p50_ms"]
    assert figures["searches_with_matches"] == figures["lease_answers"] == figures["repair_tickets"] == 6
    # users raced for the same slots: the database refused an overlap, or a plan went around a slot already held
    # (which of the two happens depends on timing) ...
    assert figures["overlaps_refused"] + figures["plans_moved"] > 0
    assert figures["holds_placed"] == 6 * 4 and figures["double_bookings"] == 0  # ... and each got other ones


def test_the_load_bench_runs_only_when_named():
    import eval.runner  # noqa: F401 - registers the benches

    assert "load" in BENCHES and "load" in ON_DEMAND
    assert "cores" in machine() and "GB" in machine()
