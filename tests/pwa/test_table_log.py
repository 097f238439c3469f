"""Log lines a table reads (issue 33, item 8): no "Only one choice: …" filler, a Tiger named once
("South Korea · university", not "South Korea South Korea · university"), a line said twice shown once."""
from __future__ import annotations

import re

from tests.pwa.conftest import shot
from tests.pwa.test_table_undo import TWO, played, start

TIGERS = ("South Korea", "Hong Kong", "Taiwan", "Singapore")


def test_the_log_reads_like_the_table_played(server, new_phone):
    seen = set()

    def enough(step):
        seen.update(e["kind"] for e in step.events)
        return {"auto_resolved", "infrastructure_built"} <= seen

    g = start(server, TWO, 3, played(TWO, 3, enough))
    page = new_phone()
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.get_by_test_id("turn").wait_for()
    page.get_by_role("link", name="Log", exact=True).click()
    log = page.get_by_test_id("log")
    log.wait_for()
    text = log.inner_text()
    assert "Build on" in text and "Only one choice" not in text
    for tiger in TIGERS:
        assert not re.search(f"{tiger}\\s+{tiger}", text), tiger
    shot(page, "table-70-log-in-table-words")
    assert page.errors == []
