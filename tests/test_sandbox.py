"""The sandbox the checkers run student code in: plain data, stored keys, forbidden solvers,
the spawn fallback, guessing loops, and what a student's function may use."""

from __future__ import annotations

import json
import os
import re
import tomllib
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu import exercises as ex
from lightsout_edu._i18n import set_language
from lightsout_edu.exercises import _bubblewrap, _plain, _sandbox, _sealed

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def fresh_kernel_memory():
    _sandbox.forget_attempts()


def gauss_jordan(M):
    R = M.copy() % 2
    pivots, r = [], 0
    for c in range(R.shape[1]):
        if r == R.shape[0]:
            break
        below = np.flatnonzero(R[r:, c])
        if below.size == 0:
            continue
        p = r + below[0]
        R[[r, p]] = R[[p, r]]
        for i in np.flatnonzero(R[:, c]):
            if i != r:
                R[i] ^= R[r]
        pivots.append(c)
        r += 1
    return R, pivots


# ---------------------------------------------------------------------------------------------
# Plain data
# ---------------------------------------------------------------------------------------------

ROUND_TRIPS = [
    None,
    True,
    3,
    -(2**200),
    1.5,
    float("inf"),
    "text",
    complex(1, 2),
    [1, [2, 3]],
    (1, (2,)),
    {1, 2},
    frozenset({3}),
    {"a": [1], 2: (3,)},
    Fraction(3, 7),
    np.int64(5),
    np.True_,
    np.float32(0.5),
    np.arange(6, dtype=np.uint8).reshape(2, 3),
    np.zeros((0, 4)),
    np.array([1 + 2j]),
    np.array(["a", "bc"]),
]


@pytest.mark.parametrize("value", ROUND_TRIPS, ids=[repr(v)[:30] for v in ROUND_TRIPS])
def test_plain_data_round_trips_through_json(value):
    back = _plain.decode(json.loads(json.dumps(_plain.encode(value))))
    assert (
        type(back) is type(value) or isinstance(value, np.ndarray) and isinstance(back, np.ndarray)
    )
    if isinstance(value, np.ndarray):
        assert back.shape == value.shape and back.tolist() == value.tolist()
    else:
        assert back == value or (value != value and back != back)


def test_subclasses_are_read_through_the_built_in_type():
    class Loud(list):
        def __iter__(self):
            raise AssertionError("the subclass's own method ran")

    class Row(tuple):
        def __getitem__(self, i):
            raise AssertionError("the subclass's own method ran")

    class Text(str):
        def __str__(self):
            raise AssertionError("the subclass's own method ran")

    assert _plain.decode(_plain.encode(Loud([1, 2]))) == [1, 2]
    assert _plain.decode(_plain.encode(Row((1, 2)))) == (1, 2)
    assert _plain.decode(_plain.encode(Text("ab"))) == "ab"


def test_endless_and_huge_values_become_markers_with_a_reason():
    import itertools

    endless = _plain.decode(_plain.encode(itertools.count()))
    assert isinstance(endless, _plain.Unreadable) and "endless" in endless.reason
    huge = _plain.decode(_plain.encode(np.zeros(10, dtype=np.uint8), items=5))
    assert isinstance(huge, _plain.Unreadable) and "too big" in huge.reason
    deep: list = []
    for _ in range(60):
        deep = [deep]
    inner = _plain.decode(_plain.encode(deep))
    while isinstance(inner, list):
        inner = inner[0]
    assert isinstance(inner, _plain.Unreadable) and "nested" in inner.reason


@pytest.mark.parametrize(
    "data",
    [{"$nope": 1}, {"$array": {"shape": [2], "dtype": "<i8", "data": [1]}}, {"$scalar": ["O", 1]}],
)
def test_decoding_refuses_what_encode_never_writes(data):
    with pytest.raises(ValueError):
        _plain.decode(data)


# ---------------------------------------------------------------------------------------------
# Multiple-choice keys (not in plain text, but readable: formative only), and guessing
# ---------------------------------------------------------------------------------------------


def test_no_text_claims_the_formative_keys_cannot_be_read():
    """The keys open with data shipped in the package: no text may call them sealed."""
    root = Path(__file__).resolve().parents[1]
    texts = ["README.md", "CONTRIBUTING.md", "tools/student_repo.py", "tools/seal_choices.py"]
    texts += ["lightsout_edu/exercises/_sealed.py", "lightsout_edu/exercises/feedback.py"]
    for name in texts:
        text = (root / name).read_text(encoding="utf-8")
        assert not re.search(r"keys (are|stored) sealed|sealed (so|multiple)", text), name
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "counts for nothing" in readme and "determined student can read them" in readme


