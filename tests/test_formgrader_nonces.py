"""What grading/formgrader_nonces.py assumes of the installed nbgrader's templates.

The browser tests (tests/test_formgrader_csp.py) show the pages working; these say why they
will keep working, and stay safe, with another version of nbgrader: or fail and say what
changed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grading.formgrader_nonces import (
    COURSE_TEMPLATES,
    SCRIPT_TEXT,
    SCRIPT_VALUE,
    nonced_source,
    owned,
)

handlers = pytest.importorskip("nbgrader.server_extensions.formgrader.handlers")
#: nbgrader's formgrader templates, and the course's for the formgrade page.
TEMPLATES = sorted(
    p
    for folder in (Path(handlers.template_path), COURSE_TEMPLATES)
    for p in folder.rglob("*")
    if p.suffix in (".tpl", ".j2")
)
#: A JavaScript string literal on one line.
STRING = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""")


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.name)
def test_nbgrader_writes_values_into_its_scripts_only_inside_strings(template: Path) -> None:
    # the values are escaped for a JavaScript string: outside one, they would be code
    for _, code, _ in SCRIPT_TEXT.findall(template.read_text(encoding="utf-8")):
        assert not SCRIPT_VALUE.search(STRING.sub('""', code)), code


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.name)
def test_every_script_tag_of_nbgrader_s_carries_the_nonce(template: Path) -> None:
    nonced = nonced_source(template.read_text(encoding="utf-8"))
    tags = re.findall(r"<script\b[^>]*>", nonced, re.IGNORECASE)
    assert all('nonce="{{ csp_nonce }}"' in tag for tag in tags), tags


def test_nbconvert_s_templates_are_not_nonced() -> None:
    """nbconvert's cell templates write a student's output JavaScript into a script."""
    from jupyter_core.paths import jupyter_path

    (cells,) = [
        Path(folder) / "classic" / "base.html.j2"
        for folder in jupyter_path("nbconvert", "templates")
        if (Path(folder) / "classic" / "base.html.j2").is_file()
    ][:1]
    assert "output.data['application/javascript']" in cells.read_text(encoding="utf-8")
    assert not owned(cells)
    assert all(owned(template) for template in TEMPLATES)
