"""matplotlib pictures: what is drawn matches the board / matrix / elimination step."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import Circle, Rectangle  # noqa: E402

import lightsout_edu as lo  # noqa: E402
from lightsout_edu.plotting import animate_elimination, draw_board, draw_matrix  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def image_data(ax) -> np.ndarray:
    (image,) = ax.get_images()
    return np.asarray(image.get_array())


def test_draw_board_shows_lights_and_presses():
    board = lo.random_board(4, 5, seed=2)
    presses = lo.random_board(4, 5, seed=3)
    ax = draw_board(board, presses, title="A board")
    np.testing.assert_array_equal(image_data(ax), board)
    dots = [p for p in ax.patches if isinstance(p, Circle)]
    assert sorted((int(d.center[1]), int(d.center[0])) for d in dots) == sorted(
        map(tuple, np.argwhere(presses).tolist())
    )
    assert ax.get_title() == "A board"


def test_draw_board_on_given_axes_and_k_colours():
    fig, ax = plt.subplots()
    assert draw_board([[0, 1, 2]], [[0, 2, 1]], ax=ax, colors=3) is ax
    cmap = ax.get_images()[0].get_cmap()
    assert cmap.N == 3  # one colour per light state
    assert len(ax.patches) == 2 and [t.get_text() for t in ax.texts] == ["2"]


@pytest.mark.parametrize(
    ("board", "presses", "message"),
    [
        ([[0, 2]], None, "entry 2 at \\(0, 1\\) of board"),
        ([[0, 1]], [[1]], "presses has shape \\(1, 1\\) but board has shape \\(1, 2\\)"),
        ([[0, 1]], [[1, 5]], "of presses"),
    ],
)
def test_draw_board_bad_input(board, presses, message):
    with pytest.raises(ValueError, match=message):
        draw_board(board, presses)


def test_draw_matrix_marks_pivots_rows_and_separator():
    M = np.array([[1, 0, 1, 1], [0, 1, 1, 0], [0, 0, 0, 1]])
    ax = draw_matrix(M, pivots=[(0, 0), (1, 1)], highlight_rows=[2])
    np.testing.assert_array_equal(image_data(ax), M != 0)
    outlines = [p for p in ax.patches if isinstance(p, Rectangle) and not p.get_fill()]
    assert sorted(p.get_xy() for p in outlines) == [(-0.5, -0.5), (0.5, 0.5)]
    spans = [p for p in ax.patches if p not in outlines]
    assert len(spans) == 1 and spans[0].get_y() == pytest.approx(1.5)
    (separator,) = ax.lines
    assert separator.get_xdata()[0] == pytest.approx(2.5)  # between x_3 and b
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert labels == ["$x_{1}$", "$x_{2}$", "$x_{3}$", "$b$"]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["$R_{1}$", "$R_{2}$", "$R_{3}$"]


def test_draw_matrix_labels_only_where_they_fit():
    small = draw_matrix(lo.eliminate(lo.toggle_matrix(5, 5), np.ones(25)).matrix)
    assert len(small.get_xticklabels()) == 26
    big = draw_matrix(np.eye(40, 41, dtype=np.uint8))
    assert big.get_xticklabels() == [] and big.get_yticklabels() == []
    plain = draw_matrix(np.eye(3, dtype=np.uint8), augmented=False)
    assert len(plain.lines) == 0
    assert [t.get_text() for t in plain.get_xticklabels()][-1] == "$x_{3}$"


def test_draw_matrix_bad_input():
    with pytest.raises(ValueError, match="pivots"):
        draw_matrix(np.eye(2, 3), pivots=[(0, 5)])
    with pytest.raises(ValueError, match="highlight_rows"):
        draw_matrix(np.eye(2, 3), highlight_rows=[2])
    with pytest.raises(ValueError, match="at least 2 columns"):
        draw_matrix([[1], [0]])


def small_elimination():
    return lo.eliminate(lo.toggle_matrix(2, 2), [1, 0, 0, 1])


@pytest.mark.slow
def test_animation_draws_every_state():
    e = small_elimination()
    anim = animate_elimination(e)
    positions = list(anim.new_frame_seq())
    assert positions == list(range(len(e.steps) + 1))
    ax = anim._fig.axes[0]
    for k in positions:
        anim._func(k)
        np.testing.assert_array_equal(image_data(ax), e.state(k) != 0)
        assert ax.get_title().startswith("Start" if k == 0 else f"Step {k} of {len(e.steps)}")
    assert anim.to_jshtml().count("data:image/png;base64") == len(positions)


@pytest.mark.slow
def test_animation_to_jshtml_is_self_contained():
    e = small_elimination()
    html = lo.animate_elimination(e, frames="pivots", interval=300).to_jshtml()
    assert "<script" in html
    frames = sorted({0, *e.pivot_starts, len(e.steps)})
    assert html.count("data:image/png;base64") == len(frames)


def test_animation_bad_frames():
    e = small_elimination()
    with pytest.raises(ValueError, match="'all', 'pivots'"):
        animate_elimination(e, frames="some")
    with pytest.raises(ValueError, match="out of range"):
        animate_elimination(e, frames=[0, 99])
    with pytest.raises(ValueError, match="empty"):
        animate_elimination(e, frames=[])
