"""python -m data.stores migrate [--url URL]: apply the PostgreSQL migrations (DATABASE_URL by default)."""

from __future__ import annotations

import argparse
import logging
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m data.stores", description="The workspace's database")
    sub = parser.add_subparsers(dest="command", required=True)
    cmd = sub.add_parser("migrate", help="apply the SQL migrations and the checkpointer's tables (idempotent)")
    cmd.add_argument("--url", default=None, help="postgresql://… (default: DATABASE_URL from the settings)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    from agents.settings import Settings
    from data.stores.backend import DatabaseUrlError, check_url
    from data.stores.migrate import migrate

    url = args.url or Settings().database_url
    if not url:
        print("DATABASE_URL is not set: the SQLite files need no migration (they are created on first use).")
        return 0
    try:
        applied = migrate(check_url(url))
    except DatabaseUrlError as exc:
        print(exc, file=sys.stderr)
        return 2
    except Exception as exc:  # a server that is down or refuses us: say so, no traceback
        print(f"could not migrate: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(f"applied: {', '.join(applied)}" if applied else "up to date: nothing to apply")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
