"""``python -m lightsout_edu``: the ``lightsout`` command line (see :mod:`lightsout_edu.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
