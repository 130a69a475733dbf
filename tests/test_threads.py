"""Every compiled path gives the serial answers from 4 and 16 threads at once (issue 25).

numba's fork-safe threading layer without TBB is the workqueue, which aborts the whole
process (SIGABRT) when two threads launch parallel kernels at once; the package lets one
thread at a time use the worker threads and runs the others on their own thread
(:func:`lightsout_edu._threads.parallel_threads`).  The threads run in a child process,
so that an abort fails the test instead of killing the test run.  The child lets every
dense elimination ask for the worker threads (by default only matrices of more than
:data:`lightsout_edu._gf2_dense.PARALLEL_LINES` lines do, none of them here).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("numba")

CHILD = r"""
import json, sys, threading
import numpy as np
import lightsout_edu as lo
from lightsout_edu import _gf2_dense

_gf2_dense.PARALLEL_LINES = 1  # every dense elimination asks for the worker threads
rng = np.random.default_rng(25)
big = lo.PackedMatrix.from_dense((rng.random((2900, 2900)) < 0.5).astype(np.uint8))
small = (rng.random((700, 700)) < 0.5).astype(np.uint8)
small[-20:] = small[:20] ^ small[20:40]  # a kernel, and right-hand sides without a solution
b_big = rng.integers(0, 2, 2900).astype(np.uint8)
b_small = small.astype(np.int64) @ rng.integers(0, 2, 700) % 2
toggle = lo.toggle_matrix(40, 40, packed=True)  # banded: elimination by insertion
neighbors = np.ones((24, 24), np.uint8)  # 24 quiet patterns: the compiled search
chase_board = lo.random_board(1500, 1500, seed=25, solvable=True)

def as_list(value):
    if isinstance(value, lo.PackedMatrix):
        value = value.to_dense()
    return None if value is None else np.asarray(value).astype(int).ravel().tolist()

TASKS = {
    "dense rank (parallel kernel)": lambda: lo.rank(big),
    "dense solve (parallel kernel)": lambda: as_list(lo.solve(big, b_big)),
    "dense null space (parallel kernel)": lambda: as_list(lo.null_space(big)),
    "dense rank": lambda: lo.rank(small),
    "dense solve": lambda: as_list(lo.solve(small, b_small)),
    "dense null space": lambda: as_list(lo.null_space(small)),
    "packed elimination": lambda: [lo.rank(toggle), as_list(lo.null_space(toggle))],
    "fewest presses": lambda: as_list(
        lo.solve_board(neighbors, rule="neighbors").fewest_presses()
    ),
    "chase": lambda: as_list(lo.light_chase(chase_board).presses),
}
serial = {name: task() for name, task in TASKS.items()}
names = list(TASKS)
report = {}
for n_threads in (4, 16):
    results, errors = {}, []
    start = threading.Barrier(n_threads)

    def work(k):
        start.wait()
        for step in range(len(names)):
            name = names[(k + step) % len(names)]
            try:
                results[(k, name)] = TASKS[name]()
            except Exception as error:
                errors.append(f"{name}: {error!r}")

    threads = [threading.Thread(target=work, args=(k,)) for k in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wrong = sorted({name for (k, name), value in results.items() if value != serial[name]})
    report[n_threads] = {"runs": len(results), "wrong": wrong, "errors": errors}
kernel = np.array(serial["dense null space (parallel kernel)"]).reshape(-1, 2900)
x = np.array(serial["dense solve (parallel kernel)"])
dense = big.to_dense().astype(np.int64)
report["serial"] = {
    "rank + nullity": serial["dense rank (parallel kernel)"] + kernel.shape[0],
    "kernel checked": not (dense @ kernel.T % 2).any(),
    "solution checked": bool(x.size == 0 or ((dense @ x) % 2 == b_big).all()),
    "fewest": sum(serial["fewest presses"]),
}
print(json.dumps(report))
"""


@pytest.fixture(scope="module")
def report() -> dict:
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_THREADING_LAYER"}
    result = subprocess.run(
        [sys.executable, "-c", CHILD],
        capture_output=True,
        text=True,
        env={**env, "LIGHTSOUT_ENGINE": "auto"},
        timeout=600,
    )
    assert result.returncode == 0, (
        f"the threads' process died (exit {result.returncode}): {result.stderr[-2000:]}"
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.parametrize("n_threads", ["4", "16"])
def test_every_compiled_path_from_many_threads_gives_the_serial_answers(report, n_threads):
    found = report[n_threads]
    assert found["errors"] == []
    assert found["wrong"] == []
    assert found["runs"] == int(n_threads) * 9  # every thread ran every path once


@pytest.mark.slow
def test_the_serial_answers_are_the_known_ones(report):
    assert report["serial"]["fewest"] == 156  # the all-on 24x24 board, neighbours rule
    assert report["serial"]["rank + nullity"] == 2900
    assert report["serial"]["kernel checked"] and report["serial"]["solution checked"]


@pytest.mark.slow  # 2 s
def test_a_child_forked_while_a_thread_has_the_workers_may_use_them():
    """The thread holding the worker threads is not copied by fork(): the child's lock is free."""
    code = (
        "import os, numpy as np, lightsout_edu as lo\n"
        "from lightsout_edu import _gf2_dense\n"
        "from lightsout_edu._threads import parallel_threads\n"
        "_gf2_dense.PARALLEL_LINES = 1\n"
        "A = np.random.default_rng(1).integers(0, 2, (2900, 2900), dtype=np.uint8)\n"
        "expected = lo.rank(A)\n"
        "with parallel_threads() as mine:\n"
        "    pid = os.fork()\n"
        "    if pid == 0:\n"
        "        with parallel_threads() as child:\n"
        "            ok = child\n"
        "        os._exit(0 if ok and lo.rank(A) == expected else 3)\n"
        "    _, status = os.waitpid(pid, 0)\n"
        "print(mine, os.waitstatus_to_exitcode(status))\n"
    )
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_THREADING_LAYER"}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "0"]


def test_galois_waits_for_the_worker_threads_another_thread_holds(monkeypatch):
    """galois' parallel kernels cannot run on one thread: cross_check's galois part waits."""
    import threading

    from lightsout_edu import _threads, crosscheck

    if _threads._layer_is_thread_safe():
        pytest.skip("a thread-safe threading layer (TBB, OpenMP): nobody waits")
    ran = threading.Event()
    monkeypatch.setattr(crosscheck, "_galois_alone", lambda A, b, k: ran.set())  # galois' calls
    worker = threading.Thread(target=crosscheck._galois, args=(None, None, 2))
    with _threads.parallel_threads() as mine:
        assert mine
        worker.start()
        assert not ran.wait(1.0), "galois ran while another thread had the workers"
    worker.join(timeout=60)
    assert ran.is_set()
