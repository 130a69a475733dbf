"""``python -m lightsout_edu``: the ``lightsout`` command line (see :mod:`lightsout_edu.cli`)."""

import sys

from .cli import main

sys.exit(main())
