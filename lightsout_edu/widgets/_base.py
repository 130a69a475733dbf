"""The common ground of the widgets: one anywidget model each, sized in em."""

from __future__ import annotations

import anywidget
import numpy as np
import traitlets
from numpy.typing import NDArray

from ._frontend import css

__all__ = ["LightsOutWidget", "WidgetValueError", "digit_rows"]


class WidgetValueError(traitlets.TraitError, ValueError):
    """A bad value for a widget setting (a ValueError, and what traitlets expects)."""


class LightsOutWidget(anywidget.AnyWidget):
    """Base of the course widgets: a single front-end model, no layout model.

    ``size`` scales the whole widget (1 = the notebook's font size; try 1.5 on a projector).
    """

    _css = css()
    #: ipywidgets gives every DOMWidget a second model for its CSS layout; these widgets lay
    #: themselves out in em, so they do without it and stay one model each.
    layout = traitlets.Any(None, allow_none=True).tag(sync=True)
    size = traitlets.Float(1.0).tag(sync=True)

    @traitlets.validate("size")
    def _check_size(self, proposal: traitlets.Bunch) -> float:
        value = proposal["value"]
        if not 0.5 <= value <= 4:
            raise WidgetValueError(
                f"size must be between 0.5 and 4 (times the font size), not {value}"
            )
        return value


def digit_rows(matrix: NDArray, modulus: int) -> list[str] | list[list[int]]:
    """Rows of residues as strings of base-36 digits (compact in the saved state) when k <= 36.

    Examples
    --------
    >>> digit_rows(np.array([[1, 0], [11, 2]]), 12)
    ['10', 'b2']
    """
    rows = np.asarray(matrix).tolist()
    if modulus > 36:
        return [[int(v) for v in row] for row in rows]
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return ["".join(digits[int(v)] for v in row) for row in rows]
