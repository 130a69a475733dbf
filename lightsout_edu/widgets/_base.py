"""The common ground of the widgets: one anywidget model each, sized in em."""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import numpy as np
import traitlets
from numpy.typing import NDArray

from .._i18n import LANGUAGES, language, t
from ._frontend import css

__all__ = [
    "LightsOutWidget",
    "WidgetTypeError",
    "WidgetValueError",
    "check_whole",
    "digit_rows",
    "fixed_trait",
]


class WidgetValueError(traitlets.TraitError, ValueError):
    """A bad value for a widget setting (a ValueError, and what traitlets expects)."""


class WidgetTypeError(traitlets.TraitError, TypeError):
    """A widget setting of the wrong type (a TypeError, and what traitlets expects)."""


def check_whole(value: object, name: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``, or a clear error naming ``name``.

    Examples
    --------
    >>> check_whole(np.int64(3), "history[0]", 0, 8)
    3
    >>> check_whole(True, "speed", 1, 64)
    Traceback (most recent call last):
    ...
    lightsout_edu.widgets._base.WidgetTypeError: speed must be a whole number, not True
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise WidgetTypeError(
            t("{name} must be a whole number, not {value}", name=name, value=repr(value))
        )
    if not low <= value <= high:
        raise WidgetValueError(
            t(
                "{name} = {value} is out of range: use {low} to {high}",
                name=name,
                value=value,
                low=low,
                high=high,
            )
        )
    return int(value)


def fixed_trait(
    widget: traitlets.HasTraits, proposal: traitlets.Bunch, refusal: Callable[[str], str]
) -> object:
    """A trait that is set once, when the widget is made: refuse a later change.

    ``refusal(name)`` is the whole sentence that refuses to change the trait ``name``.
    """
    if getattr(widget, "_made", False):
        raise WidgetValueError(refusal(proposal["trait"].name))
    return proposal["value"]


class Number(traitlets.Float):
    """A float trait that refuses True and False (traitlets' Float takes them as 1.0, 0.0)."""

    def validate(self, obj: traitlets.HasTraits, value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
            raise WidgetTypeError(
                t(
                    "{name} must be a number such as 1 or 1.5, not {value}",
                    name=self.name,
                    value=repr(value),
                )
            )
        return float(super().validate(obj, float(value)))


def _number_to_json(value: float, _widget: object) -> int | float:
    """A number as the browser writes it back: a whole one without its ``.0``.

    The browser has one kind of number, so JupyterLab saves a size of 1.0 as ``1``; sent as
    ``1``, the state a notebook stores when it is executed is the state a save writes back.

    Examples
    --------
    >>> _number_to_json(1.0, None), _number_to_json(1.5, None)
    (1, 1.5)
    """
    return int(value) if value.is_integer() else value


class LightsOutWidget(anywidget.AnyWidget):
    """Base of the course widgets: a single front-end model, no layout model.

    ``size`` scales the whole widget (1 = the notebook's font size; try 1.5 on a projector).
    """

    _css = css()
    #: ipywidgets gives every DOMWidget a second model for its CSS layout; these widgets lay
    #: themselves out in em, so they do without it and stay one model each.
    layout = traitlets.Any(None, allow_none=True).tag(sync=True)
    size = Number(1.0).tag(sync=True, to_json=_number_to_json)
    #: the language of its labels and announcements: the package's language when it was made
    language = traitlets.Unicode().tag(sync=True)

    @traitlets.default("language")
    def _language_now(self) -> str:
        return language()

    @traitlets.validate("language")
    def _check_language(self, proposal: traitlets.Bunch) -> str:
        if proposal["value"] not in LANGUAGES:
            raise WidgetValueError(
                t(
                    "language must be one of {choices}, not {value}",
                    choices=", ".join(LANGUAGES),
                    value=repr(proposal["value"]),
                )
            )
        return str(proposal["value"])

    @traitlets.validate("size")
    def _check_size(self, proposal: traitlets.Bunch) -> float:
        value = proposal["value"]
        if not 0.5 <= value <= 4:
            raise WidgetValueError(
                t("size must be between 0.5 and 4 (times the font size), not {value}", value=value)
            )
        return float(value)


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
