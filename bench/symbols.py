"""Symbol index accuracy and speed, against tools nobody here wrote.

    python bench/symbols.py LANG=DIR [LANG=DIR …] [--samples N] [--cache DIR] [--json]

LANG is go, python, rust, ts or zig; DIR a corpus folder, e.g. from bench/corpora.py:

    python bench/symbols.py $(python bench/corpora.py --only go,python,rust,ts | tr '\\t' '=')

For each corpus the script

1. extracts symbols from every file (one parse each, one process) and times it against
   universal-ctags over the same file list (the ratio is lode ÷ ctags);
2. writes them to a fresh store and asks ``definitions`` for names whose true location
   a peer reports — universal-ctags for Go, Rust and TypeScript (query = the tag's scope
   plus its name, or the file's package/module name for top-level tags), jedi
   ``goto(follow_imports=True)`` for Python (``import m; m.Name`` and ``m.Class.method``,
   package re-exports included; jedi runs in its own venv under the cache dir);
3. reports recall (a right path:line is among the candidates) and precision (the first
   candidate is right), ``def`` p50/p95 in-process, and ``symbols`` (fuzzy) p50 over the
   union of every corpus's names.

Zig has no peer here: its row reports extraction speed and the name count only.

References (``--refs SERVER[,SERVER…]``, only this then): the corpus is indexed by the
real indexer; ``--samples`` definitions (functions, methods, classes; test code left
out) are drawn; the first server named answers ``textDocument/references`` from each
definition's position — the truth, every position in the corpus's own files, the
declaration left out. lode answers ``refs --all`` from its index alone, and with the
hand-off to each further server named. Reported per answer: recall and precision over
(path, line) positions and over files, micro-averaged, and p50 latency::

    python bench/symbols.py --refs pyright,jedi-language-server --samples 200 --under src/ python=DIR

(``--under src/``: pyright resolves ``import flask`` only inside ``src/`` of an
uninstalled src-layout sdist, so uses in tests/ and examples/ would count against lode.)
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from lode.languages import language_for_path
from lode.languages.treesitter import grammar_for
from lode.store import Store
from lode.store.records import FileRecord
from lode.symbols.extraction import extract_symbols
from lode.symbols.index import SymbolIndex
from lode.symbols.layout import Layout
from lode.workspace import WorkspaceConfig
from lode.workspace.walk import walk

LANGS = {"go": ("go",), "python": ("python",), "rust": ("rust",), "ts": ("typescript", "tsx"),
         "zig": ("zig",)}
CTAGS_LANG = {"go": "Go", "rust": "Rust", "ts": "TypeScript"}
CTAGS_KINDS = {
    "go": {"func", "type", "struct", "interface", "talias"},
    "rust": {"function", "method", "struct", "enum", "interface", "typedef", "macro", "enumerator"},
    "ts": {"class", "interface", "function", "method", "enum", "alias", "namespace", "generator"},
}
JEDI = "jedi==0.19.2"


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ---- extraction + store ------------------------------------------------------------------

def corpus_files(lang: str, root: str) -> list:
    wanted = LANGS[lang]
    out = []
    for e in walk(root, WorkspaceConfig()):
        spec = language_for_path(e.path)
        if spec is not None and spec.name in wanted:
            out.append(e)
    return out


def extract_all(lang: str, root: str, files: list) -> tuple[list, float, float]:
    layout = Layout(root)
    records, t_parse, t_extract = [], 0.0, 0.0
    for e in files:
        try:
            data = Path(e.abspath).read_bytes()
        except OSError:
            continue
        spec = language_for_path(e.path)
        t0 = time.perf_counter()
        tree = grammar_for(spec).parse(data)
        t1 = time.perf_counter()
        fs = extract_symbols(e.path, data, tree, spec, layout)
        t2 = time.perf_counter()
        t_parse += t1 - t0
        t_extract += t2 - t1
        records.append(FileRecord(e.path, e.mtime_ns, e.size, language=spec.name, tag="code",
                                  symbols=[fs] if fs else []))
    return records, t_parse, t_extract


def build_store(db_path: str, lang: str, root: str, records: list) -> tuple[Store, int]:
    store = Store(db_path)
    ws = store.add_workspace(lang, os.path.realpath(root), WorkspaceConfig().to_dict())
    gen = store.begin_generation(ws.id)
    for i in range(0, len(records), 500):
        store.write_batch(ws.id, gen, records[i:i + 500])
    return store, ws.id


# ---- peers -------------------------------------------------------------------------------

def run_ctags(lang: str, root: str, files: list, out_dir: str) -> tuple[list[dict], float]:
    listing = os.path.join(out_dir, f"{lang}.files")
    with open(listing, "w") as f:
        f.write("\n".join(e.abspath for e in files) + "\n")
    out = os.path.join(out_dir, f"{lang}.tags.json")
    if os.path.exists(out):
        os.remove(out)  # ctags refuses to overwrite what does not look like a tags file
    cmd = ["ctags", f"--languages={CTAGS_LANG[lang]}", "--output-format=json", "--fields=+KnzsZ",
           "-L", listing, "-f", out]
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - t0
    tags = []
    with open(out) as f:
        for line in f:
            try:
                tags.append(json.loads(line))
            except ValueError:
                pass
    return tags, seconds


def time_ctags_only(lang: str, files: list, out_dir: str) -> float:
    """ctags -R style run writing a plain tags file (its fastest useful output)."""
    listing = os.path.join(out_dir, f"{lang}.files")
    t0 = time.perf_counter()
    subprocess.run(["ctags", f"--languages={CTAGS_LANG[lang]}", "-L", listing, "-f",
                    os.path.join(out_dir, f"{lang}.tags")], check=True, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def _module_word(lang: str, root: str, path: str) -> str | None:
    """What a user types before a top-level name: Go's package (directory) name, the
    file's module name for Rust and TypeScript."""
    rel = os.path.relpath(path, root)
    d, filename = os.path.split(rel)
    stem = filename.split(".")[0]
    if lang == "go":
        return os.path.basename(d) or None
    if lang == "rust":
        if stem in ("lib", "main"):
            crate = rel.split("/src/")[0] if "/src/" in "/" + rel else d
            name = os.path.basename(crate.rstrip("/"))
            return name.rsplit("-", 1)[0].replace("-", "_") if name else None
        return os.path.basename(d) if stem == "mod" else stem
    if lang == "ts":  # a module is named by its file name without the extension
        stem = filename.rsplit(".", 1)[0]
        stem = stem[:-2] if stem.endswith(".d") else stem
        return os.path.basename(d) if stem == "index" else stem
    return None


