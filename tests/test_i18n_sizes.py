"""The refusals of huge inputs speak Chinese too: sizes estimated from shapes (copies,
packing, null-space bases, boards, Smith transforms, cell types) and the time limit of the
most-clicks setup.

Every literal ``t()`` key of the modules below has a Chinese template with the same
``{values}``; the table ``strings/zh/library_errors_sizes.json`` says only what the code says.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu import _i18n
from tests.test_i18n_library import CHINESE, FIELD, keys_in

PACKAGE = Path(lo.__file__).parent
MODULES = ("_game", "_clicks_types", "packed", "linalg", "elimination", "modular", "worst_case")
TABLE = PACKAGE / "strings" / "zh" / "library_errors_sizes.json"


@pytest.mark.parametrize("name", MODULES)
def test_every_key_of_the_module_has_a_chinese_template(name):
    keys = keys_in(PACKAGE / f"{name}.py")
    merged, english = _i18n.table("zh"), _i18n.table("en")
    missing = sorted(key for key in keys if key not in merged)
    assert not missing, f"add these to {TABLE.name}: {missing}"
    for key in keys:
        template = merged[key]
        assert set(FIELD.findall(template)) == set(FIELD.findall(english.get(key, key))), key
        assert CHINESE.search(template), f"not Chinese: {key!r} -> {template!r}"


def test_the_table_is_sorted_used_and_its_own():
    table = json.loads(TABLE.read_text(encoding="utf-8"))
    assert list(table) == sorted(table)
    used: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        used |= set(keys_in(path))
    assert not set(table) - used, f"unused: {sorted(set(table) - used)}"
    for path in TABLE.parent.glob("*.json"):
        if path != TABLE:
            assert not set(table) & set(json.loads(path.read_text(encoding="utf-8"))), path.name


#: (call, English message, Chinese message): refused from the shapes, in both languages
CASES = [
    (
        lambda: lo.solve_board(np.broadcast_to(np.uint8(0), (30000, 30000))),
        "solving a 30000x30000 board with 2 colours would need 6.7 GiB of memory, more than "
        "the 2.0 GiB this package allocates at once; use a smaller board (at most about 268 "
        "million cells with 2 colours)",
        "求解 2 种颜色的 30000x30000 棋盘 需要 6.7 GiB 内存，超过了本程序包一次最多分配的 "
        "2.0 GiB；请用一个小一些的棋盘（2 种颜色时最多约 268 百万个格子）",
    ),
    (
        lambda: lo.null_space(np.broadcast_to(np.uint8(0), (1, 10**5))),
        "a basis of the null space, at least 99999 vectors of 100000 entries would need "
        "9.3 GiB of memory, more than the 2.0 GiB this package allocates at once; pass a "
        "PackedMatrix (PackedMatrix.from_dense): its null space stays packed",
        "零空间的一组基，至少 99999 个含 100000 个元素的向量 需要 9.3 GiB 内存，超过了本程序包"
        "一次最多分配的 2.0 GiB；请传入 PackedMatrix（PackedMatrix.from_dense）：它的零空间保持"
        "压缩形式",
    ),
    (
        lambda: lo.most_clicks_bounds(20000, time_limit=1),
        "the cell types of a 20000x20000 board would need 14.9 GiB of memory, more than the "
        "2.0 GiB this package allocates at once; ask about a smaller board",
        "20000x20000 棋盘的格子类型 需要 14.9 GiB 内存，超过了本程序包一次最多分配的 2.0 GiB；"
        "请换一个小一些的棋盘",
    ),
]


@pytest.mark.parametrize(("call", "english", "chinese"), CASES)
def test_a_refusal_reads_the_same_in_both_languages(call, english, chinese):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value) == english
    _i18n.set_language("zh")
    try:
        with pytest.raises(ValueError) as error:
            call()
    finally:
        _i18n.set_language(None)
    assert str(error.value) == chinese
