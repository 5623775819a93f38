"""Run a module or a script the way the suite runs code: no connection but to loopback, logs redacted.

    python -m tests.guarded -m eval score ...        (a module)
    python -m tests.guarded -c "print('hi')" args    (a script)

The suite starts the eval CLI, the app and child processes through this, so the socket guard and the log redaction
hold in subprocesses too (pytest-socket only guards the pytest process itself).
"""

from __future__ import annotations

import runpy
import sys

from pytest_socket import socket_allow_hosts

from agents.redact import install

LOOPBACK = ["127.0.0.1", "::1", "localhost"]


def main(argv: list[str]) -> None:
    socket_allow_hosts(LOOPBACK, allow_unix_socket=True)
    install()
    flag, target, *rest = argv
    sys.argv = [target, *rest]
    if flag == "-m":
        runpy.run_module(target, run_name="__main__", alter_sys=True)
    elif flag == "-c":
        sys.argv = ["-c", *rest]
        exec(compile(target, "<guarded>", "exec"), {"__name__": "__main__"})
    else:
        raise SystemExit(f"usage: python -m tests.guarded -m MODULE [args] | -c CODE [args], not {flag!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