def ctags_truth(lang: str, root: str, tags: list[dict]) -> dict[str, set[tuple[str, int]]]:
    truth: dict[str, set] = defaultdict(set)
    kinds = CTAGS_KINDS[lang]
    for t in tags:
        if t.get("_type") != "tag" or t.get("kind") not in kinds:
            continue
        if t.get("scopeKind") == "unknown":
            continue  # ctags could not tell (generic receivers)
        if lang == "rust" and t["kind"] == "method" and t.get("scopeKind") not in ("implementation", "interface"):
            continue  # ctags lost the impl (generic or macro-generated): no type to name it by
        if lang != "go" and not t.get("scope") and t.get("pattern", "").startswith(("/^ ", "/^\t")):
            continue  # indented yet unscoped: ctags lost the enclosing impl, namespace or function
        if t["kind"] == "alias" and "=" not in t.get("pattern", ""):
            continue  # `type X,` in an import or export list, not a definition
        name, scope = t["name"], t.get("scope")
        if lang == "go":
            if scope is None:
                continue
            q = f"{scope}.{name}"
        elif scope:
            q = f"{scope.split('::')[-1] if lang == 'rust' else scope}.{name}".replace("::", ".")
        else:
            word = _module_word(lang, root, t["path"])
            if not word:
                continue
            q = f"{word}.{name}"
        truth[q].add((os.path.relpath(t["path"], root), t["line"]))
    return truth


