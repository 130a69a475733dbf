"""W. Boyles' published bounds on the most-clicks problem, n x n boards, n <= 50.

From his data file ``code/serialization/min_clicks_answers.txt`` in the LightsOut-Math
repository (github.com/wmboyles/LightsOut-Math, last changed 2021-11-28, read at commit
305ca2e), which lists ``n value`` where the value is known and ``n lower <= ? <= upper`` (or
``< upper``) where it is not. Its 19 -> 197 cannot be right: no 19 x 19 board needs more than
180 presses (the averaging bound with parity, :mod:`lightsout_edu._clicks_types`).
"""

from __future__ import annotations

__all__ = ["BOYLES_PUBLISHED", "SOURCE", "compare"]

SOURCE = (
    "W. Boyles, LightsOut-Math, code/serialization/min_clicks_answers.txt "
    "(github.com/wmboyles/LightsOut-Math, commit 305ca2e)"
)

#: The file's lines for n = 1..50, as written.
_LINES = """
1 1
2 4
3 9
4 7
5 15
6 36
7 49
8 64
9 37
10 100
11 65
12 144
13 169
14 123
15 225
16 124
17 199
18 324
19 197
20 400
21 441
22 484
23 239 <= ? <= 305
24 375
25 625
26 676
27 729
28 784
29 443
30 180 <= ? < 900
31 961
32 205 <= ? < 1024
33 218 <= ? <= 573
34 763
35 721
36 1296
37 1369
38 1444
39 305 <= ? <= 877
40 1600
41 1191
42 1764
43 1849
44 1287
45 2025
46 2116
47 442 <= ? <= 1313
48 2304
49 1397
50 1344
"""


def _parse(line: str) -> tuple[int, tuple[int, int]]:
    words = line.split()
    n = int(words[0])
    if len(words) == 2:
        return n, (int(words[1]), int(words[1]))
    upper = int(words[5]) - (words[4] == "<")  # "< 900": at most 899
    return n, (int(words[1]), upper)


#: n -> (lower, upper) as published (equal where the file gives one value).
BOYLES_PUBLISHED: dict[int, tuple[int, int]] = dict(
    _parse(line) for line in _LINES.strip().splitlines()
)


def compare(lower: int, upper: int, published: tuple[int, int]) -> str:
    """How our proven bounds stand against a published pair.

    Examples
    --------
    >>> compare(161, 180, (197, 197)), compare(37, 37, (37, 37)), compare(260, 268, (239, 305))
    ('published value impossible', 'equal', 'tighter lower and upper')
    """
    low, high = published
    if low > upper or high < lower:
        return "published value impossible" if low == high else "published bounds impossible"
    if (lower, upper) == (low, high):
        return "equal"
    tighter = [name for name, ours in (("lower", lower > low), ("upper", upper < high)) if ours]
    return "tighter " + " and ".join(tighter) if tighter else "published is tighter"
