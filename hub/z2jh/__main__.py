"""``python -m hub.z2jh``: write the class's part of the Kubernetes values (class.yaml)."""

import sys

from hub.z2jh.values import main

sys.exit(main())
