"""Check lode's chunker on real corpora: the partition invariant, and definitions vs ctags.

    python bench/chunk_check.py [-j N] [--misses N] CORPUS_DIR...

(a) Partition invariant, on every file of a registered language: spans ascend and do
    not overlap, only whitespace lies outside them, line_start/line_end match the byte
    offsets. Any violation (or a crash or timeout of the chunker) makes the exit code 1.
(b) Definitions vs universal-ctags on the same files. A ctags tag of a definition-like
    kind (table KINDS) is *found* if a lode chunk that is not header/gap has the tag's
    name as the last dotted segment of its name and contains the tag's line; it is
    *covered* if instead the line lies in a non-gap chunk named after one of the names
    in the tag's ctags scope (a method inside its small, unsplit class; a class inside a
    test function).
    "def" kinds are counted wherever they are; "data" kinds (const/var) only at top
    level. "in gap%": def tags whose line lies in no definition chunk at all (a header,
    a gap) rather than inside another definition. Files the chunker crashed on are
    reported as invariant failures only. "top": def tags on an unindented line (top-level
    definitions; ctags gives Elixir, Haskell and Lua tags no scope), and the share of them
    found or covered. Zig, Scala, Swift, Dart and HCL have no ctags parser: only the
    invariant and counts are reported.
"""
from __future__ import annotations

import argparse
import bisect
import json
import multiprocessing as mp
import os
import random
import signal
import subprocess
import sys
import time
import traceback
from collections import Counter, defaultdict
from multiprocessing.connection import wait

from lode.chunking import chunk_file
from lode.languages import language_for_path

MAX_BYTES = 16 * 1024 * 1024  # lode refuses larger files
NON_DEFS = {"header", "gap"}

# lode language -> (ctags language, definition kinds, top-level data kinds).
# Fields, enum members, struct members, interface method specs and imports are left out.
KINDS: dict[str, tuple[str, set[str], set[str]]] = {
    "go": ("Go", {"func", "struct", "interface", "type", "talias"}, {"const", "var"}),
    "rust": ("Rust", {"function", "method", "struct", "enum", "interface", "implementation",
                      "typedef", "macro", "module"}, {"variable"}),
    "python": ("Python", {"class", "function", "member"}, {"variable"}),
    "typescript": ("TypeScript", {"function", "class", "interface", "enum", "method",
                                  "namespace", "alias", "generator"}, {"constant", "variable"}),
    "tsx": ("TypeScript", {"function", "class", "interface", "enum", "method", "namespace",
                           "alias", "generator"}, {"constant", "variable"}),
    "javascript": ("JavaScript", {"function", "class", "method", "generator", "getter",
                                  "setter"}, {"constant", "variable"}),
    "c": ("C", {"function", "struct", "union", "enum", "typedef", "macro"}, {"variable"}),
    "cpp": ("C++", {"function", "class", "struct", "union", "enum", "typedef", "macro",
                    "namespace"}, {"variable"}),
    "java": ("Java", {"class", "interface", "enum", "method", "annotation"}, set()),
    "ruby": ("Ruby", {"class", "module", "method", "singletonMethod"}, {"constant"}),
    "php": ("PHP", {"class", "interface", "trait", "function"}, {"define"}),
    "csharp": ("C#", {"class", "interface", "struct", "enum", "method", "property"}, set()),
    "kotlin": ("Kotlin", {"class", "interface", "object", "method", "typealias"}, {"constant", "variable"}),
    "elixir": ("Elixir", {"module", "function", "macro", "protocol", "implementation", "delegate",
                          "guard", "test"}, set()),
    "haskell": ("Haskell", {"function", "type"}, set()),
    "lua": ("Lua", {"function"}, set()),
    "bash": ("Sh", {"function"}, set()),
    "ocaml": ("OCaml", {"module", "class", "Exception", "function", "method", "type", "val"}, set()),
    "ocaml_interface": ("OCaml", {"module", "class", "Exception", "method", "type", "val"}, set()),
    "julia": ("Julia", {"function", "macro", "module", "struct", "type"}, {"constant"}),
    "perl": ("Perl", {"subroutine"}, {"constant"}),
    "objc": ("ObjectiveC", {"interface", "implementation", "protocol", "method", "function",
                            "property"}, set()),
    "sql": ("SQL", {"table", "view", "function", "procedure", "index", "trigger"}, set()),
}


