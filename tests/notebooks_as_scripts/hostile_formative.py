"""Attacks of issue 31 on the formative checks, run through the checkers in a real kernel.

This file is the code of the notebook (never imported: its cells run in a kernel) that
``tests/test_hostile_formative.py`` runs with nbclient.  Each attack is a student's function
passed to a checker that calls it (mostly ``check_ones_in_toggle_matrix``, which calls
``ones(1)`` first): it runs in the runner, inside bubblewrap.  Functions that look around
raise an exception whose message is a JSON report: the checker quotes it, so the test reads
what the sandbox let them see.  After an attack, a right answer must still get a green tick.
The kernel itself (the host) looks for the processes and files the attacks left behind.
The last cell prints one JSON line of findings, then one per check.
"""

# %%
import builtins
import ctypes
import hashlib
import importlib
import importlib.util
import json
import os
import shutil
import signal
import struct
import sys
import tempfile
import time
import uuid
import zlib  # noqa: F401  (loads libz, copied below)

import numpy as np

import lightsout_edu
import lightsout_edu as lo
from lightsout_edu import exercises as ex
from lightsout_edu.exercises import _judge, _sandbox

assert _judge.start_method() == "bubblewrap", _judge.start_method()
_sandbox.TIME_SCALE = 0.3  # 1.5 s per call of ones(n): enough for an attack to do its work
MARK = "lohost" + uuid.uuid4().hex[:8]  # 14 characters: fits a process name (15)
SLEEP_SECONDS = "987654"
RESULTS = []
FINDINGS = {"mark": MARK, "package": lightsout_edu.__file__, "cwd": os.getcwd()}


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
    return verdict


def right_ones(n):
    return 5 * n * n - 4 * n


