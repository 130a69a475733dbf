"""Widgets for the lecture hall: a player, a board, row reduction by hand, quick questions.

Each is a single front-end model built on anywidget: Python computes (the recorded steps, the
linear algebra of a board size), the browser renders and reacts, in JupyterLab, Notebook 7,
VS Code, Colab and on a static web page.  Tests read what they show through a stable DOM
contract (``lo-game``, ``data-lo-cell``, ``data-lo-step``, ...), see ``tests/test_browser.py``.
"""

from .game import LightsOutGame
from .player import EliminationPlayer
from .practice import RowReductionPractice
from .question import QuickQuestion

__all__ = ["EliminationPlayer", "LightsOutGame", "QuickQuestion", "RowReductionPractice"]