def test_the_stored_keys_agree_with_the_teacher_s_keys():
    keys = tomllib.loads((ROOT / "keys" / "multiple_choice.toml").read_text(encoding="utf-8"))
    for question, options in keys.items():
        assert _sealed.letters(question) == sorted(options)
        for letter, option in options.items():
            assert _sealed.open_letter(question, letter) == (option["right"], option["reason"])
            chinese = (option["right"], option["reason_zh"])
            assert _sealed.open_letter(question, letter, "zh") == chinese
            assert re.search(r"[\u4e00-\u9fff]", option["reason_zh"]), (question, letter)


def test_a_chinese_notebook_reads_the_chinese_reason():
    set_language("zh")
    try:
        verdict = ex.check_order_proof("a")
    finally:
        set_language(None)
        _sandbox.forget_attempts()
    assert not verdict and "步骤 (a) 是对的" in verdict.message, verdict.message


def test_the_package_holds_no_readable_key():
    package = ROOT / "lightsout_edu"
    keys = tomllib.loads((ROOT / "keys" / "multiple_choice.toml").read_text(encoding="utf-8"))
    text = "".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py"))
    text += (package / "exercises" / "choices.json").read_text(encoding="utf-8")
    for options in keys.values():
        for option in options.values():
            assert option["reason"][:40] not in text
            assert option["reason_zh"][:12] not in text


def test_a_right_letter_is_never_refused_and_guessing_is_counted_aloud():
    """Issue 42: "d" after "b" and "c" (4 s later, or under Run All) is correct, and says so."""
    first = ex.check_order_proof("a")
    assert not first and "step (a) is right" in first.message
    assert "checked so far" not in first.message  # a first try is not counted aloud
    again = ex.check_order_proof("a")  # Run All re-checks the same letter: not a new guess
    assert again.message == first.message
    second = ex.check_order_proof("b")
    assert not second and "Letters checked so far: 2 of 4 (a and b)" in second.message
    right = ex.check_order_proof("c")  # at once, straight after two others
    assert right and "You checked 3 letters of 4 (a, b first)" in right.message
    assert "which step fails" in right.message
    _sandbox.forget_attempts()
    assert ex.check_order_proof("c").message.startswith("yes")


# ---------------------------------------------------------------------------------------------
# Forbidden solvers, and what a student's function may use
# ---------------------------------------------------------------------------------------------


def test_leaving_solvers_out_does_not_leak_into_the_kernel():
    verdict = ex.check_light_chase(lambda board: lo.solve_board(board).presses)
    assert not verdict and "yourself" in verdict.message  # absent, in the runner only
    assert lo.solve_board(np.eye(2, dtype=np.uint8)).solvable


def test_the_student_s_own_helpers_go_with_the_function_checked():
    """E6.4 runs with NumPy only: the chase and the elimination are the student's own."""

    def chase(board, first_row):
        lights, presses = board.copy(), np.zeros_like(board)
        for r in range(board.shape[0]):
            row = np.asarray(first_row, np.uint8) if r == 0 else lights[r - 1].copy()
            presses[r] = row
            for c in np.flatnonzero(row):
                for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
                    if 0 <= r + dr < board.shape[0] and 0 <= c + dc < board.shape[1]:
                        lights[r + dr, c + dc] ^= 1
        return presses, lights[-1]

    def solve_gf2(C, r):
        M, pivots = np.column_stack([C, r]).astype(np.uint8), []
        for col in range(C.shape[1]):
            rows = [i for i in range(len(pivots), len(M)) if M[i, col]]
            if rows:
                M[[len(pivots), rows[0]]] = M[[rows[0], len(pivots)]]
                for i in range(len(M)):
                    if i != len(pivots) and M[i, col]:
                        M[i] ^= M[len(pivots)]
                pivots.append(col)
        if M[len(pivots) :, -1].any():
            return None
        f = np.zeros(C.shape[1], dtype=np.uint8)
        f[pivots] = M[: len(pivots), -1]
        return f

    def solve_by_chasing(board):
        rows, cols = board.shape
        leftover = chase(board, np.zeros(cols, dtype=np.uint8))[1]
        dark, units = np.zeros_like(board), np.eye(cols, dtype=np.uint8)
        C = np.column_stack([chase(dark, units[j])[1] for j in range(cols)])
        first = solve_gf2(C, leftover)
        return None if first is None else chase(board, first)[0]

    assert ex.check_light_chase(solve_by_chasing)


