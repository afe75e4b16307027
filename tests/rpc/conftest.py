import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from daemon_process import daemon  # noqa: E402,F401
