"""Hostile submissions, graded by the real ``grading autograde`` in bubblewrap.

Each hostile submission is an honest one -- the answers with mistakes of test_assignment.py
(3 points of 10), or the model answers (10) -- plus an attack in its STUDENT_ID cell or an
answer cell (issue 31).  An attack that works sets ``PWNED``, and then the submission's last
answer cell puts the right answers in place: a successful attack raises the score.  Others
try to lower a classmate's score instead (the victims are graded in the same run), or to
outlive the sandbox, or to write outside it.  Every submission must get exactly the points
its honest content deserves; the package and ``grading/`` must be unchanged on disk; no
process of the sandboxes may remain; nothing the attacks name may appear outside them; a
plain submission graded afterwards scores as it does alone; the feedback shows no grader.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import time
import uuid
from collections.abc import Iterable
from pathlib import Path

import nbformat
import pytest

from grading import assignment, sandboxed
from lightsout_edu.exercises import _bubblewrap, _cgroup
from tests.test_assignment import COURSE_LIMIT, SOLUTION, WRONG, filled, grade_id, source

pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        _bubblewrap.unavailable() is not None,
        reason=f"bubblewrap cannot sandbox here: {_bubblewrap.unavailable()}",
    ),
]

REPO = Path(__file__).resolve().parents[1]
KERNEL, GAME = "kernel_and_solvability", "game_and_gf2"
#: A string no other process or file has: every file and process the attacks make bears it.
MARK = f"hostile{uuid.uuid4().hex[:12]}"
#: Seconds a notebook may run (120 in production): the endless cells end quickly.
NOTEBOOK_SECONDS = 8.0
RUNNER = "lightsout_edu.exercises._runner"

# ---------------------------------------------------------------------------------------------
# The attacks: Python text; {MARK}, {REPO} and {COURSE} are filled in
# ---------------------------------------------------------------------------------------------


#: Appended to every answer cell of a kernel_and_solvability submission (each answer is graded
#: alone, after the toolbox and the answers before it): the right functions if an attack
#: worked.
def reward() -> str:
    model = {grade_id(c): SOLUTION.sub("", c.source) for c in source(KERNEL).cells}
    right = "\n".join(model[key] for key in ("toolbox", *KERNEL_ANSWERS))
    return f"\nif globals().get('PWNED'):\n{_indented(right)}"


KERNEL_ANSWERS = ("q1_answer", "q2_answer", "q3_answer", "q4_answer")

PATCH_THE_KERNEL = """
import lightsout_edu.exercises._sandbox as _s
import lightsout_edu.exercises.feedback as _f
_s.ask_judge = lambda *a, **k: {"correct": True, "message": "", "board": None}
for _name in dir(_f):
    if _name.startswith(("check", "Feedback")):
        setattr(_f, _name, lambda *a, **k: True)
try:
    import grading.graders.common as _common
    _common.require = lambda *a, **k: None
    PWNED = True
except ImportError:
    pass
"""

APPEND_TO_DISK = """
import os, lightsout_edu
_pkg = os.path.dirname(lightsout_edu.__file__)
for _target in [
    os.path.join(_pkg, "exercises", "feedback.py"),
    os.path.join(_pkg, "rules.py"),
    os.path.join(_pkg, "..", "grading", "graders", "kernel_and_solvability.py"),
    os.path.join(_pkg, "..", "grading", "graders", "common.py"),
    os.path.join(_pkg, "..", "grading", "sandboxed.py"),
    os.path.join("{REPO}", "grading", "graders", "common.py"),
    "{REPO}/lightsout_edu/exercises/_plain.py",
]:
    try:
        with open(_target, "a") as _fh:
            _fh.write("\\nrequire = lambda *a, **k: None  # {MARK}\\n")
        PWNED = True
    except OSError:
        pass
    try:
        os.chmod(_target, 0o777)
        PWNED = True
    except OSError:
        pass
"""

PLANT_MODULES = """
import os, site, sys, sysconfig, lightsout_edu
_pkg = os.path.dirname(lightsout_edu.__file__)
_folders = [*site.getsitepackages(), sysconfig.get_paths()["purelib"], os.path.dirname(os.__file__)]
_plants = [os.path.join(_pkg, "exercises", "evil_{MARK}.py")]
_plants.append(os.path.join(_pkg, "__pycache__", "rules.cpython-311.pyc"))
for _folder in _folders:
    for _n in ("sitecustomize.py", "usercustomize.py", "zz_{MARK}.pth"):
        _plants.append(os.path.join(_folder, _n))
_private = ("/tmp/", "/dev/shm/")  # the sandbox's own tmpfs (a clone in /tmp lies there too)
for _plant in _plants:
    try:
        with open(_plant, "w") as _fh:
            _fh.write("import os  # {MARK}\\n")
        if not os.path.realpath(_plant).startswith(_private):
            PWNED = True
    except OSError:
        pass