def marked_processes():
    """Processes on the host whose name or command line carries an attack's marker."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/comm") as comm:
                name = comm.read().strip()
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                argv = cmdline.read().split(b"\0")
        except OSError:
            continue
        if MARK in name or (b"sleep" in argv[0] and SLEEP_SECONDS.encode() in argv):
            found.append([int(entry), name])
    return found


def processes_gone_within(seconds):
    deadline = time.monotonic() + seconds
    while marked_processes() and time.monotonic() < deadline:
        time.sleep(0.05)
    return marked_processes()


def marked_files():
    found = []
    for top in ("/tmp", "/dev/shm", os.getcwd()):
        for folder, subfolders, files in os.walk(top):
            found += [os.path.join(folder, n) for n in subfolders + files if MARK in n]
            if folder.count(os.sep) - top.count(os.sep) >= 2:
                subfolders[:] = []  # deep enough: the sandbox's files would be at the top
    return found


def package_hash():
    root = os.path.dirname(lightsout_edu.__file__)
    digest = hashlib.sha256()
    for folder, subfolders, files in os.walk(root):  # walked in place: the pruning holds
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(files):
            with open(os.path.join(folder, name), "rb") as file:
                digest.update(name.encode() + file.read())
    return digest.hexdigest()


def report(kind, data):
    """Raise the data as JSON: the checker quotes the message."""
    raise RuntimeError(f"{kind}<<{json.dumps(data)}>>")


FINDINGS["hash_before"] = package_hash()
FINDINGS["judge_before"] = None


# %%
# 1. A process that leaves the runner's session and lives on: a busy one, named with the
# marker, and /bin/sleep 987654.


def forks_and_hides(n):
    libc = ctypes.CDLL(None, use_errno=True)
    for kind in ("busy", "sleep"):
        if libc.fork() == 0:
            libc.setsid()
            if kind == "busy":
                libc.prctl(15, MARK.encode(), 0, 0, 0)  # PR_SET_NAME
                while True:
                    pass
            argv = (ctypes.c_char_p * 3)(b"sleep", SLEEP_SECONDS.encode(), None)
            libc.execv(b"/bin/sleep", argv)
            libc._exit(0)
    time.sleep(0.3)  # the children are running
    return 0


def forks_and_hides_then_loops(n):
    forks_and_hides(n)
    while True:  # the judge kills the runner on time, and the children with it
        pass


record("fork and setsid", ex.check_ones_in_toggle_matrix, forks_and_hides)
FINDINGS["processes_after_fork"] = processes_gone_within(3.0)
record("fork and setsid, then loop", ex.check_ones_in_toggle_matrix, forks_and_hides_then_loops)
FINDINGS["processes_after_fork_loop"] = processes_gone_within(3.0)
record("right after fork", ex.check_ones_in_toggle_matrix, right_ones)


# %%
# 2. Signals out of the runner: its parent stopped or killed, everything killed.


def _libc_kill(pid, sig):
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.kill(pid, sig), ctypes.get_errno()


def stops_its_parent(n):
    _libc_kill(os.getppid(), signal.SIGSTOP)
    return 0


def kills_everything(n):
    _libc_kill(-1, signal.SIGKILL)
    return 0


def kills_init(n):
    _libc_kill(1, signal.SIGKILL)
    return 0


def stops_everything_then_returns_right(n):
    _libc_kill(-1, signal.SIGSTOP)
    _libc_kill(os.getppid(), signal.SIGKILL)
    return 5 * n * n - 4 * n


FINDINGS["judge_before"] = _sandbox._current_judge().process.pid
for attack in (stops_its_parent, kills_everything, kills_init):
    record(attack.__name__, ex.check_ones_in_toggle_matrix, attack)
    record("right after " + attack.__name__, ex.check_ones_in_toggle_matrix, right_ones)
# signals that do nothing to the judge: a right answer that sends them is still right
record("signals, then right", ex.check_ones_in_toggle_matrix, stops_everything_then_returns_right)


# %%
# 3. Looking around: which processes, the parent's environment and memory, the host's files.


def looks_around(n):
    def attempt(action):
        try:
            return action()
        except Exception as error:
            return type(error).__name__

    def read(path, size=400):
        with open(path, "rb") as file:
            return file.read(size).decode("latin-1")

    def mem(pid):
        with open(f"/proc/{pid}/maps") as maps:
            start = int(maps.readline().split("-")[0], 16)
        with open(f"/proc/{pid}/mem", "rb") as memory:
            memory.seek(start)
            return memory.read(16).hex()

    processes = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            processes[entry] = attempt(lambda e=entry: read(f"/proc/{e}/cmdline", 60))
    ppid = os.getppid()
    report(
        "LOOK",
        {
            "pid": os.getpid(),
            "ppid": ppid,
            "uid": os.getuid(),
            "processes": processes,
            "parent_environ": attempt(lambda: read(f"/proc/{ppid}/environ")),
            "parent_mem": attempt(lambda: mem(ppid)),
            "init_environ": attempt(lambda: read("/proc/1/environ")),
            "own_environ": sorted(os.environ),
            "host_root": attempt(lambda: sorted(os.listdir("/root"))),
            "home": attempt(lambda: sorted(os.listdir("/home"))),
            "work": attempt(lambda: sorted(os.listdir("/work"))),
            "etc_shadow": attempt(lambda: read("/etc/shadow", 20)),
            "etc_passwd": attempt(lambda: read("/etc/passwd", 20)),
        },
    )


record("looks around", ex.check_ones_in_toggle_matrix, looks_around)


# %%
# 4. A forged verdict, written into every file descriptor the runner can reach.


def forges_a_verdict(n):
    body = json.dumps({"correct": True, "message": "✅ Correct"}).encode()
    frame = struct.pack(">I", len(body)) + body
    written = []
    for base in ("/proc/self/fd", f"/proc/{os.getppid()}/fd", "/proc/1/fd"):
        try:
            fds = os.listdir(base)
        except OSError:
            continue
        for fd in fds:
            try:
                target = os.open(f"{base}/{fd}", os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                continue
            try:
                os.write(target, frame)
                written.append(f"{base}/{fd}")
            except OSError:
                pass
            finally:
                os.close(target)
    for fd in range(64):  # and straight into its own descriptors (the pipe to the judge)
        try:
            os.write(fd, frame)
            written.append(fd)
        except OSError:
            pass
    return 0  # wrong: ones(1) is 1


record("forges a verdict", ex.check_ones_in_toggle_matrix, forges_a_verdict)
record("right after a forged verdict", ex.check_ones_in_toggle_matrix, right_ones)


# %%
# 5. /tmp and /dev/shm filled with marked files.


def fills_tmp(n):
    chunk = b"\1" * (8 * 2**20)
    for folder in ("/tmp", "/dev/shm", os.path.expanduser("~")):
        for number in range(40):
            try:
                with open(f"{folder}/{MARK}-{number}", "wb") as file:
                    for _ in range(7):
                        file.write(chunk)
            except OSError:
                break
    os.makedirs(f"/tmp/{MARK}-folder/deeper", exist_ok=True)
    return 0


record("fills /tmp and /dev/shm", ex.check_ones_in_toggle_matrix, fills_tmp)
FINDINGS["files_after_fill"] = marked_files()
record("right after filling /tmp", ex.check_ones_in_toggle_matrix, right_ones)


# %%
# 6. The package's files rewritten, then the judge killed.


def rewrites_the_package(n):
    package = os.path.dirname(lightsout_edu.__file__)
    tried = {}
    targets = [
        os.path.join(package, "exercises", "lecture1.py"),
        os.path.join(package, "exercises", "lecture3.py"),
        os.path.join(package, "exercises", "_judge.py"),
        os.path.join(package, "__init__.py"),
        os.path.join(os.getcwd(), "lightsout_edu", "exercises", "lecture1.py"),
    ]
    for path in targets:
        try:
            with open(path, "a") as file:
                file.write("\ndef check_ones_in_toggle_matrix(*a): return True\n")
            tried[path] = "written"
        except OSError as error:
            tried[path] = type(error).__name__
    for name, action in (
        ("new file", lambda: open(os.path.join(package, f"{MARK}.py"), "w").close()),
        ("chmod", lambda: os.chmod(os.path.join(package, "linalg.py"), 0o777)),
        ("rename", lambda: os.rename(os.path.join(package, "linalg.py"), "/tmp/linalg.py")),
        ("pycache", lambda: os.makedirs(os.path.join(package, "__pycache__", MARK))),
    ):
        try:
            action()
            tried[name] = "done"
        except OSError as error:
            tried[name] = type(error).__name__
    _libc_kill(os.getppid(), signal.SIGKILL)
    _libc_kill(-1, signal.SIGKILL)
    report("WRITE", tried)


record("rewrites the package", ex.check_ones_in_toggle_matrix, rewrites_the_package)
FINDINGS["judge_after_rewrite"] = _sandbox._current_judge().process.pid
record("right after rewriting", ex.check_ones_in_toggle_matrix, right_ones)
record("wrong after rewriting", ex.check_ones_in_toggle_matrix, lambda n: n * n)
FINDINGS["hash_after_rewrite"] = package_hash()


# %%
# 7. LD_PRELOAD and PYTHONPATH set in the kernel, for a judge started afterwards.

evil = tempfile.mkdtemp(prefix="lohostile-env-")
with open("/proc/self/maps") as maps:  # a real shared library (zlib's), under a new name
    libz = next(line.split()[-1] for line in maps if "/libz.so" in line)
shutil.copy(libz, os.path.join(evil, "libhostilepreload.so"))
with open(os.path.join(evil, "sitecustomize.py"), "w") as file:
    file.write("import builtins\nbuiltins.HOSTILE_SITECUSTOMIZE = True\n")
os.chmod(evil, 0o755)
saved = {k: os.environ.get(k) for k in ("LD_PRELOAD", "PYTHONPATH", "PYTHONSTARTUP")}
os.environ["LD_PRELOAD"] = os.path.join(evil, "libhostilepreload.so")
os.environ["PYTHONPATH"] = evil
os.environ["PYTHONSTARTUP"] = os.path.join(evil, "sitecustomize.py")
sys.path.insert(0, evil)  # the folder is readable in the sandbox: a leak would load it
_sandbox._stop_judge()  # the next check starts a judge from this environment


def reports_its_environment(n):
    with open("/proc/self/maps") as maps:
        preloaded = "libhostilepreload" in maps.read()
    report(
        "ENV",
        {
            "environ": dict(os.environ),
            "preloaded": preloaded,
            "sitecustomize": getattr(builtins, "HOSTILE_SITECUSTOMIZE", False),
            "isolated": sys.flags.isolated,
        },
    )


record(
    "LD_PRELOAD and PYTHONPATH in the kernel",
    ex.check_ones_in_toggle_matrix,
    reports_its_environment,
)
record("right with LD_PRELOAD in the kernel", ex.check_ones_in_toggle_matrix, right_ones)
for name, value in saved.items():
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value
sys.path.remove(evil)
_sandbox._stop_judge()
shutil.rmtree(evil)


# %%
# 8. Ways round a write-it-yourself exercise's solvers: each must fail, the solvers not being in
# the sandbox at all.  (galois is left out: importing it and compiling its row reduction take
# 5 s.)
_sandbox.TIME_SCALE = 1.0
PACKAGE_FILE = os.path.join(os.path.dirname(lightsout_edu.__file__), "linalg.py")


def fresh(function):
    """The function from its module executed again (importlib.reload)."""
    module = importlib.reload(sys.modules[function.__module__])
    return getattr(module, function.__name__)


def copied(function):
    """The function from a new copy of its module's file (spec_from_file_location)."""
    module = sys.modules[function.__module__]
    name = module.__name__.rsplit(".", 1)[0] + ".hostile_copy"
    spec = importlib.util.spec_from_file_location(name, module.__file__)
    copy = importlib.util.module_from_spec(spec)
    sys.modules[name] = copy
    spec.loader.exec_module(copy)
    return getattr(copy, function.__name__)