def walk(root: str):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "node_modules")
        for f in sorted(filenames):
            yield os.path.join(dirpath, f)


def collect(roots: list[str]) -> list[tuple[str, str, str]]:
    """(absolute path, path relative to its corpus root, lode language) per file."""
    out = []
    for root in roots:
        root = os.path.abspath(root)
        base = os.path.dirname(root)  # keep the corpus dir name in the relative path
        for path in walk(root):
            rel = os.path.relpath(path, base)
            lang = language_for_path(rel)
            if lang is not None and os.path.isfile(path):
                out.append((path, rel, lang.name))
    return out


def last(name: str | None) -> str | None:
    """Last segment of a dotted (lode, Python) or ::-separated (ctags Rust/C++) name."""
    return name.replace("::", ".").rsplit(".", 1)[-1] if name else None


def check_partition(rel: str, data: bytes, chunks) -> list[str]:
    """Violations of the partition invariant, as messages (empty when the file is fine)."""
    errs: list[str] = []
    newlines = [i for i, b in enumerate(data) if b == 10]
    line_of = lambda off: bisect.bisect_left(newlines, off) + 1  # noqa: E731 (1-based line of byte off)
    prev = 0
    for i, c in enumerate(chunks):
        where = f"chunk {i} {c.kind} {c.name!r} [{c.byte_start},{c.byte_end})"
        if c.path != rel:
            errs.append(f"{where}: path {c.path!r} != {rel!r}")
        if not (0 <= c.byte_start < c.byte_end <= len(data)):
            errs.append(f"{where}: empty or out of range (file has {len(data)} bytes)")
            continue
        if c.byte_start < prev:
            errs.append(f"{where}: overlaps or precedes the previous chunk (ends at {prev})")
        elif not data[prev:c.byte_start].decode("utf-8", "replace").isspace() and c.byte_start > prev:
            errs.append(f"{where}: non-whitespace dropped before it: {data[prev:c.byte_start][:60]!r}")
        want = (line_of(c.byte_start), line_of(c.byte_end - 1))
        if (c.line_start, c.line_end) != want:
            errs.append(f"{where}: lines {c.line_start}-{c.line_end}, bytes say {want[0]}-{want[1]}")
        prev = max(prev, c.byte_end)
    tail = data[prev:]
    if tail and not tail.decode("utf-8", "replace").isspace():
        errs.append(f"non-whitespace dropped at end of file from byte {prev}: {tail[:60]!r}")
    return errs


def check_file(item):
    """Runs in a worker: chunk one file, check it, return compact results."""
    path, rel, lang = item
    data = open(path, "rb").read()
    if len(data) > MAX_BYTES:
        return path, rel, lang, "skip:too large", [], []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return path, rel, lang, "skip:not utf-8", [], []
    try:
        chunks = chunk_file(rel, text)
    except Exception as e:  # a crash is an invariant failure: the file lost everything
        tb = traceback.format_exception(e)
        return path, rel, lang, "fail", [f"{type(e).__name__}: {e} at {tb[-2].strip()[:200]}"], []
    errs = check_partition(rel, data, chunks)
    compact = [(c.kind, c.name, c.line_start, c.line_end) for c in chunks]
    return path, rel, lang, ("fail" if errs else "ok"), errs[:5], compact


def _serve(conn) -> None:
    while (item := conn.recv()) is not None:
        conn.send(check_file(item))


