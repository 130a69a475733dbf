"""nbgrader's settings for the course's graded assignment (see tools/assignment.py).

Run nbgrader from this folder (or from the copy ``make assignment`` makes): the source
assignment is in ``source/``, releases go to ``release/``, submissions are read from
``submitted/<student id>/<assignment>/`` and graded into ``autograded/``.
"""

c = get_config()  # noqa: F821 (nbgrader provides get_config)

c.CourseDirectory.course_id = "lightsout_edu"
# Instructions and tests are read-only cells (their metadata says so): nbgrader restores
# them when grading, whatever a student did to them.
c.ExecutePreprocessor.timeout = 120
