"""One phone for the tests of a file whose screens keep nothing that another test reads (the suite's time).

A scorer form keeps a draft of its own per game and entry mode, so tests that each open another form are as
independent on one phone as on a phone each; a new phone costs a browser context and a full load of the app,
a test on this one a navigation.  The page is made like `new_phone`'s (tests/pwa/conftest.py), with the same
promise checked at the end: no page error, no Content-Security-Policy violation.
"""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from tests.pwa.conftest import PHONE, service_workers_of


@contextmanager
def shared_phone(browser, service_workers: str = "allow"):
    """A phone-sized browser context's page (service workers allowed unless said, as `new_phone()` makes it)."""
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True,
                              service_workers=service_workers)
    ctx.set_default_timeout(30_000)  # generous: a loaded 2-core CI machine, not a slow app
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.csp_violations = []
    page.on("console", lambda msg: "Content Security Policy" in msg.text and page.csp_violations.append(msg.text))
    try:
        yield page
    finally:
        page.unroute_all(behavior="ignoreErrors")
        ctx.close()
    assert not page.csp_violations, f"the PWA broke its Content-Security-Policy: {page.csp_violations[:3]}"
    assert not page.errors, f"page errors: {page.errors[:3]}"


def fresh(page):
    """Before a test on the shared phone: the light scheme (a test that looks at the dark one may end in it)."""
    page.emulate_media(color_scheme="light")
    return page


def checked(page):
    """After one test on the shared phone: no page error or CSP violation so far (named for that test)."""
    assert not page.csp_violations, f"the PWA broke its Content-Security-Policy: {page.csp_violations[:3]}"
    assert not page.errors, f"page errors: {page.errors[:3]}"


@pytest.fixture(scope="module")
def one_phone(browser, request):
    """The phone of a test file that imports this fixture (module scope: one per file; its service worker as
    the file says, conftest.service_workers_of)."""
    with shared_phone(browser, service_workers_of(request)) as page:
        yield page


@pytest.fixture
def phone(one_phone):
    """The file's phone for one test: the light scheme first, page errors and CSP violations checked after."""
    yield fresh(one_phone)
    checked(one_phone)
