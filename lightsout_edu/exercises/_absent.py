"""What a write-it-yourself exercise leaves out, the same with bubblewrap and without it.

A write-it-yourself exercise (E1.2, E1.3, E3.4, E4.9, E5.4, E6.4) runs the student's function
with Python, NumPy and the standard library only: of ``lightsout_edu`` only the runner's own
modules (:data:`KEPT`) are there, galois and sympy not at all.  Where bubblewrap runs,
``_bubblewrap`` binds stubs over the other files (their import raises :func:`message`);
without it, the runner is a new interpreter whose first act is :func:`install`, which makes
the same imports fail with the same message.  So a verdict never depends on the machine.

>>> finder = Absent()
>>> finder.find_spec("lightsout_edu._i18n", None) is None
True
>>> finder.find_spec("lightsout_edu.linalg", None)
Traceback (most recent call last):
...
ImportError: here your function runs with NumPy and the standard library only: ...
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import types
from pathlib import Path
from typing import Any

from .._i18n import t_in

__all__ = ["KEPT", "SOLVER_PACKAGES", "Absent", "install", "message", "runner_arguments"]

#: The modules of the package the runner needs: the only ones there.
KEPT = (
    "lightsout_edu",
    "lightsout_edu._threads",
    "lightsout_edu._i18n",
    "lightsout_edu.strings",
    "lightsout_edu.exercises",
    "lightsout_edu.exercises._absent",
    "lightsout_edu.exercises._runner",
    "lightsout_edu.exercises._frames",
    "lightsout_edu.exercises._plain",
    "lightsout_edu.exercises._sandbox",
)
#: Packages not there at all: they solve linear systems over GF(p).
SOLVER_PACKAGES = ("galois", "sympy")


def message(language: str) -> str:
    """What importing a module that is not there says, in ``language``."""
    return t_in(
        language,
        "here your function runs with NumPy and the standard library only: the solvers of "
        "lightsout_edu, galois and sympy are not there, so write it yourself",
    )


class _EmptyPackage(importlib.abc.Loader):
    """``lightsout_edu.exercises`` without its checkers (as bubblewrap's stub has it)."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        module.__doc__ = "The runner only."


class Absent(importlib.abc.MetaPathFinder):
    """Refuses every module of the package but :data:`KEPT`, and galois and sympy."""

    def __init__(self, language: str = "en") -> None:
        self.language = language

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        top = fullname.partition(".")[0]
        if fullname == "lightsout_edu.exercises":
            found = importlib.machinery.PathFinder.find_spec(fullname, path)
            if found is not None and found.submodule_search_locations is not None:
                spec = importlib.machinery.ModuleSpec(fullname, _EmptyPackage(), is_package=True)
                spec.submodule_search_locations = list(found.submodule_search_locations)
                return spec
        if fullname in KEPT or fullname.startswith("lightsout_edu.strings."):
            return None
        if top in SOLVER_PACKAGES or top == "lightsout_edu":
            raise ImportError(message(self.language), name=fullname)
        return None


def install(language: str = "en") -> None:
    """From now on in this process, only what :data:`KEPT` names of the package is there."""
    sys.meta_path.insert(0, Absent(language))


def runner_arguments(language: str) -> list[str]:
    """The arguments of ``python`` that start a runner with only :data:`KEPT` there.

    :func:`install` runs before anything of the package beyond ``lightsout_edu`` itself
    and ``_i18n`` is imported, and the runner is this package's own copy (as
    ``_bubblewrap.run_module`` runs it).
    """
    here = Path(__file__).resolve()
    boot = (
        "import importlib.util, runpy, sys; "
        f"sys.path.insert(0, {str(here.parents[2])!r}); "
        f"spec = importlib.util.spec_from_file_location({__name__!r}, {str(here)!r}); "
        "absent = importlib.util.module_from_spec(spec); sys.modules[spec.name] = absent; "
        f"spec.loader.exec_module(absent); absent.install({language!r}); "
        "runpy.run_module('lightsout_edu.exercises._runner', run_name='__main__', "
        "alter_sys=True)"
    )
    return ["-c", boot]