def test_a_helper_module_of_the_student_s_own_is_importable(tmp_path, monkeypatch):
    (tmp_path / "my_elimination.py").write_text(
        "import numpy as np\n\n" + Path(__file__).read_text(encoding="utf-8").split("\n\n\n")[2]
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    from my_elimination import gauss_jordan as imported  # noqa: PLC0415

    assert ex.check_gauss_jordan(imported)


def test_a_function_that_cannot_be_sent_says_which_global_is_the_trouble():
    import threading

    lock = threading.Lock()
    globals()["THE_LOCK"] = lock

    def uses_a_lock(M):
        with THE_LOCK:  # noqa: F821
            return gauss_jordan(M)

    verdict = ex.check_gauss_jordan(uses_a_lock)
    assert not verdict and "THE_LOCK" in verdict.message


@pytest.mark.slow
def test_a_checker_cannot_ask_for_more_time_than_it_gives(monkeypatch):
    monkeypatch.setattr(_sandbox, "TIME_SCALE", 1000.0)

    def slow(n):
        import time

        time.sleep(6)
        return 5 * n * n - 4 * n

    verdict = ex.check_ones_in_toggle_matrix(slow)
    assert not verdict and "after 5 s" in verdict.message


def test_without_fork_runners_are_new_interpreters(monkeypatch):
    monkeypatch.setenv("LIGHTSOUT_SANDBOX_START", "spawn")
    _sandbox._stop_judge()
    try:
        assert ex.check_gauss_jordan(gauss_jordan)
        cheat = ex.check_gauss_jordan(lambda M: lo.rref(M))
        assert not cheat and "are not there, so write it yourself" in cheat.message
        import os

        crash = ex.check_ones_in_toggle_matrix(lambda n: os._exit(4))
        assert not crash and "exit status 4" in crash.message
    finally:
        monkeypatch.delenv("LIGHTSOUT_SANDBOX_START")
        _sandbox._stop_judge()


@pytest.mark.skipif(_bubblewrap.unavailable() is not None, reason="bubblewrap does not run here")
def test_a_python_or_a_checkout_under_tmp_stays_visible_in_the_sandbox(tmp_path, monkeypatch):
    """The sandbox's own /tmp must not hide a virtual environment or a clone of the course
    that lives in the machine's /tmp (CI clones there)."""
    import subprocess

    (tmp_path / "venv").mkdir()
    (tmp_path / "venv" / "marker.txt").write_text("seen")
    folders = (*_bubblewrap._python_folders(), str(tmp_path / "venv"))
    monkeypatch.setattr(_bubblewrap, "_python_folders", lambda: folders)
    read = f"print(open({str(tmp_path / 'venv' / 'marker.txt')!r}).read())"
    argv = _bubblewrap.command(["-c", read], _bubblewrap.View(package=False))
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=False)
    assert done.stdout.strip() == "seen", done.stderr


@pytest.mark.skipif(_bubblewrap.unavailable() is not None, reason="bubblewrap does not run here")
def test_the_elimination_s_solvers_are_not_in_its_sandbox_at_all():
    """E3.4 runs the student's elimination where lightsout_edu's solvers, galois and sympy are
    absent: the package's rref, its undecorated original and a fresh copy all fail."""

    def fresh_copy(M):
        import importlib.util

        spec = importlib.util.spec_from_file_location("copy", lo.linalg.__file__)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module.rref(M)

    for cheat in (lambda M: lo.rref(M), lambda M: lo.rref.__wrapped__(M), fresh_copy):
        verdict = ex.check_gauss_jordan(cheat)
        assert not verdict and "are not there, so write it yourself" in verdict.message
    assert ex.check_gauss_jordan(gauss_jordan)


def test_every_write_it_yourself_checker_names_a_policy_that_exists():
    """No formative exercise relies on stand-ins a student can get round (issue 31): a policy
    leaves the package out, with bubblewrap and without it (issue 42)."""
    from lightsout_edu.exercises import _forbidden
    from lightsout_edu.exercises.feedback import REGISTRY

    named = {spec.policy for spec in REGISTRY.values()} - {None}
    assert named == _forbidden.POLICIES