def called_from_the_package(function, *args, **kwargs):
    """The call made from code whose file name is a module of the package."""
    space = {"f": function, "args": args, "kwargs": kwargs}
    exec(compile("result = f(*args, **kwargs)", PACKAGE_FILE, "exec"), space)
    return space["result"]


def sympy_gf2_rref(M, wrapped=False):
    from sympy import GF
    from sympy.polys.matrices import DomainMatrix

    field = GF(2)
    D = DomainMatrix([[field(int(x)) for x in row] for row in M], M.shape, field)
    rref = type(D).rref.__wrapped__ if wrapped else type(D).rref
    R, pivots = rref(D)
    return np.array([[int(x) % 2 for x in row] for row in R.to_list()], dtype=np.uint8), pivots


def press_with(press):
    def press_cell(board, r, c, stencil):
        taps = np.zeros(board.shape, dtype=np.uint8)
        taps[r, c] = 1
        return press(board, taps, rule=stencil)

    return press_cell


BYPASSES = [
    ("gauss_jordan: lo.rref.__wrapped__", ex.check_gauss_jordan, lambda M: lo.rref.__wrapped__(M)),
    ("gauss_jordan: importlib.reload", ex.check_gauss_jordan, lambda M: fresh(lo.rref)(M)),
    ("gauss_jordan: spec_from_file_location", ex.check_gauss_jordan, lambda M: copied(lo.rref)(M)),
    (
        "gauss_jordan: called from a package file name",
        ex.check_gauss_jordan,
        lambda M: called_from_the_package(lo.rref, M),
    ),
    ("gauss_jordan: sympy DomainMatrix GF(2) rref", ex.check_gauss_jordan, sympy_gf2_rref),
    (
        "gauss_jordan: sympy DomainMatrix rref.__wrapped__",
        ex.check_gauss_jordan,
        lambda M: sympy_gf2_rref(M, wrapped=True),
    ),
    (
        "light_chase: lo.solve_board.__wrapped__",
        ex.check_light_chase,
        lambda b: lo.solve_board.__wrapped__(b).presses,
    ),
    (
        "light_chase: importlib.reload",
        ex.check_light_chase,
        lambda b: fresh(lo.solve_board)(b).presses,
    ),
    (
        "light_chase: spec_from_file_location",
        ex.check_light_chase,
        lambda b: copied(lo.solve_board)(b).presses,
    ),
    (
        "light_chase: called from a package file name",
        ex.check_light_chase,
        lambda b: called_from_the_package(lo.solve_board, b).presses,
    ),
    (
        "fewest_presses: lo.minimum_weight_solutions.__wrapped__",
        ex.check_fewest_presses,
        lambda p, k: lo.minimum_weight_solutions.__wrapped__(p, k)[0],
    ),
    (
        "fewest_presses: importlib.reload",
        ex.check_fewest_presses,
        lambda p, k: fresh(lo.minimum_weight_solutions)(p, k)[0],
    ),
    (
        "fewest_presses: spec_from_file_location",
        ex.check_fewest_presses,
        lambda p, k: copied(lo.minimum_weight_solutions)(p, k)[0],
    ),
    (
        "fewest_presses: called from a package file name",
        ex.check_fewest_presses,
        lambda p, k: called_from_the_package(lo.minimum_weight_solutions, p, k)[0],
    ),
    (
        "press_function: lo.press.__wrapped__",
        ex.check_press_function,
        lambda board, r, c, s: press_with(lo.press.__wrapped__)(board, r, c, s),
    ),
    (
        "press_function: importlib.reload",
        ex.check_press_function,
        lambda board, r, c, s: press_with(fresh(lo.press))(board, r, c, s),
    ),
    (
        "press_function: spec_from_file_location",
        ex.check_press_function,
        lambda board, r, c, s: press_with(copied(lo.press))(board, r, c, s),
    ),
    (
        "press_function: called from a package file name",
        ex.check_press_function,
        lambda board, r, c, s: called_from_the_package(press_with(lo.press), board, r, c, s),
    ),
    (
        "ones_in_toggle_matrix: lo.toggle_matrix.__wrapped__",
        ex.check_ones_in_toggle_matrix,
        lambda n: int(lo.toggle_matrix.__wrapped__(n, n).sum()),
    ),
    (
        "ones_in_toggle_matrix: importlib.reload",
        ex.check_ones_in_toggle_matrix,
        lambda n: int(fresh(lo.toggle_matrix)(n, n).sum()),
    ),
    (
        "ones_in_toggle_matrix: spec_from_file_location",
        ex.check_ones_in_toggle_matrix,
        lambda n: int(copied(lo.toggle_matrix)(n, n).sum()),
    ),
    (
        "ones_in_toggle_matrix: called from a package file name",
        ex.check_ones_in_toggle_matrix,
        lambda n: int(called_from_the_package(lo.toggle_matrix, n, n).sum()),
    ),
]
for label, checker, student in BYPASSES:
    record("bypass " + label, checker, student)