def check_all(files: list, jobs: int, timeout: float) -> list:
    """check_file over all files in worker processes that may die (a segfault in a
    grammar or binding) or hang: such a file is recorded as failed, its worker replaced."""
    ctx = mp.get_context("fork")

    def spawn():
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(target=_serve, args=(theirs,), daemon=True)
        proc.start()
        theirs.close()
        return mine, proc

    def failed(item, why):
        return (*item, "fail", [why], [])

    todo, results, busy = list(reversed(files)), [], {}
    free = [spawn() for _ in range(max(1, min(jobs, len(files))))]
    while todo or busy:
        while free and todo:
            conn, proc = free.pop()
            item = todo.pop()
            conn.send(item)
            busy[conn] = (proc, item, time.monotonic())
        for conn in wait(list(busy), timeout=1.0):
            proc, item, _ = busy.pop(conn)
            try:
                results.append(conn.recv())
                free.append((conn, proc))
            except EOFError:
                proc.join()
                code = proc.exitcode
                why = signal.Signals(-code).name if code and code < 0 else f"exit code {code}"
                results.append(failed(item, f"chunker process died: {why}"))
                free.append(spawn())
        now = time.monotonic()
        for conn, (proc, item, t0) in list(busy.items()):
            if now - t0 > timeout:
                proc.kill()
                proc.join()
                del busy[conn]
                results.append(failed(item, f"chunker took over {timeout:.0f}s"))
                free.append(spawn())
    for conn, proc in free:
        conn.send(None)
        proc.join()
    return results


def top_level(lang: str, tag: dict) -> bool:
    """A module-level const/var: no enclosing scope but the package, and (except in Go,
    whose grouped `const ( ... )` entries are indented) an unindented line; ctags gives
    no scope to locals inside anonymous callbacks, e.g. TS `it("...", () => { const x })`."""
    if tag.get("scopeKind", "package") not in ("package", "module", "namespace"):
        return False
    pattern = tag.get("pattern", "/^")
    return lang == "go" or not pattern[2:3].isspace()


def ctags_tags(lang: str, paths: list[str]) -> dict[str, list[dict]]:
    """Definition-like ctags tags per absolute path, with a 'class' key of def or data."""
    ctags_lang, defs, data = KINDS[lang]
    cmd = ["ctags", "--output-format=json", "--fields=+nKsE", f"--languages={ctags_lang}",
           f"--language-force={ctags_lang}", "-f", "-", "-L", "-"]
    r = subprocess.run(cmd, input="\n".join(paths), capture_output=True, text=True)
    out: dict[str, list[dict]] = defaultdict(list)
    for line in r.stdout.splitlines():
        try:
            t = json.loads(line)
        except json.JSONDecodeError:
            continue
        if t.get("_type") != "tag" or "anonymous" in t.get("extras", ""):
            continue
        kind, name = t.get("kind"), t.get("name", "")
        if name.startswith(("__anon", "AnonymousFunction", "<lambda>")):
            continue
        if name in MISPARSED.get(lang, ()):
            continue
        if lang.startswith("ocaml") and kind == "module" and t.get("line") == 1:
            continue  # ctags tags the file itself as a module on its first line
        if kind in defs:
            t["class"] = "def"
        elif kind in data and top_level(lang, t):
            t["class"] = "data"
        else:
            continue
        t["lang"] = lang
        pattern = t.get("pattern", "/^")
        t["top"] = pattern.startswith("/^") and pattern[2:3] not in ("", " ", "\t")  # unindented
        out[t["path"]].append(t)
    return out


# ctags tags that are its own misparses, not definitions (Haskell: a keyword as a name).
MISPARSED = {"haskell": {"class", "instance", "deriving", "data", "newtype", "type", "family",
                         "infix", "infixl", "infixr", "pattern", "default", "foreign", "where"},
             "ocaml": {"()", "_"}, "ocaml_interface": {"()", "_"}}  # `let () = …` names nothing
# lode chunk kinds that hold members ctags reports with no scope (Haskell record fields
# and class methods are "function" tags with no scope): a tag inside one is covered.
SCOPELESS_HOLDERS = {"haskell": {"type", "class"}, "ocaml": {"module"}}

