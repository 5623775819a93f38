"""Run the whole test suite N times in a row; count failing runs and hung runs (killed at the per-run timeout).

    python scripts/repeat_suite.py --runs 10 --timeout 600 [--log-dir var/repeat] [-- extra pytest args]
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
log = logging.getLogger("repeat_suite")


def run_once(number: int, timeout: float, log_dir: Path, extra: list[str]) -> str:
    """'passed', 'failed' or 'hung' for one full run; its output goes to log_dir/run-<n>.txt."""
    out = log_dir / f"run-{number:02d}.txt"
    with out.open("w", encoding="utf-8") as handle:
        proc = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *extra], cwd=ROOT,
                                stdout=handle, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the run and every process it started
            proc.wait()
            return "hung"
    return "passed" if code == 0 else "failed"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds before a run counts as hung")
    parser.add_argument("--log-dir", type=Path, default=ROOT / "var" / "repeat")
    parser.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    args.log_dir.mkdir(parents=True, exist_ok=True)
    outcomes = []
    for number in range(1, args.runs + 1):
        started = time.perf_counter()
        outcome = run_once(number, args.timeout, args.log_dir, args.pytest_args)
        outcomes.append(outcome)
        log.info("run %d/%d: %s in %.0f s", number, args.runs, outcome, time.perf_counter() - started)
    failed, hung = outcomes.count("failed"), outcomes.count("hung")
    log.info("%d runs: %d passed, %d failed, %d hung (logs in %s)", args.runs, outcomes.count("passed"), failed,
             hung, args.log_dir)
    return 0 if failed == hung == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
