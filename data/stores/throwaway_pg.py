"""A throwaway PostgreSQL cluster for tests and the load test: `initdb` in a temporary folder, a free loopback
port, removed afterwards. Uses the server binaries of Debian's `postgresql` package (or any on PATH).

PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user (runuser).
"""

from __future__ import annotations

import glob
import logging
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType

log = logging.getLogger(__name__)


class NoPostgres(RuntimeError):
    """No PostgreSQL server binaries here, or the cluster could not start (the message says why)."""


def find_bindir() -> Path | None:
    """The folder with initdb and pg_ctl: Debian's newest /usr/lib/postgresql/N/bin, else PATH."""
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]),
                            reverse=True):
        if (Path(candidate) / "initdb").exists() and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ThrowawayCluster:
    """`with ThrowawayCluster() as cluster: cluster.url` → a running server on 127.0.0.1, gone afterwards."""

    def __init__(self, *, max_connections: int = 200) -> None:
        self.bindir = find_bindir()
        self.max_connections = max_connections
        self.folder: Path | None = None
        self.port = 0
        self.url = ""
        self._as_postgres = os.geteuid() == 0

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        cmd = [*(["runuser", "-u", "postgres", "--"] if self._as_postgres else []), *args]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)

    def start(self) -> str:
        """initdb, start on a free loopback port; returns the URL. Raises NoPostgres saying why not."""
        if self.bindir is None:
            raise NoPostgres("no PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql")
        if self._as_postgres and shutil.which("runuser") is None:
            raise NoPostgres("running as root without runuser: PostgreSQL cannot run as root")
        self.folder = Path(tempfile.mkdtemp(prefix="pg-throwaway-"))
        data = self.folder / "data"
        if self._as_postgres:
            shutil.chown(self.folder, user="postgres")
            os.chmod(self.folder, 0o700)
        init = self._run(str(self.bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                         "--no-sync", "--no-instructions")
        if init.returncode != 0:
            self.stop()
            raise NoPostgres(f"initdb failed: {init.stderr.strip()[-500:]}")
        self.port = free_port()
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} -c fsync=off "
                   f"-c synchronous_commit=off -c full_page_writes=off -c max_connections={self.max_connections}")
        started = self._run(str(self.bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l",
                            str(self.folder / "server.log"), "-w", "-t", "60", "start")
        if started.returncode != 0:
            tail = (self.folder / "server.log").read_text(errors="replace")[-500:] if (
                self.folder / "server.log").exists() else started.stderr
            self.stop()
            raise NoPostgres(f"pg_ctl start failed: {tail.strip()}")
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        log.info("throwaway PostgreSQL on 127.0.0.1:%s", self.port)
        return self.url

    def create_database(self, name: str) -> str:
        """A new empty database in the cluster; returns its URL."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url.rsplit("/", 1)[0] + f"/{name}"

    def stop(self) -> None:
        """Stop the server (fast) and remove the folder."""
        if self.folder is None:
            return
        data = self.folder / "data"
        if self.port and self.bindir is not None:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def __enter__(self) -> ThrowawayCluster:
        self.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()
