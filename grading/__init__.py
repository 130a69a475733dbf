"""The course's grading, for the teacher only: never hand out this folder.

``grading/`` holds the nbgrader configuration (``nbgrader_config.py``), the source
assignments with their solutions, hidden tests and rubrics (``source/``), their Chinese
translations (``locale/zh/``, model answers and rubrics included) and the graders of
the graded assignments (:mod:`grading.graders`): the ``verify_*`` functions, the hidden
cases they try and the truths they compare with.  None of it is part of the
``lightsout_edu`` package that students install, which keeps only each student's data
(``lightsout_edu.exercises.assignment*``): the boards, systems and graphs they work on.
"""
