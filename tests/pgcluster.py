"""A throwaway PostgreSQL cluster for tests and benchmarks (Debian's ``postgresql`` package).

``initdb`` + ``pg_ctl`` in a temporary directory, listening only on a Unix
socket in that directory (no TCP port to collide with), run as the
unprivileged ``postgres`` user when we are root (PostgreSQL refuses to run as
root).  Each test gets its own schema (`Cluster.fresh_url`), which is much
cheaper than a database per test; schemas are made and dropped on one kept connection (a new
connection costs the server a process: ~5 ms of CPU, twice a test).
"""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path
from urllib.parse import quote


def pg_bin() -> Path | None:
    """The newest installed ``/usr/lib/postgresql/<v>/bin`` with ``initdb``, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Cluster:
    """One PostgreSQL server in a temp dir; `stop` removes it."""

    def __init__(self, durable: bool = False, max_connections: int = 400):
        self.bin = pg_bin()
        if self.bin is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install -y postgresql)")
        self.dir = Path(tempfile.mkdtemp(prefix="tk-pg-"))
        self.data = self.dir / "data"
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        os.chmod(self.dir, 0o755)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--no-sync", "--no-instructions")
        # fsync=off only where nothing must survive an OS crash (tests); the benchmarks keep it on.
        settings = [f"-c max_connections={max_connections}", "-c listen_addresses=''",
                    f"-c unix_socket_directories={self.dir}", "-c shared_buffers=64MB"]
        if not durable:
            settings += ["-c fsync=off", "-c full_page_writes=off"]
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "server.log"), "-w", "-t", "60",
                  "-o", " ".join(settings), "start")
        self.database = "tablekeeper"
        self._run("createdb", "-h", str(self.dir), "-U", "postgres", self.database)
        self.url = f"postgresql://postgres@/{self.database}?host={quote(str(self.dir), safe='')}"
        self._admin = None

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([*self.as_user, str(self.bin / tool), *args], check=True, capture_output=True,
                       cwd=self.dir)

    def _execute(self, sql: str) -> None:
        """Run `sql` on the kept autocommit connection; a new one when a test has killed it."""
        import psycopg

        for attempt in (1, 2):
            if self._admin is None or self._admin.closed:
                self._admin = psycopg.connect(self.url, autocommit=True)
            try:
                self._admin.execute(sql)
                return
            except psycopg.OperationalError:  # pg_terminate_backend, a restart: once more on a new one
                self._admin.close()
                self._admin = None
                if attempt == 2:
                    raise

    def fresh_url(self) -> tuple[str, str]:
        """(URL of a new empty schema, its name): the schema is first on the connection's search path."""
        schema = "t_" + uuid.uuid4().hex[:12]
        self._execute(f"CREATE SCHEMA {schema}")
        return f"{self.url}&options={quote(f'-csearch_path={schema}', safe='')}", schema

    def drop(self, schema: str) -> None:
        """Drop a schema made by `fresh_url`."""
        self._execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete its directory."""
        if self._admin is not None:
            self._admin.close()
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