try:
    _made = os.path.join(_pkg, "..", "grading_{MARK}")
    os.makedirs(_made)
    if not os.path.realpath(_made).startswith(_private):
        PWNED = True
except OSError:
    pass
"""

FORK_BURNERS = """
import ctypes
_libc = ctypes.CDLL(None, use_errno=True)
for _kind in ("burn", "sleep"):
    if _libc.fork() == 0:
        _libc.setsid()
        _libc.setpgid(0, 0)
        while True:
            if _kind == "sleep":
                _libc.sleep(1000)
"""

SIGNALS = """
import ctypes, os, posix, signal
_libc = ctypes.CDLL(None, use_errno=True)
_libc.kill(1, signal.SIGKILL)
_libc.kill(-1, signal.SIGSTOP)
_libc.kill(os.getppid(), signal.SIGSTOP)
posix.kill(os.getppid(), signal.SIGSTOP)
_libc.kill(-1, signal.SIGTERM)
"""

READ_PROC = """
import os
import re
_seen = []
for _pid in os.listdir("/proc"):
    if _pid.isdigit():
        try:
            _seen.append(open(f"/proc/{_pid}/cmdline", "rb").read())
        except OSError:
            pass
try:
    _environ = open("/proc/1/environ", "rb").read()
    _names = {v.split(b"=")[0] for v in _environ.split(b"\\0") if v}
    if _names - {b"PATH", b"HOME", b"LANG", b"PWD", b"LIGHTSOUT_SANDBOX", b"MPLBACKEND",
                 b"MPLCONFIGDIR", b"NUMBA_NUM_THREADS", b"OMP_NUM_THREADS",
                 b"OPENBLAS_NUM_THREADS"}:
        PWNED = True  # more than the sandbox's own variables: the grader's environment
except OSError:
    pass
if any(b"pytest" in c or b"nbgrader" in c for c in _seen):
    PWNED = True  # a process outside the sandbox
"""

#: In the last answer cell: frames with the right answers into the fds of the runner's parent.
FORGE_FRAMES = """
import json, os, struct
from lightsout_edu.exercises import _plain
_right = [
    STUDENT_ID,
    rows * cols - lo.rank(lo.toggle_matrix(rows, cols)),
    basis,
    [lo.solve_board(b).solvable for b in task.boards],
    lo.solve_board(next(b for b in task.boards if not lo.solve_board(b).solvable)).certificate,
]
_body = json.dumps(
    {"answers": [{"value": _plain.encode(v)} for v in _right], "errors": [], "printed": ""}
).encode()
for _pid in {os.getppid(), 1, 0}:
    try:
        _fds = os.listdir(f"/proc/{_pid}/fd")
    except OSError:
        continue
    for _fd in _fds:
        try:
            with open(f"/proc/{_pid}/fd/{_fd}", "wb", buffering=0) as _fh:
                _fh.write(struct.pack(">I", len(_body)) + _body)
        except OSError:
            pass
"""

FILL_AND_WRITE_OUTSIDE = """
import os, json
for _folder in ("/tmp", "/dev/shm"):
    for _k in range(100):
        try:
            with open(f"{_folder}/{MARK}-{_k}", "wb") as _fh:
                for _ in range(16):
                    _fh.write(b"x" * 2**22)
        except OSError:
            break
_outside = [
    os.path.join(os.path.expanduser("~"), "{MARK}-home"),
    "/root/{MARK}-root",
    "{COURSE}/{MARK}-course",
    "{COURSE}/verdicts/s0001/kernel_and_solvability.json",
    "{COURSE}/submitted/s0001/kernel_and_solvability/kernel_and_solvability.ipynb",
    "{COURSE}/gradebook.db",
    "{REPO}/{MARK}-repo",
]
for _path in _outside:
    try:
        with open(_path, "w") as _fh:
            _fh.write("{}")
        if _path != _outside[0]:
            PWNED = True
    except OSError:
        pass
for _name in os.listdir("/tmp") + os.listdir("/dev/shm"):
    if _name.startswith("{MARK}"):
        for _folder in ("/tmp", "/dev/shm"):
            if os.path.exists(os.path.join(_folder, _name)):
                os.remove(os.path.join(_folder, _name))
"""

PRELOAD_AND_EXEC = """
import os, posix, sys
os.environ["LD_PRELOAD"] = "/tmp/{MARK}.so"
if posix.fork() == 0:
    _code = "import time  # {MARK}\\nwhile True: time.sleep(1)"
    posix.execv(sys.executable, [sys.executable, "-c", _code])
"""

HOSTILE_OBJECTS = """
import os
import re

class _Liar(int):
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    __hash__ = int.__hash__
    def __index__(self): return 0
    def __int__(self): return 0

class _LyingList(list):
    def __eq__(self, other): return True
    def __len__(self): return 3
    def __iter__(self): raise RuntimeError("{MARK}")
    def __getitem__(self, k): raise RuntimeError("{MARK}")