DATA_CHUNKS = {"const", "var", "static", "let"}  # lode kinds of const/var declarations


def match(tag: dict, chunks) -> tuple[str, tuple | None]:
    """'found', 'covered', 'grouped' or 'miss', and the first lode chunk holding the
    tag's line. 'grouped': a const/var tag inside a lode const/var chunk named after
    another member of its group (Go `const ( A = iota; B )` is one chunk named A)."""
    line, full = tag["line"], tag["name"].strip()
    name = last(full.replace(":", "."))  # Lua's `M.f` and `T:m` are named f and m by lode
    if tag.get("lang") == "objc":
        name = full.split(":")[0]  # a selector `addLine:at:` is named by its first part
    scopes = set(tag.get("scope", "").replace("::", ".").split(".")) - {""}  # enclosing names
    holder = None
    covered = False
    for c in chunks:
        kind, cname, ls, le = c
        if not ls <= line <= le:
            continue
        holder = holder or c
        if kind not in NON_DEFS and (last(cname) == name or (cname or "").endswith(full)):
            return "found", c  # (endswith: an Elixir test title may hold dots)
        if kind in SCOPELESS_HOLDERS.get(tag.get("lang", ""), ()):
            covered = True
        if kind != "gap" and cname and last(cname) in scopes:
            covered = True
    if covered:
        return "covered", holder
    if tag["class"] == "data" and holder and holder[0] in DATA_CHUNKS:
        return "grouped", holder
    return "miss", holder


