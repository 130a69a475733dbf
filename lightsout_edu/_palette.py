"""The course's colours, shared by the pictures (matplotlib) and the widgets (CSS and JS).

Okabe and Ito's colour-blind-safe palette ("Color Universal Design", 2008): lights are dark
grey when off and yellow when on (then sky blue, reddish purple, ... for more colours),
presses and pivots vermillion, ones of a matrix blue, the rows of the current step a pale
yellow band.  ``tests/test_widgets.py`` checks that the widgets' JavaScript uses the same.
"""

from __future__ import annotations

__all__ = ["HIGHLIGHT", "LIGHTS", "LIGHT_NAMES", "ONE", "PRESS", "PROOF", "QUIET", "SEPARATOR"]

#: Light colours of a cell with value 0, 1, 2, ... (off first); k-colour boards use more.
LIGHTS = ("#2b303b", "#f0e442", "#56b4e9", "#cc79a7", "#009e73", "#e69f00", "#0072b2")
#: What to call them in a colour key.
LIGHT_NAMES = ("off", "yellow", "sky blue", "purple", "green", "orange", "blue")
PRESS = "#d55e00"  # presses and pivots: vermillion, visible on every light colour
ONE = "#0072b2"  # a nonzero entry of a matrix
QUIET = "#0072b2"  # the cells of a quiet pattern
PROOF = "#cc79a7"  # the cells of a certificate of unsolvability
HIGHLIGHT = "#f0e442"  # the rows touched by the current step
SEPARATOR = "#111111"  # the bar before b in [A | b]
