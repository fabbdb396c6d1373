"""``python -m cardgames``: the ``cardgames`` command line."""

import sys

from cardgames.cli import main

if __name__ == "__main__":
    sys.exit(main())