# %%
# 9. The package copied into the notebook's folder (the kernel's working folder, on its sys.path
# as Jupyter puts it), imported inside the student's function: a solver by another name.
NOTEBOOK_FOLDER = tempfile.mkdtemp(prefix=MARK + "-notebook-")
HOME_FOLDER = os.getcwd()
shutil.copytree(os.path.dirname(lightsout_edu.__file__), os.path.join(NOTEBOOK_FOLDER, "lo_copy"))
os.chdir(NOTEBOOK_FOLDER)
sys.path.insert(0, NOTEBOOK_FOLDER)


def from_the_copy(M):
    import lo_copy.linalg  # the copy's package, its solvers included

    return lo_copy.rref(M)


try:
    FINDINGS["copy_importable_here"] = from_the_copy(np.eye(2, dtype=np.uint8)) is not None
    record("copied package beside the notebook", ex.check_gauss_jordan, from_the_copy)
    import lo_copy

    record("copied package's rref beside the notebook", ex.check_gauss_jordan, lo_copy.rref)
finally:
    sys.path.remove(NOTEBOOK_FOLDER)
    os.chdir(HOME_FOLDER)
    shutil.rmtree(NOTEBOOK_FOLDER)
_sandbox.TIME_SCALE = 0.3

# %%
# The kernel is alive; nothing the attacks made is left on the host.
FINDINGS["processes_at_end"] = processes_gone_within(3.0)
FINDINGS["files_at_end"] = marked_files()
FINDINGS["hash_after"] = package_hash()
print(json.dumps(FINDINGS))
for result in RESULTS:
    print(json.dumps(result))