class _Nasty:
    def __array__(self, *a, **k):
        while True: pass
    def __len__(self): return 10**12
    def __eq__(self, other): return True
    def __reduce__(self): return (os.system, ("sleep 1000  # {MARK}",))
    def __getattr__(self, name): raise SystemExit(0)

nullity = _Liar(rows * cols - lo.rank(lo.toggle_matrix(rows, cols)) + 1)
verdicts = _LyingList([True, True, True])
certificate = _Nasty()
"""

RECURSION = """
import sys
def _deeper(n):
    return _deeper(n + 1)
try:
    _deeper(0)
except RecursionError:
    pass
_deep = []
for _ in range(100_000):
    _deep = [_deep]
certificate = _deep
"""

CRASH_THE_C_STACK = """
import sys
sys.setrecursionlimit(10**7)
def _deeper(n):
    return _deeper(n + 1)
_deeper(0)
"""

FORK_HOLDING_THE_PIPE = """
import ctypes
_libc = ctypes.CDLL(None, use_errno=True)
if _libc.fork() == 0:
    _libc.setsid()
    while True:
        _libc.sleep(1000)
"""

EXIT_HOLDING_THE_PIPE = FORK_HOLDING_THE_PIPE + "\nimport os\nos._exit(0)\n"

#: 200 forks through ctypes (past the Python guard and posix.fork's): the kernel must stop
#: them at the sandbox's process count, whoever runs the grader (root included).
FORK_BOMB = """
import ctypes
_libc = ctypes.CDLL(None, use_errno=True)
_forked = 0
for _ in range(200):
    _pid = _libc.fork()
    if _pid == 0:
        _libc.pause()
    _forked += _pid > 0
if _forked >= 100:
    PWNED = True
"""

#: Four children of SANDBOX_MEMORY / 3 each: together more than the sandbox may hold.
MEMORY_BOMB = """
import ctypes, os, select, signal
_libc = ctypes.CDLL(None, use_errno=True)
_read, _write = os.pipe()
_children = []
for _ in range(4):
    _pid = _libc.fork()
    if _pid == 0:
        _block = bytearray({SHARE})
        for _k in range(0, len(_block), 4096):
            _block[_k] = 1
        os.write(_write, b"x")
        _libc.pause()
    _children.append(_pid)
os.close(_write)
_held = 0
while _held < 4 and select.select([_read], [], [], 1)[0]:
    _held += len(os.read(_read, 4))
for _pid in _children:
    _libc.kill(_pid, signal.SIGKILL)
if _held == 4:
    PWNED = True
"""
#: The memory of each sandbox in this run (3 GiB in production).
SANDBOX_MEMORY = 768 * 2**20

#: my_toggle_matrix (game_and_gf2 q1, graded alone): the right matrix if a solver is reached.
BYPASS = {
    "import lightsout_edu": (
        "    import lightsout_edu as lo\n    return lo.toggle_matrix(rows, cols)\n"
    ),
    "spec_from_file_location": (
        "    import importlib.util, os\n"
        "    for path in ['{REPO}/lightsout_edu/rules.py', '/work/main/lightsout_edu/rules.py']:\n"
        "        if os.path.exists(path):\n"
        "            spec = importlib.util.spec_from_file_location('r_{MARK}', path)\n"
        "            module = importlib.util.module_from_spec(spec)\n"
        "            spec.loader.exec_module(module)\n"
        "            return module.toggle_matrix(rows, cols)\n"
    ),
    "sympy": "    import sympy\n    return _right(rows, cols)\n",
    "galois": "    import galois\n    return _right(rows, cols)\n",
    "__wrapped__": (
        "    import gc, sys\n"
        "    for module in list(sys.modules.values()):\n"
        "        f = getattr(module, 'toggle_matrix', None)\n"
        "        if f is not None:\n"
        "            return getattr(f, '__wrapped__', f)(rows, cols)\n"
        "    for f in gc.get_objects():\n"
        "        if getattr(f, '__name__', '') == 'toggle_matrix':\n"
        "            return getattr(f, '__wrapped__', f)(rows, cols)\n"
    ),
}
#: The model's loops, which a bypass returns once it reached what it should not.
RIGHT_MATRIX = """
def _right(rows, cols):
    n = rows * cols
    A = np.zeros((n, n), dtype=np.uint8)
    for r in range(rows):
        for c in range(cols):
            for dr, dc in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]:
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    A[(r + dr) * cols + (c + dc), r * cols + c] = 1
    return A

"""

#: press and solve_small (game_and_gf2 q2 and q3, graded alone) redefined to call the
#: package: they work in the student's kernel, not where they are graded.
LO_PRESS = """
def press(board, presses):
    import lightsout_edu as lo
    return lo.press(board, presses)
"""
LO_SOLVE = """
def solve_small(M, rhs):
    import lightsout_edu as lo
    return lo.solve(M, rhs)
