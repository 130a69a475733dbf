"""Memory stays bounded where the answer is small but the work is big: the fewest-press
search with millions of tied solutions, and the first solutions of a coset of 2^61 or 2^64.
Each is measured in a fresh child process, by its peak resident memory (VmHWM) before and
after, so that nothing else the test session holds counts."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.slow  # each test measures a fresh child process
MiB = 2**20

#: 22 independent pairs of cells, one of each pair pressed: 2^22 solutions tie at 22
#: presses.  Built at once as int64 they took 1.4 GiB (and a MemoryError under the limit).
TIES = """
import numpy as np
pairs = 22
x0 = np.zeros(2 * pairs, np.uint8)
x0[0::2] = 1
kernel = np.zeros((pairs, 2 * pairs), np.uint8)
for i in range(pairs):
    kernel[i, 2 * i : 2 * i + 2] = 1
"""


def peak_after(setup: str, work: str) -> dict:
    """Run ``setup`` then ``work`` in a child; the peak memory before and after ``work``."""
    script = textwrap.dedent(
        f"""
        import json
        def peak():
            with open("/proc/self/status") as status:
                return next(int(l.split()[1]) * 1024 for l in status if l.startswith("VmHWM"))
        {textwrap.indent(textwrap.dedent(setup), "        ").strip()}
        before = peak()
        {textwrap.indent(textwrap.dedent(work), "        ").strip()}
        print(json.dumps({{"before": before, "after": peak(), "result": result}}))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


#: numba and the compiled search loaded (from its cache or compiled) on a tiny input, so that
#: the 190 MB that loading numba's compiler takes are counted before the search, not in it.
WARM_UP = """
from lightsout_edu import packed
if packed.numba_allowed():
    from lightsout_edu import _fewest_numba as compiled
    one, nothing = np.ones(2, np.int32), np.zeros(2, np.int64)
    compiled.best_scores(nothing, nothing, one, 1, 1)
    compiled.winners_in_block(nothing, nothing, one, 1, 0, 2)
"""


def test_the_first_of_millions_of_ties_takes_little_memory():
    measured = peak_after(
        "import lightsout_edu as lo\nfrom lightsout_edu.fewest import first_lightest\n"
        + TIES
        + WARM_UP,
        "first, ties = first_lightest(x0, kernel)\n"
        "one = lo.minimum_weight_solutions(x0, kernel)\n"
        "result = [first.tolist(), ties, one.tolist()]",
    )
    first, ties, one = measured["result"]
    assert ties == 2**22
    assert first == [0, 1] * 22  # the first in row-major order presses the second of each pair
    assert one == [first]
    assert measured["after"] - measured["before"] < 32 * MiB, measured


def test_all_ties_are_built_or_refused_within_the_memory_limit():
    measured = peak_after(
        "import lightsout_edu as lo\n" + TIES,
        "ties = lo.minimum_weight_solutions(x0, kernel, all_ties=True)\n"
        "result = [list(ties.shape), ties[0].tolist(), ties[-1].tolist()]",
    )
    shape, first, last = measured["result"]
    assert shape == [2**22, 44]  # 185 MB of answers: built once, sorted once
    assert first == [0, 1] * 22 and last == [1, 0] * 22
    assert measured["after"] - measured["before"] < 185 * MiB * 3, measured


def test_the_first_solutions_of_a_huge_coset_take_little_memory():
    measured = peak_after(
        "import numpy as np\nimport lightsout_edu as lo",
        "board = lo.solve_board(np.zeros((2, 5), np.uint8), rule='neighbors', colors=2**61 - 1)\n"
        "ring = lo.solve_mod([[0, 0]], [0], 2**64)\n"
        "some = [next(board.all_solutions()).tolist(), next(ring.all_solutions()).tolist()]\n"
        "result = [some, board.solution_count >= 2**61 - 1]",
    )
    (board_first, ring_first), count_ok = measured["result"]
    assert board_first == [[0] * 5] * 2 and ring_first == [0, 0] and count_ok
    assert measured["after"] - measured["before"] < 50 * MiB, measured