# ---------------------------------------------------------------------------------------------
# The grader's channel, and the limits of the sandbox as a whole (issue 40)
# ---------------------------------------------------------------------------------------------

#: A cell that finds the runner's pipe to the judge (through gc, as the issue's attack did)
#: and writes a frame of ``{body}`` bytes to it, announced as ``{length}`` bytes.
WRITE_TO_THE_GRADER = """
import gc, struct
for _runner in gc.get_objects():
    if type(_runner).__name__ == "_Runner":
        _runner.outbox.write(struct.pack(">I", {length}) + {body!r})
        _runner.outbox.flush()
answer = 1
"""


@pytest.mark.parametrize(
    ("body", "length"),
    [
        (b"{}", 2),  # a reply without its answers (gave KeyError: 'answers', "the machine")
        (b'{"answers": [{"value": 1}, {"value": 2}]}', 41),  # more answers than asked
        (b'{"callback": "nothing", "args": []}', 35),  # a call back nobody offered
        (b"\xff\xfe", 2),  # not JSON
        (b"", 2**30),  # a frame larger than any reply
    ],
    ids=["empty", "too-many", "callback", "not-json", "oversized"],
)
def test_a_reply_the_student_s_code_wrote_is_the_submission_s_failure(body, length):
    from lightsout_edu.exercises._judge import Session
    from lightsout_edu.exercises._student_code import StudentError

    cell = WRITE_TO_THE_GRADER.format(length=length, body=body)
    session = Session.notebook([cell], ["answer"], view=_bubblewrap.View(package=False))
    try:
        with pytest.raises(StudentError, match="your code wrote to the grader's channel"):
            session.answers()
    finally:
        session.close()


def test_a_reply_of_more_lists_than_an_answer_holds_is_refused_unread():
    """64 MiB of ``[{},{},...]`` is 22 million dicts: 1.7 GB in the grader, had it been read.
    The largest honest reply, two lists an entry, is read; a body of escaped quotes is
    counted at once (a regular expression for JSON's strings took 103 s on 200 kB of them)."""
    import io

    from lightsout_edu.exercises import _frames, _judge

    def read(body: bytes, containers: int = _judge.REPLY_CONTAINERS) -> object:
        frame = io.BytesIO(len(body).to_bytes(4, "big") + body)
        return _frames.read_json(frame, _judge.REPLY_BYTES, containers)

    count = _judge.REPLY_CONTAINERS + 1
    with pytest.raises(_frames.Refused, match="lists and objects"):
        read(b"[" + b"[]," * (count - 2) + b"[]]")
    pairs = {"answers": [[k, 1] for k in range(998)]}  # 1,000 with the reply's own two
    assert read(json.dumps(pairs).encode(), 1000) == pairs
    with pytest.raises(_frames.Refused):
        read(json.dumps(pairs).encode(), 999)
    with pytest.raises(_frames.Closed):  # not JSON: refused as such, and at once
        read(b'"' + b'\\"' * 2_000_000)


def test_what_a_session_keeps_of_the_printing_is_bounded(monkeypatch):
    """Each reply may say the runner printed up to a frame's size (the student's code is the
    runner's): a session keeps :data:`PRINTED_KEPT` characters of all its calls, not each."""
    from lightsout_edu.exercises import _judge

    session = _judge.Session.notebook([], [], view=_bubblewrap.View(package=False))
    printed = "x" * 3 * 2**20
    monkeypatch.setattr(session, "_runner", lambda: SimpleNamespace(send=lambda message: None))
    monkeypatch.setattr(session, "_wait", lambda *args: {"printed": printed, "returned": 1})
    for _ in range(20):
        session.call(0, (), case="a case", seconds=1)
    assert sum(len(text) for text in session.printed) == _judge.PRINTED_KEPT


@pytest.mark.skipif(_bubblewrap.unavailable() is not None, reason="bubblewrap does not run here")
def test_posix_fork_and_ctypes_fork_stay_within_the_sandbox_s_process_count():
    """The Python guard covers ``posix.fork``; the kernel bounds ``fork(2)`` from ctypes: a
    control group's pids.max, or RLIMIT_NPROC under a host uid of the sandbox's own."""
    from lightsout_edu.exercises import _cgroup, _runner
    from lightsout_edu.exercises._judge import Session

    if _cgroup_unavailable() and _bubblewrap.host_user_unavailable() is not None:
        pytest.skip(
            "root without a control group or a host uid: nothing bounds the count "
            f"({_bubblewrap.host_user_unavailable()})"
        )
    cell = """
import posix
try:
    posix.fork()
    guarded = False
except PermissionError:
    guarded = True
"""
    cell += FORKS_THROUGH_CTYPES
    session = Session.notebook([cell], ["guarded", "forked"], view=_bubblewrap.View(package=False))
    try:
        guarded, forked = session.answers()
    finally:
        session.close()
    assert guarded
    assert 0 < forked < min(_runner.PROCESSES, _cgroup.PROCESSES)


