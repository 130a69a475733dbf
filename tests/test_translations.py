"""The Chinese edition: one source (the English notebooks and locale/zh catalogues).

Every English notebook has a Chinese twin built from its catalogue: the same cells, the
same code (only the words of the strings it prints or draws translated, placeholders kept),
each paragraph translated (formulas, code, links and numbers kept), executed in Chinese.
The twins' outputs are checked by nbval like every notebook's.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import polib
import pytest

from tools import code_strings, translations

ENGLISH = translations.english_notebooks()
CJK = re.compile(r"[\u4e00-\u9fff]")


def shown(path: Path) -> str:
    return str(path.relative_to(translations.REPO))


def outputs_text(nb: nbformat.NotebookNode) -> str:
    """Everything a student reads in the notebook's outputs (text and HTML)."""
    found = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            found.append("".join(output.get("text", "")))
            for kind in ("text/plain", "text/html", "text/markdown"):
                found.append("".join(output.get("data", {}).get(kind, "")))
    return "\n".join(found)


def test_the_course_is_translated_whole():
    assert len(ENGLISH) >= 22
    missing = [shown(p) for p in ENGLISH if not translations.chinese_of(p).exists()]
    assert not missing, f"no Chinese edition (run make notebooks): {missing}"
    orphans = [
        shown(p)
        for p in translations.NOTEBOOKS.rglob("*.zh.ipynb")
        if not p.with_name(p.name.removesuffix(".zh.ipynb") + ".ipynb").exists()
    ]
    assert not orphans, f"Chinese notebooks without an English one: {orphans}"


@pytest.mark.parametrize("notebook", ENGLISH, ids=shown)
def test_every_paragraph_is_translated(notebook):
    assert translations.problems(notebook) == []


@pytest.mark.parametrize("notebook", ENGLISH, ids=shown)
def test_the_chinese_twin_is_built_from_the_current_source(notebook):
    """Same cells and code as the English notebook; Markdown as the catalogue says."""
    expected = translations.translated_notebook(notebook)
    twin = nbformat.read(translations.chinese_of(notebook), as_version=4)
    assert [c.cell_type for c in twin.cells] == [c.cell_type for c in expected.cells]
    for index, (built, wanted) in enumerate(zip(twin.cells, expected.cells, strict=True)):
        assert built.source == wanted.source, (
            f"{shown(translations.chinese_of(notebook))} cell {index} is stale: run make notebooks"
        )
    assert twin.metadata["lightsout_edu"]["language"] == "zh"


@pytest.mark.parametrize("notebook", ENGLISH, ids=shown)
def test_the_chinese_twin_runs_the_same_code(notebook):
    """Its code cells differ from the English ones in the words of their strings only."""
    english = nbformat.read(notebook, as_version=4)
    twin = nbformat.read(translations.chinese_of(notebook), as_version=4)
    for index, (en, zh) in enumerate(zip(english.cells, twin.cells, strict=True)):
        if en.cell_type == "code":
            assert code_strings.masked(zh.source) == code_strings.masked(en.source), (
                f"{shown(translations.chinese_of(notebook))} cell {index}: other code"
            )


#: English prose in an output: three words or more (a name such as ``lo.rank`` is no word).
ENGLISH_PROSE = re.compile(r"(?<![\w.'\"])[A-Za-z]{2,}(?:[ ,;:]+[A-Za-z]{2,}){2,}")
#: Names a Chinese lecture prints as they are: the engines compared, Python's values.
NAMES = re.compile(r"\b(?:ours|galois|sympy|ldpc|python-flint|M4RI|True|False|None)\b")


def others_words() -> list[str]:
    """English a lecture prints that its code does not say: data (lecture 9's verdicts on
    Boyles' table, from benchmarks/results.json) and SciPy's solver message."""
    results = (translations.REPO / "benchmarks" / "results.json").read_text(encoding="utf-8")
    return [*set(re.findall(r'"vs_boyles": "([^"]+)"', results)), "Optimization terminated"]


def printed(nb: nbformat.NotebookNode) -> str:
    """What the notebook's code cells printed or returned as text (not pictures, not HTML)."""
    found = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            found.append("".join(output.get("text", "")))
            found.append("".join(output.get("data", {}).get("text/plain", "")))
    return "\n".join(found)


@pytest.mark.parametrize(
    "notebook", [p for p in ENGLISH if p.parent.name in ("notebooks", "exercises")], ids=shown
)
def test_the_chinese_twin_prints_no_english_prose(notebook):
    """Its code cells' strings say Chinese ("目前已按次数：", not "presses so far:")."""
    said = printed(nbformat.read(translations.chinese_of(notebook), as_version=4))
    for words in others_words():
        said = said.replace(words, " ")
    english = ENGLISH_PROSE.findall(NAMES.sub(" ", said))
    assert not english, f"{shown(translations.chinese_of(notebook))} prints English: {english}"


