"""nbgrader's settings for the course's graded assignments (see grading/assignment.py).

Run nbgrader from this folder (or from the copy ``make assignment`` makes): the source
assignments are in ``source/``, releases go to ``release/``, submissions are read from
``submitted/<student id>/<assignment>/`` and graded into ``autograded/``.
"""

c = get_config()  # noqa: F821 (nbgrader provides get_config)

c.CourseDirectory.course_id = "lightsout_edu"
# Instructions and tests are read-only cells (their metadata says so): nbgrader restores
# them when grading, whatever a student did to them.
# Autograding never runs a submission in a kernel: `python -m grading autograde` grades each
# one in a sandbox first (grading/sandboxed.py), and nbgrader only records those verdicts in
# place of executing the notebook (SandboxVerdicts refuses when there are none).
# nbgrader's AssignLatePenalties is left out: the late penalty is a percentage of the whole
# mark, hand-graded parts included, so `python -m grading` works it out again whenever marks
# change (autograde, feedback, grades) from course.toml's [deadlines] (grading/deadlines.py).
# What a student wrote is made inert (grading/inert.py) before nbgrader stores the notebook,
# and again whenever nbgrader renders one as HTML: the formgrader (its HTMLExporter reads this
# file) and the feedback pages; a written answer's <img onerror=...> never runs in a browser.
c.Autograde.autograde_preprocessors = [
    "grading.sandboxed.SandboxVerdicts",
    "grading.inert.InertStudentContent",
    "nbconvert.preprocessors.ClearMetadataPreprocessor",
    "nbgrader.preprocessors.LimitOutput",
    "nbgrader.preprocessors.SaveAutoGrades",
    "nbgrader.preprocessors.CheckCellMetadata",
]
c.HTMLExporter.preprocessors = ["grading.inert.InertStudentContent"]
