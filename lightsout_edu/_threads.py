"""Threads for numba's parallel kernels: fork-safe, and safe to call from many threads.

:func:`prefer_fork_safe_threads` runs at ``import lightsout_edu`` and costs nothing (``os``
only); the reasons for the fork-safe layer are in :mod:`lightsout_edu._numba_cache`.  That
layer is TBB where TBB is installed and numba's own *workqueue* otherwise, and the
workqueue is not thread-safe: two threads inside parallel kernels at once abort the whole
process.  So every parallel kernel runs inside :func:`parallel_threads`, which lets one
Python thread at a time use the worker threads when the layer is not thread-safe; the
other threads run the same kernel on one thread meanwhile (the same answer, never a wait
and never an abort).  With TBB or OpenMP every thread may use them.  Other libraries'
parallel kernels (galois' matrix product) cannot be asked to run on one thread: they run
inside :func:`all_worker_threads`, which waits for the worker threads instead.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = [
    "THREADING_VARIABLE",
    "all_worker_threads",
    "parallel_threads",
    "prefer_fork_safe_threads",
]

THREADING_VARIABLE = "NUMBA_THREADING_LAYER"

#: numba's threading layers that many threads may launch parallel kernels on at once.
THREAD_SAFE_LAYERS = frozenset({"tbb", "omp"})

_LOCK = threading.Lock()


def prefer_fork_safe_threads() -> None:
    """Ask numba for a fork-safe threading layer, unless the user chose one."""
    os.environ.setdefault(THREADING_VARIABLE, "forksafe")


def _layer_is_thread_safe() -> bool:
    """Whether numba's threading layer, once started, is thread-safe (False before)."""
    import numba  # only the compiled back ends call this, after importing numba

    try:
        return bool(numba.threading_layer() in THREAD_SAFE_LAYERS)  # type: ignore[attr-defined]
    except ValueError:  # no parallel kernel has run yet: the layer is not chosen
        return False


@contextmanager
def parallel_threads() -> Iterator[bool]:
    """Whether the calling thread may run a parallel kernel now (True) or must use one thread.

    Examples
    --------
    >>> with parallel_threads() as parallel:
    ...     print(parallel)  # the only thread here: it may
    True
    """
    if _layer_is_thread_safe():
        yield True
        return
    if not _LOCK.acquire(blocking=False):
        yield False  # another thread has the worker threads: run on this one
        return
    try:
        yield True
    finally:
        _LOCK.release()


@contextmanager
def all_worker_threads() -> Iterator[None]:
    """Hold the worker threads while the block runs, waiting for them if another thread has them.

    For parallel kernels that always use the worker threads (galois'), so that they never
    run beside one of ours on a layer that is not thread-safe.

    Examples
    --------
    >>> with all_worker_threads():
    ...     print("galois' parallel kernels may run here")
    galois' parallel kernels may run here
    """
    try:
        shared = _layer_is_thread_safe()
    except ImportError:  # no numba: no parallel kernel anywhere in the process
        shared = True
    if shared:
        yield
        return
    lock = _LOCK  # the one released after the block, even if a fork renews _LOCK meanwhile
    with lock:
        yield


def _new_lock_in_child() -> None:
    """A forked child starts with the lock free (the thread holding it is not copied)."""
    global _LOCK
    _LOCK = threading.Lock()


os.register_at_fork(after_in_child=_new_lock_in_child)
