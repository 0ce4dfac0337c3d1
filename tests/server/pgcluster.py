"""A throwaway PostgreSQL cluster on loopback for the tests and benchmarks (no mock): Debian's
``initdb`` and ``pg_ctl`` in a temporary folder, as the ``postgres`` user when run as root
(PostgreSQL refuses to run as root), listening on 127.0.0.1 and a socket in its own folder.
Or an already running server named by ``ATOUT_TEST_PG`` (a URL whose user may create databases).

``python -m tests.server.pgcluster`` starts one and prints its URL until Ctrl-C.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

ENV = "ATOUT_TEST_PG"
INSTALL = "sudo apt-get install postgresql"


class Unavailable(RuntimeError):
    """No PostgreSQL to test against (the message says why and how to get one)."""


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=_version, reverse=True)
    path = found[0] if found else shutil.which(name)
    if not path:
        raise Unavailable(f"PostgreSQL's {name} is not installed (`{INSTALL}`, or set {ENV})")
    return path


def _version(path: str) -> int:
    try:
        return int(Path(path).parent.parent.name)
    except ValueError:
        return 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A PostgreSQL server to make databases in: :meth:`new_db` gives a fresh database's URL."""

    def __init__(self, durable: bool = False) -> None:
        self.durable = durable  # fsync on, as a production server (benchmarks); off for tests
        self.dir: str | None = None
        self.url = os.environ.get(ENV, "")
        self._n = itertools.count(1)
        self._made: list[str] = []
        self._user: list[str] = []
        self.opts = ""  # the server's options (its port, its socket folder), once started

    def start(self) -> Cluster:
        if self.url:
            self._check()
            return self
        initdb = _bin("initdb")
        _bin("pg_ctl")  # both are needed: said now, before anything is made
        self.dir = tempfile.mkdtemp(prefix="atout-pg-")
        if os.geteuid() == 0:
            runuser = shutil.which("runuser")
            if not runuser:
                raise Unavailable(
                    "running as root without runuser to start PostgreSQL as another user"
                )
            try:
                shutil.chown(self.dir, "postgres")
            except (LookupError, PermissionError) as e:
                raise Unavailable(
                    f"no postgres user to run PostgreSQL as ({e}; `{INSTALL}`)"
                ) from e
            self._user = [runuser, "-u", "postgres", "--"]
        data = f"{self.dir}/data"
        port = _free_port()
        self._run(
            [initdb, "-D", data, "-U", "atout", "-A", "trust", "-E", "UTF8", "--locale=C",
             "--no-sync"]
        )  # fmt: skip
        self.opts = f"-c listen_addresses=127.0.0.1 -p {port} -k {self.dir} -c max_connections=200"
        if not self.durable:
            self.opts += " -c fsync=off -c full_page_writes=off"
        self.url = f"postgresql://atout@127.0.0.1:{port}/postgres"
        self.resume()
        return self

    def pause(self) -> None:
        """Stop the server (``pg_ctl stop -m fast``), its data kept: :meth:`resume` starts it
        again on the same port (a test of PostgreSQL going away)."""
        self._ctl("-m", "fast", "stop")

    def resume(self) -> None:
        self._ctl("-o", self.opts, "start")
        self._check()

    def _ctl(self, *what: str) -> None:
        d = self.dir
        self._run([_bin("pg_ctl"), "-D", f"{d}/data", "-l", f"{d}/log", "-w", *what])

    def _run(self, cmd: list[str]) -> None:
        done = subprocess.run(
            self._user + cmd, capture_output=True, text=True, timeout=120, cwd=self.dir
        )
        if done.returncode:
            log = ""
            if self.dir and os.path.exists(f"{self.dir}/log"):
                log = Path(f"{self.dir}/log").read_text()[-2000:]
            raise Unavailable(
                f"PostgreSQL could not be started: {cmd[0]} said {done.stderr.strip()[-800:]} {log}"
            )

    def _check(self) -> None:
        import psycopg

        deadline = time.monotonic() + 10
        while True:
            try:
                psycopg.connect(self.url, connect_timeout=3).close()
                return
            except psycopg.OperationalError as e:
                if time.monotonic() > deadline:
                    raise Unavailable(f"PostgreSQL at {self.url} does not answer: {e}") from e
                time.sleep(0.1)

    def new_db(self) -> str:
        """A fresh empty database on the cluster; its URL."""
        import psycopg

        name = f"atout_t{os.getpid()}_{next(self._n)}"
        with psycopg.connect(self.url, autocommit=True) as c:
            c.execute(f"DROP DATABASE IF EXISTS {name}")
            c.execute(f"CREATE DATABASE {name} TEMPLATE template0")
        self._made.append(name)
        return self.url.rsplit("/", 1)[0] + "/" + name

    def stop(self) -> None:
        if self.dir is None:  # a server of someone else's: drop what we made
            import psycopg

            try:
                with psycopg.connect(self.url, autocommit=True) as c:
                    for name in self._made:
                        c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            except psycopg.Error:
                pass
            return
        with contextlib.suppress(Unavailable):
            self._run([_bin("pg_ctl"), "-D", f"{self.dir}/data", "-m", "immediate", "stop"])
        shutil.rmtree(self.dir, ignore_errors=True)


if __name__ == "__main__":
    cluster = Cluster().start()
    print(cluster.url, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()
