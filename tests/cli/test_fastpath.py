"""The look-ups that run without click (lode.cli.fastpath) behave exactly as click runs
them: the table holds the click commands' options, both parsers give the same
parameters for the same argument lists, anything doubtful is left to click, and the
real CLI prints the same bytes and exits with the same code either way."""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from lode.cli import fastpath, main

ROOT = Path(__file__).resolve().parents[2]
SHOP = ROOT / "examples" / "shop"
FAST = [sys.executable, "-c", "from lode.cli import main; main()"]
CLICK = [sys.executable, "-c", "from lode.cli.group import main; main()"]  # never the fast path
CLICK_LOADED = ("import atexit, sys; atexit.register(lambda: print('click' in sys.modules, file=sys.stderr)); "
                "from lode.cli import main; main()")


def _click_command(name: str) -> click.Command:
    with click.Context(main._group()) as ctx:
        return main._group().get_command(ctx, name)


@pytest.mark.parametrize("name", sorted(fastpath.COMMANDS))
def test_the_table_holds_the_click_commands_options(name):
    cmd, table = _click_command(name), fastpath.COMMANDS[name]
    spellings = {}
    for p in cmd.params:
        if isinstance(p, click.Argument):
            takes = fastpath.MANY if p.nargs == -1 else fastpath.ONE if p.required else fastpath.OPTIONAL
            assert (p.name, takes) == (table.argument, table.takes)
            assert p.required or takes == fastpath.OPTIONAL
            continue
        if p.name == "help":
            continue
        for spelling in [*p.opts, *p.secondary_opts]:
            spellings[spelling] = p
        option = table.options[p.opts[0]]
        action = fastpath.FLAG if p.is_flag else fastpath.MULTIPLE if p.multiple else fastpath.VALUE
        assert (option.param, option.action, option.envvar) == (p.name, action, p.envvar), p.name
    assert set(spellings) == set(table.options)
    assert all(table.options[s].param == p.name for s, p in spellings.items())


@pytest.mark.parametrize("name", sorted(fastpath.COMMANDS))
def test_the_tables_defaults_are_clicks(name, monkeypatch):
    table = fastpath.COMMANDS[name]
    given = ("x",) if table.takes == fastpath.MANY else "x"
    assert _click_params(name, ["x"], {}, monkeypatch) == {**table.defaults, table.argument: given}


