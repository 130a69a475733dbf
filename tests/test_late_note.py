"""The late note a feedback page carries (``grading.deadlines.late_note``), in both languages."""

from __future__ import annotations

import pytest

from grading.deadlines import LateRule, late_note
from lightsout_edu._i18n import speaking

RULE = LateRule(percent_per_day=10, cap_percent=50)


@pytest.mark.parametrize(
    ("seconds", "english", "chinese"),
    [
        (97_319, "27 h 01 min after the deadline: 2 days late", "27 小时 01 分提交：逾期 2 天"),
        (86_400, "24 h 00 min after the deadline: 1 day late", "24 小时 00 分提交：逾期 1 天"),
        (59, "0 h 00 min after the deadline: 1 day late", "0 小时 00 分提交：逾期 1 天"),
    ],
)  # fmt: skip
def test_the_time_late_is_rounded_down_and_the_days_counted_as_the_rule_counts(
    seconds: int, english: str, chinese: str
) -> None:
    assert english in late_note(seconds, RULE, 1.0)
    with speaking("zh"):
        said = late_note(seconds, RULE, 1.0)
    assert chinese in said and "（不足一天按一天计）" in said


def test_the_chinese_note_reads_as_one_sentence() -> None:
    with speaking("zh"):
        said = late_note(2 * 86_400 - 1, RULE, 2.6)
    assert said == (
        "在截止时间后 47 小时 59 分提交：逾期 2 天（不足一天按一天计）；每天扣 10%，最多扣 50%，"
        "因此扣 20%：-2.6 分。"
    )