def pct(a: int, b: int) -> str:
    return f"{100.0 * a / b:5.1f}" if b else "    -"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpora", nargs="+")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--misses", type=int, default=12, help="sample misses to list per language")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per file")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    files = collect(args.corpora)
    if not files:
        print("no files of a registered language", file=sys.stderr)
        return 2
    results = check_all(files, args.jobs, args.timeout)

    by_lang: dict[str, list] = defaultdict(list)
    for res in results:
        by_lang[res[2]].append(res)

    rng = random.Random(args.seed)
    rows, failed = [], 0
    for lang in sorted(by_lang):
        res = by_lang[lang]
        checked = [r for r in res if not r[3].startswith("skip")]
        bad = [r for r in checked if r[3] == "fail"]
        failed += len(bad)
        skipped = Counter(r[3][5:] for r in res if r[3].startswith("skip"))
        nchunks = sum(len(r[5]) for r in checked)
        row = {"lang": lang, "files": len(res), "checked": len(checked), "ok": len(checked) - len(bad),
               "chunks": nchunks, "skipped": skipped, "bad": bad,
               "kinds": Counter(c[0] for r in checked for c in r[5])}
        if lang in KINDS:
            # files the chunker failed on entirely are counted above, not as ctags misses
            tags = ctags_tags(lang, [r[0] for r in checked if r[5]])
            chunks_of = {r[0]: r[5] for r in checked}
            per_kind = defaultdict(Counter)  # (class, kind) -> outcome counts
            top = Counter()  # outcomes of def tags on unindented lines (top-level definitions)
            misses = []
            for path, ts in tags.items():
                for t in ts:
                    outcome, holder = match(t, chunks_of.get(path, []))
                    per_kind[(t["class"], t["kind"])][outcome] += 1
                    if t["class"] == "def" and t["top"]:
                        top[outcome] += 1
                    if outcome == "miss" and (holder is None or holder[0] in NON_DEFS):
                        per_kind[(t["class"], t["kind"])]["lost"] += 1
                    if outcome == "miss":
                        misses.append((t, holder))
            row["per_kind"], row["misses"], row["top"] = per_kind, misses, top
        rows.append(row)

    rel_of = {r[0]: r[1] for r in results}
    print("\n## lode chunker vs corpora\n")
    hdr = f"{'language':<11} {'files':>6} {'inv ok%':>7} {'chunks':>8} {'ctags defs':>10} {'found%':>6} " \
          f"{'+scope%':>7} {'in gap%':>7} {'top':>6} {'found%':>6} {'data':>7} {'found%':>6} {'+group%':>7}"
    print(hdr)
    print("-" * len(hdr))
    for row in rows:
        line = f"{row['lang']:<11} {row['files']:>6} {pct(row['ok'], row['checked']):>7} {row['chunks']:>8}"
        if "per_kind" in row:
            agg = {cls: Counter() for cls in ("def", "data")}
            for (cls, _), cnt in row["per_kind"].items():
                agg[cls].update(cnt)
            d, x = agg["def"], agg["data"]
            nd, nx = sum(d.values()) - d["lost"], sum(x.values()) - x["lost"]
            line += f" {nd:>10} {pct(d['found'], nd):>6} {pct(d['found'] + d['covered'], nd):>7}" \
                    f" {pct(d['lost'], nd):>7}" \
                    f" {sum(row['top'].values()):>6} {pct(row['top']['found'] + row['top']['covered'], sum(row['top'].values())):>6}" \
                    f" {nx:>7} {pct(x['found'] + x['covered'], nx):>6} {pct(nx - x['miss'], nx):>7}"
        else:
            line += f" {'(no ctags parser)':>10}"
        if row["skipped"]:
            line += "   skipped: " + ", ".join(f"{n} {why}" for why, n in row["skipped"].items())
        print(line)

    for row in rows:
        if row["bad"]:
            print(f"\n### {row['lang']}: partition invariant FAILED in {len(row['bad'])} files (first 10)")
            for r in row["bad"][:10]:
                print(f"  {r[1]}")
                for e in r[4][:3]:
                    print(f"      {e}")
        print(f"\n### {row['lang']}: lode chunk kinds: "
              + ", ".join(f"{k} {n}" for k, n in row["kinds"].most_common()))
        if "per_kind" not in row:
            continue
        print(f"### {row['lang']}: by ctags kind (found / covered by scope / grouped / missed)")
        for (cls, kind), cnt in sorted(row["per_kind"].items(), key=lambda kv: -sum(kv[1].values())):
            n = sum(cnt.values()) - cnt["lost"]
            print(f"  {cls:<4} {kind:<15} {n:>7}  found {pct(cnt['found'], n)}%  covered {pct(cnt['covered'], n)}%"
                  + (f"  grouped {pct(cnt['grouped'], n)}%" if cls == "data" else "")
                  + f"  missed {cnt['miss']} ({cnt['lost']} in gap/header)")
        misses = row["misses"]
        if not misses:
            continue
        patterns = Counter((t["kind"], h[0] if h else "none") for t, h in misses)
        print("  miss patterns (ctags kind -> kind of the lode chunk holding the line):")
        for (kind, hk), n in patterns.most_common(8):
            t, h = next((t, h) for t, h in misses if t["kind"] == kind and (h[0] if h else "none") == hk)
            held = f"{h[0]} {h[1]!r} L{h[2]}-{h[3]}" if h else "no chunk"
            print(f"    {n:>6}  {kind} in {hk}: e.g. {t['name']} at {rel_of.get(t['path'], t['path'])}:{t['line']}"
                  f" (in {held})")
        print("  sample misses:")
        for t, h in sorted(rng.sample(misses, min(args.misses, len(misses))), key=lambda m: (m[0]["path"], m[0]["line"])):
            held = f"{h[0]} {h[1]!r} L{h[2]}-{h[3]}" if h else "no chunk"
            scope = f" scope {t.get('scopeKind', '')}:{t['scope']}" if "scope" in t else ""
            print(f"    {t['name']:<28} {rel_of.get(t['path'], t['path'])}:{t['line']}  [{t['kind']}{scope}]  in {held}")

    total = sum(r["checked"] for r in rows)
    print(f"\npartition invariant: {total - failed}/{total} files ok"
          + ("" if not failed else f", {failed} FAILED"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
