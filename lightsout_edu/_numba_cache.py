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

numba's cache is not safe for several processes at once (numba issue 4807): to save a
compiled function it reads the folder's index, takes the first free data-file number, then
writes the index and the data.  Two processes that compile two signatures of one function
at once (two notebooks started together, a grader running submissions side by side) take
the same number, and the index can then point one signature at the other's machine code: a
segfault when it is loaded.  A process that loads while another renumbers a stale index can
read old code the same way.  :func:`configure` makes every save of a cache folder take a
lock file there, and every load share it (:func:`lock_cache_files`, POSIX only).
"""

from __future__ import annotations

import functools
import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from ._threads import THREADING_VARIABLE, prefer_fork_safe_threads

__all__ = ["compiled_sources_digest", "configure", "lock_cache_files", "user_cache_dir"]

#: The lock file of a cache folder (its saves hold it alone, its loads together).
LOCK_FILE = "cache.lock"

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


def _under_lock(method: Callable[..., Any], exclusive: bool) -> Callable[..., Any]:
    """``method`` of numba's ``IndexDataCacheFile``, run holding its folder's lock file."""
    import fcntl

    @functools.wraps(method)
    def locked(self: Any, *args: Any) -> Any:
        try:
            handle = open(os.path.join(self._cache_path, LOCK_FILE), "ab")
        except OSError:  # no folder yet (nothing to load) or read-only (nothing saved)
            return method(self, *args)
        with handle:  # closing it releases the lock
            fcntl.flock(handle, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
            return method(self, *args)

    return locked


def lock_cache_files() -> bool:
    """Make numba's cache saves and loads take the cache folder's lock; True if they do.

    Called by :func:`configure`; once is enough (a second call changes nothing).  Without
    ``fcntl`` (Windows) the cache stays as numba made it and this returns False.
    """
    try:
        import fcntl  # noqa: F401
    except ImportError:
        return False
    from numba.core.caching import IndexDataCacheFile

    if not hasattr(IndexDataCacheFile.save, "__wrapped__"):
        for name, exclusive in (("save", True), ("load", False)):
            method = _under_lock(getattr(IndexDataCacheFile, name), exclusive)
            setattr(IndexDataCacheFile, name, method)
    return True


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
    lock_cache_files()
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
