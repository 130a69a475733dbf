"""A fork-safe threading layer for numba, asked for at ``import lightsout_edu``.

Kept apart from :mod:`lightsout_edu._numba_cache` so that the import stays cheap (``os``
only); the reasons are in that module's docstring.
"""

from __future__ import annotations

import os

__all__ = ["THREADING_VARIABLE", "prefer_fork_safe_threads"]

THREADING_VARIABLE = "NUMBA_THREADING_LAYER"


def prefer_fork_safe_threads() -> None:
    """Ask numba for a fork-safe threading layer, unless the user chose one."""
    os.environ.setdefault(THREADING_VARIABLE, "forksafe")