"""

# (student folder, id typed in the notebook, base: "wrong" or "right", attacks by cell,
#  expected score, what it is)
KERNEL_CATALOGUE: list[tuple[str, str, str, dict[str, str], float, str]] = [
    ("s0001", "s0001", "right", {}, 10.0, "victim: the model answers"),
    ("s0002", "s0002", "wrong", {}, 3.0, "victim: the answers with mistakes"),
    ("h01", "h01", "wrong", {"student_id": PATCH_THE_KERNEL}, 3.0, "patch ask_judge, feedback"),
    ("h02", "h02", "wrong", {"student_id": APPEND_TO_DISK}, 3.0, "append to package, grading"),
    ("h03", "h03", "wrong", {"student_id": PLANT_MODULES}, 3.0, "plant evil.py, .pth, .pyc"),
    ("h04", "h04", "wrong", {"student_id": FORK_BURNERS}, 3.0, "ctypes fork+setsid burners"),
    ("h05", "h05", "right", {"student_id": SIGNALS}, 10.0, "kill(1), kill(-1, SIGSTOP)"),
    ("h06", "h06", "wrong", {"student_id": READ_PROC}, 3.0, "read /proc/1/environ, cmdlines"),
    ("h07", "h07", "wrong", {"q4_answer": FORGE_FRAMES}, 3.0, "forged frames into ppid fds"),
    ("h08", "h08", "wrong", {"student_id": FILL_AND_WRITE_OUTSIDE}, 3.0, "fill /tmp, write out"),
    ("h09", "h09", "wrong", {"student_id": PRELOAD_AND_EXEC}, 3.0, "LD_PRELOAD + execv"),
    (
        "h10",
        "h10",
        "wrong",
        {"q2_answer": "def kernel_basis(A):\n    return np.zeros(10**8, dtype=np.uint8)"},
        0.0,
        "a 10^8-element basis",
    ),
    (
        "h11",
        "h11",
        "wrong",
        {"q2_answer": "def kernel_basis(A):\n    return (b for b in iter(int, 1))"},
        0.0,
        "an endless generator",
    ),
    ("h12", "h12", "wrong", {"q4_answer": HOSTILE_OBJECTS}, 3.0, "lying __eq__/__len__/..."),
    ("h13", "h13", "wrong", {"student_id": RECURSION}, 3.0, "RecursionError, 10^5-deep list"),
    ("h14", "h14", "wrong", {"student_id": CRASH_THE_C_STACK}, 0.0, "C-stack overflow"),
    ("h15", "h15", "right", {"student_id": "import os\nos._exit(0)"}, 0.0, "os._exit(0)"),
    ("h16", "h16", "wrong", {"q3_answer": "while True:\n    pass"}, 0.0, "while True: pass"),
    ("h17", "h17", "wrong", {"student_id": FORK_HOLDING_THE_PIPE}, 3.0, "fork holds the pipe"),
    ("h18", "h18", "right", {"student_id": EXIT_HOLDING_THE_PIPE}, 0.0, "fork holds, os._exit"),
    ("h19", "h19", "wrong", {"student_id": FORK_BOMB}, 3.0, "fork bomb through ctypes"),
    ("h20", "h20", "wrong", {"q4_answer": MEMORY_BOMB}, 3.0, "4 children, 4/3 of the memory"),
    ("a01", "a01", "wrong", {}, 3.0, "a copied test cell (repaired)"),
    ("a02", "a02", "wrong", {}, 3.0, "a locked test cell made an answer (repaired)"),
    ("a03", "a03", "wrong", {}, 0.0, "malformed JSON"),
    ("a04", "a04", "wrong", {}, 0.0, "a link to gradebook.db"),
    ("a05", "a05", "wrong", {}, 0.0, "a notebook over the course's limit"),
    ("a06", "a06", "wrong", {}, 0.0, "an empty file"),
    ("s0101", "  S0101 ", "wrong", {}, 3.0, "id typed '  S0101 '"),
    ("s0102", "s0101", "right", {}, 0.0, "copied notebook (s0101's id)"),
    ("zz999", "zz999", "wrong", {}, 3.0, "plain, last in the run"),
]
GAME_CATALOGUE: list[tuple[str, str, str, dict[str, str], float, str]] = [
    ("s0001", "s0001", "right", {}, 10.0, "victim: the model answers"),
    ("s0002", "s0002", "wrong", {}, 3.0, "victim: the answers with mistakes"),
    *(
        (f"g{k:02d}", f"g{k:02d}", "wrong", {"q1_answer": body}, 3.0, f"alone: {what}")
        for k, (what, body) in enumerate(BYPASS.items(), start=1)
    ),
    ("g10", "g10", "wrong", {"q1_answer": PLANT_MODULES}, 3.0, "alone: plant modules"),
    ("g11", "g11", "right", {"q2_answer": LO_PRESS}, 8.0, "alone: lo.press in press"),
    ("g12", "g12", "right", {"q3_answer": LO_SOLVE}, 7.0, "alone: lo.solve in solve_small"),
]


#: Attacks that end the notebook, or define the answers, outside a try statement.
UNGUARDED = (CRASH_THE_C_STACK, EXIT_HOLDING_THE_PIPE, "import os\nos._exit(0)", HOSTILE_OBJECTS)
UNGUARDED += ("while True:\n    pass",)


#: FORGE_FRAMES reaches no end of the grader's channel (issue 40): the runner is the sandbox's
#: pid 1, not dumpable, and keeps the judge's pipes; the student's code runs in its child.
#: What that child writes to its own pipe says only what the cells could have assigned
#: themselves, and the grader still checks every value; a frame of any other shape, size or
#: count is the submission's failure (tests/test_sandbox.py).


def source_of(attack: str, course: Path) -> str:
    return (
        attack.replace("{MARK}", MARK)
        .replace("{REPO}", str(REPO))
        .replace("{COURSE}", str(course))
        .replace("{SHARE}", str(SANDBOX_MEMORY // 3))
    )


def submission(
    name: str, folder: Path, typed: str, base: str, attacks: dict[str, str], course: Path
) -> nbformat.NotebookNode:
    """The honest submission (``base``) with ``attacks`` added to its cells."""
    nb = filled(name, folder, typed, WRONG[name] if base == "wrong" else {})
    if name == KERNEL and "student_id" in attacks:  # the toolbox runs where answers are graded
        attacks = {**attacks, "toolbox": attacks["student_id"]}
    for cell in nb.cells:
        key = grade_id(cell)
        attack = source_of(attacks.get(key, ""), course)
        if name == GAME and key == "q1_answer" and attacks.get(key) is PLANT_MODULES:
            cell.source = (
                f"{WRONG[GAME][key]}\n\ntry:\n{_indented(attack)}except BaseException:\n"
                f"    pass\nif globals().get('PWNED'):\n{_indented(RIGHT_MATRIX)}"
                "    my_toggle_matrix = _right\n"
            )
        elif name == GAME and key == "q1_answer" and attack:
            cell.source = (
                f"{RIGHT_MATRIX}def my_toggle_matrix(rows, cols):\n{attack}    return None\n"
            )
        elif attack and attacks[key] in UNGUARDED:
            cell.source += "\n" + attack
        elif attack:
            cell.source += f"\ntry:\n{_indented(attack)}except BaseException:\n    pass\n"
        if name == KERNEL and key in KERNEL_ANSWERS:
            cell.source += "\n" + reward()
    return nb


def _indented(code: str) -> str:
    return "".join(f"    {line}\n" for line in code.strip("\n").splitlines())


# ---------------------------------------------------------------------------------------------
# What must not change, and what must not remain
# ---------------------------------------------------------------------------------------------


def fingerprints() -> dict[str, str]:
    """SHA-256 of every file of the package and of grading/ (the sandbox's view of the disk)."""
    found = {}
    for top in (REPO / "lightsout_edu", REPO / "grading"):
        for path in sorted(top.rglob("*")):
            if path.is_file():
                found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def _command_line(pid: int) -> str:
    try:
        return (
            (Path(f"/proc/{pid}/cmdline").read_bytes())
            .replace(b"\0", b" ")
            .decode(errors="replace")
        )
    except OSError:
        return ""


def _parent(pid: int) -> int:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    return int(stat.rsplit(")", 1)[1].split()[1])


def _ours(pid: int) -> bool:
    """A descendant of this test, or an orphan; not a sandbox of another test's process."""
    me = os.getpid()
    while pid > 1:
        pid = _parent(pid)
        if pid == me:
            return True
        line = _command_line(pid)
        if any(word in line for word in ("pytest", "xdist", "ipykernel", "jupyter")):
            return False
    return True


def sandbox_processes(before: Iterable[int] = ()) -> list[str]:
    """The processes of this test's sandboxes, and any that bears the mark."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) in set(before):
            continue
        line = _command_line(int(entry.name))
        if MARK in line and "pytest" not in line:
            found.append(f"{entry.name}: {line}")
        elif ("bwrap" in line or RUNNER in line) and _ours(int(entry.name)):
            found.append(f"{entry.name}: {line}")
    return found


def _released(root: Path) -> dict[str, Path]:
    return assignment.release(root, [KERNEL, GAME])


def _copied_test_cell(path: Path, course: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    test = next(k for k, c in enumerate(nb.cells) if grade_id(c) == "q1_test")
    copy = nbformat.from_dict(nb.cells[test])
    copy.id = "pasted"  # JupyterLab gives a pasted cell an id of its own
    nb.cells.insert(test + 1, copy)
    nbformat.write(nb, path)


def _test_cell_made_an_answer(path: Path, course: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    test = next(c for c in nb.cells if grade_id(c) == "q2_test")
    test.metadata.nbgrader["solution"] = True
    nbformat.write(nb, path)


def _malformed(path: Path, course: Path) -> None:
    path.write_text(path.read_text(encoding="utf-8")[:-200], encoding="utf-8")


def _link_to_the_gradebook(path: Path, course: Path) -> None:
    path.unlink()
    path.symlink_to(course / "gradebook.db")


def _oversized(path: Path, course: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    output = nbformat.v4.new_output("stream", text="x" * (21 * 2**20))
    nb.cells[-1].outputs = [output] if nb.cells[-1].cell_type == "code" else []
    nb.cells.append(nbformat.v4.new_code_cell("print('x')", outputs=[output]))
    nbformat.write(nb, path)


def _emptied(path: Path, course: Path) -> None:
    path.write_bytes(b"")


#: Notebooks nbgrader could not take (issue 40): broken after they are written.
BROKEN = {
    "a01": _copied_test_cell,
    "a02": _test_cell_made_an_answer,
    "a03": _malformed,
    "a04": _link_to_the_gradebook,
    "a05": _oversized,
    "a06": _emptied,
}
#: Those scoring 0 without reaching nbgrader: no feedback, nothing autograded.
REFUSED = ("a03", "a04", "a05", "a06")


def _grade_again(root: Path) -> dict[str, object]:
    """``python -m grading autograde`` once more: exit status, what it said, sandboxes started."""
    import contextlib
    import io

    from lightsout_edu.exercises import _judge

    started = []
    start = _judge._Child.__init__

    def counted(self, *args, **kwargs) -> None:
        started.append(args)
        start(self, *args, **kwargs)

    out, err = io.StringIO(), io.StringIO()
    with (
        pytest.MonkeyPatch.context() as patch,
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        patch.setattr(_judge._Child, "__init__", counted)
        status = assignment.main(["autograde", "--course", str(root), KERNEL, GAME])
    return {"status": status, "out": out.getvalue(), "err": err.getvalue(), "sandboxes": started}


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory):
    """Every submission graded in one run, with feedback; what the disk and /proc held."""
    import grading.graders  # noqa: F401  (imported, and compiled, before the fingerprints)

    root = tmp_path_factory.mktemp("hostile") / "course"
    released = _released(root)
    for name, catalogue in ((KERNEL, KERNEL_CATALOGUE), (GAME, GAME_CATALOGUE)):
        for folder, typed, base, attacks, _, _ in catalogue:
            target = root / "submitted" / folder / name
            target.mkdir(parents=True, exist_ok=True)
            nb = submission(name, released[name], typed, base, attacks, root)
            nbformat.write(nb, target / f"{name}.ipynb")
            if folder in BROKEN:
                BROKEN[folder](target / f"{name}.ipynb", root)
    before_files = fingerprints()
    before_processes = {int(p.split(":")[0]) for p in sandbox_processes()}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sandboxed, "NOTEBOOK_SECONDS", NOTEBOOK_SECONDS)
        patch.setattr(_cgroup, "MEMORY", SANDBOX_MEMORY)
        scores = assignment.autograde(root, [KERNEL, GAME], feedback=True, workers=2)
        again = _grade_again(root)
    deadline = time.monotonic() + 5
    while (left := sandbox_processes(before_processes)) and time.monotonic() < deadline:
        time.sleep(0.1)
    after_files = fingerprints()
    return {
        "root": root,
        "scores": scores,
        "again": again,
        "changed": {
            path
            for path in before_files.keys() | after_files.keys()
            if before_files.get(path) != after_files.get(path)
        },
        "processes": left,
    }


@pytest.mark.parametrize(
    ("name", "folder", "expected", "what"),
    [
        (name, row[0], row[4], row[5])
        for name, catalogue in ((KERNEL, KERNEL_CATALOGUE), (GAME, GAME_CATALOGUE))
        for row in catalogue
    ],
    ids=[
        f"{name}-{row[0]}"
        for name, catalogue in ((KERNEL, KERNEL_CATALOGUE), (GAME, GAME_CATALOGUE))
        for row in catalogue
    ],
)
def test_each_submission_gets_what_its_honest_content_deserves(
    graded, name: str, folder: str, expected: float, what: str
) -> None:
    if folder == "h20" and not _memory_bounded():
        pytest.skip("no control group here: a sandbox's memory is bounded per process only")
    got = graded["scores"][name][folder]
    verdicts = graded["root"] / "verdicts" / folder / f"{name}.json"
    verdicts = verdicts.read_text() if verdicts.is_file() else "(not graded)"
    assert got == expected, f"{name} {folder} ({what}): {got} points, not {expected}\n{verdicts}"


def test_the_package_and_the_graders_are_unchanged_on_disk(graded) -> None:
    assert graded["changed"] == set()


def test_no_process_of_a_sandbox_remains(graded) -> None:
    assert graded["processes"] == []


def test_nothing_the_attacks_named_appears_outside_the_sandbox(graded) -> None:
    root: Path = graded["root"]
    outside = [
        *Path("/tmp").glob(f"{MARK}*"),
        *Path("/dev/shm").glob(f"{MARK}*"),
        *Path(os.path.expanduser("~")).glob(f"{MARK}*"),
        *(Path("/root").glob(f"{MARK}*") if os.access("/root", os.R_OK) else []),
        *root.rglob(f"*{MARK}*"),
        *REPO.glob(f"{MARK}*"),
        *REPO.glob(f"grading_{MARK}"),
        *(REPO / "lightsout_edu").rglob(f"*{MARK}*"),
    ]
    assert outside == []


def test_the_feedback_shows_no_grader(graded) -> None:
    pages = sorted((graded["root"] / "feedback").rglob("*.html"))
    assert len(pages) == len(KERNEL_CATALOGUE) + len(GAME_CATALOGUE) - len(REFUSED)
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for secret in ("verify_", "grading/graders", "HIDDEN"):
            assert secret not in text, f"{page}: {secret!r}"


def test_a_plain_submission_graded_afterwards_scores_as_alone(graded, tmp_path: Path) -> None:
    root = tmp_path / "course"
    shutil.copytree(
        graded["root"], root, ignore=shutil.ignore_patterns("submitted", "autograded", "feedback")
    )
    target = root / "submitted" / "s0009" / KERNEL
    target.mkdir(parents=True)
    nb = filled(KERNEL, root / "release" / KERNEL, "s0009", WRONG[KERNEL])
    nbformat.write(nb, target / f"{KERNEL}.ipynb")
    scores = assignment.autograde(root, [KERNEL])
    assert scores[KERNEL]["s0009"] == 3.0


def _memory_bounded() -> bool:
    group = _cgroup.make()
    if group is not None:
        group.remove()
    return group is not None


def test_a_notebook_nbgrader_could_not_take_is_refused_or_repaired_and_said(graded) -> None:
    root: Path = graded["root"]
    said = graded["again"]["err"]
    for folder in REFUSED:
        assert f"{KERNEL}: {folder} not graded: " in said, folder
        assert not (root / "autograded" / folder).exists()  # nbgrader never read it
        assert not (root / "feedback" / folder).exists()
    assert "a link, not a file" in said and "over the course's limit of 20 MB" in said
    for folder in ("a01", "a02"):  # repaired, kept as handed in, graded from then on
        assert (root / "handed_in" / folder / f"{KERNEL}.ipynb").is_file()
        assert (root / "autograded" / folder / KERNEL).is_dir()


def test_the_next_run_grades_nothing_again_and_prints_every_score(graded) -> None:
    """No wall clock (issue 40): the work of a second run is counted, and is nothing."""
    again = graded["again"]
    assert again["status"] == 0, again["err"]
    assert again["sandboxes"] == []
    table = again["out"]
    for name, catalogue in ((KERNEL, KERNEL_CATALOGUE), (GAME, GAME_CATALOGUE)):
        for folder, *_ in catalogue:
            assert f"  {folder:20s} {graded['scores'][name][folder]:5.1f} / 10" in table


# ---------------------------------------------------------------------------------------------
# Issue 40: a function that puts its hidden input in what it raises or returns
# ---------------------------------------------------------------------------------------------

#: Each defines the answer function ``{name}`` anew (after the model's helpers), as a student
#: could: its input in an exception's message, in the name of an exception's class, in what
#: it returns, in the name and repr of the class of what it returns.
LEAKERS = (
    "def {name}(*args):\n"
    "    raise ValueError('A=' + repr([np.asarray(a).tolist() for a in args]))\n",
    "def {name}(*args):\n"
    "    hidden = repr([np.asarray(a).tolist() for a in args])\n"
    "    raise type('E_' + hidden, (Exception,), {{}})(hidden)\n",
    "def {name}(*args):\n    return 'A=' + repr([np.asarray(a).tolist() for a in args])\n",
    "def {name}(*args):\n"
    "    hidden = repr([np.asarray(a).tolist() for a in args])\n"
    "    return type('E_' + hidden, (), {{'__repr__': lambda self: hidden}})()\n",
    # the case spelt in letters, a bit each: no number, quote or bracket to remove
    "def {name}(*args):\n"
    "    cells = [v for a in args for v in np.ravel(a) if isinstance(v, (int, np.integer))]\n"
    "    raise ValueError(''.join('xo'[int(v) % 2] for v in cells) + 'xo')\n",
    # the case spelt in the sides of an empty array, a bit each
    "def {name}(*args):\n"
    "    cells = [v for a in args for v in np.ravel(a) if isinstance(v, (int, np.integer))]\n"
    "    return np.zeros([0, 1, 2] + [1 + int(v) % 2 for v in cells[:28]], dtype=np.uint8)\n",
)
#: What a quoted case looks like: a list of numbers, the class named after it, letters that
#: spell it, or the sides of an array of more than two dimensions.
QUOTED_CASE = re.compile(r"\[\s*\[?\s*-?\d|E_\[|A=\[|[xo]{6,}|\(\s*\d+\s*,\s*\d+\s*,\s*\d")


def leaking(name: str, student: str) -> tuple[nbformat.NotebookNode, dict[str, int]]:
    """The model answers of ``name`` (from its source) with every answer function a leaker,
    the kinds in turn (from a different one in each assignment); the leaker of each question
    whose answer leaks, by grade id."""
    from grading import graders

    questions = graders.questions(name)
    leaks: dict[str, int] = {}
    first = assignment.assignments().index(name)
    nb = source(name)
    for cell in nb.cells:
        if not cell.metadata.get("nbgrader", {}).get("solution"):
            continue
        cell.source = SOLUTION.sub("", cell.source)
        if grade_id(cell) == "student_id":
            cell.source = f'STUDENT_ID = "{student}"'
        for question in questions:
            if re.search(rf"^def {question.answer}\(", cell.source, re.MULTILINE):
                kind = (first + len(leaks)) % len(LEAKERS)
                cell.source += "\n\n" + LEAKERS[kind].format(name=question.answer)
                leaks[question.grade_id] = kind
    return nb, leaks


@pytest.mark.parametrize("name", assignment.assignments())
def test_no_verdict_quotes_a_hidden_case(name: str, tmp_path: Path) -> None:
    # README, "hidden cases ... not in feedback": a function raising ValueError(f"A={A}") put
    # "hidden matrix 2: A=[[1, 1, 0..." in the verdict, up to 2,000 characters a question
    from grading import graders

    nb, leaks = leaking(name, "s0042")
    assert len(leaks) >= 3  # three kinds of leak at least in every assignment, all six in all
    path = tmp_path / f"{name}.ipynb"
    nbformat.write(nb, path)
    verdicts = sandboxed.grade_submission(
        graders.questions(name), source(name), path, "s0042", limit=COURSE_LIMIT
    )
    failed = {v.grade_id: v.message for v in verdicts if not v.passed}
    assert sorted(failed) == sorted(leaks)  # each leaker fails; the model's other answers pass
    for grade, message in failed.items():
        assert not QUOTED_CASE.search(message), f"{grade}: {message}"
        said = {
            0: "raised ValueError (graded feedback leaves out its message",
            1: "raised an exception of its own (graded feedback",
            4: "raised ValueError (graded feedback leaves out its message",
        }
        assert said.get(leaks[grade], "") in message, f"{grade}: {message}"


def test_where_and_what_a_wrong_entry_is_cannot_spell_a_case() -> None:
    """The position of a wrong entry, its value and the shape of the array are the
    student's code's to choose: a message gives them only within a few bits."""
    import numpy as np

    from lightsout_edu.exercises.feedback import WrongForm, as_cells

    case = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0]
    spelt = np.zeros([1 + bit for bit in case])
    spelt[tuple(case)] = 2  # the wrong entry's index is the case
    valued = np.array([[0, 1], [101100111, 0]])  # its value is the case
    for answer in (spelt, valued):
        with pytest.raises(WrongForm) as told:
            as_cells(answer, "matrix")
        assert not re.search(r"\d{3}|(\d+,\s*){2}\d", str(told.value)), str(told.value)
    with pytest.raises(WrongForm, match=r"entry 2 of the matrix at index \(0, 1\)"):
        as_cells(np.array([[0, 2], [1, 0]]), "matrix")  # a small one is still told


# ---------------------------------------------------------------------------------------------
# A notebook that says it is an edition the course never released
# ---------------------------------------------------------------------------------------------


def test_a_notebook_saying_an_unreleased_language_stops_no_one_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # one edit of the notebook's metadata ("lightsout_edu": {"language": "zh"}) in a course
    # released in English only: collect files it as game_and_gf2_zh, and autograde stopped
    # for the whole class ("game_and_gf2_zh was handed in but never released"), no table
    from grading.class_list import Student
    from grading.collect import collect
    from grading.lms_archives import Upload

    root = tmp_path / "course"
    released = assignment.release(root, [GAME])[GAME]
    students = [Student("s0001", "Ann", "One"), Student("s0002", "Bob", "Two")]
    uploads = []
    for number, student in enumerate(students, start=11):
        nb = filled(GAME, released, student.student_id, WRONG[GAME])
        if student.student_id == "s0002":
            nb.metadata["lightsout_edu"] = {"language": "zh"}
        data = nbformat.writes(nb).encode()
        person = f"{student.first_name} {student.last_name}"
        uploads.append(Upload(person, str(number), f"{GAME}.ipynb", data))
    collect(uploads, "moodle", students, root, GAME)
    scores = assignment.autograde(root, [GAME])
    assert scores[GAME]["s0001"] == 3.0
    assert "s0002" in capsys.readouterr().err
