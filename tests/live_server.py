"""The real server for tests: gunicorn started as the Procfile starts it, on a free port, ready when
``/api/health`` answers.

One helper for every test that needs a live server (browser tests, two servers on one database,
kill -9, fault injection).  The command is read from the Procfile's ``web:`` line, so a test runs the
configuration a deployment runs (its config file, its app) and follows it when the Procfile changes.
Only the address is the test's: ``-b 127.0.0.1:<free port>`` replaces any bind of the Procfile, and
``$PORT`` in the Procfile (or read by its config) is that port too.

    server = start_server(env={"TABLEKEEPER_DATABASE": str(tmp_path / "t.db")}, args=["--workers", "1"])
    requests.get(server.url + "/api/health")
    server.stop()          # SIGTERM, graceful; server.kill() is kill -9 of the master and its workers

Each server runs in its own process group (``start_new_session``), so `kill` reaches the workers too and
a test run never signals anything it did not start.
"""
from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
PROCFILE = ROOT / "Procfile"
BIND_OPTIONS = ("-b", "--bind")


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now (the kernel's pick)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _expand(word: str, env: dict[str, str]) -> str:
    # What the shell of a Procfile runner would do with $NAME / ${NAME} (unset: empty).
    return re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: env.get(m.group(1) or m.group(2), ""), word)


def procfile_command(port: int, env: dict[str, str], args: list[str] | tuple[str, ...] = (),
                     procfile: Path = PROCFILE) -> list[str]:
    """The Procfile's ``web:`` command as an argument list for this interpreter's gunicorn: its binds
    replaced by ``127.0.0.1:port`` and `args` added before the app (later options win in gunicorn)."""
    line = next((ln for ln in procfile.read_text(encoding="utf-8").splitlines() if ln.startswith("web:")), None)
    if line is None:
        raise RuntimeError(f"{procfile} has no web: line")
    words = [_expand(w, env) for w in shlex.split(line[len("web:"):])]
    if words[0] != "gunicorn":
        raise RuntimeError(f"the Procfile's web: line does not start gunicorn: {line}")
    *options, app = words[1:]
    kept, skip = [], False
    for word in options:
        if skip:
            skip = False
        elif word in BIND_OPTIONS:
            skip = True
        elif not word.startswith("--bind="):
            kept.append(word)
    return [sys.executable, "-m", "gunicorn", *kept, "-b", f"127.0.0.1:{port}", *args, app]


class LiveServer:
    """One gunicorn master (and its workers) that this test process started.

    `env` is added to the environment (PYTHONPATH points at this checkout); `args` are extra gunicorn
    options; `log` is a file the output is appended to (None: kept in memory, see `log_text`).
    The port stays the same across `stop` / `start`, so a restarted server has the same URL."""

    def __init__(self, env: dict[str, str] | None = None, args: list[str] | tuple[str, ...] = (),
                 log: Path | None = None, port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
        self.env = {**os.environ, "PYTHONPATH": path, "PORT": str(self.port), **(env or {})}
        self.args = list(args)
        self.log_path = log
        self.output: list[str] = []
        self.proc: subprocess.Popen | None = None

    @property
    def command(self) -> list[str]:
        """The command `start` runs."""
        return procfile_command(self.port, self.env, self.args)

    def start(self, expect_healthy: bool = True, timeout: float = 30) -> "LiveServer":
        """Start gunicorn and return once ``/api/health`` answers 200 (any answer if not `expect_healthy`).

        `timeout` bounds a start that hangs; it is not a speed requirement."""
        if self.log_path is not None:
            with self.log_path.open("ab") as out:  # the child keeps its own descriptor
                self.proc = subprocess.Popen(self.command, cwd=ROOT, env=self.env, stdout=out,
                                             stderr=subprocess.STDOUT, start_new_session=True)
        else:
            # A pipe, not a file: a file-size limit a test puts on the server cannot reach its output.
            self.proc = subprocess.Popen(self.command, cwd=ROOT, env=self.env, stdout=subprocess.PIPE,
                                         stderr=subprocess.STDOUT, start_new_session=True, text=True,
                                         errors="replace")
            proc, output = self.proc, self.output
            threading.Thread(target=lambda: output.extend(proc.stdout), daemon=True).start()
        deadline = time.monotonic() + timeout
        last = "no answer"  # the health check's last answer, said if the start fails
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"gunicorn exited ({self.proc.returncode}): {self.log_text()[-3000:]}")
            try:
                # Up to 10 s an answer: a loaded machine's first request (the engine bundle, the database
                # probe) may take seconds, and a client that gives up on it only sends the work again.
                resp = requests.get(self.url + "/api/health", timeout=min(10.0, max(0.5, deadline - time.monotonic())))
                if resp.status_code == 200 or not expect_healthy:
                    return self
                last = f"{resp.status_code} {resp.text[:300]}"
            except requests.RequestException as exc:
                last = repr(exc)
            time.sleep(0.1)
        self.kill()
        raise AssertionError(f"gunicorn did not come up in {timeout} s (last health answer: {last}): "
                             f"{self.log_text()[-3000:]}")

    @property
    def pid(self) -> int:
        """The master's process id."""
        assert self.proc is not None, "the server is not running"
        return self.proc.pid

    def log_text(self) -> str:
        """What the server wrote so far (stdout and stderr together)."""
        if self.log_path is not None:
            return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "".join(self.output)

    def stop(self, timeout: float = 20) -> None:
        """SIGTERM to the master (a graceful shutdown); kill -9 of the group if it outlives `timeout`."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def kill(self) -> None:
        """kill -9 of the master and its workers (the process group this server started)."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=10)
        self.proc = None


def start_server(env: dict[str, str] | None = None, args: list[str] | tuple[str, ...] = (), log: Path | None = None,
                 expect_healthy: bool = True) -> LiveServer:
    """A started `LiveServer` (see there); the caller stops or kills it."""
    return LiveServer(env=env, args=args, log=log).start(expect_healthy=expect_healthy)
