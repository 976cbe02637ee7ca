"""A throwaway PostgreSQL cluster on loopback, for the tests and the benchmarks.

The server runs from Debian's ``postgresql`` package: ``initdb`` into a temporary
directory, ``pg_ctl start`` on a free port of 127.0.0.1 with durable settings, and
everything removed on stop. PostgreSQL refuses to run as root, so under root the cluster
belongs to the ``postgres`` user.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType
from urllib.parse import quote

import psycopg

from harness.serving import free_port

__all__ = ["PostgresCluster", "PostgresUnavailable", "find_bindir", "with_fresh_schema"]

USER = "mastermind"
DATABASE = "mastermind"


def with_fresh_schema(url: str, schema: str) -> str:
    """``url`` seen through ``schema``, created empty, so that one test sees no other's tables."""
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        connection.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options={quote(f'-c search_path={schema}')}"


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def find_bindir() -> Path:
    """The directory holding ``initdb`` and ``pg_ctl``."""
    candidates = []
    if os.environ.get("PG_BINDIR"):
        candidates.append(os.environ["PG_BINDIR"])
    if shutil.which("pg_config"):
        found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        candidates.append(found.stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_major, reverse=True)
    for candidate in candidates:
        if candidate and (Path(candidate) / "initdb").exists():
            return Path(candidate)
    raise PostgresUnavailable(
        "The PostgreSQL tests need a PostgreSQL server, and none was found: no initdb in "
        f"{', '.join(candidates) or 'pg_config --bindir or /usr/lib/postgresql/*/bin'}. "
        "Install it with `apt-get install postgresql` (.ci/run does), or set PG_BINDIR."
    )


def _major(bindir: str) -> int:
    version = Path(bindir).parent.name
    return int(version) if version.isdigit() else 0


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


class PostgresCluster:
    """``with PostgresCluster() as cluster:`` gives a running server at ``cluster.url``."""

    def __init__(self, *, max_connections: int = 60) -> None:
        self.max_connections = max_connections
        self.bindir = find_bindir()
        self.port = free_port()
        self.url = f"postgresql://{USER}@127.0.0.1:{self.port}/{DATABASE}"
        self._root = Path(tempfile.mkdtemp(prefix="mastermind-pg-"))
        self._as_root = os.geteuid() == 0
        if self._as_root and not _user_exists("postgres"):
            raise PostgresUnavailable(
                "PostgreSQL refuses to run as root, and there is no `postgres` user to run it"
            )

    def __enter__(self) -> PostgresCluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def _data(self) -> Path:
        return self._root / "data"

    def start(self) -> None:
        if self._as_root:
            shutil.chown(self._root, "postgres", "postgres")
        self._run(
            "initdb",
            "-D",
            self._data,
            "-U",
            USER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self._root} "
            "-c fsync=on -c synchronous_commit=on -c full_page_writes=on"
            f" -c max_connections={self.max_connections}"
        )
        log = self._root / "server.log"
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", self._data, "-l", log, "-o", options)
        admin = self.url.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {DATABASE}")

    def stop(self) -> None:
        if (self._data / "postmaster.pid").exists():
            self._run("pg_ctl", "stop", "-w", "-m", "immediate", "-D", self._data, check=False)
        shutil.rmtree(self._root, ignore_errors=True)

    def _run(self, program: str, *arguments: object, check: bool = True) -> None:
        command = [str(self.bindir / program), *map(str, arguments)]
        result = subprocess.run(
            command,
            capture_output=True,
            text=True,
            user="postgres" if self._as_root else None,
            cwd=self._root,
        )
        if check and result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
