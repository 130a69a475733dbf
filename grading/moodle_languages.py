"""Moodle's words in each language a lecturer's Moodle may speak: one table entry a wording.

Moodle writes what a lecturer downloads in the lecturer's own language: the grading
worksheet's column headers are language strings (``mod/assign/gradingtable.php``, the
constructor: ``get_string('recordid', 'assign')`` "Identifier", ``get_string('fullname')``,
each identity field by its ``get_string`` name, e.g. ``get_string('email')``, and
``get_string('lastmodifiedsubmission', 'assign')``), its times are ``userdate`` (the
language's ``strftimedaydatetime``, ``%d`` and ``%I`` without a leading zero, ``%A``/``%B``
the day and month names ``core_date::strftime`` takes from ICU for the language's ``locale``),
and a blind-marked assignment's archive names each student ``get_string('participant',
'assign')`` and a participant id (``mod/assign/classes/downloader.php``,
``get_student_prefix``).

Reading another language (or another release's wording of one) is a new entry in
:data:`LANGUAGES`: its strings from that
language pack (``<code>/assign.php``, ``<code>/moodle.php`` and ``<code>/langconfig.php``;
the Moodle site's own copy, or `download.moodle.org/langpack
<https://download.moodle.org/langpack/>`_), its day and month names as ICU writes ``EEEE``
and ``MMMM`` in its ``locale`` (``tests/test_lms.py`` checks them against CLDR's, when
Babel is installed).

Examples
--------
>>> [language.name for language in LANGUAGES]
['English', '简体中文', '简体中文']
>>> parse_time("Sunday, 8 March 2026, 8:05 PM", LANGUAGES[0])
datetime.datetime(2026, 3, 8, 20, 5)
>>> parse_time("2026年03月8日 星期日 20:05", LANGUAGES[1])
datetime.datetime(2026, 3, 8, 20, 5)
>>> parse_time("Sonntag, 8. März 2026, 20:05", LANGUAGES[0]) is None
True
"""

from __future__ import annotations

import datetime
import functools
import re
from dataclasses import dataclass

__all__ = ["LANGUAGES", "MoodleLanguage", "parse_time"]


@dataclass(frozen=True)
class MoodleLanguage:
    """What Moodle writes in one language pack, as far as the grading commands read it."""

    code: str  # the language pack ("en", "zh_cn")
    name: str  # langconfig.php 'thislanguage', as Moodle's language menu names it
    identifier: str  # assign.php 'recordid': the worksheet's participant column
    full_name: str  # moodle.php 'fullname'
    email: str  # moodle.php 'email'
    submitted: str  # assign.php 'lastmodifiedsubmission': the worksheet's hand-in time
    participant: str  # assign.php 'participant': a blind-marked archive's name for everyone
    time_format: str  # langconfig.php 'strftimedaydatetime'
    weekdays: tuple[str, ...]  # %A, Monday to Sunday
    months: tuple[str, ...]  # %B, January to December
    am_pm: tuple[str, str]  # %p: langconfig.php 'amcaps', 'pmcaps'
    example: str  # 2026-03-08 20:00 as userdate writes it: shown when a time is not read


LANGUAGES = (
    # Moodle's own English: mod/assign/lang/en/assign.php, lang/en/moodle.php,
    # lang/en/langconfig.php ('locale' en_AU.UTF-8).
    MoodleLanguage(
        code="en",
        name="English",
        identifier="Identifier",
        full_name="Full name",
        email="Email address",
        submitted="Last modified (submission)",
        participant="Participant",
        time_format="%A, %d %B %Y, %I:%M %p",
        weekdays=tuple("Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()),
        months=tuple(
            "January February March April May June July August September October November "
            "December".split()
        ),
        am_pm=("AM", "PM"),
        example="Sunday, 8 March 2026, 8:00 PM",
    ),
    # Simplified Chinese, the same in the packs of Moodle 3.8 to 5.x: zh_cn/assign.php,
    # zh_cn/moodle.php, zh_cn/langconfig.php ('locale' zh_CN.UTF-8) of the language packs
    # (mirrored in github.com/projectestac/moodle-langpacks, branches upstream_38 to master).
    # %A is ICU's (and glibc's) zh_CN weekday name; the format has no %B or %p, given for
    # completeness.
    MoodleLanguage(
        code="zh_cn",
        name="简体中文",
        identifier="标识符",
        full_name="全名",
        email="电子邮件地址",
        submitted="上次修改（作业）",
        participant="参与人",
        time_format="%Y年%m月%d日 %A %H:%M",
        weekdays=tuple("星期一 星期二 星期三 星期四 星期五 星期六 星期日".split()),
        months=tuple("一月 二月 三月 四月 五月 六月 七月 八月 九月 十月 十一月 十二月".split()),
        am_pm=("上午", "下午"),
        example="2026年03月8日 星期日 20:00",
    ),
    # Simplified Chinese as the packs of Moodle 2.8 to 3.6 wrote it (the mirror's branches
    # upstream_28 to upstream_36): other words for four of the strings.
    MoodleLanguage(
        code="zh_cn",
        name="简体中文",
        identifier="识别码",
        full_name="全名",
        email="Email地址",
        submitted="最后修改（学生）",
        participant="参与者",
        time_format="%Y年%m月%d日 %A %H:%M",
        weekdays=tuple("星期一 星期二 星期三 星期四 星期五 星期六 星期日".split()),
        months=tuple("一月 二月 三月 四月 五月 六月 七月 八月 九月 十月 十一月 十二月".split()),
        am_pm=("上午", "下午"),
        example="2026年03月8日 星期日 20:00",
    ),
)


def _alternatives(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))


@functools.cache
def _pattern(language: MoodleLanguage) -> re.Pattern[str]:
    """A regular expression for ``language``'s times, one named group per field."""
    fields = {
        "A": f"(?P<A>{_alternatives(language.weekdays)})",
        "B": f"(?P<B>{_alternatives(language.months)})",
        "d": r"(?P<d>\d{1,2})",  # userdate's $fixday: no leading zero
        "m": r"(?P<m>\d{2})",
        "Y": r"(?P<Y>\d{4})",
        "H": r"(?P<H>\d{2})",
        "I": r"(?P<I>\d{1,2})",  # userdate's $fixhour: no leading zero
        "M": r"(?P<M>\d{2})",
        # core_date::strftime writes PHP's AM/PM; date_format_string the pack's own words
        "p": f"(?P<p>AM|PM|{_alternatives(language.am_pm)})",
    }
    parts = re.split(r"%(\w)", language.time_format)  # text, directive, text, ...
    regex = "".join(fields[part] if k % 2 else re.escape(part) for k, part in enumerate(parts))
    return re.compile(f"^{regex}$")


def parse_time(text: str, language: MoodleLanguage) -> datetime.datetime | None:
    """``text``, a time as Moodle writes it in ``language`` (naive), or None if it is not one."""
    found = _pattern(language).match(text.strip())
    if found is None:
        return None
    said = found.groupdict()
    month = int(said["m"]) if said.get("m") else language.months.index(said["B"]) + 1
    if said.get("H") is not None:
        hour = int(said["H"])
    else:
        afternoon = said["p"] in ("PM", language.am_pm[1])
        hour = int(said["I"]) % 12 + (12 if afternoon else 0)
    try:
        return datetime.datetime(int(said["Y"]), month, int(said["d"]), hour, int(said["M"]))
    except ValueError:  # a day or an hour out of range
        return None
