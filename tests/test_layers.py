"""The package's layers point one way, without circles, and the engine stays light:
solving a board loads neither the pictures nor the widgets nor numba, and without numba the
package gives the same answers."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "lightsout_edu"

#: Every module of the package, by layer: a module may import only from its own layer or
#: a lower one (imports inside functions included).
LAYERS = {
    "foundation": {"_validation", "_numba_cache", "_threads", "_race", "_i18n"},
    "engine": {
        "rules", "boards", "steps", "packed", "_gf2_python", "_gf2_numba", "_gf2_bits",
        "_gf2_lines", "_gf2_dense", "elimination",
        "linalg", "modular", "_chase_rows", "chase", "fewest", "_fewest_numba", "polynomials",
        "_grid", "_network", "_game", "_chasing", "_solution", "puzzle", "_keywords",
    },
    "teaching data": {
        "solver", "random_boards", "graphs", "worst_case", "crosscheck", "diagonal_form",
        "_clicks_types", "_clicks_upper", "_clicks_search", "_clicks_program",
    },
    "views": {"_palette", "latex", "_playback", "plotting", "widgets"},
    "course": {"exercises", "cli", "__main__", "__init__"},
}  # fmt: skip
ORDER = list(LAYERS)
LAYER_OF = {module: layer for layer, modules in LAYERS.items() for module in modules}


def modules() -> dict[str, Path]:
    """Top-level module name (a sub-package counts as one) -> each of its files."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE)
        top = relative.parts[0].removesuffix(".py")
        found[str(relative)] = (top, path)
    return found


def imports_of(path: Path, top: str) -> set[str]:
    """The package's top-level modules that ``path`` imports, anywhere in the file."""
    package_parts = path.relative_to(PACKAGE).parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 0:
                if node.module and node.module.startswith("lightsout_edu"):
                    parts = node.module.split(".")[1:]
                    names = parts[:1] or [a.name for a in node.names]
                    found.update(names)
                continue
            base = list(package_parts[: len(package_parts) - (node.level - 1)])
            target = base + (node.module.split(".") if node.module else [])
            if target:
                found.add(target[0])
            else:  # "from . import x" at the top of the package
                found.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("lightsout_edu."):
                    found.add(alias.name.split(".")[1])
    return {name for name in found if name != top and name in LAYER_OF}


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for top, path in modules().values():
        edges.setdefault(top, set()).update(imports_of(path, top))
    return edges


def test_every_module_has_a_layer():
    missing = sorted({top for top, _ in modules().values()} - set(LAYER_OF))
    assert not missing, f"give these modules a layer in tests/test_layers.py: {missing}"


def test_imports_point_down_the_layers():
    wrong = []
    for module, targets in graph().items():
        if module == "__init__":
            continue  # the lazy public namespace names everything
        for target in targets:
            if ORDER.index(LAYER_OF[target]) > ORDER.index(LAYER_OF[module]):
                wrong.append(f"{module} ({LAYER_OF[module]}) imports {target} ({LAYER_OF[target]})")
    assert not wrong, "imports that point up the layers:\n" + "\n".join(sorted(wrong))


def test_there_are_no_import_circles():
    edges = {m: t - {"__init__"} for m, t in graph().items() if m != "__init__"}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (cycle := visit(node)):
            pytest.fail("import circle: " + " -> ".join(cycle))


