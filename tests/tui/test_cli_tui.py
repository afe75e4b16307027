"""`lode tui` is a registered, documented command, and Textual loads only when it runs."""

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from lode.cli import main

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def test_tui_is_a_command_with_its_options():
    r = CliRunner().invoke(main, ["tui", "--help"])
    assert r.exit_code == 0, r.output
    for option in ("--workspace", "--socket", "--db"):
        assert option in r.output


def test_readme_documents_the_tui():
    assert "| `lode tui [--workspace W] [--socket PATH] [--db PATH]`" in README
    assert "## TUI" in README and "store/reclaim.go:13  method" in README


def test_other_commands_do_not_import_textual():
    code = ("import sys; from click.testing import CliRunner; from lode.cli import main; "
            "r = CliRunner().invoke(main, ['--help']); "
            "assert r.exit_code == 0 and 'tui' in r.output, r.output; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
