"""The phone's side of game night: Chromium over Caddy's HTTPS gets a secure context, so the service
worker registers (offline play, the outbox, install), which plain http:// on a LAN never gives."""
from __future__ import annotations

import base64
import hashlib
import shutil
import time
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


def launch(pw, stack, trusted: bool):
    # The test browser trusts the site's key, as a phone that installed the root certificate trusts the site.
    leaf = stack.root_cert.parents[3] / "certificates" / "local" / "localhost" / "localhost.crt"
    extra = [f"--ignore-certificate-errors-spki-list={spki_hash(leaf)},{spki_hash(stack.root_cert)}"] if trusted else []
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS + extra)
    return browser


@pytest.fixture(scope="module")
def trusted(pw, stack):
    """The browser that trusts the site, for this file's tests (each with phones of its own: browser contexts).
    One launch, not one a test: a launch starts Chromium's browser process anew (the suite's time)."""
    browser = launch(pw, stack, trusted=True)
    yield browser
    browser.close()


def test_the_service_worker_registers_over_caddys_https(trusted, stack):
    context = trusted.new_context(viewport=PHONE, service_workers="allow")
    try:
        page = context.new_page()
        page.goto(stack.url + "/")
        assert page.evaluate("window.isSecureContext")
        scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.active && r.scope)")
        assert scope == stack.url + "/"
        page.evaluate("""() => navigator.serviceWorker.controller || new Promise((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', resolve))""")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "night-01-home-over-https.png"))
    finally:
        context.close()


def test_live_play_on_two_phones_through_the_front(trusted, stack):
    """A tap on one phone reaches the other through Caddy and the stream service; closing a phone's page
    frees its stream at once (counted by the service)."""
    s = stack.session()
    created = s.post(stack.url + "/api/games", timeout=10, json={
        "options": {"players": [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"}]}, "seed": 11})
    assert created.status_code == 201, created.text
    code = created.json()["join_code"]
    phones = [trusted.new_context(viewport=PHONE).new_page() for _ in range(2)]
    try:
        for phone in phones:
            phone.goto(f"{stack.url}/#/join/{code}")
            phone.locator("[data-testid=recorder]").wait_for()
            phone.locator("[data-testid=sync-state][data-live=true]").wait_for()
        assert stack.open_streams() == 2  # both phones' streams are held by the stream service
        phones[0].locator("[data-testid=recorder] button[data-action]").first.click()
        phones[1].locator("header[data-version='2']").wait_for(timeout=10_000)
        phones[1].get_by_test_id("other-phone").wait_for()  # "from another phone", beside "Just recorded"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        phones[1].screenshot(path=str(ARTIFACTS / "night-02-live-update-through-caddy.png"))
        phones[1].context.close()  # the phone goes away
        deadline = time.monotonic() + 5
        while stack.open_streams() != 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stack.open_streams() == 1, "the closed phone's stream still holds its slot"
    finally:
        phones[0].context.close()  # (closing a closed context again is a no-op)
        phones[1].context.close()


def test_a_browser_that_does_not_trust_the_certificate_is_stopped(pw, stack):
    """Control for the test above: the allow-list is what lets the test browser in, nothing else."""
    browser = launch(pw, stack, trusted=False)
    try:
        page = browser.new_context(viewport=PHONE).new_page()
        with pytest.raises(Exception, match="ERR_CERT"):
            page.goto(stack.url + "/")
    finally:
        browser.close()
