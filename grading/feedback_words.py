"""A feedback page in the language of its edition, nbgrader's own words included.

nbgrader writes a feedback page from its template in English: the links of the table of
contents ("Test cell", "Written response"), the headings of the graded cells ("Student's
answer", "Grade cell:"), the scores ("Score: 2.0 / 3.0", "(Top)") and the late penalty.  The
rest of the page is the student's notebook, and the graders' messages are already in the
edition's language (``grading.editions``).  :func:`in_language` puts the template's words in
that language too, so a Chinese submission's page reads in Chinese throughout.

Examples
--------
>>> page = ('<h4>hw (Score: 2.0 / 13.0)</h4>\\n<li><a href="#q1">Test cell</a> (Score: 2.0 / 2.0)'
...         '</li>\\n<span class="nbgrader-label">Grade cell: <code>q1</code></span>\\n'
...         'Score: 2.0 / 2.0 <a href="#top">(Top)</a>')
>>> print(in_language(page, "zh"))
<h4>hw（得分：2.0 / 13.0）</h4>
<li><a href="#q1">测试单元格</a>（得分：2.0 / 2.0）</li>
<span class="nbgrader-label">评分单元格： <code>q1</code></span>
得分：2.0 / 2.0 <a href="#top">（回到顶部）</a>
>>> in_language(page, "en") == page
True
"""

from __future__ import annotations

import re

from lightsout_edu._i18n import LANGUAGES, t_in

__all__ = ["in_language"]

_SCORE = re.compile(r" ?\(Score: (?P<score>-?[\d.]+)(?: / (?P<out_of>[\d.]+))?\)")
_CELL_SCORE = re.compile(r"Score: (?P<score>[\d.]+) / (?P<out_of>[\d.]+)(?= <a href=\"#top\">)")


def _words(language: str) -> dict[str, str]:
    """The words of nbgrader 0.9's feedback template as they stand in a page, in ``language``.

    The links of the table of contents, the headings of graded cells, the comments, the late
    penalty and the link back to the top.
    """
    label = '<span class="nbgrader-label">'
    return {
        ">Test cell</a>": f">{t_in(language, 'Test cell')}</a>",
        ">Coding free-response</a>": f">{t_in(language, 'Coding free-response')}</a>",
        ">Written response</a>": f">{t_in(language, 'Written response')}</a>",
        ">Task</a>": f">{t_in(language, 'Task')}</a>",
        ">Comment</a>": f">{t_in(language, 'Comment')}</a>",
        f"{label}Student's answer": label + t_in(language, "Student's answer"),
        f"{label}Student's task": label + t_in(language, "Student's task"),
        f"{label}Grade cell:": label + t_in(language, "Grade cell:"),
        f"{label}Task:": label + t_in(language, "Task:"),
        "<b>Comments:</b>": f"<b>{t_in(language, 'Comments:')}</b>",
        ">Late submission penalty (": f">{t_in(language, 'Late submission penalty')} (",
        '<a href="#top">(Top)</a>': f'<a href="#top">{t_in(language, "(Top)")}</a>',
    }


def in_language(page: str, language: str) -> str:
    """``page`` (nbgrader's feedback HTML) with nbgrader's words in ``language``."""
    if language == LANGUAGES[0]:
        return page
    for english, translated in _words(language).items():
        page = page.replace(english, translated)
    page = _SCORE.sub(lambda match: _score(match, language), page)
    return _CELL_SCORE.sub(
        lambda match: t_in(
            language, "Score: {score} / {out_of}", score=match["score"], out_of=match["out_of"]
        ),
        page,
    )


def _score(match: re.Match[str], language: str) -> str:
    if match["out_of"] is None:
        return t_in(language, " (Score: {score})", score=match["score"])
    return t_in(
        language, " (Score: {score} / {out_of})", score=match["score"], out_of=match["out_of"]
    )
