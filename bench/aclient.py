"""A small asyncio HTTP/1.1 keep-alive client for the benchmarks (loopback only).

One coroutine per connection and no per-request allocation beyond the
bytes, so a single Python process drives a 2-worker gunicorn without being
the bottleneck (`api_load.py` prints the client's own CPU to show it).
"""
from __future__ import annotations

import asyncio
import gzip

try:  # Python 3.14+
    from compression import zstd
except ImportError:  # before: the backport (a tablekeeper dependency)
    from backports import zstd


class Connection:
    """One persistent connection to `host:port`."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.reused = False

    async def open(self) -> "Connection":
        """Connect (again)."""
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.reused = False  # True once an answer came on it: the server may close it while idle
        return self

    async def close(self) -> None:
        """Close the socket."""
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except OSError:
                pass
        self.writer = None

    async def request(self, method: str, path: str, body: bytes | None = None,
                      headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        """Send one request and read the whole answer: (status, lower-cased headers, decoded body)."""
        if self.writer is None:
            await self.open()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        for name, value in (headers or {}).items():
            lines.append(f"{name}: {value}")
        if body is not None:
            lines.append("Content-Type: application/json")
            lines.append(f"Content-Length: {len(body)}")
        message = ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")
        reused = self.reused
        self.writer.write(message)
        try:
            head = await self.reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionResetError) as exc:
            if not reused or (isinstance(exc, asyncio.IncompleteReadError) and exc.partial):
                raise
            # A kept-alive connection the server closed while idle (gthread's keepalive timeout):
            # nothing of the answer came, so the request goes again on a new connection (moves carry
            # an Idempotency-Key, so even one that was applied is not applied twice).
            await self.close()
            await self.open()
            self.writer.write(message)
            head = await self.reader.readuntil(b"\r\n\r\n")
        self.reused = True
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        found: dict[str, str] = {}
        for line in header_lines:
            if ":" in line:
                name, _, value = line.partition(":")
                found[name.strip().lower()] = value.strip()
        if found.get("transfer-encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).strip().split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                data += chunk[:-2]
        else:
            data = await self.reader.readexactly(int(found.get("content-length", "0")))
        if found.get("connection", "").lower() == "close":
            await self.close()
        if found.get("content-encoding") == "gzip":
            data = gzip.decompress(data)
        elif found.get("content-encoding") == "zstd":
            data = zstd.decompress(data)
        return status, found, data
