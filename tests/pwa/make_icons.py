"""Draw the PWA icons (pwa/icons/icon-192.png, icon-512.png) without any image library.

Four tiles in a 2×2 grid — the four Tigers — on the theme colour, inside the
central 60 % so the icon also works as a maskable icon.  Run by hand:
``python tests/pwa/make_icons.py``.
"""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

BG = (0x12, 0x3a, 0x5c)
TILES = [(0xe8, 0x4a, 0x3c), (0xf2, 0xb5, 0x22), (0x2f, 0xa8, 0x6a), (0xf4, 0xf1, 0xe8)]


def pixel(x: int, y: int, size: int) -> tuple[int, int, int]:
    lo, hi = size * 0.22, size * 0.78
    gap = size * 0.04
    if not (lo <= x < hi and lo <= y < hi):
        return BG
    mid = (lo + hi) / 2
    if abs(x - mid) < gap / 2 or abs(y - mid) < gap / 2:
        return BG
    return TILES[(1 if x >= mid else 0) + (2 if y >= mid else 0)]


def png(size: int) -> bytes:
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y, size)) for x in range(size)) for y in range(size))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    out = Path(__file__).resolve().parents[2] / "pwa" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size))
        print(out / f"icon-{size}.png")
