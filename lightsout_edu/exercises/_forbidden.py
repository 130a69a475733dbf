"""Solvers a write-it-yourself exercise switches off while the student's function runs.

An exercise such as "write the Gauss-Jordan elimination yourself" is not done by calling
``lo.rref``.  The runner (the separate process where the student's code runs, see
``_runner``) applies the exercise's :class:`Policy` before it loads the student's code: every
function of the listed modules, and the linear algebra of galois, sympy and NumPy, is
replaced by a stand-in that raises :class:`ForbiddenFunction` with a sentence saying what the
exercise asks for.  Nothing changes in the student's own kernel, where ``lo.rref`` works as
before.

A call *from inside* the package (an allowed helper using a switched-off function internally)
goes through: only calls whose caller is the student's code are refused.

These stand-ins are a courtesy, not a boundary: a determined student reaches the original
through ``__wrapped__``, a reload or a fresh copy of its module.  Where bubblewrap runs, every
policy here is ``absent``: the student's function runs where the package's solvers, galois and
sympy are not there at all (``_bubblewrap.View(package=False)``), and the stand-ins are only
used by the fallback runner of machines without it.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.abc
import importlib.machinery
import os
import sys
import types
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .._i18n import t

__all__ = ["POLICIES", "ForbiddenFunction", "Policy", "apply"]

_PACKAGE = "lightsout_edu"
_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # lightsout_edu/
_EXERCISES = os.path.join(_HERE, "exercises")


class ForbiddenFunction(RuntimeError):
    """A solver the exercise asks the student to write was called by the student's code."""


#: galois' linear algebra (methods of galois.FieldArray)
_GALOIS = (
    "row_reduce",
    "lu_decompose",
    "plu_decompose",
    "null_space",
    "left_null_space",
    "column_space",
    "row_space",
)
#: sympy's linear algebra (methods of sympy matrices and of DomainMatrix)
_SYMPY = (
    "rref",
    "rref_den",
    "echelon_form",
    "rank",
    "nullspace",
    "columnspace",
    "rowspace",
    "solve",
    "solve_den",
    "gauss_jordan_solve",
    "LUsolve",
    "LUdecomposition",
    "LUdecomposition_Simple",
    "inv",
    "inv_mod",
    "inv_den",
    "pinv_solve",
    "QRsolve",
    "cholesky_solve",
    "LDLsolve",
    "lu",
    "lu_solve",
    "nullspace_from_rref",
)
#: NumPy's linear algebra (galois arrays dispatch these to GF(p) elimination)
_NUMPY = ("matrix_rank", "solve", "inv", "det", "lstsq", "pinv")


@dataclass(frozen=True)
class Policy:
    """What one exercise switches off.

    Attributes
    ----------
    task:
        What the exercise asks the student to write, for the message ("the elimination").
    modules:
        Modules of the package whose every function is off (names relative to the package).
    allowed:
        ``module:function`` names that stay on although their module is listed.
    classes:
        ``module:Class`` names that cannot be built (their objects hold a solution).
    methods:
        ``module:Class.method`` names switched off (the object itself may be used).
    libraries:
        Whether galois', sympy's and NumPy's linear algebra is off.
    absent:
        Whether, in the operating-system sandbox, the student's function runs where the
        package's solvers, galois and sympy are not there at all (NumPy and the standard
        library only), so that no ``__wrapped__``, reload or fresh copy of a module can bring
        them back; the rest of the policy is then not needed.
    """

    task: str
    modules: tuple[str, ...]
    allowed: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    methods: tuple[str, ...] = ()
    libraries: bool = True
    absent: bool = False
    state: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    @contextlib.contextmanager
    def loading(self) -> Iterator[None]:
        """While the student's answers load (modules they import run), nothing is refused."""
        self.state["loading"] = 1
        try:
            yield
        finally:
            self.state["loading"] = 0


_SOLVING = (
    "linalg",
    "packed",
    "_gf2_python",
    "_gf2_numba",
    "elimination",
    "modular",
    "solver",
    "_solution",
    "chase",
    "_chasing",
    "_chase_rows",
    "fewest",
    "_fewest_numba",
    "crosscheck",
    "diagonal_form",
    "worst_case",
    "_playback",
    "exercises.lecture8",  # its planted bugs are Gauss-Jordan eliminations too
)
#: the Puzzle's methods that hold a solution (its toggle matrix and its press do not)
_PUZZLE_SOLVES = ("puzzle:Puzzle.solve", "puzzle:Puzzle.chase")
_WIDGETS_THAT_SOLVE = (
    "widgets.player:EliminationPlayer",
    "widgets.practice:RowReductionPractice",
    "widgets.game:LightsOutGame",
)

