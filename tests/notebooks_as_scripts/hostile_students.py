"""Hostile student answers for every checker that runs a student's function.

This file is the code of the notebook (never imported: its cells run in a kernel) that
``tests/test_hostile_students.py`` runs in a real Jupyter kernel (nbclient), as a student
would: each answer below is defined in the notebook, so it is pickled by value like a student's
own function. Each section is one notebook cell (split at the ``# %%`` markers). The last cell
prints one JSON line per check.
"""

# %%
import ctypes
import itertools
import json
import os
import signal
import sys
import threading
import time

import numpy as np

import lightsout_edu
import lightsout_edu as lo
from lightsout_edu import exercises as ex
from lightsout_edu.exercises import _sandbox

_sandbox.TIME_SCALE = 0.03  # every time limit 33 times shorter: loops are stopped quickly
RESULTS = []
THREADS_BEFORE = threading.active_count()


def record(label, checker, *answers):
    _sandbox.forget_attempts()
    started = time.monotonic()
    verdict = checker(*answers)
    RESULTS.append(
        {
            "label": label,
            "checker": checker.__name__,
            "correct": bool(verdict),
            "message": verdict.message,
            "seconds": time.monotonic() - started,
        }
    )


# %%
# Functions that misbehave, whatever they are given.


def bare_except_loop(*args):
    while True:
        try:
            while True:
                pass
        except:  # noqa: E722  (the point: it swallows a time-out raised inside it)
            pass


def base_exception_loop(*args):
    while True:
        try:
            time.sleep(10)
        except BaseException:
            continue


def timer_off_then_loop(*args):
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    while True:
        pass


def busy_thread_left_behind(*args):
    threading.Thread(target=lambda: [None for _ in iter(int, 1)], daemon=True).start()
    return None


def exits_hard(*args):
    os._exit(0)


def exits_politely(*args):
    sys.exit(3)


def interrupts(*args):
    raise KeyboardInterrupt


def segfaults(*args):
    ctypes.string_at(0)


def recursion_bomb(*args):
    return recursion_bomb(*args)


def deep_recursion_bomb(*args):
    sys.setrecursionlimit(10**7)
    return deep_recursion_bomb(*args)


def allocates_ten_gigabytes(*args):
    return np.ones(10 * 2**30, dtype=np.uint8)


def prints_instead_of_returning(*args):
    print("the answer is 42")


def forks(*args):
    os.fork()
    return None


def forks_with_ctypes(*args):
    ctypes.CDLL(None).fork()
    while True:
        pass


def returns_a_generator(*args):
    return (x for x in [1, 0, 1])


def returns_endless(*args):
    return itertools.count()


class AlwaysEqual:
    def __eq__(self, other):
        return True

    def __bool__(self):
        return True


def returns_always_equal(*args):
    return AlwaysEqual()


class LoopingList(list):
    def tolist(self):
        while True:
            pass

    def __repr__(self):
        while True:
            pass

    def __iter__(self):
        while True:
            pass


def returns_looping_list(*args):
    return LoopingList([1, 0])


class LoopingTuple(tuple):
    def __getitem__(self, index):
        while True:
            pass

    def __len__(self):
        while True:
            pass


def returns_looping_tuple(*args):
    return LoopingTuple((np.zeros((2, 2)), [0]))


class LoopingArray(np.ndarray):
    def tolist(self):
        while True:
            pass

    def __eq__(self, other):
        return np.ones(np.shape(other), dtype=bool)


def returns_looping_array(*args):
    return np.zeros(3, dtype=np.uint8).view(LoopingArray)


class LoopingObject:
    def __repr__(self):
        while True:
            pass

    def __getattr__(self, name):
        while True:
            pass


def returns_looping_object(*args):
    return LoopingObject()


class SlowMessage(Exception):
    def __str__(self):
        while True:
            pass


def raises_slow_message(*args):
    raise SlowMessage


def patches_the_package(*args):
    lightsout_edu.packed.rref = lambda M: (np.asarray(M), ())
    lightsout_edu.linalg.rref = lambda M, **k: (np.asarray(M), ())
    np.array_equal = lambda *a, **k: True
    ex.lecture8._PLANTED.clear()
    return args[0] if args else None


def calls_another_checker(*args):
    return ex.check_nullity_9x14(5)


MISBEHAVING = [
    bare_except_loop,
    base_exception_loop,
    timer_off_then_loop,
    busy_thread_left_behind,
    exits_hard,
    exits_politely,
    interrupts,
    segfaults,
    recursion_bomb,
    deep_recursion_bomb,
    allocates_ten_gigabytes,
    prints_instead_of_returning,
    forks,
    forks_with_ctypes,
    returns_a_generator,
    returns_endless,
    returns_always_equal,
    returns_looping_list,
    returns_looping_tuple,
    returns_looping_array,
    returns_looping_object,
    raises_slow_message,
    patches_the_package,
    calls_another_checker,
]
#: Every checker that takes a student's function, and how many functions it takes.
FUNCTION_CHECKERS = [
    ex.check_order_does_not_matter,
    ex.check_press_function,
    ex.check_ones_in_toggle_matrix,
    ex.check_gf2_tables,
    ex.check_self_orthogonal_count,
    ex.check_gauss_jordan,
    ex.check_fewest_presses,
    ex.check_light_chase,
    ex.check_is_solution,
    ex.check_my_test,
]

