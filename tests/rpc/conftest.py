import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from daemon_process import daemon, service_available  # noqa: E402,F401