JEDI_HELPER = r'''
import json, os, sys
import jedi
req = json.load(sys.stdin)
out = []
quota = max(1, req["limit"] // max(1, len(req["packages"])))
for pkg in req["packages"]:
    limit = len(out) + quota
    root = pkg["root"]
    project = jedi.Project(path=root, sys_path=[root], smart_sys_path=False, load_unsafe_extensions=False)
    fake = os.path.join(root, "__lode_bench__.py")
    def is_import_line(d):
        try:
            with open(d.module_path, encoding="utf-8", errors="replace") as f:
                lines = f.read().splitlines()
            return "import" in lines[d.line - 1]
        except Exception:
            return False
    def goto(dotted, attr_path):
        code = f"import {dotted}\n{dotted}.{attr_path}"
        s = jedi.Script(code=code, path=fake, project=project)
        col = len(f"{dotted}.{attr_path}")
        try:
            return s.goto(line=2, column=col, follow_imports=True)
        except Exception:
            return []
    for dotted, path, is_init in pkg["modules"]:
        if len(out) >= limit:
            break
        try:
            names = jedi.Script(path=path, project=project).get_names(all_scopes=False, definitions=True)
        except Exception:
            continue
        for n in names:
            if n.type not in ("class", "function") and not (is_init and n.type in ("statement", "module", "instance")):
                continue
            queries = [(n.name, f"{dotted}.{n.name}")]
            if n.type == "class":
                try:
                    for m in n.defined_names():
                        if m.type == "function":
                            queries.append((f"{n.name}.{m.name}", f"{dotted}.{n.name}.{m.name}"))
                except Exception:
                    pass
            for attr, q in queries:
                for d in goto(dotted, attr):
                    for _ in range(3):  # jedi may stop at an import: follow it further
                        try:
                            nxt = d.goto(follow_imports=True)
                        except Exception:
                            break
                        if not nxt or (nxt[0].module_path, nxt[0].line) == (d.module_path, d.line):
                            break
                        d = nxt[0]
                    if d.module_path and d.line and is_import_line(d):
                        continue
                    if d.module_path and d.line and d.type in ("class", "function"):
                        out.append({"query": q, "path": str(d.module_path), "line": d.line})
json.dump(out, sys.stdout)
'''


def jedi_python(cache: Path) -> str:
    venv = cache / "jedi-venv"
    py = venv / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    if subprocess.run([str(py), "-c", "import jedi"], capture_output=True).returncode != 0:
        subprocess.run([str(py), "-m", "pip", "install", "-q", JEDI], check=True)
    return str(py)


def python_modules(root: str, files: list) -> list[dict]:
    """Importable modules grouped by import root (the first directory up without
    ``__init__.py``); files outside packages are skipped."""
    by_root: dict[str, list] = defaultdict(list)
    for e in files:
        d = os.path.dirname(e.abspath)
        if not os.path.exists(os.path.join(d, "__init__.py")):
            continue
        parts = []
        while os.path.exists(os.path.join(d, "__init__.py")):
            parts.insert(0, os.path.basename(d))
            d = os.path.dirname(d)
        stem = os.path.basename(e.abspath)[:-3]
        is_init = stem == "__init__"
        if not is_init:
            parts.append(stem)
        if any(p in ("tests", "testing", "test") for p in parts):
            continue
        by_root[d].append([".".join(parts), e.abspath, is_init])
    return [{"root": r, "modules": sorted(m)} for r, m in sorted(by_root.items())]


def args_seed(rng: random.Random) -> int:
    """A stable fingerprint of the sampling state (same seed → same module order)."""
    return rng.getstate()[1][1]


def jedi_truth(root: str, files: list, cache: Path, samples: int, rng: random.Random) -> dict:
    py = jedi_python(cache)
    packages = python_modules(root, files)
    key = hashlib.sha1(repr((os.path.realpath(root), samples, JEDI, args_seed(rng), 3)).encode()).hexdigest()[:12]
    saved = cache / f"jedi-truth-{key}.json"
    for p in packages:  # jedi is slow: a random subset of modules, every package
        rng.shuffle(p["modules"])
    log(f"  jedi: {sum(len(p['modules']) for p in packages)} modules")
    # every package's __init__ first (its re-exports), then modules until enough answers
    for p in packages:
        p["modules"].sort(key=lambda m: not m[2])
    if saved.exists():  # jedi takes minutes: its answers are kept for reruns
        answers = json.loads(saved.read_text())
    else:
        r = subprocess.run([py, "-c", JEDI_HELPER], input=json.dumps({"packages": packages,
                                                                      "limit": samples * 3}),
                           capture_output=True, text=True, check=True)
        answers = json.loads(r.stdout)
        saved.write_text(json.dumps(answers))
    truth: dict[str, set] = defaultdict(set)
    real_root = os.path.realpath(root)
    for item in answers:
        p = os.path.realpath(item["path"])
        if p.startswith(real_root + os.sep):
            truth[item["query"]].add((os.path.relpath(p, real_root), item["line"]))
    return truth


