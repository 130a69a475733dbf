"""Feedback that says "still being graded" for the parts a person has not graded yet.

nbgrader's feedback shows an ungraded written answer as "Score: 0.0 / 3.0" and counts it in
the total as 0, which reads as a failed answer.  :func:`mark_pending` rewrites a feedback
page so that each part still waiting for hand grading says so, and the total says how many
points are still to come; once every part is graded, the page is left as nbgrader wrote it.
``python -m grading feedback`` regenerates the pages after hand grading.

Examples
--------
>>> page = ('<h4>hw (Score: 2.0 / 13.0)</h4>\\n'
...         '<li><a href="#q5">Written response</a> (Score: 0.0 / 3.0)</li>\\n'
...         '<a name="q5"></a><span>\\n      Score: 0.0 / 3.0 <a href="#top">(Top)</a>')
>>> print(mark_pending(page, {"q5": 3.0}))
<h4>hw (Score so far: 2.0 / 10.0; 3.0 more points are still being graded by hand)</h4>
<li><a href="#q5">Written response</a> (still being graded, out of 3.0)</li>
<a name="q5"></a><span>
      Still being graded, out of 3.0 <a href="#top">(Top)</a>
"""

from __future__ import annotations

import re

from lightsout_edu._i18n import t

__all__ = ["mark_pending"]

_TOTAL = re.compile(r"<h4>(?P<name>[^<]*) \(Score: (?P<score>[\d.]+) / (?P<out_of>[\d.]+)\)</h4>")


def mark_pending(page: str, pending: dict[str, float]) -> str:
    """``page`` (nbgrader's feedback HTML), the parts ``pending`` marked as not graded yet.

    ``pending`` maps the grade_id of each part a person has still to grade to its points.
    """
    if not pending:
        return page
    for grade_id, points in pending.items():
        page = _part_pending(page, grade_id, points)
    waiting = sum(pending.values())

    def total(match: re.Match[str]) -> str:
        out_of = float(match["out_of"]) - waiting
        so_far = t(
            "Score so far: {score} / {out_of}; {waiting} more points are still being graded "
            "by hand",
            score=match["score"],
            out_of=f"{out_of:.1f}",
            waiting=f"{waiting:.1f}",
        )
        return f"<h4>{t('{name} ({so_far})', name=match['name'], so_far=so_far)}</h4>"

    return _TOTAL.sub(total, page, count=1)


def _part_pending(page: str, grade_id: str, points: float) -> str:
    """``page`` saying that part ``grade_id`` (``points``) is still being graded by hand.

    Both where the parts are listed and under the part itself.
    """
    name = re.escape(grade_id)
    listed = t("(still being graded, out of {points})", points=f"{points:.1f}")
    shown = t("Still being graded, out of {points}", points=f"{points:.1f}")
    page = re.sub(
        rf'(<a href="#{name}">[^<]*</a>) \(Score: [\d.]+ / [\d.]+\)',
        lambda match: f"{match[1]} {listed}",
        page,
    )
    return re.sub(
        rf'(<a name="{name}"></a>.*?)Score: [\d.]+ / [\d.]+ (<a href="#top">)',
        lambda match: f"{match[1]}{shown} {match[2]}",
        page,
        count=1,
        flags=re.DOTALL,
    )
