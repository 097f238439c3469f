"""The phone's side of game night: Chromium over Caddy's HTTPS gets a secure context, so the service
worker registers (offline play, the outbox, install), which plain http:// on a LAN never gives."""
from __future__ import annotations

import base64
import hashlib
import shutil
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]
PHONE = {"width": 360, "height": 740}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "deploy"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (make test-deps installs it)")


def spki_hash(pem: Path) -> str:
    """base64(sha256(SubjectPublicKeyInfo)) of a certificate: what Chromium's SPKI allow-list takes."""
    key = x509.load_pem_x509_certificate(pem.read_bytes()).public_key()
    der = key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def launch(stack, trusted: bool):
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    # The test browser trusts the site's key, as a phone that installed the root certificate trusts the site.
    leaf = stack.root_cert.parents[3] / "certificates" / "local" / "localhost" / "localhost.crt"
    extra = [f"--ignore-certificate-errors-spki-list={spki_hash(leaf)},{spki_hash(stack.root_cert)}"] if trusted else []
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS + extra)
    return pw, browser


def test_the_service_worker_registers_over_caddys_https(stack):
    pw, browser = launch(stack, trusted=True)
    try:
        page = browser.new_context(viewport=PHONE, service_workers="allow").new_page()
        page.goto(stack.url + "/")
        assert page.evaluate("window.isSecureContext")
        scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.active && r.scope)")
        assert scope == stack.url + "/"
        page.evaluate("""() => navigator.serviceWorker.controller || new Promise((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', resolve))""")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "night-01-home-over-https.png"))
    finally:
        browser.close()
        pw.stop()


def test_a_browser_that_does_not_trust_the_certificate_is_stopped(stack):
    """Control for the test above: the allow-list is what lets the test browser in, nothing else."""
    pw, browser = launch(stack, trusted=False)
    try:
        page = browser.new_context(viewport=PHONE).new_page()
        with pytest.raises(Exception, match="ERR_CERT"):
            page.goto(stack.url + "/")
    finally:
        browser.close()
        pw.stop()
