"""Where numba keeps compiled code: the user's cache directory, never the package.

numba writes its cache next to a module's source by default (``__pycache__`` inside the
installed package).  Unless ``NUMBA_CACHE_DIR`` is set already, :func:`configure` points
numba at the user's cache directory (``$XDG_CACHE_HOME/numba`` or ``~/.cache/numba``, the
place numba itself falls back to) and turns caching off when that is not writable (a
read-only home), so that the package imports everywhere.

It also picks a fork-safe threading layer for the parallel kernels (TBB if installed, else
numba's workqueue), unless ``NUMBA_THREADING_LAYER`` says otherwise: numba's default on
Linux is GNU OpenMP, after which a ``fork()`` (``multiprocessing``, test runners, a
notebook server's kernels) terminates the child.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from types import ModuleType

__all__ = ["configure", "user_cache_dir"]


def user_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/numba``, or ``~/.cache/numba``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "numba"


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def configure() -> tuple[ModuleType, bool]:
    """Import numba with a cache directory outside the package; return (numba, cache on?)."""
    import numba
    from numba.core import config

    if "NUMBA_THREADING_LAYER" not in os.environ:
        setattr(config, "THREADING_LAYER", "forksafe")  # noqa: B010 (see the module docstring)
    chosen = getattr(config, "CACHE_DIR", "")
    if chosen:  # the user chose (NUMBA_CACHE_DIR)
        return numba, _writable(Path(chosen))
    folder = user_cache_dir()
    if not _writable(folder):
        return numba, False
    setattr(config, "CACHE_DIR", str(folder))  # noqa: B010 (numba.core.config is a module)
    return numba, True
