"""``make serve``: a game night in one command.

Starts three processes and stops them together (Ctrl-C, or any of them ending):

- the app: gunicorn on 127.0.0.1:$PORT (localhost only, behind the front);
- the stream service: uvicorn ``api.streams`` on 127.0.0.1:$STREAMS_PORT (live updates; Caddy speaks
  HTTP/2 cleartext to it);
- Caddy (``deploy/Caddyfile``) on $HTTPS_PORT on every interface, terminating TLS.

Then it prints the address to open on the phones, a QR code of it, and the
path of Caddy's local root certificate (what a phone trusts once for a LAN
address).  Settings, all from the environment: TABLEKEEPER_SITE (default
``localhost``: this machine and its LAN address, with Caddy's internal CA; a
public domain name gets a public certificate), HTTPS_PORT (8443), HTTP_PORT
(8080), PORT (8000), STREAMS_PORT (8001), and everything the app reads
(TABLEKEEPER_DATABASE, ...).
"""
from __future__ import annotations

import ipaddress
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAN_SUFFIXES = (".local", ".lan", ".home", ".internal", ".home.arpa", ".localhost")


def lan_ip() -> str | None:
    """This machine's address on the LAN (the one its default route uses); None when offline.

    Connecting a UDP socket sends nothing; it only makes the kernel pick the outgoing interface.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, any default route will do
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def is_internal(name: str) -> bool:
    """True for names that no public certificate authority can certify (Caddy's internal CA serves them)."""
    try:
        ipaddress.ip_address(name.strip("[]"))
        return True
    except ValueError:
        pass
    return name == "localhost" or "." not in name or name.endswith(LAN_SUFFIXES)


def site_settings(site: str, https_port: str, lan: str | None) -> tuple[str, str, str]:
    """(Caddy site addresses, the TLS directive, the address to open on phones) for TABLEKEEPER_SITE."""
    names = [name.strip() for name in site.split(",") if name.strip()]
    if names == ["localhost"] and lan:
        names.append(lan)  # phones reach this machine by its LAN address; the laptop itself by localhost
    internal = all(is_internal(name) for name in names)
    phone = next((name for name in names if name != "localhost"), names[0])
    port = "" if https_port == "443" else f":{https_port}"
    return ", ".join(names), ("tls internal" if internal else ""), f"https://{phone}{port}/"


def allowed_hosts(configured: str, sites: str) -> str:
    """TABLEKEEPER_HOSTS for the app: what was configured plus the site's names (the app refuses any
    other Host; localhost names it always takes)."""
    names = [name.strip() for name in f"{configured},{sites}".split(",") if name.strip()]
    return ",".join(dict.fromkeys(name for name in names if name != "localhost"))


def caddy_data_dir() -> Path:
    """Where Caddy keeps certificates and its CA (as Caddy itself finds it)."""
    if os.environ.get("XDG_DATA_HOME"):
        return Path(os.environ["XDG_DATA_HOME"]) / "caddy"
    return Path(os.environ.get("HOME", "/root")) / ".local" / "share" / "caddy"


def print_qr(url: str) -> None:
    """The address as a QR code in the terminal (phones scan it with their camera)."""
    try:
        import segno
    except ImportError:
        print("  (pip install segno to get a QR code here)")
        return
    segno.make(url, error="m").terminal(compact=True)


def wait_for_port(port: int, procs: list[subprocess.Popen], seconds: float = 30.0) -> bool:
    """True once something accepts on 127.0.0.1:`port`; False when a process ended or time ran out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if any(p.poll() is not None for p in procs):
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            time.sleep(0.2)
    return False


def commands(env: dict) -> list[list[str]]:
    """The app, the stream service and Caddy."""
    # gunicorn reads ./gunicorn.conf.py by itself (the processes start in the repository root).
    app = [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{env['PORT']}", "api:create_app()"]
    # HTTP/2 cleartext from Caddy (uvicorn's zttp protocol; it answers HTTP/1.1 on the same port too), so
    # the open phones share a few connections; --workers 1: uvicorn would read the app's WEB_CONCURRENCY.
    streams = [sys.executable, "-m", "uvicorn", "--factory", "api.streams:create_app", "--host", "127.0.0.1",
               "--port", env["STREAMS_PORT"], "--http", "zttp", "--http2", "--no-access-log",
               "--timeout-graceful-shutdown", "3", "--workers", "1"]
    caddy = [env.get("CADDY", "caddy"), "run", "--config", str(ROOT / "deploy" / "Caddyfile"),
             "--adapter", "caddyfile"]
    return [app, streams, caddy]


def main() -> int:
    """Start everything, print where to go, wait; stop everything on Ctrl-C or when one part ends."""
    env = dict(os.environ)
    env.setdefault("PORT", "8000")
    env.setdefault("STREAMS_PORT", "8001")
    env.setdefault("HTTPS_PORT", "8443")
    env.setdefault("HTTP_PORT", "8080")
    env["TABLEKEEPER_PROXY_HOPS"] = "1"  # the app trusts one hop of X-Forwarded-*: Caddy's
    sites, tls, url = site_settings(env.get("TABLEKEEPER_SITE", "localhost"), env["HTTPS_PORT"], lan_ip())
    env.update(TABLEKEEPER_SITE=sites, TABLEKEEPER_TLS=tls, APP_UPSTREAMS=f"127.0.0.1:{env['PORT']}",
               STREAMS_UPSTREAMS=f"127.0.0.1:{env['STREAMS_PORT']}",
               TABLEKEEPER_HOSTS=allowed_hosts(env.get("TABLEKEEPER_HOSTS", ""), sites))
    if shutil.which(env.get("CADDY", "caddy")) is None:
        print("tablekeeper: Caddy is not installed: apt-get install caddy (make serve does it)", file=sys.stderr)
        return 1
    subprocess.run([sys.executable, "-m", "flask", "--app", "api", "init-db"], cwd=ROOT, env=env, check=True)

    # Every open phone is a socket in Caddy: the soft limit on open files (often 1,024) rises to the hard
    # limit, which the three parts inherit (systemd: LimitNOFILE in the units).
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    procs = [subprocess.Popen(cmd, cwd=ROOT, env=env) for cmd in commands(env)]
    stopping = False

    def stop(*_args) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        if not all(wait_for_port(int(env[name]), procs) for name in ("PORT", "STREAMS_PORT", "HTTPS_PORT")):
            print("tablekeeper: a part did not start (see the messages above)", file=sys.stderr)
            return 1
        print(f"\n  tablekeeper is ready. On each phone (same Wi-Fi), open:\n\n    {url}\n")
        print_qr(url)
        if tls:
            root = caddy_data_dir() / "pki" / "authorities" / "local" / "root.crt"
            print(f"\n  The phones must trust this certificate once (see docs/deploy.md):\n    {root}\n"
                  "  Without it: online play only, after clicking through the warning (no offline, no install).\n")
        print("  Ctrl-C stops the app, the stream service and Caddy.\n", flush=True)
        while not stopping and all(p.poll() is None for p in procs):
            time.sleep(0.2)
        return 0 if stopping else 1
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    sys.exit(main())
