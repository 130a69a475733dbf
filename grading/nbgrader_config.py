"""nbgrader's settings for the course's graded assignments (see tools/assignment.py).

Run nbgrader from this folder (or from the copy ``make assignment`` makes): the source
assignments are in ``source/``, releases go to ``release/``, submissions are read from
``submitted/<student id>/<assignment>/`` and graded into ``autograded/``.
"""

c = get_config()  # noqa: F821 (nbgrader provides get_config)

c.CourseDirectory.course_id = "lightsout_edu"
# Instructions and tests are read-only cells (their metadata says so): nbgrader restores
# them when grading, whatever a student did to them.
c.ExecutePreprocessor.timeout = 120
# A failed test shows only its message ("AssertionError: the nullity is not 4; ..."), which
# says what went wrong in the course's words: no traceback through the grading code.
c.Execute.extra_arguments = [
    "--HistoryManager.hist_file=:memory:",
    "--InteractiveShell.xmode=Minimal",
]