# %%
for student in MISBEHAVING:
    for checker in FUNCTION_CHECKERS:
        answers = (student, student) if checker is ex.check_gf2_tables else (student,)
        record(student.__name__, checker, *answers)

# %%
# Each solver that a write-it-yourself exercise switches off (full time limits: importing
# galois in the runner takes a second).
_sandbox.TIME_SCALE = 1.0
FORBIDDEN = [
    ("rref", ex.check_gauss_jordan, lambda M: lo.rref(M)),
    ("rref itself", ex.check_gauss_jordan, lo.rref),
    ("eliminate", ex.check_gauss_jordan, lambda M: (lo.eliminate(M).rref, lo.eliminate(M).pivots)),
    ("packed engine", ex.check_gauss_jordan, lambda M: lightsout_edu.packed.rref(M)),
    ("planted bug copy", ex.check_gauss_jordan, lambda M: ex.lecture8._gauss_jordan(M)),
    ("galois", ex.check_gauss_jordan, lambda M: (__import__("galois").GF(2)(M).row_reduce(), [])),
    ("sympy", ex.check_gauss_jordan, lambda M: (__import__("sympy").Matrix(M).rref()[0], [])),
    (
        "sympy linsolve",
        ex.check_gauss_jordan,
        lambda M: __import__("sympy").linsolve(__import__("sympy").Matrix(M)),
    ),
    ("fewest", ex.check_fewest_presses, lambda p, k: lo.minimum_weight_solutions(p, k)[0]),
    ("solve_board", ex.check_light_chase, lambda b: lo.solve_board(b).presses),
    (
        "solve the whole board",
        ex.check_light_chase,
        lambda b: lo.solve(lo.toggle_matrix(*b.shape), b.ravel()),
    ),
    ("light_chase", ex.check_light_chase, lambda b: lo.light_chase(b).presses),
    (
        "press",
        ex.check_press_function,
        lambda board, r, c, s: lo.press(board, np.eye(*board.shape, k=0, dtype=np.uint8), rule=s),
    ),
    ("toggle matrix", ex.check_ones_in_toggle_matrix, lambda n: int(lo.toggle_matrix(n, n).sum())),
]
for label, checker, student in FORBIDDEN:
    record("forbidden " + label, checker, student)
_sandbox.TIME_SCALE = 0.03

# %%
# The truth and the comparison cannot be patched from the kernel, before a check ...
real_equal = np.array_equal
np.array_equal = lambda *a, **k: True
lightsout_edu.packed.rref = lambda M: (np.asarray(M), ())
ex.lecture8._PLANTED.clear()
record(
    "patched kernel: zero toggle matrix", ex.check_toggle_matrix_2x3, np.zeros((6, 6), dtype=int)
)
record("patched kernel: zero chase", ex.check_chase_by_hand, np.zeros((4, 4), dtype=int))
record("patched kernel: identity gauss_jordan", ex.check_gauss_jordan, lambda M: (M % 2, []))
record("patched kernel: weak test", ex.check_my_test, lambda rref: True)
record("patched kernel: counterexample", ex.check_counterexample, np.eye(2, dtype=int))
np.array_equal = real_equal
# ... or during one: the next check is as strict as ever.
record("patched in the runner", ex.check_gauss_jordan, patches_the_package)
record("after a patch in the runner", ex.check_gauss_jordan, lambda M: (M % 2, []))
record("after a patch in the runner: weak test", ex.check_my_test, lambda rref: True)

# %%
# The kernel is alive, and the checks left no thread here, nor a runner under the judge.
judge = _sandbox._judge[0].process.pid
children = [
    child
    for task in os.listdir(f"/proc/{judge}/task")
    for child in open(f"/proc/{judge}/task/{task}/children").read().split()
]


def threads_of(pid: int) -> int:
    status = open(f"/proc/{pid}/status").read()
    return int(status.split("Threads:")[1].split()[0])


# the last check's reader thread ends as its runner's pipe closes: on a busy machine that can
# take a moment, so the count is read once they have had a few seconds to end (a thread left
# behind by every check would be hundreds)
deadline = time.monotonic() + 10
while threads_of(judge) > 2 and time.monotonic() < deadline:
    time.sleep(0.05)
judge_threads = threads_of(judge)
summary = {"threads_before": THREADS_BEFORE, "threads_after": threading.active_count()}
summary.update({"judge_children": children, "judge_threads": judge_threads})
print(json.dumps(summary))
for result in RESULTS:
    print(json.dumps(result))
