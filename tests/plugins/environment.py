"""A real virtual environment for plug-in tests, and small plug-in packages built on
the spot.

The environment is made once per test session with ``python -m venv --without-pip``;
a ``.pth`` file adds the site directory lode (and pip) are installed in, so the venv
runs this checkout's lode while packages installed into it stay its own — installing
and uninstalling a plug-in there is what a user does, and touches nothing else.
Packages are built and installed by pip without the network (``--no-index
--no-build-isolation``: setuptools and the plug-ins' dependencies come from the test
environment).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import textwrap
from dataclasses import dataclass
from pathlib import Path

import lode

EXAMPLE_PDF = Path(__file__).resolve().parents[2] / "examples" / "plugins" / "lode-pdf"
PIP = ["-m", "pip", "install", "-q", "--no-deps", "--no-index", "--no-build-isolation",
       "--disable-pip-version-check"]


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)


class Venv:
    def __init__(self, path: Path):
        self.path = path
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True)
        self.python = str(path / "bin" / "python")
        site = subprocess.run([self.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                              check=True, capture_output=True, text=True).stdout.strip()
        base = sysconfig.get_paths()["purelib"]
        src = Path(lode.__file__).resolve().parents[1]
        Path(site, "lode_test_base.pth").write_text(f"{src}\nimport site; site.addsitedir({base!r})\n")

    def env(self, extra_path: list[Path] = ()) -> dict:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LODE_", "PYTHON"))}
        env["LODE_NO_DAEMON"] = "1"  # each run is this environment's own lode, never a daemon's
        if extra_path:
            env["PYTHONPATH"] = os.pathsep.join(str(p) for p in extra_path)
        return env

    def pip(self, *args: str, target: Path | None = None) -> None:
        cmd = [self.python, *PIP, *(["--target", str(target)] if target else []), *args]
        subprocess.run(cmd, check=True, capture_output=True, text=True, env=self.env())

    def uninstall(self, name: str) -> None:
        subprocess.run([self.python, "-m", "pip", "uninstall", "-y", "-q", name], check=True,
                       capture_output=True, text=True, env=self.env())

    def lode(self, *args: str, db: Path, path: list[Path] = (), cwd: Path | None = None) -> Run:
        p = subprocess.run([self.python, "-m", "lode", *args, "--db", str(db)], capture_output=True, text=True,
                           env=self.env(path), cwd=cwd, timeout=300)
        return Run(p.returncode, p.stdout, p.stderr)

    def python_json(self, code: str, path: list[Path] = ()) -> dict:
        p = subprocess.run([self.python, "-c", code], capture_output=True, text=True, env=self.env(path), timeout=300)
        assert p.returncode == 0, p.stderr
        return json.loads(p.stdout.strip().splitlines()[-1])


def make_package(where: Path, dist: str, module: str, source: str,
                 entry_points: dict[str, dict[str, str]]) -> Path:
    """A pip-installable package: ``dist`` (its distribution name) with one module."""
    root = where / dist
    (root / module).mkdir(parents=True)
    (root / module / "__init__.py").write_text(textwrap.dedent(source))
    eps = "".join(f'\n[project.entry-points."{group}"]\n' + "".join(f'{k} = "{v}"\n' for k, v in names.items())
                  for group, names in entry_points.items())
    (root / "pyproject.toml").write_text(textwrap.dedent(f"""\
        [build-system]
        requires = ["setuptools>=77"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "{dist}"
        version = "0.3.1"
        """) + eps + f'\n[tool.setuptools]\npackages = ["{module}"]\n')
    return root
