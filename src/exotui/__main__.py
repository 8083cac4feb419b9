import sys

from exotui.cli import main

sys.exit(main())
