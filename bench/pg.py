"""PostgreSQL for the load benchmark: a database per run, its size, the server's CPU.

``bench/api_load.py --database postgresql`` starts a throwaway cluster with
``fsync`` on (tests/pgcluster.py, durable settings: the figures include the
WAL flush of every commit); ``--database postgresql://user@host/db`` uses an
existing server.  Either way each run gets a fresh schema, dropped at the end.
"""
from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]


def is_postgres(spec: str | None) -> bool:
    """True when `spec` asks for PostgreSQL (``postgresql`` or a ``postgresql://`` URL)."""
    return bool(spec) and (spec == "postgresql" or spec.startswith(("postgresql://", "postgres://")))


class Databases:
    """Fresh PostgreSQL schemas on one server (a throwaway cluster unless a URL was given)."""

    def __init__(self, spec: str):
        self.cluster = None
        if spec == "postgresql":
            import sys

            if str(ROOT) not in sys.path:
                sys.path.insert(0, str(ROOT))
            from tests.pgcluster import Cluster

            self.cluster = Cluster(durable=True)
            self.base = self.cluster.url
        else:
            self.base = spec
        self.schemas: list[str] = []

    def fresh(self) -> str:
        """The URL of a new empty schema (first on the search path)."""
        import psycopg

        schema = "bench_" + uuid.uuid4().hex[:10]
        with psycopg.connect(self.base, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        self.schemas.append(schema)
        sep = "&" if "?" in self.base else "?"
        return f"{self.base}{sep}options={quote(f'-csearch_path={schema}', safe='')}"

    def bytes_used(self, url: str) -> tuple[dict[str, int], int]:
        """Bytes per table (with indexes and TOAST) of the schema of `url`, and their total."""
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            rows = conn.execute(
                "SELECT tablename, pg_total_relation_size(format('%I.%I', schemaname, tablename)) "
                "FROM pg_tables WHERE schemaname = current_schema()").fetchall()
        sizes = {name: int(size) for name, size in rows}
        return sizes, sum(sizes.values())

    def database_bytes(self, url: str) -> tuple[dict[str, int], int]:
        """As `api_load.database_bytes`: bytes per table (``file`` = all of them) and the moves stored."""
        import psycopg

        sizes, total = self.bytes_used(url)
        with psycopg.connect(url, autocommit=True) as conn:
            moves = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        return {"file": total, **sizes}, int(moves)

    def server_cpu_seconds(self) -> float | None:
        """CPU seconds used so far by the throwaway cluster's processes (None for an external server)."""
        if self.cluster is None:
            return None
        pid_file = self.cluster.data / "postmaster.pid"
        try:
            master = int(pid_file.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None
        out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True).stdout
        total, tick = 0.0, os.sysconf("SC_CLK_TCK")
        for pid in [master, *(int(p) for p in out.split())]:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # a backend that just exited (its time is in the postmaster's children times)
            total += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
            if pid == master:  # + the backends it has already reaped (cutime + cstime)
                total += (int(fields[13]) + int(fields[14])) / tick
        return total

    def close(self) -> None:
        """Drop the schemas made here; stop the throwaway cluster."""
        import psycopg

        try:
            with psycopg.connect(self.base, autocommit=True) as conn:
                for schema in self.schemas:
                    conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        finally:
            if self.cluster is not None:
                self.cluster.stop()
