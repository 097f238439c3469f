"""``deploy/serve.py``'s choice of site addresses and certificates (no processes started)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

SPEC = importlib.util.spec_from_file_location("serve", Path(__file__).resolve().parents[2] / "deploy" / "serve.py")
serve = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(serve)


def test_localhost_also_serves_the_lan_address_with_the_internal_ca():
    sites, tls, url = serve.site_settings("localhost", "8443", "192.168.1.20")
    assert sites == "localhost, 192.168.1.20" and tls == "tls internal"
    assert url == "https://192.168.1.20:8443/"  # what the phones open


def test_without_a_network_the_address_is_this_machine():
    assert serve.site_settings("localhost", "8443", None) == ("localhost", "tls internal", "https://localhost:8443/")


def test_lan_names_and_addresses_use_the_internal_ca():
    for name in ("192.168.1.20", "tablekeeper", "box.lan", "games.local", "fd00::1", "[fd00::1]", "x.home.arpa"):
        assert serve.is_internal(name), name
    assert serve.site_settings("box.lan, 10.0.0.5", "8443", "10.0.0.5")[1] == "tls internal"


def test_a_public_domain_gets_a_public_certificate_on_the_standard_port():
    sites, tls, url = serve.site_settings("games.example.org", "443", "192.168.1.20")
    assert sites == "games.example.org" and tls == "" and url == "https://games.example.org/"
    assert not serve.is_internal("games.example.org")


def test_the_app_is_told_the_sites_names():
    assert serve.allowed_hosts("", "localhost, 192.168.1.20") == "192.168.1.20"
    assert serve.allowed_hosts("games.example.org", "games.example.org, 10.0.0.5") == "games.example.org,10.0.0.5"
