"""numba's cache from several processes at once: no entry ever holds another one's code.

numba saves an entry by reading the folder's index, taking the first free data-file number
and writing the index, then the data; two processes saving at once take the same number
(numba issue 4807: a segfault when the wrong machine code is loaded).  With
:func:`lightsout_edu._numba_cache.lock_cache_files` the saves of a folder take turns.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

SAVER = r"""
import sys
from lightsout_edu import _numba_cache
from numba.core.caching import IndexDataCacheFile

folder, who, locked = sys.argv[1], sys.argv[2], sys.argv[3] == "locked"
_numba_cache.lock_cache_files()
if not locked:  # numba's own methods, to show that the test can fail
    for name in ("save", "load"):
        setattr(IndexDataCacheFile, name, getattr(IndexDataCacheFile, name).__wrapped__)
cache = IndexDataCacheFile(folder, "kernel", ("stamp", 1))
print("ready", flush=True)
sys.stdin.readline()  # all savers start together
for i in range(int(sys.argv[4])):
    cache.save((who, i), f"{who}-{i}")
"""


def race(folder: Path, locked: bool, saves: int = 150) -> tuple[int, int]:
    """Three processes save ``saves`` entries each into one cache folder at once; returns
    (entries that hold another entry's data, entries lost)."""
    mode = "locked" if locked else "unlocked"
    savers = [
        subprocess.Popen(
            [sys.executable, "-c", SAVER, str(folder), who, mode, str(saves)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for who in "abc"
    ]
    assert [p.stdout.readline() for p in savers] == ["ready\n"] * 3
    for saver in savers:
        saver.stdin.write("go\n")
        saver.stdin.flush()
    assert [p.wait(timeout=120) for p in savers] == [0, 0, 0]
    from numba.core.caching import IndexDataCacheFile

    from lightsout_edu import _numba_cache

    _numba_cache.lock_cache_files()
    cache = IndexDataCacheFile(str(folder), "kernel", ("stamp", 1))
    found = {(who, i): cache.load((who, i)) for who in "abc" for i in range(saves)}
    wrong = sum(v is not None and v != f"{w}-{i}" for (w, i), v in found.items())
    return wrong, sum(v is None for v in found.values())


@pytest.mark.slow
def test_processes_saving_into_one_cache_folder_at_once_never_mix_entries(tmp_path):
    assert race(tmp_path, locked=True) == (0, 0)


@pytest.mark.slow
def test_without_the_lock_they_do(tmp_path):
    """If this fails, numba's own saves no longer race: the lock may be dropped."""
    wrong, lost = race(tmp_path, locked=False)
    assert wrong + lost > 0


def test_the_lock_is_taken_once_and_numba_still_loads_what_it_saved(tmp_path):
    from numba.core.caching import IndexDataCacheFile

    from lightsout_edu import _numba_cache

    assert _numba_cache.lock_cache_files() and _numba_cache.lock_cache_files()
    save = IndexDataCacheFile.save
    assert save.__wrapped__ is not None and not hasattr(save.__wrapped__, "__wrapped__")
    cache = IndexDataCacheFile(str(tmp_path), "kernel", ("stamp", 1))
    cache.save(("sig",), "code")
    assert cache.load(("sig",)) == "code"
    assert (tmp_path / _numba_cache.LOCK_FILE).exists()
    assert IndexDataCacheFile(str(tmp_path / "absent"), "k", ("s", 1)).load(("sig",)) is None
