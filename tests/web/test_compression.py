"""Compression: API answers and PWA files in gzip or brotli when accepted; ETags and caching stay right."""
from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

import brotli

from api.web.jsstrip import strip_js
from tests.helpers import bearer, create, write_headers

PWA = Path(__file__).resolve().parents[2] / "pwa"


def test_a_game_answer_is_gzipped_when_accepted_and_keeps_its_version_etag(client):
    game = create(client)
    plain = client.get(game.url, headers={**bearer(game.token), "Accept-Encoding": "identity"})
    packed = client.get(game.url, headers={**bearer(game.token), "Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain.headers and packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data and len(packed.data) < len(plain.data)
    assert packed.headers["ETag"] == plain.headers["ETag"] == '"1"'  # the version, whatever the encoding
    assert "Accept-Encoding" in packed.headers["Vary"] and "Accept-Encoding" in plain.headers["Vary"]
    cached = client.get(game.url, headers={**bearer(game.token), "Accept-Encoding": "gzip", "If-None-Match": '"1"'})
    assert cached.status_code == 304


def test_a_move_answer_is_compressed_and_its_etag_is_the_next_version(client):
    game = create(client)
    resp = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                       headers={**write_headers(game, 1), "Accept-Encoding": "br, gzip"}, query_string={"full": "1"})
    assert resp.status_code == 200 and resp.headers["Content-Encoding"] == "gzip" and resp.headers["ETag"] == '"2"'
    assert b'"version":2' in gzip.decompress(resp.data)
    game.version = 2
    only_br = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                          headers={**write_headers(game, 2), "Accept-Encoding": "br"}, query_string={"full": "1"})
    assert only_br.headers["Content-Encoding"] == "br" and b'"version":3' in brotli.decompress(only_br.data)


def test_small_answers_and_problems_are_sent_as_they_are(client):
    game = create(client)
    problem = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                          headers={**write_headers(game, 9), "Accept-Encoding": "gzip"})
    assert problem.status_code == 412 and "Content-Encoding" not in problem.headers
    health = client.get("/api/health", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in health.headers


def test_pwa_files_are_compressed_with_strong_content_etags_and_cache_lifetimes(client):
    # Stripped and compressed once, at the highest levels, by the static layer (api/web/pwa.py).
    source = strip_js((PWA / "js" / "sync.js").read_text()).encode()
    digest = hashlib.sha256(source).hexdigest()[:20]
    plain = client.get("/js/sync.js", headers={"Accept-Encoding": "identity"})
    assert plain.data == source and plain.headers["ETag"] == f'"{digest}"'
    packed = client.get("/js/sync.js", headers={"Accept-Encoding": "br"})
    assert packed.headers["Content-Encoding"] == "br" and brotli.decompress(packed.data) == source
    assert packed.headers["ETag"] == f'"{digest}:br"'  # a strong ETag per representation
    assert packed.headers["Cache-Control"] == "public, max-age=86400"
    again = client.get("/js/sync.js", headers={"Accept-Encoding": "br", "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304 and not again.data
    zipped = client.get("/js/sync.js", headers={"Accept-Encoding": "gzip"})
    assert gzip.decompress(zipped.data) == source and zipped.headers["ETag"] == f'"{digest}:gzip"'
    assert "Accept-Encoding" in zipped.headers["Vary"]
    icon = client.get("/icons/icon-192.png", headers={"Accept-Encoding": "br"})
    assert "Content-Encoding" not in icon.headers  # already compressed
    for fresh in ("/", "/sw.js"):
        assert client.get(fresh, headers={"Accept-Encoding": "gzip"}).headers["Cache-Control"] == "no-cache"


def test_a_browser_that_takes_zstd_gets_zstd_frames_each_complete_on_its_own(client):
    from api.web.compression import zstd

    game = create(client)
    chrome = "gzip, deflate, br, zstd"
    for version in (1, 2):  # the second answer comes from the same (reused) compressor
        resp = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                           headers={**write_headers(game, version), "Accept-Encoding": chrome}, query_string={"full": "1"})
        assert resp.status_code == 200 and resp.headers["Content-Encoding"] == "zstd"
        assert resp.headers["ETag"] == f'"{version + 1}"' and "Accept-Encoding" in resp.headers["Vary"]
        assert f'"version":{version + 1}'.encode() in zstd.decompress(resp.data)


def test_the_encoding_follows_the_clients_weights_and_refusals():
    from api.web.compression import chosen_encoding

    assert chosen_encoding("gzip, deflate, br, zstd") == "zstd"  # equal weights: the server's order
    assert chosen_encoding("gzip, deflate, br") == "gzip"
    assert chosen_encoding("br") == "br"
    assert chosen_encoding("gzip;q=0.5, br") == "br"
    assert chosen_encoding("zstd;q=0.1, GZIP;q=0.9") == "gzip"
    assert chosen_encoding("gzip;q=0, *") == "zstd"  # "*" allows what is not named
    assert chosen_encoding("zstd;q=0, gzip;q=0, *;q=0.3") == "br"
    assert chosen_encoding("*;q=0") is None
    assert chosen_encoding("identity") is None and chosen_encoding("") is None
    assert chosen_encoding("gzip;q=nonsense") is None


def test_with_compression_off_answers_go_as_they_are_and_vary_on_nothing(make_app):
    client = make_app(COMPRESS_REGISTER=False).test_client()
    game = create(client)
    resp = client.get(game.url, headers={**bearer(game.token), "Accept-Encoding": "gzip, deflate, br, zstd"})
    assert resp.status_code == 200 and "Content-Encoding" not in resp.headers and "Vary" not in resp.headers
    assert resp.get_json()["game_id"] == game.id
