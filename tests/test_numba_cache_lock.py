"""numba's cache from several processes at once: no entry ever holds another one's code.

numba saves an entry by reading the folder's index, taking the first free data-file number
and writing the index, then the data; two processes saving at once take the same number
(numba issue 4807: a segfault when the wrong machine code is loaded).  With
:func:`lightsout_edu._numba_cache.lock_cache_files` the saves of a folder take turns.
"""

from __future__ import annotations

import os
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


# -- old folders pruned: this version's and the most recently used others stay -------------------


def make_folders(cache: Path, ages: dict[str, float]) -> dict[str, Path]:
    """Cache folders ``lightsout_edu-NAME``, each last used ``ages[NAME]`` hours ago."""
    import os
    import time

    folders = {}
    for name, hours in ages.items():
        folder = cache / f"lightsout_edu-{name}"
        folder.mkdir(parents=True)
        (folder / "kernel.nbi").write_bytes(b"index")
        stamp = time.time() - 3600 * hours
        os.utime(folder, (stamp, stamp))
        folders[name] = folder
    return folders


def test_old_cache_folders_go_but_the_most_recent_and_those_in_use(tmp_path):
    from lightsout_edu import _numba_cache

    folders = make_folders(tmp_path, {"now": 0, "a": 1, "b": 2, "c": 3, "d": 4, "e": 5})
    (tmp_path / "other-library").mkdir()  # not ours: never touched
    (tmp_path / ".lightsout_edu-x.removed-99").mkdir()  # a pruner stopped midway
    removed = _numba_cache.prune_cache_folders(folders["now"], keep=2)
    assert sorted(p.name for p in removed) == [f"lightsout_edu-{n}" for n in "cde"]
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["lightsout_edu-a", "lightsout_edu-b", "lightsout_edu-now", "other-library"]
    held = _numba_cache.hold_cache_folder(folders["b"])  # a process uses it
    assert held is not None
    try:
        assert _numba_cache.prune_cache_folders(folders["now"], keep=0) == [folders["a"]]
        assert folders["b"].is_dir()
    finally:
        held.close()
    assert _numba_cache.prune_cache_folders(folders["now"], keep=0) == [folders["b"]]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lightsout_edu-now", "other-library"]
    assert (folders["now"] / "kernel.nbi").exists()


HOLDER = r"""
import sys
from pathlib import Path
from lightsout_edu import _numba_cache

held = _numba_cache.hold_cache_folder(Path(sys.argv[1]))
print("holding" if held else "none", flush=True)
sys.stdin.readline()
"""


def test_a_folder_another_process_uses_is_kept_until_it_stops(tmp_path):
    folders = make_folders(tmp_path, {"now": 0, "old": 9})
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folders["old"])],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    from lightsout_edu import _numba_cache

    try:
        assert holder.stdout.readline() == "holding\n"
        assert _numba_cache.prune_cache_folders(folders["now"], keep=0) == []
        assert folders["old"].is_dir()
    finally:
        holder.communicate("done\n", timeout=60)
    assert _numba_cache.prune_cache_folders(folders["now"], keep=0) == [folders["old"]]
    assert not folders["old"].exists()


def test_a_process_starting_while_its_folder_is_pruned_makes_it_again(tmp_path):
    """It waits for the pruner's lock, finds the folder gone, and makes it afresh."""
    import fcntl
    import threading

    from lightsout_edu import _numba_cache

    folder = make_folders(tmp_path, {"old": 9})["old"]
    pruner = open(folder / _numba_cache.IN_USE_FILE, "ab")
    fcntl.flock(pruner, fcntl.LOCK_EX)
    found = []
    starting = threading.Thread(target=lambda: found.append(_numba_cache._use(folder)))
    starting.start()
    starting.join(timeout=0.5)
    assert starting.is_alive(), "it did not wait for the pruner"
    folder.rename(tmp_path / "gone")
    pruner.close()
    starting.join(timeout=30)
    assert found == [True] and folder.is_dir()
    held = _numba_cache._HELD.pop()  # the folder made afresh, held: a pruner cannot take it
    try:
        assert held.name == str(folder / _numba_cache.IN_USE_FILE)
        assert not _numba_cache._remove_if_unused(folder)
    finally:
        held.close()


@pytest.mark.slow  # 1.6 s
def test_configure_prunes_the_user_cache(tmp_path):
    """A process using the package keeps this version's folder and the two most recent others."""
    cache = tmp_path / "numba"
    make_folders(cache, {"v1": 1, "v2": 2, "v3": 3, "v4": 4})
    code = (
        "from lightsout_edu import _numba_cache\n"
        "print(_numba_cache.configure()[1], _numba_cache.compiled_sources_digest())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp_path), "NUMBA_CACHE_DIR": ""},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    cached, digest = result.stdout.split()
    assert cached == "True"
    assert sorted(p.name for p in cache.iterdir()) == sorted(
        ["lightsout_edu-v1", "lightsout_edu-v2", f"lightsout_edu-{digest}"]
    )
