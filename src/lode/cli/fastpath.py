"""The look-ups (``def``, ``refs``, ``impls``, ``describe``, ``symbols``, ``search``)
and ``index`` run without importing click when their command line is plain.

Importing click (with inspect, uuid, datetime behind it) is ~25 ms, more than half of
a look-up a daemon answers and an eighth of a re-index that finds nothing changed.
So :data:`lode.cli.main` first offers the arguments to :func:`run`: when the
sub-command is one of these and every argument is one this table knows, in a form
whose meaning is not in doubt, the command's body (:mod:`.lookups`, :mod:`.indexing`)
runs with the very parameters click would have given it. Anything
else — help, a group option, an unknown or abbreviated option, ``--``, a value that
click would reject or that starts with ``-``, a bad environment value, shell
completion — is left to click, which parses it and says what is wrong, as before.

The table mirrors the click declarations in :mod:`.search`, :mod:`.symbols` and
:mod:`.index`;
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
    if float(text) == 0:
        raise ValueError(text)  # click refuses it (FloatRange(min=0, min_open=True))
    return float(text)


def _nonempty(text: str) -> str:
    """A --db value; an empty one click refuses (lode.cli.options.reject_empty_db)."""
    if not text.strip():
        raise ValueError(text)
    return text


def _folder(text: str) -> str:
    """A folder that exists and can be read (click.Path(file_okay=False) passes it as
    given); anything else — missing, a file, unreadable — click judges."""
    if not os.path.isdir(text) or not os.access(text, os.R_OK):
        raise ValueError(text)
    return text


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
# body: "module:function" in lode.cli; argument: the positional parameter, taking
# MANY (nargs=-1, required), ONE, or OPTIONAL (0 or 1, default None) values, converted
# by convert; options: every spelling → its Option; defaults: parameter → click's default.
Command = namedtuple("Command", "body argument takes convert options defaults")
MANY, ONE, OPTIONAL = "many", "one", "optional"


def _command(body: str, argument: str, takes: str, *options, convert=None) -> Command:
    """``options``: (spellings, Option, default) each."""
    return Command(body, argument, takes, convert, {name: opt for names, opt, _ in options for name in names},
                   {opt.param: default for _, opt, default in options})


_DB = (("--db",), Option("db_path", VALUE, _nonempty, "LODE_DB"), None)
_WORKSPACE = (("--workspace", "-w"), Option("workspace", VALUE), None)
_JSON = (("--json",), Option("as_json", FLAG), False)
_NO_DAEMON = (("--no-daemon",), Option("no_daemon", FLAG, None, "LODE_NO_DAEMON"), False)
_LIMIT = (("--limit", "-n"), Option("limit", VALUE, _int_range(1, sys.maxsize)), None)
_NO_LSP = (("--no-lsp",), Option("no_lsp", FLAG), False)
_LSP_TIMEOUT = (("--lsp-timeout",), Option("lsp_timeout", VALUE, _float), None)
_LOOKUP = (_DB, _WORKSPACE, _LIMIT, _NO_LSP, _LSP_TIMEOUT, _NO_DAEMON, _JSON)

COMMANDS: dict[str, Command] = {
    "search": _command(
        "lookups:search", "query", MANY,
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
    "def": _command("lookups:definition", "name", ONE, *_LOOKUP),
    "refs": _command("lookups:references", "name", ONE, *_LOOKUP,
                     (("--all",), Option("every", FLAG), False)),
    "impls": _command("lookups:implementations", "name", ONE, *_LOOKUP),
    "describe": _command("lookups:describe", "name", ONE, *_LOOKUP,
                         (("--body",), Option("include_body", FLAG), False)),
    "symbols": _command("lookups:symbols", "query", ONE, _DB, _WORKSPACE, _LIMIT, _NO_DAEMON, _JSON),
    "index": _command(
        "indexing:index", "root", OPTIONAL,
        (("--name",), Option("name", VALUE), None),
        (("--no-code",), Option("no_code", FLAG), False),
        (("--text-ext",), Option("text_ext", MULTIPLE), ()),
        (("--workers",), Option("workers", VALUE, _int_range(1, 64)), None),
        (("--no-embed",), Option("no_embed", FLAG), False),
        (("--model",), Option("model", VALUE), None),
        (("--allow-broad-root",), Option("allow_broad_root", FLAG), False),
        _DB, _JSON, convert=_folder),
}


def parse(command: Command, args: list[str], environ) -> dict | None:
    """The parameters click would pass for ``args``, or None when this parser leaves
    the line to click (see the module's docstring)."""
    params = dict(command.defaults)
    given: set[str] = set()
    repeated: dict[str, list] = {}
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
            repeated.setdefault(option.param, []).append(value)
        else:
            params[option.param] = value
        given.add(option.param)
    params.update({param: tuple(values) for param, values in repeated.items()})
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
    if command.takes == MANY:
        if not positional:
            return None
        values = tuple(positional)
    elif len(positional) == 1:
        values = positional[0]
    elif command.takes == OPTIONAL and not positional:
        values = None
    else:
        return None
    if command.convert is not None and values is not None:
        try:
            values = command.convert(values)
        except ValueError:
            return None
    params[command.argument] = values
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
    from importlib import import_module

    module, function = command.body.split(":")
    try:
        getattr(import_module(f"{__package__}.{module}"), function)(**params)
    except (EOFError, KeyboardInterrupt):
        print("\nAborted!", file=sys.stderr)  # as click says it
        sys.exit(1)
    except OSError as exc:
        _reader_gone(exc)
    except SystemExit as exc:  # the command's own exit (an error, nothing found)
        if args[0] in READ_ONLY:
            _leave(exc.code)
        raise
    if args[0] in READ_ONLY or args[0] in CLOSES_ITS_STORE:
        _leave(0)
    sys.exit(0)


# The commands that only read the store (or ask a daemon): they end without the
# interpreter's teardown (see _leave).
READ_ONLY = frozenset({"search", "def", "refs", "impls", "describe", "symbols"})
# A command that writes ends so only after it succeeded, having closed its store itself.
CLOSES_ITS_STORE = frozenset({"index"})


def _reader_gone(exc: OSError) -> None:
    if exc.errno != errno.EPIPE:
        raise exc
    # The reader went away (`lode search x | head`): say nothing more, as click does.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(1)


def _leave(code) -> None:
    """End the command's process with exit status ``code`` once its output is written,
    without the interpreter's teardown: freeing every module and object one by one was
    ~9% of the instructions of a `lode def` (~20 of ~226 M, Go's tree) and of a lexical
    search, ~3% of a no-op re-index, and the command has nothing left to save. What the
    teardown would do that matters still happens: the output is flushed, and the exit
    handlers run (a loaded embedding model's, a test's). While another thread runs (a
    language server's client) or ``code`` is a message, the usual exit (joining
    threads, printing it)."""
    threading = sys.modules.get("threading")
    if not (code is None or isinstance(code, int)) or (threading is not None and threading.active_count() > 1):
        sys.exit(code)
    import atexit

    try:
        sys.stdout.flush()
        sys.stderr.flush()
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError as exc:
        _reader_gone(exc)
    os._exit(code or 0)