# ---- scoring -----------------------------------------------------------------------------

def score(index: SymbolIndex, truth: dict, samples: int, rng: random.Random) -> dict:
    queries = sorted(truth)
    if len(queries) > samples:
        queries = rng.sample(queries, samples)
    hit = first = 0
    times, misses = [], []
    for q in queries:
        t0 = time.perf_counter()
        cands = index.definitions(q)
        times.append(time.perf_counter() - t0)
        got = [(c.path, c.line) for c in cands]
        want = truth[q]
        if any(g in want for g in got):
            hit += 1
        elif len(misses) < 8:
            misses.append((q, sorted(want)[:2], got[:2]))
        if got and got[0] in want:
            first += 1
    n = len(queries) or 1
    times.sort()
    return {"queries": len(queries), "recall": hit / n, "precision": first / n,
            "def_p50_ms": 1000 * times[len(times) // 2] if times else 0.0,
            "def_p95_ms": 1000 * times[int(len(times) * 0.95)] if times else 0.0, "misses": misses}


def fuzzy_bench(stores: list[Store], rng: random.Random, n: int = 300) -> dict:
    from lode.symbols.fuzzy import NameMatcher, humps

    names = []
    for s in stores:
        names += SymbolIndex(s).names()
    m = NameMatcher(names)
    sample = rng.sample(m.names, min(n, len(m.names)))
    queries = []
    for name in sample:
        leaf = name.replace("/", ".").rsplit(".", 1)[-1]
        kind = rng.randrange(3)
        if kind == 0 and len(leaf) > 3:
            queries.append(leaf[: rng.randint(3, len(leaf))])
        elif kind == 1 and len(humps(leaf)) > 1:
            queries.append(humps(leaf))
        else:
            queries.append("".join(ch for i, ch in enumerate(leaf) if i % 2 == 0) or leaf)
    times, found = [], 0
    for q, name in zip(queries, sample):
        t0 = time.perf_counter()
        res = m.search(q, 20)
        times.append(time.perf_counter() - t0)
        found += any(r.name == name for r in res)
    times.sort()
    return {"names": len(m), "queries": len(queries), "p50_ms": 1000 * times[len(times) // 2],
            "p95_ms": 1000 * times[int(len(times) * 0.95)], "target_in_top20": found / len(queries)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpora", nargs="+", metavar="LANG=DIR")
    ap.add_argument("--samples", type=int, default=2000, help="queries per language")
    ap.add_argument("--cache", default=os.path.expanduser("~/.cache/lode-bench"))
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--refs", metavar="SERVERS",
                    help="reference recall against a language server (first named = truth)")
    ap.add_argument("--under", metavar="PREFIX", default="",
                    help="with --refs: only names and positions under this corpus path (the "
                         "files the server resolves imports in, e.g. src/ of a src layout)")
    args = ap.parse_args()
    if args.refs:
        for spec in args.corpora:
            lang, _, d = spec.partition("=")
            refs_bench(lang, os.path.expanduser(d), args.refs.split(","), args.samples, args.seed, args.under)
        return
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="lode-bench-symbols-")
    by_lang: dict[str, list[str]] = defaultdict(list)
    for spec in args.corpora:
        lang, _, d = spec.partition("=")
        if lang not in LANGS or not d:
            ap.error(f"expected LANG=DIR with LANG in {', '.join(LANGS)}: {spec!r}")
        by_lang[lang].append(os.path.expanduser(d))
    rows, stores = [], []
    for lang, dirs in by_lang.items():
        for root in dirs:
            log(f"{lang}: {root}")
            files = corpus_files(lang, root)
            records, t_parse, t_extract = extract_all(lang, root, files)
            nsyms = sum(len(r.symbols[0].symbols) for r in records if r.symbols)
            row = {"lang": lang, "corpus": root, "files": len(files), "symbols": nsyms,
                   "parse_s": t_parse, "extract_s": t_extract}
            store, wid = build_store(os.path.join(work, f"{lang}-{len(rows)}.db"), lang, root, records)
            stores.append(store)
            index = SymbolIndex(store, wid)
            truth = {}
            if lang in CTAGS_LANG:
                tags, t_json = run_ctags(lang, root, files, work)
                row["ctags_s"] = time_ctags_only(lang, files, work)
                row["ratio"] = (t_parse + t_extract) / row["ctags_s"] if row["ctags_s"] else None
                truth = ctags_truth(lang, root, tags)
                row["peer"] = "ctags"
            elif lang == "python":
                truth = jedi_truth(root, files, cache, args.samples, rng)
                row["peer"] = "jedi"
            if truth:
                row.update(score(index, truth, args.samples, rng))
            rows.append(row)
            log(f"  {json.dumps({k: v for k, v in row.items() if k != 'misses'}, default=str)}")
    fuzzy = fuzzy_bench(stores, rng)
    for store in stores:
        store.close()
    shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps({"corpora": rows, "fuzzy": fuzzy}, indent=2, default=str))
        return
    print("| lang | corpus | files | symbols | peer | queries | recall | precision | def p50 ms | "
          "parse+extract s | ctags s | ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        def f(k, fmt="{:.3f}"):
            return fmt.format(r[k]) if r.get(k) is not None else "–"
        print(f"| {r['lang']} | {os.path.basename(r['corpus'].rstrip('/'))} | {r['files']} | {r['symbols']} | "
              f"{r.get('peer', '–')} | {r.get('queries', '–')} | {f('recall', '{:.1%}')} | "
              f"{f('precision', '{:.1%}')} | {f('def_p50_ms', '{:.2f}')} | "
              f"{r['parse_s'] + r['extract_s']:.1f} | {f('ctags_s', '{:.1f}')} | {f('ratio', '{:.1f}×')} |")
    print(f"\nsymbols (fuzzy): {fuzzy['names']} names, p50 {fuzzy['p50_ms']:.1f} ms, "
          f"p95 {fuzzy['p95_ms']:.1f} ms, target in top 20: {fuzzy['target_in_top20']:.0%}")
    for r in rows:
        for q, want, got in r.get("misses", [])[:5]:
            print(f"miss {r['lang']}: {q} want {want} got {got}")


# ---- reference recall against a language server ----------------------------------------

_REF_DETAILS = ("function", "method", "class")


def _server_refs(conn, root: str, lang_name: str, path: str, line: int, col: int) -> set | None:
    """(path, line) of every reference the server reports in the corpus, declaration
    left out; None when the server failed."""
    from lode.external.client import HandoffError
    from lode.external.handoff import _line, utf16_column

    full = os.path.join(root, path)
    try:
        result = conn.ask("references", full, lang_name, line - 1, utf16_column(_line(full, line), col), 60)
    except HandoffError as exc:
        log(f"  {path}:{line}: {exc}")
        return None
    out = set()
    real_root = os.path.realpath(root).rstrip("/") + "/"
    for loc in result or ():
        p = os.path.realpath(loc.uri[len("file://"):])
        if p.startswith(real_root):
            rel = p[len(real_root):]
            if (rel, loc.range.start.line + 1) != (path, line):
                out.add((rel, loc.range.start.line + 1))
    return out


def _score(pairs: list[tuple[set, set]]) -> dict:
    tp = sum(len(t & g) for t, g in pairs)
    truth = sum(len(t) for t, _ in pairs)
    got = sum(len(g) for _, g in pairs)
    ftp = sum(len({p for p, _ in t} & {p for p, _ in g}) for t, g in pairs)
    ftruth = sum(len({p for p, _ in t}) for t, _ in pairs)
    fgot = sum(len({p for p, _ in g}) for _, g in pairs)
    return {"recall": tp / truth if truth else None, "precision": tp / got if got else None,
            "file_recall": ftp / ftruth if ftruth else None, "file_precision": ftp / fgot if fgot else None,
            "truth_positions": truth, "lode_positions": got}


def refs_bench(lang: str, root: str, servers: list[str], samples: int, seed: int, under: str = "") -> None:
    from lode.external.client import POOL
    from lode.external.servers import SERVERS, search_path
    from lode.service import Service

    lang_name = LANGS[lang][0]
    work = tempfile.mkdtemp(prefix="lode-bench-refs-")
    if lang == "ts" and not os.path.exists(os.path.join(root, "tsconfig.json")):
        # without a tsconfig.json tsserver's project is the opened file's import closure,
        # which misses the files that import it: a copy of the corpus gets one
        copy = os.path.join(work, os.path.basename(root.rstrip("/")))
        shutil.copytree(root, copy, symlinks=True)
        with open(os.path.join(copy, "tsconfig.json"), "w") as f:
            json.dump({"compilerOptions": {"target": "es2020", "lib": ["es2020", "dom"], "strict": True,
                                           "skipLibCheck": True, "noEmit": True},
                       "include": ["**/*.ts"]}, f)
        root = copy
    t0, c0 = time.perf_counter(), time.process_time()
    svc = Service(os.path.join(work, "lode.db"))
    ws = svc.add_workspace(root, name="corpus")
    svc.index("corpus", embed=False)
    log(f"{lang}: indexed {root} in {time.perf_counter() - t0:.1f} s ({time.process_time() - c0:.1f} CPU s)")
    rows = svc.store.db.execute(
        "SELECT s.rname, f.path, s.line, s.col FROM symbols s JOIN files f ON f.id = s.file_id"
        f" WHERE s.kind IN ('definition', 'method') AND s.detail IN ({','.join('?' * len(_REF_DETAILS))})",
        _REF_DETAILS).fetchall()
    from lode.symbols.index import is_test_path
    defs = sorted({(r[0][::-1], r[1], r[2], r[3]) for r in rows
                   if not is_test_path(r[1]) and r[1].startswith(under)})
    rng = random.Random(seed)
    picked = rng.sample(defs, min(samples, len(defs)))
    specs = {s.name: s for s in SERVERS}
    import shutil as _sh

    truth_spec = specs[servers[0]]
    exe = _sh.which(truth_spec.command[0], path=search_path())
    if exe is None:
        sys.exit(f"{servers[0]} is not installed")
    truth_conn = POOL.get(truth_spec, exe, ws["root"])
    # warm up: let the server read the workspace before the clock starts
    name0, path0, line0, col0 = picked[0]
    for _ in range(40):
        if _server_refs(truth_conn, ws["root"], lang_name, path0, line0, col0):
            break
        time.sleep(0.5)
    answers: dict[str, list] = defaultdict(list)
    latency: dict[str, list] = defaultdict(list)
    for name, path, line, col in picked:
        t = time.perf_counter()
        truth_conn = POOL.get(truth_spec, exe, ws["root"])  # a server that died is started anew
        truth = _server_refs(truth_conn, ws["root"], lang_name, path, line, col)
        latency[servers[0]].append(time.perf_counter() - t)
        if truth is None:
            continue
        t = time.perf_counter()
        r = svc.references(name, "corpus", limit=100000, every=True, lsp=False)
        latency["index"].append(time.perf_counter() - t)
        truth = {t for t in truth if t[0].startswith(under)}
        answers["index"].append((truth, {(x["path"], x["line"]) for x in r["references"]
                                         if x["path"].startswith(under)}))
        for other in servers[1:]:
            os.environ["LODE_LSP"] = other
            t = time.perf_counter()
            r = svc.references(name, "corpus", limit=100000, every=True, lsp=True)
            latency[f"hand-off {other}"].append(time.perf_counter() - t)
            if not r["source"].startswith("lsp:"):
                log(f"  {name}: hand-off answered from the index ({r.get('lsp')})")
            answers[f"hand-off {other}"].append((truth, {(x["path"], x["line"]) for x in r["references"]
                                                         if x["path"].startswith(under)}))
    POOL.stop_all()
    svc.close()
    shutil.rmtree(work, ignore_errors=True)
    print(f"\n{lang} {os.path.basename(root.rstrip('/'))}: {len(picked)} names "
          f"({len(answers['index'])} answered by {servers[0]}, the truth)")
    print("| answer | recall | precision | file recall | file precision | positions (truth / lode) | p50 ms |")
    print("|---|---|---|---|---|---|---|")
    for key, pairs in answers.items():
        sc = _score(pairs)
        lat = sorted(latency[key])
        p50 = lat[len(lat) // 2] * 1000 if lat else 0

        def pct(v):
            return f"{v:.1%}" if v is not None else "–"
        print(f"| {key} | {pct(sc['recall'])} | {pct(sc['precision'])} | {pct(sc['file_recall'])} | "
              f"{pct(sc['file_precision'])} | {sc['truth_positions']} / {sc['lode_positions']} | {p50:.1f} |")
    lat = sorted(latency[servers[0]])
    print(f"{servers[0]} itself: p50 {lat[len(lat) // 2] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
