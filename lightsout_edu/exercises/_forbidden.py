"""The write-it-yourself exercises, and what their checks leave out.

An exercise such as "write the Gauss-Jordan elimination yourself" is not done by calling
``lo.rref``.  Its checker names a policy (``@checker(..., forbid="elimination")``); while the
student's function runs, the package ``lightsout_edu`` (but for the runner's own modules),
galois and sympy are not there at all, on every machine:

- where bubblewrap runs, the sandbox binds stubs over their files
  (``_bubblewrap.View(package=False)``);
- where it does not, the runner is a new interpreter that refuses to import them
  (``_absent``), with the same message.

So no ``__wrapped__``, reload or fresh copy of a module brings a solver back, and a verdict
never depends on the machine (issue 42: a task that allowed ``lo.toggle_matrix`` passed
without bubblewrap and failed with it).  Each exercise's text says exactly this: Python and
NumPy (and the standard library) are there, the package, galois and sympy are not.
"""

from __future__ import annotations

__all__ = ["POLICIES"]

#: The policies the checkers name: E1.2 and E1.3 ("press"), E3.4 ("elimination"), E5.4
#: ("fewest"), E6.4 ("chase"), E4.9 ("elimination" too).  Each leaves out the same modules.
POLICIES: frozenset[str] = frozenset({"elimination", "fewest", "chase", "press"})
