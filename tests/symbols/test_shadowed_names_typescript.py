"""TypeScript and JavaScript: a function's parameters and the names it declares are its
own. `function fetchAll(url: any) { url.build() }` beside a top-level `function url()`
uses the parameter, not the module's `url` (nor `url.build`); a local `const config`
hides the module's `config`, a parameter named as an import hides the import. Outside
those functions the module's names are still references, a typed parameter still names
its type's member, and a generic's type parameter still hides only types."""

from __future__ import annotations

from lode.languages import language_for_path
from lode.symbols.extraction import extract_symbols
from lode.symbols.layout import Layout
from lode.symbols.records import REFERENCE

CLIENT_TS = '''\
import * as path from "path";
import { Session } from "./session";

export const config = loadConfig();

export function url(base: string): URLBuilder {
  return new URLBuilder(base);
}

export function fetchAll(url: any, session: Session) {
  const request = url.build();
  return session.send(request);
}

export async function handler(req: Request) {
  const config = load(req);
  const path = config.get("path");
  return path.split("/");
}

export const retry = (url) => url.trim();

export class Poller {
  poll({ config }: Options, ...path: string[]) {
    config.reload();
    return path.join("/");
  }
}

export function direct() {
  return url("x").build() + config.get("y") + path.join("a", "b");
}
'''

CLIENT_JS = '''\
const path = require("path");

function url(base) {
  return base + "/";
}

const config = { get(key) { return key; } };

function fetchAll(url, { headers }, timeout = 5) {
  let request = url.build();
  for (const config of headers) {
    config.apply(request);
  }
  return request;
}

module.exports.run = function run(path) {
  return path.load("a");
};

function reload(options) {
  var config = options.load();
  return config.get("a");
}

function direct() {
  return url("x").length + config.get("y");
}
'''


def references(tmp_path, path: str, text: str) -> set[tuple[str, int]]:
    (tmp_path / "package.json").write_text("{}")
    (tmp_path / "src").mkdir()
    (tmp_path / path).write_text(text)
    found = extract_symbols(path, text, None, language_for_path(path), Layout(tmp_path), every=True)
    return {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}


def test_typescript_parameters_and_locals_hide_top_level_names(tmp_path):
    refs = references(tmp_path, "src/client.ts", CLIENT_TS)
    # a parameter, an arrow's parameter and a destructured parameter named as a top-level name
    assert {line for name, line in refs if name.startswith("client.url")} == {31}
    assert {line for name, line in refs if name.startswith("client.config")} == {31}
    # a local and a rest parameter named as an import: the import is used only in direct()
    assert {line for name, line in refs if name.startswith("path.")} == {31}
    assert ("path.join", 31) in refs
    # a typed parameter still names its type's member
    assert ("session.Session.send", 12) in refs


def test_javascript_parameters_and_locals_hide_top_level_names(tmp_path):
    refs = references(tmp_path, "src/client.js", CLIENT_JS)
    assert {line for name, line in refs if name.startswith("client.url")} == {27}
    assert {line for name, line in refs if name.startswith("client.config")} == {27}
    assert ("client.config.get", 27) in refs
    # a parameter named as the required module
    assert not {name for name, line in refs if name.startswith("path")}


def test_typescript_parameter_of_a_nested_callback_hides_only_inside_it(tmp_path):
    # fastify's own tests: `instance` is built by the import, a plugin's parameter shares its name
    text = ('import fastify from "fastify";\n\n'
            'export function createServer() {\n'
            '  const instance = fastify({ logger: true });\n'
            '  instance.register(async function (fastify) {\n'
            '    fastify.get("/ws", () => "ok");\n'
            '  });\n'
            '  return instance;\n'
            '}\n')
    refs = references(tmp_path, "src/server.ts", text)
    assert ("fastify.default", 4) in refs
    assert ("fastify.default().register", 5) in refs
    assert not {name for name, line in refs if line == 6}


def test_typescript_local_value_does_not_hide_a_type_of_its_name(tmp_path):
    text = ('import { Options } from "./options";\n\n'
            'export function make(Options: number): Options {\n  return { size: Options };\n}\n')
    refs = references(tmp_path, "src/make.ts", text)
    assert ("options.Options", 3) in refs


def test_typescript_typed_parameter_named_as_an_import_names_its_type(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "paths.ts").write_text(
        'export class Path {\n  join(...parts: string[]): string { return parts.join("/"); }\n}\n')
    text = ('import * as path from "path";\n'
            'import { Path } from "./paths";\n\n'
            'export const root = new Path();\n\n'
            'export function resolve(path: Path, name: string) {\n'
            '  return path.join(name);\n'
            '}\n\n'
            'export function relative(path: string, root: string) {\n'
            '  return root.join(path.slice(1));\n'
            '}\n\n'
            'export function direct() {\n'
            '  return path.join("a") + root.join("b");\n'
            '}\n')
    (tmp_path / "package.json").write_text("{}")
    (tmp_path / "src" / "resolve.ts").write_text(text)
    found = extract_symbols("src/resolve.ts", text, None, language_for_path("src/resolve.ts"),
                            Layout(tmp_path), every=True)
    refs = {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}
    # a parameter `path: Path` hides the import path: its type's member
    assert {name for name, line in refs if line == 7} == {"paths.Path.join"}
    # a parameter `root: string` hides the module's `root = new Path()`
    assert not {name for name, line in refs if line == 11}
    assert {name for name, line in refs if line == 15} == {"path.join", "paths.Path.join"}


