"""Chunking throughput: lode's chunker beside universal-ctags and peer chunkers, same files.

    python bench/chunk.py [-j N] [--peer-python PY] CORPUS_DIR...

Files of every registered lode language are read into memory first (I/O excluded),
then chunked in-process by lode (1 process, then N processes via a fork pool), by each
peer chunker (in PY, default CACHE/peers-venv/bin/python made by bench/corpora.py, so
the peers never enter lode's environment), and indexed by `ctags` (whole-process CPU
time, one run per language over the same file list, output discarded). Times are CPU
seconds, robust on a shared machine; lode's wall clock (1 process and the pool) is
printed below the table. Ratios are other's time / lode's: above 1 means lode is faster.

"ts parse" is tree-sitter parsing alone with lode's grammars (the floor under any
tree-sitter chunker). Peers: astchunk (python, typescript, java), "astchunk*" (astchunk's greedy AST windowing
handed the tree-sitter grammar lode uses, for go, rust, javascript, zig, which astchunk
itself does not list) and
langchain-text-splitters' RecursiveCharacterTextSplitter.from_language (regex
separators). Both with a 2,000-character budget like lode's default.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import resource
import subprocess
import sys
import time
from collections import defaultdict

BUDGET = 2000
MAX_BYTES = 16 * 1024 * 1024
LANGCHAIN = {"go": "go", "rust": "rust", "python": "python", "typescript": "ts", "tsx": "ts",
             "javascript": "js", "c": "c", "cpp": "cpp", "java": "java", "ruby": "ruby", "php": "php"}
ASTCHUNK = {"python": "python", "typescript": "typescript", "tsx": "typescript", "java": "java"}
# grammar module and function for astchunk* (languages astchunk does not list)
GRAMMARS = {"go": ("tree_sitter_go", "language"), "rust": ("tree_sitter_rust", "language"),
            "javascript": ("tree_sitter_javascript", "language"), "zig": ("tree_sitter_zig", "language")}
# every grammar wheel lode depends on, for the parse-only floor
PARSE = {**GRAMMARS, "python": ("tree_sitter_python", "language"),
         "typescript": ("tree_sitter_typescript", "language_typescript"),
         "tsx": ("tree_sitter_typescript", "language_tsx"), "c": ("tree_sitter_c", "language"),
         "cpp": ("tree_sitter_cpp", "language"), "java": ("tree_sitter_java", "language"),
         "ruby": ("tree_sitter_ruby", "language"), "php": ("tree_sitter_php", "language_php")}


def load(files: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """(rel path, language, text) for files lode would accept (UTF-8, at most 16 MiB)."""
    out = []
    for path, rel, lang in files:
        data = open(path, "rb").read()
        if len(data) > MAX_BYTES:
            continue
        try:
            out.append((rel, lang, data.decode("utf-8")))
        except UnicodeDecodeError:
            pass
    return out


# ---- peers: run inside the peer interpreter, reading the file list from stdin ----

def peer_chunkers(name: str):
    """lang -> callable(text) -> list of chunks, for the peer `name`."""
    if name == "langchain":
        from langchain_text_splitters import Language, RecursiveCharacterTextSplitter
        return {lang: RecursiveCharacterTextSplitter.from_language(
                    Language(v), chunk_size=BUDGET, chunk_overlap=0).split_text
                for lang, v in LANGCHAIN.items()}
    if name in ("astchunk", "astchunk*"):
        import importlib

        import tree_sitter
        from astchunk import ASTChunkBuilder
        out = {}
        if name == "astchunk":
            for lang, v in ASTCHUNK.items():
                out[lang] = ASTChunkBuilder(max_chunk_size=BUDGET, language=v, metadata_template="default").chunkify
            return out
        for lang, (mod, fn) in GRAMMARS.items():  # astchunk's windowing, handed lode's grammar
            try:
                grammar = getattr(importlib.import_module(mod), fn)()
            except ImportError:
                continue
            b = ASTChunkBuilder(max_chunk_size=BUDGET, language="python", metadata_template="default")
            b.parser = tree_sitter.Parser(tree_sitter.Language(grammar))
            out[lang] = b.chunkify
        return out
    raise SystemExit(f"unknown peer {name}")


def run_peer(name: str) -> None:
    files = json.load(sys.stdin)
    try:
        chunkers = peer_chunkers(name)
    except ImportError as e:
        print(json.dumps({"error": f"{type(e).__name__}: {e}"}))
        return
    corpus = load([tuple(f) for f in files])
    for rel, lang, text in corpus[:50]:  # warm-up: imports, grammar loading
        if lang in chunkers:
            chunkers[lang](text[:2000])
    stats = defaultdict(lambda: {"seconds": 0.0, "files": 0, "chunks": 0, "errors": 0})
    for rel, lang, text in corpus:
        if lang not in chunkers:
            continue
        s = stats[lang]
        t0 = time.process_time()
        try:
            s["chunks"] += len(chunkers[lang](text))
        except Exception:  # a peer failing on a file is its problem; count it
            s["errors"] += 1
        s["seconds"] += time.process_time() - t0
        s["files"] += 1
    print(json.dumps(stats))


# ---- lode and ctags: run in lode's interpreter ----

CORPUS: list = []  # set before forking, so pool workers inherit it without pickling


def _chunk_batch(idx: list[int]) -> int:
    from lode.chunking import chunk_file
    return sum(len(chunk_file(CORPUS[i][0], CORPUS[i][2])) for i in idx)


def time_lode(corpus, jobs: int):
    from lode.chunking import chunk_file
    per_lang = defaultdict(lambda: {"seconds": 0.0, "files": 0, "chunks": 0})
    for rel, lang, text in {c[1]: c for c in corpus}.values():  # warm-up: grammars, queries
        chunk_file(rel, text)
    t_all = time.perf_counter()
    for rel, lang, text in corpus:
        t0 = time.process_time()
        n = len(chunk_file(rel, text))
        s = per_lang[lang]
        s["seconds"] += time.process_time() - t0
        s["files"] += 1
        s["chunks"] += n
    t_one = time.perf_counter() - t_all
    t_pool = None
    if jobs > 1:
        global CORPUS
        CORPUS = corpus
        order = sorted(range(len(corpus)), key=lambda i: -len(corpus[i][2]))  # big files first
        batches = [order[i::len(corpus) // 8 + 1] for i in range(len(corpus) // 8 + 1)]
        t0 = time.perf_counter()
        with mp.get_context("fork").Pool(jobs) as pool:
            sum(pool.imap_unordered(_chunk_batch, batches))
        t_pool = time.perf_counter() - t0
    return per_lang, t_one, t_pool


def time_parse(corpus) -> dict[str, float]:
    """CPU seconds of tree-sitter parsing alone with the same grammars: the floor under
    any tree-sitter chunker."""
    import importlib

    import tree_sitter
    parsers, out = {}, defaultdict(float)
    for lang, (mod, fn) in PARSE.items():
        try:
            grammar = getattr(importlib.import_module(mod), fn)()
        except (ImportError, AttributeError):
            continue
        parsers[lang] = tree_sitter.Parser(tree_sitter.Language(grammar))
    for rel, lang, text in corpus:
        if lang in parsers:
            data = text.encode("utf-8")
            t0 = time.process_time()
            parsers[lang].parse(data)
            out[lang] += time.process_time() - t0
    return out


def time_ctags(files_by_lang: dict[str, list[str]]) -> dict[str, float]:
    from chunk_check import KINDS
    out = {}
    for lang, paths in files_by_lang.items():
        if lang not in KINDS:
            continue
        ctags_lang = KINDS[lang][0]
        cmd = ["ctags", f"--languages={ctags_lang}", f"--language-force={ctags_lang}", "-f", "-", "-L", "-"]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, input="\n".join(paths), text=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        out[lang] = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return out


def time_peer(python: str, name: str, files) -> dict:
    here = os.path.abspath(__file__)
    r = subprocess.run([python, here, "--as-peer", name], input=json.dumps(files),
                       capture_output=True, text=True)
    if r.returncode != 0:
        return {"error": r.stderr.strip().splitlines()[-1] if r.stderr.strip() else f"exit {r.returncode}"}
    return json.loads(r.stdout)


def report(corpus, size, lode, t_one, t_pool, jobs, others, load_before) -> None:
    """Per-language table in CPU seconds; `/lode` = other's seconds / lode's seconds on
    the same files (above 1: lode is faster)."""
    langs = sorted(lode)
    mb = {lang: size[lang] / 1e6 for lang in langs}
    total_mb = sum(mb.values())
    print(f"\n## chunking throughput: {len(corpus)} files, {total_mb:.1f} MB, {os.cpu_count()} cores, "
          f"load avg {load_before:.1f} -> {os.getloadavg()[0]:.1f}")
    print("CPU seconds per tool; /lode = tool's seconds / lode's seconds on the same files\n")
    hdr = f"{'language':<11} {'files':>6} {'MB':>6} | {'lode s':>7} {'MB/s':>6} {'files/s':>7} {'chunks':>7}"
    for name in others:
        hdr += f" | {name + ' s':>12} {'/lode':>6}"
    print(hdr)
    print("-" * len(hdr))

    def cells(times: dict, langs_: list[str]) -> str:
        covered = [lang for lang in langs_ if lang in times]
        if not covered:
            return f" | {'-':>12} {'-':>6}"
        t, lode_t = sum(times[lang] for lang in covered), sum(lode[lang]["seconds"] for lang in covered)
        return f" | {t:>12.2f} {t / lode_t:>6.2f}"

    for lang in langs:
        s = lode[lang]
        line = f"{lang:<11} {s['files']:>6} {mb[lang]:>6.1f} | {s['seconds']:>7.2f} {mb[lang] / s['seconds']:>6.2f}" \
               f" {s['files'] / s['seconds']:>7.0f} {s['chunks']:>7}"
        print(line + "".join(cells(times, [lang]) for times in others.values()))
    print("-" * len(hdr))
    cpu = sum(s["seconds"] for s in lode.values())
    line = f"{'all':<11} {len(corpus):>6} {total_mb:>6.1f} | {cpu:>7.2f} {total_mb / cpu:>6.2f}" \
           f" {len(corpus) / cpu:>7.0f} {sum(s['chunks'] for s in lode.values()):>7}"
    print(line + "".join(cells(times, langs) for times in others.values()))
    print("(a total row compares each tool with lode on the languages that tool covers)\n")
    print(f"lode wall clock, 1 process: {t_one:.2f} s = {total_mb / t_one:.2f} MB/s, {len(corpus) / t_one:.0f} files/s")
    if t_pool:
        print(f"lode wall clock, {jobs} processes (fork pool, start-up included): {t_pool:.2f} s = "
              f"{total_mb / t_pool:.2f} MB/s, {len(corpus) / t_pool:.0f} files/s, speed-up {t_one / t_pool:.2f}x")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpora", nargs="*")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--cache", default=os.path.expanduser("~/.cache/lode-bench"))
    ap.add_argument("--peer-python", help="interpreter with the peers (default CACHE/peers-venv)")
    ap.add_argument("--peers", default="astchunk,astchunk*,langchain")
    ap.add_argument("--as-peer", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.as_peer:  # inside the peer interpreter: no lode imports on this path
        run_peer(args.as_peer)
        return 0
    if not args.corpora:
        ap.error("give at least one corpus dir")

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from chunk_check import collect
    files = collect(args.corpora)
    corpus = load(files)
    kept = {c[0] for c in corpus}
    files = [f for f in files if f[1] in kept]
    by_lang = defaultdict(list)
    for path, rel, lang in files:
        by_lang[lang].append(path)
    size = defaultdict(int)
    for rel, lang, text in corpus:
        size[lang] += len(text.encode("utf-8"))

    load_before = os.getloadavg()[0]
    lode, t_one, t_pool = time_lode(corpus, args.jobs)
    ctags = time_ctags(by_lang)
    parse = time_parse(corpus)
    peer_py = args.peer_python or os.path.join(args.cache, "peers-venv", "bin", "python")
    if not os.path.exists(peer_py):
        peer_py = sys.executable
    peers = {}
    for name in [p for p in args.peers.split(",") if p]:
        peers[name] = time_peer(peer_py, name, [list(f) for f in files])
        if "error" in peers[name]:
            print(f"peer {name} skipped: {peers[name]['error']}", file=sys.stderr)

    report(corpus, size, lode, t_one, t_pool, args.jobs, {"ctags": ctags, "ts parse": parse, **{
        name: {lang: v["seconds"] for lang, v in p.items() if v["files"]}
        for name, p in peers.items() if "error" not in p}}, load_before)
    return 0


if __name__ == "__main__":
    sys.exit(main())