def test_the_words_of_code_are_the_strings_a_reader_sees():
    source = (
        '"""A docstring."""\n'
        'TASKS = {"rank": "rank of A", "null_space": "null space"}\n'
        'plt.plot(x, y, "o--", color="tab:red", label="fraction solvable")\n'
        'print("presses so far:", d["engine"], x == "ours", lo.solve(b, method="chase"))\n'
        'ax.set_title(f"{n} x {n} board" + (" NOT quiet" if q else ""))\n'
        'data = json.loads(Path("../benchmarks/results.json").read_text())\n'
        'examples = [("corner", 0), ("edge", 1)]\n'
        'name, raw = "cross_multiply", b"some bytes"\n'
    )
    said = [s.body for s in code_strings.prose_literals(source)]
    assert said == [
        "rank of A",
        "null space",
        "fraction solvable",
        "presses so far:",
        "{n} x {n} board",
        " NOT quiet",
        "corner",
        "edge",
    ]
    chinese = {"presses so far:": "目前按过的格子：", "{n} x {n} board": "{n} x {n} 棋盘"}
    translated = code_strings.replaced(source, lambda text: chinese.get(text, text))
    assert 'print("目前按过的格子：", d["engine"]' in translated
    assert 'ax.set_title(f"{n} x {n} 棋盘" + (" NOT quiet"' in translated
    assert code_strings.masked(translated) == code_strings.masked(source)
    assert code_strings.masked(source.replace("x == ", "x != ")) != code_strings.masked(source)


def test_a_placeholder_that_shows_a_string_is_text():
    [header] = code_strings.prose_literals("""print(f"{'rank of A':^20s}{'':>3s}{x:3d}")""")
    assert code_strings.translation_problems(header, "{'A 的秩':^20s}{'':>3s}{x:3d}") == []
    [changed] = code_strings.translation_problems(header, "{'A 的秩':^20s}{'':>3s}{y:3d}")
    assert changed.startswith("placeholders differ")
    [narrower] = code_strings.translation_problems(header, "{'A 的秩':^10s}{'':>3s}{x:3d}")
    assert narrower.startswith("placeholders differ")


@pytest.mark.parametrize(
    ("literal", "body"),
    [
        ("r'an {x} board'", "an {x} board"),
        ('"""two\nlines"""', "two\nlines"),
        (r"rf'\ker {a} is'", r"\ker {a} is"),
    ],
)
def test_a_literal_keeps_its_prefix_and_quotes(literal, body):
    [found] = code_strings.prose_literals(f"print({literal})")
    assert (found.body, found.with_body(body)) == (body, literal)


@pytest.mark.parametrize("notebook", ENGLISH, ids=shown)
def test_the_chinese_twin_reads_chinese_and_links_to_chinese(notebook):
    twin = nbformat.read(translations.chinese_of(notebook), as_version=4)
    markdown = "\n".join(c.source for c in twin.cells if c.cell_type == "markdown")
    assert CJK.search(markdown)
    english_links = re.findall(r"\]\((?!https?:)[^)\s#]*?(?<!\.zh)\.ipynb[#)]", markdown)
    assert not english_links, f"links to the English edition: {english_links}"


def test_the_english_edition_has_no_chinese_outside_the_glossary():
    """Chinese leaking into an English notebook (a message, a widget) is a bug."""
    leaks = []
    for notebook in ENGLISH:
        if notebook.name == "glossary.ipynb":
            continue
        nb = nbformat.read(notebook, as_version=4)
        if CJK.search(outputs_text(nb)):
            leaks.append(shown(notebook))
    assert not leaks, f"Chinese in the outputs of English notebooks: {leaks}"


@pytest.mark.parametrize(
    "name",
    [
        "exercises/E1_the_game",
        "exercises/E3_elimination",
        "exercises/E5_fewest",
        "03_gauss_jordan_step_by_step",
    ],
)
def test_the_chinese_twin_answers_in_chinese(name):
    """Checkers and explanations speak the notebook's language in its stored outputs."""
    twin = nbformat.read(translations.NOTEBOOKS / f"{name}.zh.ipynb", as_version=4)
    english = nbformat.read(translations.NOTEBOOKS / f"{name}.ipynb", as_version=4)
    said = outputs_text(twin)
    assert CJK.search(said), f"{name}.zh.ipynb: no Chinese in its outputs"
    assert not CJK.search(outputs_text(english))
    for phrase in ("Correct:", "Not yet:"):
        assert phrase not in said, f"{name}.zh.ipynb says {phrase!r} in English"