def run_python(code: str, **env: str) -> str:
    """Run ``code`` in a fresh Python with ``env`` (and numba's cache folder not chosen)."""
    inherited = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**inherited, **env},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_solving_a_board_loads_no_pictures_no_widgets_and_no_numba():
    out = run_python(
        "import sys, lightsout_edu as lo\n"
        "s = lo.solve_board(lo.random_board(5, 5, seed=1, solvable=True))\n"
        "s.fewest_presses()\n"
        "heavy = ['matplotlib', 'ipywidgets', 'IPython', 'PIL', 'numba', 'anywidget', 'scipy']\n"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    assert out.strip() == "[]"


BLOCK_NUMBA = "import sys; sys.modules['numba'] = None\n"


@pytest.mark.slow
def test_without_numba_the_package_gives_the_same_answers():
    code = (
        BLOCK_NUMBA + "import numpy as np, lightsout_edu as lo\n"
        "from lightsout_edu import packed\n"
        "print(packed.numba_allowed(), packed.backend_name(10_000))\n"
        "print(lo.rank(lo.toggle_matrix(40, 40, packed=True)))\n"
        "print(int(lo.solve_board(np.ones((30, 30), np.uint8)).fewest_presses().sum()))\n"
        "print(lo.light_chase(lo.random_board(200, 200, seed=1, solvable=True)).rank)\n"
    )
    without = run_python(code).split()
    assert without[:2] == ["False", "python"]
    with_numba = run_python(code.removeprefix(BLOCK_NUMBA)).split()
    assert without[2:] == with_numba[2:]
    assert without[3] == "376"  # OEIS A075464: the all-on 30x30 board needs 376 presses


def test_the_engine_variable_is_checked():
    out = run_python(
        "from lightsout_edu import packed\n"
        "try:\n    packed.backend_name(10)\nexcept ValueError as e:\n    print(e)",
        LIGHTSOUT_ENGINE="fortran",
    )
    assert "LIGHTSOUT_ENGINE='fortran' is not one of auto, python, numba" in out


@pytest.mark.slow
def test_numba_caches_outside_the_package(tmp_path):
    pytest.importorskip("numba")
    cache = tmp_path / "cache"
    before = set(PACKAGE.rglob("*.nb[ic]"))
    out = run_python(
        "import numpy as np, lightsout_edu as lo\n"
        "from lightsout_edu import packed\n"
        "print(lo.rank(lo.toggle_matrix(13, 13, packed=True)))\n"
        "from numba.core import config; print(config.CACHE_DIR)",
        XDG_CACHE_HOME=str(cache),
        LIGHTSOUT_ENGINE="numba",
    )
    from lightsout_edu._numba_cache import compiled_sources_digest

    folder = cache / "numba" / f"lightsout_edu-{compiled_sources_digest()}"
    assert out.split()[-1] == str(folder)
    assert any(folder.rglob("*.nbi")), "numba wrote no cache index"
    assert set(PACKAGE.rglob("*.nb[ic]")) == before, "numba cached inside the package"


def test_no_two_cached_kernels_share_a_cache_entry():
    """numba names a cache file after the Python function and keys it by the signature only,
    not by ``parallel=True``: two cached compilations of one function would load each other's
    code (a "serial" kernel that launches the worker threads aborts numba's workqueue)."""
    pytest.importorskip("numba")
    import importlib

    from numba.core.registry import CPUDispatcher

    owners: dict[tuple[str, str], str] = {}
    compiled = [p for p in sorted(PACKAGE.rglob("*.py")) if "import configure" in p.read_text()]
    for path in compiled:
        dotted = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        module = importlib.import_module(dotted)
        for name, value in vars(module).items():
            if not isinstance(value, CPUDispatcher) or type(value._cache).__name__ == "NullCache":
                continue  # not a kernel, or not cached
            if value.py_func.__module__ != module.__name__:
                continue  # imported from another module: counted there
            entry = (value.py_func.__module__, value.py_func.__qualname__)
            assert entry not in owners, f"{name} and {owners[entry]} share the cache of {entry}"
            owners[entry] = name
    assert len(owners) > 20  # the kernels were found


@pytest.mark.slow
def test_an_unwritable_cache_turns_caching_off_and_still_works(tmp_path):
    """A read-only home (a file where the cache folder would go; root may write anywhere)."""
    pytest.importorskip("numba")
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    before = set(PACKAGE.rglob("*.nb[ic]"))
    out = run_python(
        "import lightsout_edu as lo\n"
        "from lightsout_edu import _numba_cache\n"
        "print(_numba_cache.configure()[1], lo.rank(lo.toggle_matrix(13, 13, packed=True)))",
        XDG_CACHE_HOME=str(blocked),
        LIGHTSOUT_ENGINE="numba",
    )
    assert out.split() == ["False", "169"]  # no cache; the 13x13 toggle matrix is invertible
    assert set(PACKAGE.rglob("*.nb[ic]")) == before, "numba cached inside the package"


@pytest.mark.slow
def test_a_forked_process_can_use_the_parallel_kernels():
    """numba's default threading layer on Linux (GNU OpenMP) kills a child forked after a
    parallel kernel ran; multiprocessing and forking test runners do exactly that. Another
    numba library (galois) that starts the threads first must get the fork-safe layer too."""
    pytest.importorskip("numba")
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_THREADING_LAYER"}
    code = (
        "import os, numpy as np, galois, lightsout_edu as lo\n"
        "galois.GF(2)  # galois compiles parallel code: numba starts its threads here\n"
        "A = np.random.default_rng(1).integers(0, 2, (600, 600), dtype=np.uint8)\n"
        "expected = lo.rank(A)  # dense: the parallel Four Russians kernel\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    os._exit(0 if lo.rank(A) == expected else 3)\n"
        "_, status = os.waitpid(pid, 0)\n"
        "import numba; print(os.waitstatus_to_exitcode(status), numba.threading_layer())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**env, "LIGHTSOUT_ENGINE": "numba"},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    status, layer = result.stdout.split()
    assert status == "0", f"the forked child failed ({status}): {result.stderr}"
    assert layer in ("tbb", "workqueue")


TOOLS = PACKAGE.parent / "tools"


def tools_imports() -> dict[str, set[str]]:
    """tools module -> the tools modules it imports (anywhere in the file)."""
    edges: dict[str, set[str]] = {}
    for path in TOOLS.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "tools":
                    found.update(alias.name for alias in node.names)
                elif node.module.startswith("tools."):
                    found.add(node.module.split(".")[1])
                elif node.module.split(".")[0] == "tests":
                    found.add("<tests>")
        edges[path.stem] = found - {path.stem}
    return edges


def test_the_tools_import_no_circle_and_no_test():
    edges = tools_imports()
    assert not any("<tests>" in targets for targets in edges.values()), edges
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"tools import in a circle: {' -> '.join((*path, module))}"
        if module in done:
            return
        for target in edges.get(module, ()):
            visit(target, (*path, module))
        done.add(module)

    for module in edges:
        visit(module, ())
    assert "build_site" not in edges["build_slides"], "the slides use the shared modules"
