"""The top-level ``lode`` group, which also carries ``--call METHOD [PARAMS]``: one
JSON-RPC call to the daemon (started when none runs), printed as JSON.

``PARAMS`` is the JSON text after the method (an array or an object); it is not a
sub-command, so this group takes it before click looks for one.
"""

from __future__ import annotations

import importlib
import importlib.util

import click

from .. import __version__

# Sub-command → the module of lode.cli that defines it. A command's module is imported
# only when that command runs (or help lists them all): `lode def` must not pay for the
# search engine, numpy or the chunkers at start-up.
LAZY_COMMANDS = {
    "chunk": "chunk", "index": "index", "search": "search", "status": "status",
    "serve": "serve", "mcp": "serve",
    "def": "symbols", "refs": "symbols", "impls": "symbols", "describe": "symbols",
    "symbols": "symbols", "outline": "symbols", "query-ast": "symbols",
    "tui": "tui", "lsp": "lsp", "pg": "pg", "check": "check",
    "workspace": "workspace",
}


def _load(module: str) -> None:
    name = f"lode.cli.{module}"
    if importlib.util.find_spec(name) is not None:
        importlib.import_module(name)  # its commands register on main


def _remember(ctx: click.Context, param: click.Parameter, value):
    if param.name == "db":
        from .options import reject_empty_db

        reject_empty_db(ctx, param, value)
    if value is not None:
        ctx.meta[f"lode.{param.name}"] = value
    return value


class LodeGroup(click.Group):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.params.extend([
            click.Option(["--call"], metavar="METHOD", expose_value=False, callback=_remember,
                         help="Send one JSON-RPC call to the daemon (starting it if none "
                              "runs) and print the JSON result, e.g. "
                              "lode --call search.query '{\"query\": \"reclaim\"}'."),
            click.Option(["--socket"], metavar="PATH", envvar="LODE_SOCKET", expose_value=False,
                         callback=_remember,
                         help="The daemon's socket for --call (default: per user)."),
            click.Option(["--db"], metavar="PATH", envvar="LODE_DB", expose_value=False,
                         callback=_remember,
                         help="The store (as each command's own --db); with --call, the store a "
                              "daemon it starts serves (required with --socket when no daemon "
                              "answers there)."),
        ])

    def get_command(self, ctx: click.Context, name: str):
        if name not in self.commands and name in LAZY_COMMANDS:
            _load(LAZY_COMMANDS[name])
        return super().get_command(ctx, name)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        name = args[0] if args else ""
        if name and not name.startswith("-") and not ctx.resilient_parsing and self.get_command(ctx, name) is None:
            import difflib

            close = difflib.get_close_matches(name, LAZY_COMMANDS, n=1)
            if close:  # `lode searhc` → did you mean 'search'?
                ctx.fail(f"No such command {name!r}. Did you mean {close[0]!r}?")
        return super().resolve_command(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        for module in dict.fromkeys(LAZY_COMMANDS.values()):
            _load(module)
        return super().list_commands(ctx)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "--call" in args or any(a.startswith("--call=") for a in args):
            # The JSON params are not a sub-command name, and --socket may follow them.
            ctx.allow_interspersed_args = True
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):
        method = ctx.meta.get("lode.call")
        if method is None:
            _hand_down(ctx)
            return super().invoke(ctx)
        from .serve import call_and_print

        rest = [*getattr(ctx, "_protected_args", []), *ctx.args]
        if len(rest) > 1:
            raise click.UsageError("--call takes METHOD and at most one JSON params argument")
        ctx.exit(call_and_print(method, rest[0] if rest else None, ctx.meta.get("lode.socket"),
                                ctx.meta.get("lode.db")))


def _hand_down(ctx: click.Context) -> None:
    """``lode --db X index`` means ``lode index --db X``: a store or socket given before
    the sub-command reaches it through the variable its own option reads (a value the
    sub-command is given itself still wins). Ignoring it would index into, or answer
    from, the default store without a word."""
    import os

    for param, variable in (("db", "LODE_DB"), ("socket", "LODE_SOCKET")):
        if ctx.get_parameter_source(param) is click.core.ParameterSource.COMMANDLINE:
            os.environ[variable] = ctx.meta[f"lode.{param}"]


@click.group(cls=LodeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lode")
def main() -> None:
    """Index a workspace of code and docs; search it; look up qualified names."""


# Command modules register on `main` when imported, which LodeGroup does on demand
# (LAZY_COMMANDS): a command imports only what it needs.
