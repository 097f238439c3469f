"""Compression of API answers: zstd, gzip or brotli as the client accepts, per request, where it pays.

Every response says ``Vary: Accept-Encoding``.  A 2xx JSON answer of
`MIN_SIZE` bytes or more is compressed when the request's ``Accept-Encoding``
takes zstd, gzip or br (q > 0), preferred in that order when the client
weighs them equally.  Measured on this machine:

* zstd level 1 with one compressor kept per thread (Chrome and Firefox accept
  it over HTTPS and on localhost): on 240 move answers of a seeded game (mean
  7.8 KB of JSON) 24 µs each to a median 1,221 B, against 36 µs to 1,206 B
  at level 3 (-1: 18 µs, 1,501 B);
* gzip level 3 with a window no bigger than the answer: ~20 µs (29 µs with
  zlib's default 32 KB window, which it must set up each time), to 30 %;
* brotli level 5 (only when neither is accepted): ~3× gzip's CPU.

Smaller answers are sent as they are: below 1 KB compression saves a few
hundred bytes (a 600-byte answer shrinks only to ~55 %), less than one TCP
segment, for ~10 µs of CPU.  Problems (4xx/5xx) and streams (the event
stream) are never compressed, and a response that already has a
``Content-Encoding`` (the PWA's files, compressed once at the static layer,
`api.web.pwa`) is left alone.

A game's ETag is its version (``"7"``), the same whatever the encoding,
because clients echo it in If-Match / If-None-Match; this hook never touches
it.  It replaces flask-compress, which per request parsed Accept-Encoding,
set the headers one by one, set up a new compressor and appended the
encoding to the ETag (which then had to be put back): here the choice of
encoding is cached per header value and a compressed answer costs one
compress call and two header writes.  A JSON answer built by
`api.web.http.json_response` (every game answer) is compressed right there,
before its response object exists (`encoded_body`), and the hook leaves it
alone: no second pass that reads the body back, sets it again and rescans the
headers.  ``TABLEKEEPER_COMPRESS=0``
(``COMPRESS_REGISTER = False``) turns compression off.
"""
from __future__ import annotations

import os
import threading
import zlib
from functools import lru_cache

import brotli
from flask import Flask, Response, current_app, request

try:  # Python 3.14+
    from compression import zstd
except ImportError:  # before: the backport (a dependency, also used by api.storage.idempotency)
    from backports import zstd

MIMETYPES = frozenset({
    "application/json", "application/problem+json", "text/html", "text/css", "text/javascript",
    "application/javascript", "application/manifest+json", "image/svg+xml", "text/plain",
})
ENCODINGS = ("zstd", "gzip", "br")  # in order of preference when the client weighs them equally
MIN_SIZE = 1024  # bytes: below it compressing saves less than a TCP segment
ZSTD_LEVEL = 1  # level 3 saved ~1 % of the bytes for 50 % more CPU (above)
ZSTD_WINDOW_LOG = 17  # 128 KB, above any answer: the decoder need not reserve zstd's default 2 MB or more
GZIP_LEVEL = 3
BROTLI_LEVEL = 5
_local = threading.local()


def zstd_frame(data: bytes, level: int = ZSTD_LEVEL) -> bytes:
    """`data` as one zstd frame, from this thread's compressor (set up once: that is most of the cost)."""
    compressor = getattr(_local, "zstd", None)
    if compressor is None or _local.zstd_level != level:
        params = zstd.CompressionParameter
        compressor = zstd.ZstdCompressor(options={params.compression_level: level,
                                                  params.window_log: ZSTD_WINDOW_LOG})
        _local.zstd, _local.zstd_level = compressor, level
    try:
        return compressor.compress(data, zstd.ZstdCompressor.FLUSH_FRAME)
    except BaseException:
        _local.zstd = None  # never reuse a compressor left in the middle of a frame
        raise


def gzip_member(data: bytes, level: int = GZIP_LEVEL) -> bytes:
    """`data` as a gzip stream, with a window just big enough for it (less for zlib to set up)."""
    window = min(15, max(9, (len(data) - 1).bit_length()))
    return zlib.compress(data, level, 16 + window)