def _cgroup_unavailable() -> bool:
    """Whether no control group can be made here (it is made and removed again)."""
    from lightsout_edu.exercises import _cgroup

    group = _cgroup.make()
    if group is not None:
        group.remove()
    return group is None or _bubblewrap.unavailable() is not None


#: A cell that forks 200 times through ctypes (past Python's guard), each child waiting:
#: ``forked`` is how many forks the kernel allowed.
FORKS_THROUGH_CTYPES = """
import ctypes
_libc = ctypes.CDLL(None, use_errno=True)
forked = 0
for _ in range(200):
    _pid = _libc.fork()
    if _pid == 0:
        _libc.pause()
    forked += _pid > 0
"""


@pytest.mark.slow  # 3.5 s
@pytest.mark.skipif(_cgroup_unavailable(), reason="no control group can be made here")
def test_the_sandbox_s_memory_is_bounded_for_all_its_processes(monkeypatch):
    """Three children of 96 MiB each, in a sandbox of 192 MiB: not all three live.

    Living children are counted, not children that said they were done: on a busy machine
    the children run one after another, and the kernel kills the largest one of the group,
    the one that is done, each time the next one needs its memory; so all three may say so
    while only one lives (seen in a full ``make test``).
    """
    from lightsout_edu.exercises import _cgroup
    from lightsout_edu.exercises._judge import Session

    monkeypatch.setattr(_cgroup, "MEMORY", 192 * 2**20)
    cell = """
import ctypes, os, select, time
_libc = ctypes.CDLL(None, use_errno=True)
_read, _write = os.pipe()
children = []
for _ in range(3):
    _pid = _libc.fork()
    if _pid == 0:
        _block = bytearray(96 * 2**20)
        for _k in range(0, len(_block), 4096):
            _block[_k] = 1
        os.write(_write, b"x")
        _libc.pause()
    children += [_pid] if _pid > 0 else []
os.close(_write)
_done = 0
while _done < 3 and select.select([_read], [], [], 3)[0]:
    _done += len(os.read(_read, 3))
_until = time.monotonic() + 2  # a child the kernel killed may take a moment to end
while True:
    alive = sum(os.waitpid(_pid, os.WNOHANG) == (0, 0) for _pid in children)
    if alive < 3 or time.monotonic() > _until:
        break
    time.sleep(0.05)
"""
    view = _bubblewrap.View(package=False)  # a group near its limit may start slowly: 60 s
    session = Session.notebook([cell], ["alive", "children"], view=view, load_seconds=60)
    try:
        alive, children = session.answers()
        assert session.child is not None and session.child.group is not None
    finally:
        session.close()
    assert len(children) == 3 and alive < 3


def _cgroup_v2_unavailable() -> str | None:
    """Why no sandbox's group is made on cgroup v2 here, or None (nothing is changed)."""
    from lightsout_edu.exercises import _cgroup, _cgroup_tree

    if _bubblewrap.unavailable() is not None:
        return "bubblewrap does not run here"
    if _cgroup_tree.v2_layout(_cgroup.CONTROLLERS) is None:
        return (
            "the kernel offers this process no cgroup v2 group with pids, memory and cpu to "
            "make groups in (cgroup v1 holds them here, or its v2 group is neither the "
            "hierarchy's root nor delegated to it: sudo systemd-run --scope -p Delegate=yes)"
        )
    return None