#: The exercises' policies, by name (the checkers name theirs).  Each asks for something NumPy
#: alone can do, so each is ``absent`` in the operating-system sandbox.
POLICIES: dict[str, Policy] = {
    "elimination": Policy(
        task="the elimination",
        modules=_SOLVING,
        classes=_WIDGETS_THAT_SOLVE,
        methods=_PUZZLE_SOLVES,
        absent=True,
    ),
    "fewest": Policy(
        task="the fewest-presses search",
        modules=_SOLVING,
        classes=_WIDGETS_THAT_SOLVE,
        methods=_PUZZLE_SOLVES,
        absent=True,
    ),
    "chase": Policy(
        task="the solver by light chasing",
        modules=_SOLVING,
        classes=_WIDGETS_THAT_SOLVE,
        methods=_PUZZLE_SOLVES,
        absent=True,
    ),
    "press": Policy(
        task="the press",
        modules=(
            "boards",
            "rules",
            "_grid",
            "_network",
            "_game",
            "chase",
            "_chasing",
            "_chase_rows",
            "solver",
            "_solution",
        ),
        allowed=(
            "boards:parse_board",
            "boards:format_board",
            "rules:rule_stencil",
            "_grid:rule_stencil",
        ),
        classes=("widgets.game:LightsOutGame",),
        methods=(*_PUZZLE_SOLVES, "puzzle:Puzzle.press", "puzzle:Puzzle.toggle_matrix"),
        libraries=False,
        absent=True,
    ),
}


_LIBRARIES = ("galois", "sympy", "numpy", "numba")


def _library_folders() -> list[str]:
    folders = []
    for name in _LIBRARIES:
        path = getattr(sys.modules.get(name), "__file__", None)
        if isinstance(path, str):
            folders.append(os.path.dirname(os.path.abspath(path)))
    return folders


def _in(frame: types.FrameType, folders: Iterable[str]) -> bool:
    path = os.path.abspath(frame.f_code.co_filename)
    return any(path.startswith(folder + os.sep) for folder in folders)


def _called_by_the_package(library: bool) -> bool:
    """Whether the switched-off function was called by the package itself, not the student.

    For a package function the immediate caller decides.  For a library function (galois,
    sympy, NumPy) the library's own frames are skipped first, so that sympy's ``linsolve``
    calling ``Matrix.rref`` counts as the student's call when the student called ``linsolve``.
    """
    frame: types.FrameType | None = sys._getframe(3)
    if library:
        folders = _library_folders()
        while frame is not None and _in(frame, folders):
            frame = frame.f_back
    return frame is not None and _in(frame, [_HERE]) and not _in(frame, [_EXERCISES])


def _stand_in(
    original: Callable[..., Any], label: str, policy: Policy, library: bool
) -> Callable[..., Any]:
    """``original``, refusing calls from the student's code."""

    @functools.wraps(original)
    def forbidden(*args: Any, **kwargs: Any) -> Any:
        return _call_or_refuse(original, args, kwargs, label, policy, library)

    forbidden.__forbidden__ = True  # type: ignore[attr-defined]
    return forbidden


def _call_or_refuse(
    original: Callable[..., Any],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    label: str,
    policy: Policy,
    library: bool,
) -> Any:
    if policy.state.get("loading") or _called_by_the_package(library):
        return original(*args, **kwargs)
    task = _task_text(policy.task)
    raise ForbiddenFunction(
        t(
            "this exercise asks you to write {task} yourself: {label} is off while your "
            "function is checked",
            task=task,
            label=label,
        )
    )


def _task_text(task: str) -> str:
    """What an exercise asks the student to write (:attr:`Policy.task`), in the language in use."""
    tasks = {
        "the elimination": t("the elimination"),
        "the fewest-presses search": t("the fewest-presses search"),
        "the solver by light chasing": t("the solver by light chasing"),
        "the press": t("the press"),
    }
    return tasks.get(task, task)


def _rebind(original: object, replacement: object) -> None:
    """Put ``replacement`` wherever the package binds ``original`` (its modules and itself)."""
    for name, module in list(sys.modules.items()):
        if module is None or not (name == _PACKAGE or name.startswith(_PACKAGE + ".")):
            continue
        for attr, value in list(vars(module).items()):
            if value is original:
                setattr(module, attr, replacement)


def _package_functions(module: types.ModuleType) -> list[tuple[str, Any]]:
    """The functions a module defines (Python functions and compiled numba dispatchers)."""
    found = []
    for attr, value in vars(module).items():
        if isinstance(value, type) or not callable(value):
            continue
        if getattr(value, "__module__", None) == module.__name__:
            found.append((attr, value))
    return found


