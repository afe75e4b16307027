"""The same option is spelled the same way by every command that takes it: a user who
learned ``-w`` on ``lode search`` can type it to ``lode tui`` too."""

from __future__ import annotations

import click
from click.testing import CliRunner

from lode.cli import main


def _params(command, name):
    return [p for p in command.params if p.name == name]


def test_every_workspace_option_has_the_short_form():
    missing = []
    ctx = click.Context(main._group())
    names = main.list_commands(ctx)
    assert {"search", "def", "status", "tui"} <= set(names)
    for cmd_name in names:
        for param in _params(main.get_command(ctx, cmd_name), "workspace"):
            if "-w" not in param.opts:
                missing.append(cmd_name)
    assert missing == []


def test_tui_takes_dash_w():
    r = CliRunner().invoke(main, ["tui", "--help"])
    assert r.exit_code == 0 and "-w, --workspace" in r.output, r.output


def test_search_mode_help_says_what_auto_does():
    """auto is the lexical ranking with vectors filling in when the words find too few
    (README, docs/search.md); the help said it was hybrid whenever vectors exist."""
    r = CliRunner().invoke(main, ["search", "--help"], terminal_width=200)
    assert r.exit_code == 0, r.output
    assert "hybrid when the workspace has vectors" not in r.output
    assert "fewer" in r.output and "lexical" in r.output


def test_status_help_says_it_shows_every_workspace():
    """lode status lists every workspace unless -w names one, wherever it runs; its help
    said the default was the workspace holding the current folder (search's default)."""
    r = CliRunner().invoke(main, ["status", "--help"], terminal_width=200)
    assert r.exit_code == 0, r.output
    assert "default: the one containing the current folder" not in r.output
    assert "default: every workspace" in r.output


def test_a_mistyped_command_gets_a_suggestion():
    r = CliRunner().invoke(main, ["searhc", "foo"])
    assert r.exit_code == 2
    assert "No such command 'searhc'. Did you mean 'search'?" in r.output
    r = CliRunner().invoke(main, ["zzzz"])
    assert r.exit_code == 2 and "No such command 'zzzz'." in r.output and "Did you mean" not in r.output


def test_impls_help_covers_the_languages_with_base_types():
    """impls answers for C++, Java, C#, PHP, Ruby, Kotlin… too (README's symbols table);
    the help named only Go, Rust, Python and TypeScript."""
    r = CliRunner().invoke(main, ["impls", "--help"], terminal_width=200)
    assert r.exit_code == 0, r.output
    assert "C++" in r.output and "Java" in r.output and "Kotlin" in r.output