def test_the_glossary_pairs_every_standard_term():
    glossary = translations.NOTEBOOKS / "reference" / "glossary.ipynb"
    table = "\n".join(
        c.source for c in nbformat.read(glossary, as_version=4).cells if c.cell_type == "markdown"
    )
    rows = [line for line in table.splitlines() if line.startswith("|") and CJK.search(line)]
    assert len(rows) >= 50
    terms = {row.split("|")[1].strip().lower() for row in rows}
    for term in ("kernel", "rank", "pivot", "light chasing", "toggle matrix", "null space"):
        assert any(term in t for t in terms), f"glossary lacks {term!r}"


@pytest.fixture
def course_copy(tmp_path, monkeypatch):
    """A one-notebook course with its catalogue, for the update/check cycle."""
    notebooks, locale = tmp_path / "notebooks", tmp_path / "locale" / "zh"
    notebooks.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# The game\n\nPress a cell of the $5 \\times 5$ board."),
        nbformat.v4.new_code_cell('n = 1\nprint(f"{n} presses so far")'),
        nbformat.v4.new_markdown_cell("See [lecture 2](02_gf2.ipynb#sums)."),
    ]
    nbformat.write(nb, notebooks / "01_game.ipynb")
    monkeypatch.setattr(translations, "REPO", tmp_path)
    monkeypatch.setattr(translations, "NOTEBOOKS", notebooks)
    monkeypatch.setattr(translations, "LOCALE", locale)
    return notebooks / "01_game.ipynb"


def translate(catalogue: Path, chinese: dict[str, str]) -> None:
    po = polib.pofile(str(catalogue))
    for entry in po:
        if entry.msgid in chinese:
            entry.msgstr = chinese[entry.msgid]
            entry.flags = [f for f in entry.flags if f != "fuzzy"]
    po.save(str(catalogue))


def test_update_check_build_cycle(course_copy):
    catalogue = translations.catalogue_of(course_copy)
    translations.update(course_copy)
    assert len(translations.problems(course_copy)) == 4  # nothing translated yet
    translate(
        catalogue,
        {
            "# The game": "# 游戏",
            "Press a cell of the $5 \\times 5$ board.": "按下 $5 \\times 5$ 棋盘的一格。",
            "See [lecture 2](02_gf2.ipynb#sums).": "见[第 2 讲](02_gf2.ipynb#sums)。",
            "{n} presses so far": "已按 {n} 下",
        },
    )
    assert translations.problems(course_copy) == []
    twin = translations.translated_notebook(course_copy)
    assert twin.cells[0].source == "# 游戏\n\n按下 $5 \\times 5$ 棋盘的一格。"
    assert twin.cells[1].source == 'n = 1\nprint(f"已按 {n} 下")'
    assert twin.cells[2].source == "见[第 2 讲](02_gf2.zh.ipynb#sums)。"

    # The English changes: the old translation is kept but marked stale, and blocks the build.
    nb = nbformat.read(course_copy, as_version=4)
    nb.cells[0].source = "# The game\n\nPress a cell of the $7 \\times 7$ board."
    nbformat.write(nb, course_copy)
    translations.update(course_copy)
    stale = [e for e in polib.pofile(str(catalogue)) if "fuzzy" in e.flags]
    assert [e.msgstr for e in stale] == ["按下 $5 \\times 5$ 棋盘的一格。"]
    assert stale[0].previous_msgid == "Press a cell of the $5 \\times 5$ board."
    assert any("stale" in p for p in translations.problems(course_copy))
    with pytest.raises(SystemExit, match="cannot build the Chinese edition"):
        translations.translated_notebook(course_copy)

    # So does a string a code cell prints.
    nb.cells[1].source = 'n = 1\nprint(f"{n} presses until now")'
    nbformat.write(nb, course_copy)
    translations.update(course_copy)
    [code] = [e for e in polib.pofile(str(catalogue)) if e.msgctxt == "code"]
    assert (code.msgid, code.msgstr, code.flags) == (
        "{n} presses until now",
        "已按 {n} 下",
        ["fuzzy"],
    )
    assert code.previous_msgid == "{n} presses so far"


@pytest.mark.parametrize(
    ("chinese", "complaint"),
    [
        ("已按 {m} 下", "placeholders differ: {n} -> {m}"),
        ("{n} presses so far", "not translated"),
        ('已按 {n} 下"', "not a string literal"),
    ],
)
def test_check_catches_a_code_string_that_would_change_the_code(course_copy, chinese, complaint):
    translations.update(course_copy)
    translate(
        translations.catalogue_of(course_copy),
        {
            "# The game": "# 游戏",
            "Press a cell of the $5 \\times 5$ board.": "按下 $5 \\times 5$ 棋盘的一格。",
            "See [lecture 2](02_gf2.ipynb#sums).": "见[第 2 讲](02_gf2.ipynb#sums)。",
            "{n} presses so far": chinese,
        },
    )
    found = translations.problems(course_copy)
    assert len(found) == 1 and "cell 1 string 0" in found[0] and complaint in found[0]


