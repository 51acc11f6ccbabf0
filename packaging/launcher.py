"""Entry point of the frozen app: the same main() as the installed qk-explorer command."""

import sys

from qk_explorer.app import main

if __name__ == "__main__":
    sys.exit(main())
