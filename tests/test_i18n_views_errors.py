"""The errors of the pictures and of the widgets speak Chinese too.

Every literal ``t()`` key of ``plotting.py`` and of the widgets' Python side (``widgets/``:
the shared checks, the front-end loading, the game, the elimination player, the row
reduction practice) has a Chinese template in ``strings/zh/library_errors_views.json`` (or in
another Chinese table), with the same ``{values}`` and in Chinese; real bad inputs raise the
Chinese message under ``set_language("zh")`` and the English one of before otherwise.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import matplotlib
import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu import _i18n, plotting
from lightsout_edu._palette import LIGHT_NAMES
from lightsout_edu.widgets import _frontend
from lightsout_edu.widgets._base import WidgetValueError
from tests.test_i18n_library import CHINESE, FIELD, keys_in

matplotlib.use("Agg")

PACKAGE = Path(lo.__file__).parent
#: the modules whose errors this table says (widgets/_deal.py and widgets/__init__.py say
#: nothing to a student)
SOURCES = [
    PACKAGE / "plotting.py",
    *(PACKAGE / "widgets" / f"{name}.py" for name in ("_base", "_frontend", "game", "player")),
    PACKAGE / "widgets" / "practice.py",
]
TABLE = PACKAGE / "strings" / "zh" / "library_errors_views.json"


def own_table() -> dict[str, str]:
    return dict(json.loads(TABLE.read_text(encoding="utf-8")))


# ---------------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.name)
def test_every_key_of_the_module_has_a_chinese_template(path):
    keys = keys_in(path)
    assert keys, f"{path.name} says nothing through t()"
    merged = _i18n.table("zh")
    missing = {key: where for key, where in keys.items() if key not in merged}
    assert not missing, f"add these to {TABLE.name}: {missing}"
    for key in keys:
        template = merged[key]
        assert set(FIELD.findall(template)) == set(FIELD.findall(key)), key
        assert CHINESE.search(template), f"not Chinese: {key!r} -> {template!r}"


def test_no_error_of_these_modules_is_left_in_plain_english():
    """Every raise in them builds its message with t() (or raises a sentence t() made:
    ``message`` in plotting, ``refusal(name)`` of fixed_trait)."""
    for path in SOURCES:
        code = path.read_text(encoding="utf-8")
        for match in re.finditer(r"raise \w*Error\((?!\s*(t\(|message\)|refusal\())", code):
            line = code.count("\n", 0, match.start()) + 1
            pytest.fail(f"{path.name}:{line} raises a message that is not t(...)")


def test_the_table_is_chinese_with_the_values_identifiers_and_numbers_of_its_keys():
    table = own_table()
    assert len(table) == 72  # the augmented-matrix refusal is shared with latex.py (engine table)
    assert list(table) == sorted(table)
    for key, template in table.items():
        assert template != key
        assert CHINESE.search(template), f"not Chinese: {key!r} -> {template!r}"
        assert set(FIELD.findall(template)) == set(FIELD.findall(key)), key
        for token in re.findall(r"\w+=\w*|\w+\(\)|'\w+'|\b\d+\b", key):
            assert token in template, f"{token!r} lost in {key!r} -> {template!r}"


def test_the_table_says_only_what_these_modules_say_and_leaves_the_other_tables_alone():
    used: set[str] = set()
    for path in SOURCES:
        used |= set(keys_in(path))
    used |= set(LIGHT_NAMES)  # the colour key's words, through _say
    table = own_table()
    assert not set(table) - used, f"unused: {sorted(set(table) - used)}"
    others: set[str] = set()
    for path in TABLE.parent.glob("*.json"):
        if path != TABLE:
            others |= set(json.loads(path.read_text(encoding="utf-8")))
    assert not set(table) & others


# ---------------------------------------------------------------------------------------------
# Real bad inputs, both languages
# ---------------------------------------------------------------------------------------------


def a_game() -> lo.LightsOutGame:
    return lo.LightsOutGame(3, 3, board=np.zeros((3, 3), dtype=int))


def a_player() -> lo.EliminationPlayer:
    return lo.EliminationPlayer(lo.eliminate(lo.toggle_matrix(3, 3), [1, 0, 0, 0, 0, 0, 0, 0, 1]))


def a_practice() -> lo.RowReductionPractice:
    return lo.RowReductionPractice([[1, 1], [1, 0]], [1, 1], modulus=3)


#: (call, error, English message, Chinese message): each message whole
CASES = [
    (
        lambda: lo.draw_board([[1, 0], [0, 1]], presses=[[1, 0, 1]]),
        ValueError,
        "presses has shape (1, 3) but board has shape (2, 2); they must match",
        "presses 的形状是 (1, 3)，但 board 的形状是 (2, 2)；两者必须一致",
    ),
    (
        lambda: lo.draw_boards([[[1]], [[0]]], presses=[None]),
        ValueError,
        "presses has 1 entries for 2 boards",
        "presses 有 1 项，但棋盘有 2 个；两者的个数必须相同",
    ),
    (
        lambda: lo.draw_graph(lo.path_graph(3), lights=[0, 1]),
        ValueError,
        "lights has 2 entries but the graph has 3 vertices",
        "lights 有 2 个元素，但图有 3 个顶点",
    ),
    (
        lambda: lo.draw_matrix([[1, 1, 0], [0, 1, 1]], pivots=[(0, -1)]),
        ValueError,
        "pivots (columns) contains -1, which is not between 0 and 2",
        "pivots 的列号中有 -1，它不在 0 到 2 之间",
    ),
    (
        lambda: lo.draw_matrix([[1, 1, 0], [0, 1, 1]], highlight_rows=[0, 5]),
        ValueError,
        "highlight_rows contains 5, which is not between 0 and 1",
        "highlight_rows 中有 5，它不在 0 到 1 之间",
    ),
    (
        lambda: lo.animate_elimination(lo.toggle_matrix(2, 2)),
        TypeError,
        "animate_elimination needs a recorded elimination from lightsout_edu.eliminate(A, b), "
        "not ndarray",
        "animate_elimination 需要一个由 lightsout_edu.eliminate(A, b) 记录下来的消元过程，"
        "而不是 ndarray",
    ),
    (
        lambda: lo.animate_elimination(lo.eliminate([[1, 1], [1, 0]], [1, 1]), frames="some"),
        ValueError,
        "frames must be 'all', 'pivots' or a list of positions, not 'some'",
        "frames 必须是 'all'、'pivots' 或一个位置列表，而不是 'some'",
    ),
    (
        lambda: _frontend.esm("nope"),
        ValueError,
        "no widget view 'nope': choose one of ['game', 'player', 'practice', 'question']",
        "没有名为 'nope' 的交互组件视图：请从 ['game', 'player', 'practice', 'question'] "
        "中选择一个",
    ),
    (
        lambda: lo.LightsOutGame(3, 3, size="x"),
        TypeError,
        "size must be a number such as 1 or 1.5, not 'x'",
        "size 必须是一个数，例如 1 或 1.5，而不是 'x'",
    ),
    (
        lambda: lo.LightsOutGame(21, 21),
        ValueError,
        "a 21x21 board has 441 cells; the game plays boards of at most 400 cells "
        "(use solve_board for bigger ones)",
        "21x21 棋盘有 441 个格子；这个游戏只能玩最多 400 个格子的棋盘"
        "（更大的棋盘请用 solve_board）",
    ),
    (
        lambda: lo.LightsOutGame(rows=3, board=np.zeros((2, 4), dtype=int)),
        ValueError,
        "rows=3 does not match the board, which is 2x4: give the board alone, or a board of "
        "that size",
        "rows=3 与棋盘不符，棋盘是 2x4 的：请只给出棋盘，或者给出符合这个大小的棋盘",
    ),
    (
        lambda: lo.LightsOutGame(puzzle=lo.Puzzle.graph(lo.petersen_graph())),
        ValueError,
        "the game draws grids, not Puzzle.graph(<Petersen: 10 nodes, 15 edges>): solve a graph "
        "with puzzle.solve(board)",
        "这个游戏只画网格，不画 Puzzle.graph(<Petersen：10 个顶点，15 条边>)："
        "图上的谜题请用 puzzle.solve(board) 求解",
    ),
    (
        lambda: a_game().press(5, 0),
        ValueError,
        "r=5 is off the board: use 0 to 2",
        "r=5 在棋盘之外：请用 0 到 2 之间的值",
    ),
    (
        lambda: setattr(a_game(), "lights", [0]),
        ValueError,
        "lights must hold 9 lights (one per cell, row by row), not 1",
        "lights 必须包含 9 盏灯的状态（每个格子一个，逐行排列），而不是 1 个",
    ),
    (
        lambda: setattr(a_game(), "solver", {}),
        ValueError,
        "solver is fixed once the widget is made; start a new LightsOutGame for another board size",
        "solver 在交互组件创建后就固定了；要换棋盘大小，请新建一个 LightsOutGame",
    ),
    (
        lambda: setattr(a_game(), "hint_cell", 99),
        ValueError,
        "hint_cell = 99 is out of range: use -1 to 8",
        "hint_cell = 99 超出了范围：请用 -1 到 8 之间的值",
    ),
    (
        lambda: lo.EliminationPlayer("x"),
        TypeError,
        "elimination must come from lightsout_edu.eliminate(...), not str",
        "elimination 必须来自 lightsout_edu.eliminate(...)，而不是 str",
    ),
    (
        lambda: setattr(a_player(), "speed", 5),
        ValueError,
        "speed must be one of 1, 2, 4, 8, 16, 32, 64 (steps per second), not 5",
        "speed 必须是 1, 2, 4, 8, 16, 32, 64 之一（每秒的步数），而不是 5",
    ),
    (
        lambda: lo.EliminationPlayer(lo.eliminate(lo.toggle_matrix(3, 3)), board_shape=(3, 3)),
        ValueError,
        "board_shape=(3, 3) does not fit this system: a board needs [A | b] with rows*cols = 9 "
        "unknowns",
        "board_shape=(3, 3) 与这个方程组不相符：要画棋盘，需要 [A | b]，并且未知数的个数 "
        "rows*cols = 9",
    ),
    (
        lambda: lo.RowReductionPractice(lo.toggle_matrix(4, 4)),
        ValueError,
        "a 16x16 matrix is too big to reduce by hand here: at most 12 rows and 13 columns "
        "(b included)",
        "16x16 矩阵太大，不适合在这里手工化简：最多 12 行、13 列（包括 b）",
    ),
    (
        lambda: setattr(a_practice(), "ops", [[3, 0, 1, -1, 1]]),
        ValueError,
        "ops[0] kind (0 swap, 1 add, 2 scale) = 3 is out of range: use 0 to 2",
        "ops[0] 的操作类型（0 交换，1 相加，2 倍乘） = 3 超出了范围：请用 0 到 2 之间的值",
    ),
    (
        lambda: setattr(a_practice(), "ops", [[2, 0, 1, -1, 2]]),
        ValueError,
        "ops[0] scales one row, so a and b must be equal, not 0, 1",
        "ops[0] 是对一行做倍乘，所以 a 和 b 必须相等，而不是 0、1",
    ),
    (
        lambda: a_practice().swap(0, 2),
        ValueError,
        "j=2 is not a row: rows are 0 to 1",
        "j=2 不是一行：行号是 0 到 1",
    ),
    (
        lambda: a_practice().scale(0, 3),
        ValueError,
        "factor must not be 0 mod 3: multiplying by 0 is not allowed",
        "factor 模 3 不能是 0：不允许乘以 0",
    ),
    (
        lambda: a_practice().add(1, 1),
        ValueError,
        "src and dst must be different rows (adding a row to itself doubles it)",
        "src 和 dst 必须是不同的行（把一行加到它自己上会使它翻倍）",
    ),
]


@pytest.mark.parametrize(("call", "error", "english_text", "chinese_text"), CASES)
def test_a_bad_input_in_english_is_unchanged(english, call, error, english_text, chinese_text):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value) == english_text


@pytest.mark.parametrize(("call", "error", "english_text", "chinese_text"), CASES)
def test_a_bad_input_in_chinese(chinese, call, error, english_text, chinese_text):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value) == chinese_text


def test_a_widget_refuses_in_the_language_in_use_not_the_one_it_was_made_in(english):
    """A widget's labels keep the language it was made in; an error is said to the one
    who makes the mistake now."""
    practice = a_practice()
    lo.set_language("zh")
    with pytest.raises(WidgetValueError, match="^modulus 在交互组件创建后"):
        practice.modulus = 5
    assert practice.language == "en"
    lo.set_language("en")
    with pytest.raises(ValueError, match="^modulus is fixed once the widget is made; make a new"):
        practice.modulus = 5


def test_the_missing_bundle_error_in_both_languages(chinese):
    with pytest.raises(FileNotFoundError) as raised:
        _frontend._read("nope.js")
    path = _frontend.STATIC / "nope.js"
    assert str(raised.value) == (
        f"缺少 {path}：交互组件的打包文件是用 'make frontend' 从 frontend/src 构建的"
        "（它们随程序包一起发布）"
    )
    lo.set_language("en")
    with pytest.raises(FileNotFoundError) as raised:
        _frontend._read("nope.js")
    assert str(raised.value) == (
        f"{path} is missing: the widgets' bundles are built from frontend/src with "
        "'make frontend' (they ship with the package)"
    )


def the_widgets() -> list[object]:
    from lightsout_edu.widgets.practice import RowReductionPractice

    return [
        lo.LightsOutGame(3, 3),
        lo.LightsOutGame(4, 4, torus=True, colors=3),
        RowReductionPractice(),
        lo.EliminationPlayer(lo.eliminate(lo.toggle_matrix(2, 2))),
    ]


def test_the_widgets_reprs_in_chinese(chinese):
    assert [repr(widget) for widget in the_widgets()] == [
        "LightsOutGame(3x3，规则 'plus'：亮着 3 盏灯，按了 0 次)",
        "LightsOutGame(4x4，规则 'plus'，环面，3 种颜色：亮着 10 盏灯，按了 0 次)",
        "RowReductionPractice(GF(2) 上的 9x10 矩阵：0 次行变换，尚未化为行最简形)",
        "EliminationPlayer(4x4 矩阵，第 0 步，共 9 步)",
    ]


def test_the_widgets_reprs_in_english_are_unchanged(english):
    assert [repr(widget) for widget in the_widgets()] == [
        "LightsOutGame(3x3, rule 'plus': 3 lights on, 0 presses)",
        "LightsOutGame(4x4, rule 'plus', torus, 3 colours: 10 lights on, 0 presses)",
        "RowReductionPractice(9x10 over GF(2): 0 operations, not yet in RREF)",
        "EliminationPlayer(4x4 matrix, step 0 of 9)",
    ]


# ---------------------------------------------------------------------------------------------
# The words the pictures draw themselves
# ---------------------------------------------------------------------------------------------


def key_and_axis_words() -> list[str]:
    import matplotlib.pyplot as plt

    ax = lo.draw_board([[1, 2], [0, 1]], presses=[[1, 0], [0, 0]], colors=3, legend=True)
    legend = ax.get_legend()
    assert legend is not None
    words = [text.get_text() for text in legend.get_texts()]
    fig = ax.figure
    ax = lo.draw_timings([{"n": 1, "t": 0.1, "who": "a"}], x="n", y="t", series="who")
    words += [ax.get_xlabel(), ax.get_ylabel()]
    plt.close(fig)
    plt.close(ax.figure)
    return words


def test_the_colour_key_and_the_axes_speak_chinese_in_a_chinese_font(chinese):
    import warnings

    import matplotlib.pyplot as plt

    assert plotting.chinese_font() is not None, "install fonts-noto-cjk (make system-tools)"
    assert key_and_axis_words() == [
        "0 灭", "1 黄色", "2 天蓝色", "按键", "n（对数刻度）", "时间的中位数，单位为秒（对数刻度）"
    ]  # fmt: skip
    ax = lo.draw_board([[1, 2], [0, 1]], colors=3, legend=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # matplotlib warns "Glyph ... missing from font(s)"
        ax.figure.canvas.draw()
    plt.close(ax.figure)


def test_a_chinese_title_with_a_formula_has_every_glyph(chinese, caplog):
    """mathtext draws the words of "陪集 $x_p + \\ker A$" in one font: the Chinese one."""
    import matplotlib
    import matplotlib.pyplot as plt

    with matplotlib.rc_context():
        plotting.use_course_style()
        fig, ax = plt.subplots()
        ax.set_title("陪集 $x_p + \\ker A$：四种方法")
        fig.canvas.draw()
        plt.close(fig)
    assert not [r.message for r in caplog.records if "does not have a glyph" in r.message]


def test_without_a_chinese_font_the_pictures_keep_english_words(chinese, monkeypatch):
    monkeypatch.setattr(plotting, "chinese_font", lambda: None)
    assert key_and_axis_words() == [
        "0 off", "1 yellow", "2 sky blue", "a press", "n (log scale)",
        "median time in seconds (log scale)",
    ]  # fmt: skip


def test_the_pictures_words_in_english_are_unchanged(english):
    assert key_and_axis_words() == [
        "0 off", "1 yellow", "2 sky blue", "a press", "n (log scale)",
        "median time in seconds (log scale)",
    ]  # fmt: skip


def test_a_figure_is_described_in_the_language_in_use(chinese):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    assert plotting.describe_figure(fig) == "图：一幅没有标题的图。"
    ax.set_title("rank of $A$")
    assert plotting.describe_figure(fig) == "图：rank of A。"
    lo.set_language("en")
    assert plotting.describe_figure(fig) == "Figure: rank of A."
    plt.close(fig)


def test_a_figure_of_several_panels_is_described_in_chinese_throughout(chinese):
    """The words joining a figure's heading, panels and axis labels are Chinese too: the
    Chinese lectures' figures once said '. Panels:' to a screen reader."""
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2)
    fig.suptitle("按一下")
    left.set_title("角上的格子")
    right.set_title("秩")
    right.set_xlabel("n")
    right.set_ylabel("秩")
    assert plotting.describe_figure(fig) == "图：按一下。分图：角上的格子；秩（x：n，y：秩）。"
    lo.set_language("en")
    assert plotting.describe_figure(fig) == "Figure: 按一下. Panels: 角上的格子; 秩 (x: n, y: 秩)."
    plt.close(fig)
