"""The PWA under its Content-Security-Policy, in Chromium at 360×740 (issue 16: security headers).

The `new_phone` fixture already fails any browser test that logs a CSP violation; this test
checks the headers a phone receives, that an injected inline script does not run, and that
another site cannot frame the app.
"""
from __future__ import annotations

from tests.pwa.conftest import shot

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def test_the_app_runs_under_a_strict_csp(server, new_phone):
    page = new_phone()
    response = page.goto(server.url + "/")
    headers = response.headers
    csp = headers["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "'unsafe-inline'" not in csp
    assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY" and "camera=()" in headers["permissions-policy"]
    # gunicorn names itself in `Server` (no setting turns it off); the front strips it (deploy/Caddyfile,
    # checked through the real Caddy in tests/deploy/).

    page.get_by_role("link", name="New game").click()  # a person taps into the setup wizard
    page.get_by_label("Name").first.fill("Ann")
    shot(page, "csp-setup")
    ran = page.evaluate("""() => new Promise((resolve) => {
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';  // what an injected payload would try
        document.body.appendChild(s);
        setTimeout(() => resolve(window.__inlineRan === true), 200);
    })""")
    assert ran is False
    assert any("inline script" in v for v in page.csp_violations)
    page.csp_violations.clear()  # refused on purpose

    framer = page  # the same phone opens another page (about:blank) that frames the app
    framer.set_content(f'<iframe id="f" src="{server.url}/" width="300" height="300"></iframe>')
    framer.wait_for_timeout(1000)
    frame = framer.frame_locator("#f")
    assert frame.get_by_role("link", name="New game").count() == 0  # refused by frame-ancestors 'none'
    framer.csp_violations.clear()
