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

A folder per version piles up, 2-4 MB each: :func:`configure` keeps this version's and the
:data:`KEEP_OTHERS` most recently used others, and removes the rest
(:func:`prune_cache_folders`).  A process holds the folder it uses (its in-use lock file,
shared, for the life of the process), and a folder is removed only when no process holds it:
the pruner takes that lock alone, without waiting, and renames the folder away before
deleting it, so a process starting meanwhile makes its folder afresh (POSIX only).
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import IO, Any

from ._threads import THREADING_VARIABLE, prefer_fork_safe_threads

__all__ = [
    "compiled_sources_digest",
    "configure",
    "hold_cache_folder",
    "lock_cache_files",
    "prune_cache_folders",
    "user_cache_dir",
]

#: The lock file of a cache folder (its saves hold it alone, its loads together).
LOCK_FILE = "cache.lock"
#: The lock file a process using a cache folder holds shared while it lives (a pruner: alone).
IN_USE_FILE = "in_use.lock"
#: The name of this package's cache folders, before the digest of the compiled sources.
FOLDER_PREFIX = "lightsout_edu-"
#: How many cache folders of other versions to keep besides this version's (most recent first).
KEEP_OTHERS = 2

_HELD: list[IO[bytes]] = []  # the in-use locks this process holds (open while it lives)

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


def hold_cache_folder(folder: Path) -> IO[bytes] | None:
    """Hold ``folder``'s in-use lock (shared); None if no lock file can be had there.

    Waits while a pruner holds it alone; if the pruner took the folder away meanwhile, the
    lock held is not the folder's any more: None, and the caller makes the folder again.
    Without ``fcntl`` (Windows) the open file alone is returned.
    """
    path = folder / IN_USE_FILE
    try:
        handle = open(path, "ab")  # noqa: SIM115 (held open while the process lives)
    except OSError:
        return None
    try:
        import fcntl

        fcntl.flock(handle, fcntl.LOCK_SH)
    except ImportError:
        return handle
    try:
        same = os.path.samestat(os.fstat(handle.fileno()), os.stat(path))
        os.utime(path)  # used now: the most recently used folders are kept
    except OSError:  # removed while this process waited
        same = False
    if not same:
        handle.close()
        return None
    return handle


def _last_used(folder: Path) -> float:
    """When a process last took ``folder`` into use (its in-use lock's time, or its own)."""
    for path in (folder / IN_USE_FILE, folder):
        try:
            return path.stat().st_mtime
        except OSError:
            continue
    return 0.0


def _remove_if_unused(folder: Path) -> bool:
    """Remove ``folder`` if no process holds it; True if removed."""
    import fcntl

    try:
        handle = open(folder / IN_USE_FILE, "ab")  # noqa: SIM115 (closed below)
    except OSError:  # gone already, or not ours to write
        return False
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # a process uses it
            return False
        doomed = folder.with_name(f".{folder.name}.removed-{os.getpid()}")
        try:
            folder.rename(doomed)  # from now on no process finds it under its name
        except OSError:
            return False
    shutil.rmtree(doomed, ignore_errors=True)
    return True


def prune_cache_folders(current: Path, keep: int = KEEP_OTHERS) -> list[Path]:
    """Remove other versions' cache folders but the ``keep`` most recently used and any in use.

    ``current`` (this version's) stays; returns the folders removed.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as cache:
    ...     for digest in ("old", "older", "now"):
    ...         (Path(cache) / f"lightsout_edu-{digest}").mkdir()
    ...     removed = prune_cache_folders(Path(cache) / "lightsout_edu-now", keep=0)
    ...     sorted(p.name for p in removed), [p.name for p in Path(cache).iterdir()]
    (['lightsout_edu-old', 'lightsout_edu-older'], ['lightsout_edu-now'])
    """
    try:
        import fcntl  # noqa: F401
    except ImportError:  # no way to tell a folder in use: keep them all
        return []
    parent = current.parent
    for leftover in parent.glob(f".{FOLDER_PREFIX}*.removed-*"):  # a pruner stopped midway
        shutil.rmtree(leftover, ignore_errors=True)
    others = [p for p in parent.glob(f"{FOLDER_PREFIX}*") if p != current and p.is_dir()]
    others.sort(key=_last_used, reverse=True)
    return [folder for folder in others[keep:] if _remove_if_unused(folder)]


def _use(folder: Path) -> bool:
    """Make ``folder`` and hold it while the process lives; False if it is not writable."""
    for _ in range(3):  # a pruner may take it away between the two steps: make it again
        if not _writable(folder):
            return False
        handle = hold_cache_folder(folder)
        if handle is not None:
            _HELD.append(handle)
            atexit.register(handle.close)  # released at exit, without a ResourceWarning
            return True
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
    if chosen:  # the user chose (NUMBA_CACHE_DIR), or an earlier call did
        return numba, _writable(Path(chosen))
    folder = user_cache_dir() / f"{FOLDER_PREFIX}{compiled_sources_digest()}"
    if not _use(folder):
        return numba, False
    prune_cache_folders(folder)
    setattr(config, "CACHE_DIR", str(folder))  # noqa: B010 (numba.core.config is a module)
    return numba, True