@pytest.mark.skipif(_cgroup_v2_unavailable() is not None, reason=f"{_cgroup_v2_unavailable()}")
def test_on_cgroup_v2_a_sandbox_s_group_is_where_the_kernel_lets_it_hand_controllers_down():
    """The group is made below a group of the grader's own that hands the controllers down
    and holds no process (not the grader's either), and bounds the sandbox's processes."""
    from lightsout_edu.exercises import _cgroup, _cgroup_tree
    from lightsout_edu.exercises._judge import Session

    view = _bubblewrap.View(package=False)
    session = Session.notebook([FORKS_THROUGH_CTYPES], ["forked"], view=view)
    try:
        (forked,) = session.answers()
        assert session.child is not None and session.child.group is not None
        (folder,) = session.child.group.folders
        held = (folder / "cgroup.procs").read_text().split()
        limits = [(folder / name).read_text().split() for name in ("pids.max", "memory.max")]
    finally:
        session.close()
    parent = folder.parent
    assert parent == _cgroup_tree.v2_parent(_cgroup.CONTROLLERS)
    assert (parent / "cgroup.procs").read_text().split() == []
    assert set(_cgroup.CONTROLLERS) <= set((parent / "cgroup.subtree_control").read_text().split())
    assert limits == [[str(_cgroup.PROCESSES)], [str(_cgroup.MEMORY)]]
    assert len(held) > forked > 0 and forked < _cgroup.PROCESSES


@pytest.mark.slow  # 4 s
def test_a_submission_s_deadline_ends_every_call_of_it():
    """Each call within its own limit, but together past the submission's: the rest fail at
    once, and the runner is gone (grading.sandboxed.SUBMISSION_SECONDS)."""
    import time

    from lightsout_edu.exercises._judge import Session
    from lightsout_edu.exercises._student_code import StudentError

    cell = "import time\ndef slow(x):\n    time.sleep(1.5)\n    return x\n"
    session = Session.notebook(
        [cell], ["slow"], view=_bubblewrap.View(package=False), deadline=time.monotonic() + 4
    )
    try:
        (slow,) = session.answers()
        said = []
        for case in range(4):
            try:
                said.append(session.call(slow.index, (case,), case=f"case {case}", seconds=5))
            except StudentError as error:
                said.append(str(error))
    finally:
        session.close()
    assert said[0] == 0
    assert "used all the time one submission may take" in said[-1]
    assert session.child is None


@pytest.mark.skipif(_cgroup_unavailable(), reason="no control group can be made here")
def test_a_sandbox_s_group_holds_its_limits_and_goes_with_it():
    """One core, PROCESSES processes, MEMORY bytes for the whole sandbox; removed after."""
    from lightsout_edu.exercises import _cgroup

    group = _cgroup.make()
    assert group is not None
    written = {
        path.name: path.read_text().split()
        for folder in group.folders
        for path in folder.iterdir()
        if path.name in ("pids.max", "memory.max", "memory.limit_in_bytes", "cpu.max")
        or path.name.startswith("cpu.cfs_")
    }
    group.remove()
    assert written["pids.max"] == [str(_cgroup.PROCESSES)]
    memory = written.get("memory.max") or written["memory.limit_in_bytes"]
    assert int(memory[0]) == _cgroup.MEMORY
    quota = written.get("cpu.max") or [*written["cpu.cfs_quota_us"], *written["cpu.cfs_period_us"]]
    assert int(quota[0]) == int(quota[1]) * _cgroup.CPUS
    assert not any(folder.exists() for folder in group.folders)


@pytest.mark.skipif(_bubblewrap.unavailable() is not None, reason="bubblewrap does not run here")
def test_the_student_s_code_holds_no_end_of_the_grader_s_channel():
    """The runner is the sandbox's pid 1 and keeps the judge's pipes; the student's code runs
    in its child, which holds none of them and cannot read pid 1's descriptors."""
    from lightsout_edu.exercises._judge import Session

    cell = """
import os, signal
held = []
for _fd in os.listdir("/proc/self/fd"):
    try:
        held.append(os.fstat(int(_fd)).st_ino)
    except OSError:
        pass
pid_1 = set()
try:
    _fds = os.listdir("/proc/1/fd")  # listed where the sandbox is root on the host
except OSError as _error:
    pid_1.add(type(_error).__name__)
    _fds = []
for _fd in _fds:
    try:
        os.close(os.open(f"/proc/1/fd/{_fd}", os.O_WRONLY))
        pid_1.add("opened")
    except OSError as _error:
        pid_1.add(type(_error).__name__)
parent = os.getppid()
"""
    session = Session.notebook(
        [cell], ["held", "pid_1", "parent"], view=_bubblewrap.View(package=False)
    )
    try:
        held, pid_1, parent = session.answers()
        child = session.child
        judge_s = {os.fstat(f.fileno()).st_ino for f in (child.inbox, child.outbox)}
    finally:
        session.close()
    assert parent == 1 and pid_1 == {"PermissionError"}
    assert held and not judge_s & set(held)
