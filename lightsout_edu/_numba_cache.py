"""Where numba keeps compiled code: the user's cache directory, never the package.

numba writes its cache next to a module's source by default (``__pycache__`` inside the
installed package).  Unless ``NUMBA_CACHE_DIR`` is set already, :func:`configure` points
numba at a folder of the user's cache directory (``$XDG_CACHE_HOME/numba`` or
``~/.cache/numba``, the place numba itself falls back to) named after the compiled sources
(:func:`compiled_sources_digest`), and turns caching off when that is not writable (a
read-only home), so that the package imports everywhere.  numba checks only the file of the
cached function itself: a kernel that inlines a changed function of another module (the
dense kernel inlines :mod:`._gf2_bits` and :mod:`._gf2_lines`) would be loaded stale from
the cache; a folder per version of the sources never holds such code.

It also asks for a fork-safe threading layer for parallel numba code (TBB if installed, else
numba's workqueue), unless ``NUMBA_THREADING_LAYER`` says otherwise: numba's default on
Linux is GNU OpenMP, after which a ``fork()`` (``multiprocessing``, forking test runners)
terminates the child.  ``import lightsout_edu`` sets the variable (:mod:`._threads`), so
that it also holds for other numba libraries of the process, such as galois, whose first
parallel code would otherwise start OpenMP before ours runs; numba reads it when it next
compiles.  Threads that numba started before that keep their layer.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from types import ModuleType

from ._threads import THREADING_VARIABLE, prefer_fork_safe_threads

__all__ = ["compiled_sources_digest", "configure", "user_cache_dir"]

_PACKAGE = Path(__file__).resolve().parent


def user_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/numba``, or ``~/.cache/numba``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "numba"


def compiled_sources_digest() -> str:
    """16 hex digits of the SHA-256 of every module that numba compiles, and of this one.

    Examples
    --------
    >>> len(compiled_sources_digest())
    16
    """
    digest = hashlib.sha256()
    for path in sorted(_PACKAGE.glob("*.py")):
        text = path.read_bytes()
        if path.name == "_numba_cache.py" or b"_numba_cache import configure" in text:
            digest.update(path.name.encode() + b"\0" + text)
    return digest.hexdigest()[:16]


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
    folder = user_cache_dir() / f"lightsout_edu-{compiled_sources_digest()}"
    if not _writable(folder):
        return numba, False
    setattr(config, "CACHE_DIR", str(folder))  # noqa: B010 (numba.core.config is a module)
    return numba, True
