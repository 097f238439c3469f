"""docs/settings.md documents every setting the code reads, and nothing else.

The app's settings are `api.config._ENV` (plus ``DATABASE_URL``); gunicorn's, the front's and the stream
service's are the environment variables named in `gunicorn.conf.py`, `deploy/` and `api/streams/`.
"""
import re
from pathlib import Path

from api import config

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "settings.md"
# Files outside api/config.py that read the environment, and how each names a variable it reads.
READERS = {
    "gunicorn.conf.py": r"environ\.get\(\"([A-Z_]+)\"",
    "deploy/serve.py": r"env(?:\.setdefault\(|\[)\"([A-Z_]+)\"|environ\.get\(\"([A-Z_]+)\"",
    "deploy/Caddyfile": r"\{\$([A-Z_]+)",
    "api/streams/__init__.py": r"environ\.get\(\"([A-Z_]+)\"",
}
# Set for the process by the platform or the shell, not settings of this project.
NOT_SETTINGS = {"HOME", "XDG_DATA_HOME", "APP_UPSTREAMS", "STREAMS_UPSTREAMS", "CADDY_ADMIN"}


def documented() -> set[str]:
    """The variables named in the first column of the tables of docs/settings.md."""
    names: set[str] = set()
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("| `"):
            names |= set(re.findall(r"`([A-Z][A-Z0-9_]+)`", line.split("|")[1]))
    return names


def read_by_code() -> set[str]:
    names = set(config._ENV) | {"DATABASE_URL"}
    for path, pattern in READERS.items():
        text = (ROOT / path).read_text(encoding="utf-8")
        names |= {group for match in re.findall(pattern, text) for group in
                  (match if isinstance(match, tuple) else (match,)) if group}
    return names - NOT_SETTINGS


def test_every_setting_the_code_reads_is_documented():
    missing = read_by_code() - documented()
    assert not missing, f"read by the code, not in docs/settings.md: {sorted(missing)}"


def test_every_documented_setting_is_read_by_the_code():
    extra = documented() - read_by_code()
    assert not extra, f"in docs/settings.md, read by no code: {sorted(extra)}"


def test_the_check_sees_the_settings_it_is_about():
    assert {"TABLEKEEPER_DATABASE", "TABLEKEEPER_THREADS", "HTTPS_PORT", "TABLEKEEPER_HSTS"} <= read_by_code()