@pytest.mark.parametrize(
    ("chinese", "complaint"),
    [
        ("按下棋盘的一格。", "formulas differ"),
        ("按下 $5 \\times 5$ 棋盘的一格 `x`。", "code differ"),
        ("Press a cell of the $5 \\times 5$ board.", "not translated"),
    ],
)
def test_check_catches_a_translation_that_changes_what_must_not(course_copy, chinese, complaint):
    translations.update(course_copy)
    translate(
        translations.catalogue_of(course_copy),
        {
            "# The game": "# 游戏",
            "Press a cell of the $5 \\times 5$ board.": chinese,
            "See [lecture 2](02_gf2.ipynb#sums).": "见[第 2 讲](02_gf2.ipynb#sums)。",
            "{n} presses so far": "已按 {n} 下",
        },
    )
    found = translations.problems(course_copy)
    assert len(found) == 1 and complaint in found[0]


def test_the_check_command_fails_on_a_missing_catalogue(course_copy, capsys):
    assert translations.main(["check", str(course_copy)]) == 1
    assert "no catalogue" in capsys.readouterr().out
    translations.update(course_copy)
    assert translations.main(["check", str(course_copy)]) == 1
    assert "not translated yet" in capsys.readouterr().out


def test_the_examples_in_the_tools_docstrings_hold():
    """tools/ is not collected for doctests: run the examples of these two modules here."""
    import doctest

    for module in (code_strings, translations):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed, module.__name__


# ---------------------------------------------------------------------------------------------
# The graded assignments: a Chinese edition of each nbgrader source, from the same catalogues
# ---------------------------------------------------------------------------------------------

ASSIGNMENTS = translations.assignment_sources()


def test_every_graded_assignment_has_a_teacher_only_catalogue():
    from grading.course_folder import assignments

    assert [source.stem for source in ASSIGNMENTS] == sorted(assignments())
    for source in ASSIGNMENTS:  # model answers and rubrics: never with the student files
        assert translations.catalogue_of(source).parent == translations.ASSIGNMENTS_LOCALE
    assert translations.ASSIGNMENTS_LOCALE.is_relative_to(translations.REPO / "grading")


@pytest.mark.parametrize("source", ASSIGNMENTS, ids=shown)
def test_the_chinese_assignment_has_the_same_code_cells_and_grading(source):
    """Every paragraph translated, and the lines the student's data cell prints; grade ids,
    points, locks, the answer and test cells and the solution regions of the written answers
    as in the English source, from which nbgrader releases both; the data cell's code the
    same but for the words of its literals."""
    assert translations.problems(source) == []
    english = nbformat.read(source, as_version=4)
    chinese = translations.translated_notebook(source)
    assert [(c.cell_type, c.metadata) for c in chinese.cells] == [
        (c.cell_type, c.metadata) for c in english.cells
    ]
    printed = 0
    for ours, theirs in zip(chinese.cells, english.cells, strict=True):
        grading = theirs.metadata.get("nbgrader", {})
        if ours.cell_type == "code" and (grading.get("solution") or grading.get("grade")):
            assert ours.source == theirs.source
        elif ours.cell_type == "code":
            assert code_strings.masked(ours.source) == code_strings.masked(theirs.source)
            words = [s.body for s in code_strings.prose_literals(theirs.source)]
            assert not any(f'"{w}"' in ours.source for w in words), words
            assert not words or CJK.search(ours.source)
            printed += len(words)
        else:
            assert CJK.search(ours.source)
            marks = translations.SOLUTION_MARK
            assert marks.findall(ours.source) == marks.findall(theirs.source)
    assert printed and chinese.metadata["lightsout_edu"]["language"] == "zh"


def test_an_untranslated_assignment_paragraph_stops_the_chinese_edition(tmp_path, monkeypatch):
    source = ASSIGNMENTS[0]
    catalogue = polib.pofile(str(translations.catalogue_of(source)))
    catalogue[3].msgstr = ""
    catalogue.save(str(tmp_path / f"{source.stem}.po"))
    monkeypatch.setattr(translations, "ASSIGNMENTS_LOCALE", tmp_path)
    assert any("not translated yet" in p for p in translations.problems(source))
    with pytest.raises(SystemExit, match="cannot build the Chinese edition"):
        translations.translated_notebook(source)