def _click_params(name: str, args: list[str], env: dict, monkeypatch) -> dict | None:
    for key in ("LODE_DB", "LODE_NO_DAEMON"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    try:
        with _click_command(name).make_context(name, list(args)) as ctx:
            return dict(ctx.params)
    except click.exceptions.Exit:  # --help
        return None
    except click.ClickException:
        return None


LINES = {
    "search": [
        ["reclaim"], ["reclaim", "vectors", "--json"], ["serve", "--mode", "lexical", "-n", "3", "http"],
        ["--json", "x", "--limit=25", "--path", "store/", "--path", "cart", "--glob", "!*_test.go"],
        ["x", "--lang", "go", "--kind", "method", "--tag", "code", "--tag", "prose", "--rerank", "--files"],
        ["x", "-w", "shop", "--db", "/tmp/a.db", "--no-daemon", "--workspace=other"],
        ["x", "--limit", "1000"], ["x", "-n", "1", "-n", "7"], ["x", "--mode=auto", "--mode", "hybrid"],
        ["a b", "", "c"],
    ],
    "def": [
        ["store.Store.Reclaim"], ["store.Store.Reclaim", "--json", "--no-lsp"], ["--json", "a.B", "--limit", "3"],
        ["a.B", "--lsp-timeout", "2.5", "-w", "shop", "--db=/tmp/x.db", "--no-daemon"],
        ["a.B", "--lsp-timeout=.5"], ["a.B", "--lsp-timeout", "7"], ["Widget"],
    ],
    "refs": [["store.Store", "--all", "--json"], ["store.Store", "-n", "1"]],
    "impls": [["store.Store", "--json", "--no-lsp"]],
    "describe": [["store.Store", "--body"], ["store.Store", "--json", "--limit", "2"]],
    "symbols": [["Reclaim"], ["Reclaim", "--json", "-n", "5", "-w", "shop"]],
    "index": [[], [str(SHOP)], [str(SHOP), "--no-embed", "--json"],
              ["--workers", "2", str(SHOP), "--text-ext", ".rst", "--text-ext", ".txt2", "--name", "n",
               "--no-code", "--model", "static", "--db", "/tmp/x.db", "--workers=64"]],
}
# Left to click: it decides (usually with an error message) — never parsed differently here.
DOUBTFUL = {
    "search": [
        [], ["--help"], ["x", "-h"], ["x", "-n5"], ["x", "--", "-y"], ["-x"], ["x", "--limit", "0"],
        ["x", "--limit", "1001"], ["x", "--limit", "+3"], ["x", "--limit", " 3"], ["x", "--limit", "1_0"],
        ["x", "--mode", "LEXICAL"], ["x", "--tag", "docs"], ["x", "--json=1"], ["x", "--jso"],
        ["x", "--workspace", "-w"], ["x", "--limit"], ["x", "--call", "sys.ping"], ["x", "-"],
        ["x", "--limit", "٣"],
    ],
    "def": [[], ["a.B", "c.D"], ["a.B", "--all"], ["a.B", "--lsp-timeout", "1e3"],
            ["a.B", "--lsp-timeout", "-1"], ["a.B", "--lsp-timeout", "nan"], ["a.B", "--limit", "-2"],
            ["a.B", "--limit", "0"], ["a.B", "--lsp-timeout", "0"], ["a.B", "--lsp-timeout", "0.0"]],
    "symbols": [["x", "--no-lsp"]],
    "index": [[str(SHOP / "no-such-folder")], [str(SHOP / "README.md")], [str(SHOP), str(SHOP)],
              ["--workers", "0"], ["--workers", "65"], ["--text-ext"], ["--no-embed=yes"]],
}
ENVS = [{}, {"LODE_DB": "/tmp/env.db"}, {"LODE_NO_DAEMON": "1"}, {"LODE_NO_DAEMON": "0"},
        {"LODE_NO_DAEMON": "true"}, {"LODE_NO_DAEMON": ""}, {"LODE_DB": ""}]


@pytest.mark.parametrize("name, args, env", [
    (name, args, env) for name, lines in LINES.items() for args, env in itertools.product(lines, ENVS)])
def test_same_parameters_as_click(name, args, env, monkeypatch):
    fast = fastpath.parse(fastpath.COMMANDS[name], args, env)
    assert fast is not None, args
    assert fast == _click_params(name, args, env, monkeypatch)


@pytest.mark.parametrize("name, args", [(n, a) for n, lines in DOUBTFUL.items() for a in lines])
def test_doubtful_lines_are_left_to_click(name, args):
    assert fastpath.parse(fastpath.COMMANDS[name], args, {}) is None


@pytest.mark.parametrize("value", ["maybe", "TRUE", " 1"])
def test_an_environment_value_click_may_read_otherwise_is_left_to_it(value):
    assert fastpath.parse(fastpath.COMMANDS["def"], ["a.B"], {"LODE_NO_DAEMON": value}) is None


def _steady(run) -> tuple:
    """A run without its timings, which differ from run to run."""
    timings = re.compile(r'"timings_ms": \{[^}]*\}|\d+(\.\d+)? ?(ms|s)\b|"(cpu_)?seconds": [\d.]+')
    return run.returncode, timings.sub("T", run.stdout), run.stderr


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    base = tmp_path_factory.mktemp("fastpath")
    shop = base / "shop"
    shutil.copytree(SHOP, shop)
    env = {**os.environ, "LODE_DB": str(base / "lode.db"), "LODE_NO_DAEMON": "1", "LODE_LSP": "off",
           "LODE_SOCKET": str(base / "none.sock")}
    r = subprocess.run([*FAST, "index", str(shop), "--no-embed"], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    return shop, env


@pytest.mark.parametrize("args", [
    ["search", "reclaim", "vectors", "--json"],
    ["search", "reclaim", "vectors"],
    ["search", "reclaim", "--files", "--lang", "go"],
    ["search", "zzzqqq-no-such-word"],
    ["search", "x", "--kind", "nosuchkind", "--json"],
    ["search", "reclaim", "-w", "nosuchworkspace"],
    ["def", "store.Store.Reclaim", "--json"],
    ["def", "store.Store.Reclaim"],
    ["def", "Reclaim"],
    ["def", "nosuch.Thing"],
    ["def", "nosuch.Thing", "--json"],
    ["refs", "store.Store", "--all"],
    ["impls", "store.Store", "--json"],
    ["describe", "store.Store", "--body"],
    ["symbols", "Reclaim"],
    ["index", ".", "--json", "--no-embed"],
    ["index", "--no-embed"],
])
def test_the_real_cli_answers_the_same_without_click(store, args):
    shop, env = store
    fast = subprocess.run([*FAST, *args], capture_output=True, text=True, env=env, cwd=shop)
    slow = subprocess.run([*CLICK, *args], capture_output=True, text=True, env=env, cwd=shop)
    assert _steady(fast) == _steady(slow)
    loaded = subprocess.run([sys.executable, "-c", CLICK_LOADED, *args], capture_output=True, text=True,
                            env=env, cwd=shop)
    assert loaded.stderr.splitlines()[-1] == "False", loaded.stderr  # it really ran without click


def test_a_doubtful_line_reaches_click_and_its_message(store):
    shop, env = store
    r = subprocess.run([*FAST, "def", "a.B", "--bogus"], capture_output=True, text=True, env=env, cwd=shop)
    assert r.returncode == 2 and "No such option '--bogus'" in r.stderr
    r = subprocess.run([*FAST, "search", "x", "--limit", "0"], capture_output=True, text=True, env=env, cwd=shop)
    assert r.returncode == 2 and "--limit" in r.stderr and "1<=x<=1000" in r.stderr.replace(" ", "")
