"""python -m qk_explorer"""

import sys

from .app import main

sys.exit(main())
