"""M4RI (the Method of the Four Russians, the reference for dense GF(2) elimination) through a
tiny C shim that the benchmark builds with the system's C compiler.

Debian packages the library as ``libm4ri-dev``. :func:`load` compiles ``m4ri_shim.c`` (below)
into ``benchmarks/.build/`` the first time and returns the functions, or raises
:class:`Unavailable` with the reason (no compiler, no library) so the benchmark can say why
M4RI is missing instead of failing.

Every function takes a matrix in our packing (rows of little-endian 64-bit words, bit j of
word w = column 64 w + j: the same as M4RI's), copies it into an ``mzd_t`` and reports the
seconds spent in M4RI itself, measured in C, next to the answer.
"""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from pathlib import Path

import numpy as np

BUILD = Path(__file__).with_name(".build")
SOURCE = r"""
#include <m4ri/m4ri.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static mzd_t *load(const uint64_t *words, rci_t rows, rci_t cols, wi_t width) {
    mzd_t *A = mzd_init(rows, cols);
    for (rci_t i = 0; i < rows; i++)
        memcpy(mzd_row(A, i), words + (size_t)i * width, sizeof(word) * A->width);
    return A;
}

/* rank by M4RI's echelon form (not reduced); seconds in M4RI */
double shim_rank(const uint64_t *words, int rows, int cols, int width, long *rank) {
    mzd_t *A = load(words, rows, cols, width);
    double start = now();
    *rank = mzd_echelonize_m4ri(A, 0, 0);
    double seconds = now() - start;
    mzd_free(A);
    return seconds;
}

/* solve A x = b (A square) by PLUQ; x written as 0/1 bytes; *ok = 1 if consistent */
double shim_solve(const uint64_t *words, int n, int width, const unsigned char *b,
                  unsigned char *x, int *ok) {
    mzd_t *A = load(words, n, n, width);
    mzd_t *B = mzd_init(n, 1);
    for (int i = 0; i < n; i++) mzd_write_bit(B, i, 0, b[i]);
    double start = now();
    *ok = mzd_solve_left(A, B, 0, 1) == 0;
    double seconds = now() - start;
    for (int i = 0; i < n; i++) x[i] = mzd_read_bit(B, i, 0);
    mzd_free(A);
    mzd_free(B);
    return seconds;
}

/* the dimension of {x : A x = 0} by PLUQ; seconds in M4RI */
double shim_nullity(const uint64_t *words, int rows, int cols, int width, long *nullity) {
    mzd_t *A = load(words, rows, cols, width);
    double start = now();
    mzd_t *K = mzd_kernel_left_pluq(A, 0);
    double seconds = now() - start;
    *nullity = K == NULL ? 0 : K->ncols;
    if (K != NULL) mzd_free(K);
    mzd_free(A);
    return seconds;
}
"""


class Unavailable(RuntimeError):
    """M4RI cannot be used here; the message says why and how to get it."""


def _build() -> Path:
    library = BUILD / "libm4ri_shim.so"
    source = BUILD / "m4ri_shim.c"
    if library.exists() and source.exists() and source.read_text() == SOURCE:
        return library
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise Unavailable("no C compiler (apt-get install gcc) to build the M4RI shim")
    if not Path("/usr/include/m4ri/m4ri.h").exists():
        raise Unavailable("M4RI is not installed: apt-get install libm4ri-dev")
    BUILD.mkdir(exist_ok=True)
    source.write_text(SOURCE)
    command = [compiler, "-O2", "-shared", "-fPIC", str(source), "-o", str(library), "-lm4ri"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode:
        raise Unavailable(f"building the M4RI shim failed: {result.stderr.strip()[:300]}")
    return library


class M4RI:
    """rank, solve and nullity by M4RI; each returns (answer, seconds inside M4RI)."""

    def __init__(self) -> None:
        lib = ctypes.CDLL(str(_build()))
        pointer = ctypes.POINTER
        lib.shim_rank.restype = ctypes.c_double
        lib.shim_rank.argtypes = [
            pointer(ctypes.c_uint64), ctypes.c_int, ctypes.c_int, ctypes.c_int,
            pointer(ctypes.c_long),
        ]  # fmt: skip
        lib.shim_solve.restype = ctypes.c_double
        lib.shim_solve.argtypes = [
            pointer(ctypes.c_uint64), ctypes.c_int, ctypes.c_int, pointer(ctypes.c_ubyte),
            pointer(ctypes.c_ubyte), pointer(ctypes.c_int),
        ]  # fmt: skip
        lib.shim_nullity.restype = ctypes.c_double
        lib.shim_nullity.argtypes = lib.shim_rank.argtypes
        self.lib = lib

    @staticmethod
    def _words(words: np.ndarray) -> tuple[np.ndarray, object]:
        words = np.ascontiguousarray(words, dtype=np.uint64)
        return words, words.ctypes.data_as(ctypes.POINTER(ctypes.c_uint64))

    def rank(self, words: np.ndarray, cols: int) -> tuple[int, float]:
        words, data = self._words(words)
        out = ctypes.c_long()
        seconds = self.lib.shim_rank(data, words.shape[0], cols, words.shape[1], ctypes.byref(out))
        return int(out.value), float(seconds)

    def nullity(self, words: np.ndarray, cols: int) -> tuple[int, float]:
        words, data = self._words(words)
        out = ctypes.c_long()
        seconds = self.lib.shim_nullity(
            data, words.shape[0], cols, words.shape[1], ctypes.byref(out)
        )
        return int(out.value), float(seconds)

    def solve(self, words: np.ndarray, b: np.ndarray) -> tuple[np.ndarray | None, float]:
        words, data = self._words(words)
        n = words.shape[0]
        rhs = np.ascontiguousarray(b, dtype=np.uint8)
        x = np.zeros(n, dtype=np.uint8)
        ok = ctypes.c_int()
        seconds = self.lib.shim_solve(
            data,
            n,
            words.shape[1],
            rhs.ctypes.data_as(ctypes.POINTER(ctypes.c_ubyte)),
            x.ctypes.data_as(ctypes.POINTER(ctypes.c_ubyte)),
            ctypes.byref(ok),
        )
        return (x if ok.value else None), float(seconds)


def load() -> M4RI:
    """The M4RI functions, built on first use; :class:`Unavailable` if that is impossible."""
    return M4RI()
