"""The live-server helper runs the Procfile's command, with only the address changed."""
from __future__ import annotations

import shlex
import sys

import requests

from tests.live_server import PROCFILE, procfile_command


def test_the_command_is_the_procfiles_bound_to_localhost():
    web = next(line for line in PROCFILE.read_text().splitlines() if line.startswith("web:"))
    words = shlex.split(web[len("web:"):])
    command = procfile_command(5555, {}, ["--workers", "1"])
    assert command[:3] == [sys.executable, "-m", "gunicorn"]
    assert command[-1] == words[-1]  # the Procfile's app
    assert [w for w in words[1:-1] if w not in command] == []  # every other option kept
    assert command[-5:-1] == ["-b", "127.0.0.1:5555", "--workers", "1"]


def test_a_bind_or_port_in_the_procfile_gives_way_to_the_tests(tmp_path):
    procfile = tmp_path / "Procfile"
    procfile.write_text('release: flask init-db\nweb: gunicorn --bind 0.0.0.0:$PORT -w ${WEB_CONCURRENCY} -c x.py "m:app()"\n')
    command = procfile_command(4321, {"WEB_CONCURRENCY": "3"}, procfile=procfile)
    assert command[3:] == ["-w", "3", "-c", "x.py", "-b", "127.0.0.1:4321", "m:app()"]


def test_the_fixture_serves_the_app_and_kills_it_after(live_server, tmp_path):
    server = live_server(env={"TABLEKEEPER_DATABASE": str(tmp_path / "t.db"), "WEB_CONCURRENCY": "1"})
    assert requests.get(server.url + "/api/health", timeout=10).status_code == 200
    server.stop()
    assert server.proc is None
