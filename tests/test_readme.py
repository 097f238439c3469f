"""The README's examples run as written (python-chess style: the front door is doctested)."""
import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0


def test_every_docs_link_in_the_readme_exists():
    import re

    links = re.findall(r"\]\((docs/[^)#]+)", README.read_text(encoding="utf-8"))
    assert links and [link for link in links if not (README.parent / link).exists()] == []