def _refuse_class(cls: type, label: str, policy: Policy) -> Callable[..., Any]:
    """Building ``cls`` refused to the student's code (its objects hold a solution)."""

    def refused(*args: Any, **kwargs: Any) -> Any:
        return _call_or_refuse(cls, args, kwargs, label, policy, library=False)

    refused.__name__ = refused.__qualname__ = cls.__name__
    refused.__forbidden__ = True  # type: ignore[attr-defined]
    return refused


def _switch_off_module(module: types.ModuleType, short: str, policy: Policy) -> None:
    """Every function of one package module off, but the allowed ones."""
    whole = short in policy.modules  # else only its listed classes and methods
    for attr, function in _package_functions(module) if whole else []:
        if f"{short}:{attr}" in policy.allowed or getattr(function, "__forbidden__", False):
            continue
        label = f"lo.{attr}" if not attr.startswith("_") else f"{module.__name__}.{attr}"
        _rebind(function, _stand_in(function, label, policy, library=False))
    for spec in policy.classes:
        where, name = spec.split(":")
        if where == short:
            _rebind(
                getattr(module, name), _refuse_class(getattr(module, name), f"lo.{name}", policy)
            )
    for spec in policy.methods:
        where, dotted = spec.split(":")
        if where == short:
            class_name, method = dotted.split(".")
            cls = getattr(module, class_name)
            label = t(".{method}() of lo.{name}", method=method, name=class_name)
            setattr(cls, method, _stand_in(vars(cls)[method], label, policy, library=False))


def _package_patches(policy: Policy) -> dict[str, Callable[[types.ModuleType], None]]:
    named = (spec.split(":")[0] for spec in (*policy.classes, *policy.methods))
    shorts = {*policy.modules, *named}
    return {
        f"{_PACKAGE}.{short}": functools.partial(_switch_off_module, short=short, policy=policy)
        for short in shorts
    }


# ---------------------------------------------------------------------------------------------
# galois, sympy and numpy: patched now if loaded, else as soon as the student imports them
# ---------------------------------------------------------------------------------------------


def _patch_methods(
    classes: Iterable[type], names: Iterable[str], prefix: str, policy: Policy
) -> None:
    for cls in classes:
        for name in names:
            if name in vars(cls) and not getattr(vars(cls)[name], "__forbidden__", False):
                original = vars(cls)[name]
                if isinstance(original, (staticmethod, classmethod)):
                    continue
                label = f"{prefix}.{name}"
                setattr(cls, name, _stand_in(original, label, policy, library=True))


def _patch_galois(module: types.ModuleType, *, policy: Policy) -> None:
    base = module.FieldArray
    _patch_methods(base.__mro__, _GALOIS, "galois FieldArray", policy)


def _patch_sympy(module: types.ModuleType, *, policy: Policy) -> None:
    from sympy.polys.matrices import DomainMatrix

    classes = [*module.Matrix.__mro__, *module.ImmutableMatrix.__mro__, *DomainMatrix.__mro__]
    _patch_methods(dict.fromkeys(classes), _SYMPY, "sympy's", policy)


def _patch_numpy(module: types.ModuleType, *, policy: Policy) -> None:
    linalg = module.linalg
    for name in _NUMPY:
        original = getattr(linalg, name)
        if not getattr(original, "__forbidden__", False):
            label = f"np.linalg.{name}"
            setattr(linalg, name, _stand_in(original, label, policy, library=True))


class _PatchOnImport(importlib.abc.MetaPathFinder):
    """Patch a module right after it is imported (by the student's code or the package)."""

    def __init__(self, patches: dict[str, Callable[[types.ModuleType], None]]) -> None:
        self.patches = patches

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        patch = self.patches.pop(fullname, None)
        if patch is None:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return None
        loader: Any = spec.loader
        run = loader.exec_module

        def exec_and_patch(module: types.ModuleType) -> None:
            run(module)
            patch(module)

        loader.exec_module = exec_and_patch
        return spec


def _library_patches(policy: Policy) -> dict[str, Callable[[types.ModuleType], None]]:
    return {
        "numpy": functools.partial(_patch_numpy, policy=policy),
        "galois": functools.partial(_patch_galois, policy=policy),
        "sympy": functools.partial(_patch_sympy, policy=policy),
    }


def apply(policy: Policy) -> None:
    """Switch off what ``policy`` lists, in this process (the runner) only.

    Modules already loaded are patched now, the others as soon as they are imported.
    """
    patches = _package_patches(policy)
    if policy.libraries:
        patches.update(_library_patches(policy))
    later = {}
    for name, patch in patches.items():
        module = sys.modules.get(name)
        if module is None:
            later[name] = patch
        else:
            patch(module)
    if later:
        sys.meta_path.insert(0, _PatchOnImport(later))