@lru_cache(maxsize=64)
def chosen_encoding(accept_encoding: str) -> str | None:
    """The encoding to answer in for an ``Accept-Encoding`` value (None: send it as it is).

    An encoding named with ``q=0`` is refused even when ``*`` would allow it (RFC 9110 §12.5.3).
    """
    weights: dict[str, float] = {}
    for part in accept_encoding.split(","):
        name, _, params = part.partition(";")
        name = name.strip().lower()
        if not name:
            continue
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weights[name] = weight
    best, best_weight = None, 0.0
    for encoding in ENCODINGS:
        weight = weights.get(encoding, weights.get("*", 0.0))
        if weight > best_weight:  # NaN and q=0 never win
            best, best_weight = encoding, weight
    return best


EXTENSION = "tablekeeper.compression"  # app.extensions: (encoders by name, MIN_SIZE) when compression is on
ENCODED = "tablekeeper_encoded"  # set on a response whose body and Vary / Content-Encoding are final


def encoded_body(data: bytes, status: int) -> tuple[bytes, dict[str, str]]:
    """A JSON answer's body as this request accepts it, and the headers that says: what the
    `compress` hook would do to it, done before the response exists (no second pass over it).

    ``{}`` when compression is off (no ``Vary`` either, as without the hook).
    """
    settings = current_app.extensions.get(EXTENSION)
    if settings is None:
        return data, {}
    encoders, min_size = settings
    if not 200 <= status < 300 or len(data) < min_size:
        return data, {"Vary": "Accept-Encoding"}
    encoding = chosen_encoding(request.environ.get("HTTP_ACCEPT_ENCODING", ""))
    if encoding is None:
        return data, {"Vary": "Accept-Encoding"}
    return encoders[encoding](data), {"Vary": "Accept-Encoding", "Content-Encoding": encoding}


def turned_off() -> bool:
    """True under ``TABLEKEEPER_COMPRESS=0`` (or ``false``, ``no``): answers and files go as they are."""
    return os.environ.get("TABLEKEEPER_COMPRESS", "1").strip().lower() in ("0", "false", "no")


def init(app: Flask) -> None:
    """Compress `app`'s answers (unless ``COMPRESS_REGISTER`` is false, as ``TABLEKEEPER_COMPRESS=0`` sets)."""
    app.config.setdefault("COMPRESS_ZSTD_LEVEL", ZSTD_LEVEL)
    app.config.setdefault("COMPRESS_LEVEL", GZIP_LEVEL)
    app.config.setdefault("COMPRESS_BR_LEVEL", BROTLI_LEVEL)
    app.config.setdefault("COMPRESS_MIN_SIZE", MIN_SIZE)
    if turned_off():
        app.config["COMPRESS_REGISTER"] = False
    app.config.setdefault("COMPRESS_REGISTER", True)
    if not app.config["COMPRESS_REGISTER"]:
        return
    zstd_level, gzip_level = int(app.config["COMPRESS_ZSTD_LEVEL"]), int(app.config["COMPRESS_LEVEL"])
    br_level = int(app.config["COMPRESS_BR_LEVEL"])
    encoders = {"zstd": lambda data: zstd_frame(data, zstd_level), "gzip": lambda data: gzip_member(data, gzip_level),
                "br": lambda data: brotli.compress(data, quality=br_level)}
    min_size = int(app.config["COMPRESS_MIN_SIZE"])
    app.extensions[EXTENSION] = (encoders, min_size)

    @app.after_request
    def compress(resp: Response) -> Response:
        if getattr(resp, ENCODED, False):  # `json_response` chose already (`encoded_body`)
            return resp
        headers = resp.headers
        vary = headers.get("Vary")
        if not vary:
            headers.add("Vary", "Accept-Encoding")
        elif "accept-encoding" not in vary.lower():
            headers["Vary"] = f"{vary}, Accept-Encoding"
        if (resp.direct_passthrough or not 200 <= resp.status_code < 300 or resp.is_streamed
                or "Content-Encoding" in headers or resp.mimetype not in MIMETYPES):
            return resp
        data = resp.get_data()
        if len(data) < min_size:
            return resp
        encoding = chosen_encoding(request.headers.get("Accept-Encoding", ""))
        if encoding is None:
            return resp
        resp.set_data(encoders[encoding](data))
        headers.add("Content-Encoding", encoding)
        return resp
