"""The read-only look-ups (``def``, ``refs``, ``impls``, ``describe``, ``symbols``,
``search``) run without importing click when their command line is plain.

Importing click (with inspect, uuid, datetime behind it) is ~25 ms, more than half of
a look-up a daemon answers. So :data:`lode.cli.main` first offers the arguments to
:func:`run`: when the sub-command is one of these and every argument is one this
table knows, in a form whose meaning is not in doubt, the command's body
(:mod:`.lookups`) runs with the very parameters click would have given it. Anything
else — help, a group option, an unknown or abbreviated option, ``--``, a value that
click would reject or that starts with ``-``, a bad environment value, shell
completion — is left to click, which parses it and says what is wrong, as before.

The table mirrors the click declarations in :mod:`.search` and :mod:`.symbols`;
tests/cli/test_fastpath.py checks that it holds the same options, defaults and
environment variables as the click commands, and that both parse the same argument
lists to the same parameters.
"""

from __future__ import annotations

import errno
import os
import sys
from collections import namedtuple  # not typing's NamedTuple: typing is ~5 ms to import

FLAG, VALUE, MULTIPLE = "flag", "value", "multiple"
_TRUE = frozenset({"1", "true", "yes", "on"})   # spellings every click accepts for a flag's
_FALSE = frozenset({"0", "false", "no", "off"})  # environment variable; others go to click


def _int(text: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise ValueError(text)  # signs, spaces, underscores: click decides
    return int(text)


def _int_range(lo: int, hi: int):
    def convert(text: str) -> int:
        value = _int(text)
        if not lo <= value <= hi:
            raise ValueError(text)
        return value
    return convert


def _float(text: str) -> float:
    whole, _, frac = text.partition(".")
    if not (whole or frac) or not (whole + frac).isascii() or not (whole + frac).isdigit():
        raise ValueError(text)
    return float(text)


def _choice(*allowed: str):
    def convert(text: str) -> str:
        if text not in allowed:
            raise ValueError(text)
        return text
    return convert


# param: the click parameter's name; action: FLAG, VALUE or MULTIPLE; convert: text →
# value, raising ValueError for what click may read otherwise (None: the text itself);
# envvar: the environment variable click reads when the option is not given.
Option = namedtuple("Option", "param action convert envvar", defaults=(None, None))
# body: the function in lode.cli.lookups; argument: the positional parameter, many
# (nargs=-1, required) or exactly one; options: every spelling → its Option;
# defaults: parameter → click's default.
Command = namedtuple("Command", "body argument many options defaults")


def _command(body: str, argument: str, many: bool, *options) -> Command:
    """``options``: (spellings, Option, default) each."""
    return Command(body, argument, many, {name: opt for names, opt, _ in options for name in names},
                   {opt.param: default for _, opt, default in options})


_DB = (("--db",), Option("db_path", VALUE, None, "LODE_DB"), None)
_WORKSPACE = (("--workspace", "-w"), Option("workspace", VALUE), None)
_JSON = (("--json",), Option("as_json", FLAG), False)
_NO_DAEMON = (("--no-daemon",), Option("no_daemon", FLAG, None, "LODE_NO_DAEMON"), False)
_LIMIT = (("--limit", "-n"), Option("limit", VALUE, _int), None)
_NO_LSP = (("--no-lsp",), Option("no_lsp", FLAG), False)
_LSP_TIMEOUT = (("--lsp-timeout",), Option("lsp_timeout", VALUE, _float), None)
_LOOKUP = (_DB, _WORKSPACE, _LIMIT, _NO_LSP, _LSP_TIMEOUT, _NO_DAEMON, _JSON)

COMMANDS: dict[str, Command] = {
    "search": _command(
        "search", "query", True,
        (("--limit", "-n"), Option("limit", VALUE, _int_range(1, 1000)), 10),
        (("--path",), Option("paths", MULTIPLE), ()),
        (("--glob",), Option("globs", MULTIPLE), ()),
        (("--lang",), Option("languages", MULTIPLE), ()),
        (("--kind",), Option("kinds", MULTIPLE), ()),
        (("--tag",), Option("tags", MULTIPLE, _choice("code", "prose")), ()),
        (("--mode",), Option("mode", VALUE, _choice("lexical", "semantic", "hybrid", "auto")), None),
        (("--rerank",), Option("rerank", FLAG), False),
        (("--files",), Option("files", FLAG), False),
        _WORKSPACE, _DB, _NO_DAEMON, _JSON),
    "def": _command("definition", "name", False, *_LOOKUP),
    "refs": _command("references", "name", False, *_LOOKUP,
                     (("--all",), Option("every", FLAG), False)),
    "impls": _command("implementations", "name", False, *_LOOKUP),
    "describe": _command("describe", "name", False, *_LOOKUP,
                         (("--body",), Option("include_body", FLAG), False)),
    "symbols": _command("symbols", "query", False, _DB, _WORKSPACE, _LIMIT, _NO_DAEMON, _JSON),
}


def parse(command: Command, args: list[str], environ) -> dict | None:
    """The parameters click would pass for ``args``, or None when this parser leaves
    the line to click (see the module's docstring)."""
    params = dict(command.defaults)
    given: set[str] = set()
    many: dict[str, list] = {}
    positional: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if not arg.startswith("-"):
            positional.append(arg)
            continue
        name, eq, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        option = command.options.get(name)
        if option is None:
            return None
        if option.action == FLAG:
            if eq:
                return None
            params[option.param] = True
            given.add(option.param)
            continue
        if eq:
            text = inline
        else:
            if i == len(args) or args[i].startswith("-"):
                return None
            text = args[i]
            i += 1
        try:
            value = option.convert(text) if option.convert else text
        except ValueError:
            return None
        if option.action == MULTIPLE:
            many.setdefault(option.param, []).append(value)
        else:
            params[option.param] = value
        given.add(option.param)
    params.update({param: tuple(values) for param, values in many.items()})
    for option in command.options.values():
        if option.envvar is None or option.param in given:
            continue
        text = environ.get(option.envvar)
        if not text:  # unset or empty: click reads neither
            continue
        if option.action == FLAG:
            if text not in _TRUE and text not in _FALSE:
                return None
            params[option.param] = text in _TRUE
        else:
            params[option.param] = text
    if command.many:
        if not positional:
            return None
        params[command.argument] = tuple(positional)
    else:
        if len(positional) != 1:
            return None
        params[command.argument] = positional[0]
    return params


def _completing(environ) -> bool:
    return any(k.startswith("_") and k.endswith("_COMPLETE") and v for k, v in environ.items())


def run(args: list[str]) -> None:
    """Run ``args`` (``sys.argv[1:]``) here and exit, or return to let click run them."""
    command = COMMANDS.get(args[0]) if args else None
    if command is None or _completing(os.environ):
        return
    params = parse(command, args[1:], os.environ)
    if params is None:
        return
    from . import lookups

    try:
        getattr(lookups, command.body)(**params)
    except (EOFError, KeyboardInterrupt):
        print("\nAborted!", file=sys.stderr)  # as click says it
        sys.exit(1)
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        # The reader went away (`lode search x | head`): say nothing more, as click does.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
    sys.exit(0)