LOADER = '''\
import * as path from "path";
import { Path } from "./paths";
import failure from "./failure";

export function load(file) {
  try {
    return read(file);
  } catch (failure) {
    failure.report(file);
  }
  return failure.wrap(path.basename(file));
}

export function pick(kind) {
  switch (kind) {
    case 1:
      const path = new Path();
      return path.join("a");
    default:
      let failure = kind;
      return failure.toString();
  }
}
'''


def test_catch_bindings_and_switch_case_locals_hide_imports(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "paths.ts").write_text(
        'export class Path {\n  join(...parts: string[]): string { return parts.join("/"); }\n}\n')
    for path in ("src/loader.ts", "src/loader.js"):
        (tmp_path / path).write_text(LOADER)
        (tmp_path / "package.json").write_text("{}")
        found = extract_symbols(path, LOADER, None, language_for_path(path), Layout(tmp_path), every=True)
        refs = {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}
        # `catch (failure)` hides the import in its clause only
        assert not {name for name, line in refs if line == 9}, path
        assert {name for name, line in refs if line == 11} == {"failure.default.wrap", "path.basename"}, path
        # a case's `const path = new Path()` and the default's `let failure` hide the imports
        assert {name for name, line in refs if line == 18} == {"paths.Path.join"}, path
        assert not {name for name, line in refs if line == 21}, path


PAGES = '''\
import * as path from "path";
import url from "./url";

export function collect(files, base) {
  const out = [];
  if (base.endsWith("/")) {
    const url = new URL(base);
    out.push(url.pathname);
  }
  for (const path of files) {
    out.push(path.trim());
  }
  return out.concat(url.format(base), path.join(base, "index.html"));
}

export function walk(parts) {
  for (let url = parts[0]; url; url = parts.shift()) {
    url.trim();
  }
  if (parts.length) {
    var path = parts.pop();
  }
  return url.parse(path.slice(1));
}
'''


def test_let_and_const_hide_an_import_only_inside_their_block(tmp_path):
    # a `const` in an if-block, a `for (const … of …)` and a `for (let …;;)` name their
    # block or loop alone; after it the import is meant again. A `var` in a block is
    # the whole function's.
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "url.ts").write_text("export default { format(u: string) { return u; } };\n")
    for path in ("src/pages.ts", "src/pages.js"):
        refs = references_in(tmp_path, path, PAGES)
        assert not {name for name, line in refs if line in (8, 11, 18)}, path
        assert {name for name, line in refs if line == 13} >= {"url.default.format", "path.join"}, path
        assert {name for name, line in refs if line == 23} == {"url.default.parse"}, path


def references_in(tmp_path, path: str, text: str) -> set[tuple[str, int]]:
    (tmp_path / "package.json").write_text("{}")
    (tmp_path / path).write_text(text)
    found = extract_symbols(path, text, None, language_for_path(path), Layout(tmp_path), every=True)
    return {(s.name, s.line) for s in found.symbols if s.kind == REFERENCE}


def test_typescript_inner_function_parameter_does_not_take_an_outer_local_type(tmp_path):
    text = ('import { Session } from "./session";\n\n'
            'export function startPolling(intervalMs: number) {\n'
            '  const session = new Session();\n'
            '  function poll(session) {\n'
            '    session.send("ping");\n'
            '  }\n'
            '  setInterval(() => poll(session), intervalMs);\n'
            '  session.send("start");\n'
            '  return [1, 2].map((session) => session.send("x"));\n'
            '}\n')
    refs = references(tmp_path, "src/poll.ts", text)
    assert ("session.Session.send", 9) in refs
    assert not {name for name, line in refs if line == 6}
    assert not {name for name, line in refs if line == 10 and name.endswith(".send")}


def test_a_field_or_local_given_a_typed_value_has_its_type(tmp_path):
    # `this.backup = session` with `session: Session`; `const session = this.backup`
    text = ('import { Session } from "./session";\n\n'
            'export class Poller {\n'
            '  private backup;\n\n'
            '  constructor(session: Session) {\n'
            '    this.backup = session;\n'
            '  }\n\n'
            '  start(): void {\n'
            '    const current = this.backup;\n'
            '    current.send("start");\n'
            '    this.backup.send("again");\n'
            '  }\n'
            '}\n')
    refs = references(tmp_path, "src/poller.ts", text)
    assert ("session.Session.send", 12) in refs and ("session.Session.send", 13) in refs
