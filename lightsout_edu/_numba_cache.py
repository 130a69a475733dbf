"""Where numba keeps compiled code: the user's cache directory, never the package.

numba writes its cache next to a module's source by default (``__pycache__`` inside the
installed package).  Unless ``NUMBA_CACHE_DIR`` is set already, :func:`configure` points
numba at the user's cache directory (``$XDG_CACHE_HOME/numba`` or ``~/.cache/numba``, the
place numba itself falls back to) and turns caching off when that is not writable (a
read-only home), so that the package imports everywhere.

It also asks for a fork-safe threading layer for parallel numba code (TBB if installed, else
numba's workqueue), unless ``NUMBA_THREADING_LAYER`` says otherwise: numba's default on
Linux is GNU OpenMP, after which a ``fork()`` (``multiprocessing``, forking test runners)
terminates the child.  ``import lightsout_edu`` sets the variable (:mod:`._threads`), so
that it also holds for other numba libraries of the process, such as galois, whose first
parallel code would otherwise start OpenMP before ours runs; numba reads it when it next
compiles.  Threads that numba started before that keep their layer.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from types import ModuleType

from ._threads import THREADING_VARIABLE, prefer_fork_safe_threads

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

    prefer_fork_safe_threads()
    if os.environ[THREADING_VARIABLE] == "forksafe":  # numba may have read the variable before
        setattr(config, "THREADING_LAYER", "forksafe")  # noqa: B010 (a module, not an object)
    chosen = getattr(config, "CACHE_DIR", "")
    if chosen:  # the user chose (NUMBA_CACHE_DIR)
        return numba, _writable(Path(chosen))
    folder = user_cache_dir()
    if not _writable(folder):
        return numba, False
    setattr(config, "CACHE_DIR", str(folder))  # noqa: B010 (numba.core.config is a module)
    return numba, True
