"""The lecturer's commands for the graded assignments: ``python -m grading COMMAND``.

``release``, ``collect``, ``autograde``, ``feedback`` and ``grades``; see
:mod:`grading.assignment` and README "Running a graded course".
"""

import sys

from grading.assignment import main

sys.exit(main())
