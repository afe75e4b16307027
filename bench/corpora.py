"""Obtain real corpora for lode's benchmarks from package registries, idempotently.

    python bench/corpora.py [CACHE_DIR] [--only go,rust,python,ts,zig,peers] [--paths]

Everything downloaded lives in CACHE_DIR (default ~/.cache/lode-bench), never in the
repo. Debian packages install where Debian puts them (Go and Rust sources under
/usr/share); the script prints one `LANG<TAB>DIR` line per corpus, or with --paths only
the directories, space-separated, for `python bench/chunk_check.py $(... --paths)`.
`peers` builds CACHE_DIR/peers-venv with the peer chunkers used by bench/chunk.py.
"""
from __future__ import annotations

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

# Pinned so that numbers from different runs compare.
APT_TOOLS = ["universal-ctags", "ripgrep"]
GO_PKG, GO_SRC = "golang-1.19-src", "/usr/share/go-1.19/src"
RUST_PKGS = ["librust-regex-dev", "librust-serde-dev", "librust-syn-dev", "librust-tokio-dev"]
RUST_CRATES = ["regex", "regex-syntax", "serde", "syn", "tokio"]  # dirs under the registry
CARGO_REGISTRY = "/usr/share/cargo/registry"
PY_SDISTS = ["requests==2.34.2", "flask==3.1.3", "pytest==9.2.0", "rich==15.0.0"]
NPM_PKGS = ["zod@4.6.7", "rxjs@7.8.2"]  # both ship their src/*.ts
ZIG_WHEEL = "ziglang==0.17.1"
PEERS = ["astchunk==0.1.0", "langchain-text-splitters==1.1.3",  # + lode's grammars, for astchunk*
         "tree-sitter-go==0.25.0", "tree-sitter-rust==0.24.2", "tree-sitter-javascript==0.25.0",
         "tree-sitter-zig==1.1.2"]
ALL = ["go", "rust", "python", "ts", "zig", "peers"]


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def run(cmd: list[str], **kw) -> None:
    log("+ " + " ".join(cmd))
    subprocess.run(cmd, check=True, **kw)


def apt_ensure(pkgs: list[str]) -> None:
    missing = []
    for p in pkgs:
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", p], capture_output=True, text=True)
        if "install ok installed" not in r.stdout:
            missing.append(p)
    if not missing:
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    cmd = ["apt-get", "install", "-y", "-q", "--no-install-recommends", *missing]
    if subprocess.run(cmd, env=env).returncode != 0:  # stale or absent package lists
        run(["apt-get", "update", "-q"], env=env)
        run(cmd, env=env)


def go(cache: Path) -> list[str]:
    apt_ensure([GO_PKG])
    return [GO_SRC]


def rust(cache: Path) -> list[str]:
    apt_ensure(RUST_PKGS)
    dest = cache / "rust"
    dest.mkdir(parents=True, exist_ok=True)
    for crate in RUST_CRATES:
        # newest version of the crate Debian installed, e.g. regex-1.7.1
        found = sorted(d for d in glob.glob(f"{CARGO_REGISTRY}/{crate}-[0-9]*") if os.path.isdir(d))
        if not found:
            raise SystemExit(f"crate {crate} not found under {CARGO_REGISTRY}")
        src = Path(found[-1])
        if not (dest / src.name).exists():
            shutil.copytree(src, dest / src.name, symlinks=True)
    return [str(dest)]


def python(cache: Path) -> list[str]:
    dest, dl = cache / "python", cache / "downloads" / "pypi"
    dl.mkdir(parents=True, exist_ok=True)
    dest.mkdir(parents=True, exist_ok=True)
    for req in PY_SDISTS:
        name, version = req.split("==")
        if list(dest.glob(f"{name}-{version}")):
            continue
        if not list(dl.glob(f"{name}-{version}.tar.gz")):
            run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
                 "-d", str(dl), req])
        with tarfile.open(next(dl.glob(f"{name}-{version}.tar.gz"))) as tf:
            tf.extractall(dest, filter="data")
    return [str(dest)]


def ts(cache: Path) -> list[str]:
    if shutil.which("npm") is None:
        apt_ensure(["npm"])
    dest, dl = cache / "ts", cache / "downloads" / "npm"
    dl.mkdir(parents=True, exist_ok=True)
    dest.mkdir(parents=True, exist_ok=True)
    for spec in NPM_PKGS:
        name, version = spec.rsplit("@", 1)
        out = dest / f"{name}-{version}"
        if out.exists():
            continue
        tgz = dl / f"{name}-{version}.tgz"
        if not tgz.exists():
            run(["npm", "pack", "--silent", "--pack-destination", str(dl), spec], stdout=subprocess.DEVNULL)
        tmp = dest / f".{name}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        with tarfile.open(tgz) as tf:  # keep only the shipped sources, not dist/
            members = [m for m in tf.getmembers() if m.name.startswith("package/src/")]
            tf.extractall(tmp, members=members, filter="data")
        (tmp / "package" / "src").rename(out)
        shutil.rmtree(tmp)
    return [str(dest)]


def zig(cache: Path) -> list[str]:
    dest, dl = cache / "zig" / "std", cache / "downloads" / "pypi"
    if dest.exists():
        return [str(dest)]
    dl.mkdir(parents=True, exist_ok=True)
    name, version = ZIG_WHEEL.split("==")
    if not list(dl.glob(f"{name}-{version}-*.whl")):
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(dl), ZIG_WHEEL])
    prefix = "ziglang/lib/std/"
    tmp = dest.parent / ".std.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    with zipfile.ZipFile(next(dl.glob(f"{name}-{version}-*.whl"))) as zf:
        for info in zf.infolist():
            if info.filename.startswith(prefix) and not info.is_dir():
                target = tmp / info.filename[len(prefix):]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(zf.read(info))
    tmp.rename(dest)
    return [str(dest)]


def peers(cache: Path) -> list[str]:
    """A separate venv, so peer chunkers never leak into lode's own environment."""
    venv = cache / "peers-venv"
    py = venv / "bin" / "python"
    if not py.exists():
        run([sys.executable, "-m", "venv", str(venv)])
    r = subprocess.run([str(py), "-c", "import astchunk, langchain_text_splitters, tree_sitter_zig"], capture_output=True)
    if r.returncode != 0:
        run([str(py), "-m", "pip", "install", "-q", *PEERS])
    return [str(py)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cache", nargs="?", default=os.path.expanduser("~/.cache/lode-bench"))
    ap.add_argument("--only", default=",".join(ALL), help="comma list of " + ",".join(ALL))
    ap.add_argument("--paths", action="store_true", help="print only corpus dirs, space-separated")
    args = ap.parse_args()
    wanted = [w.strip() for w in args.only.split(",") if w.strip()]
    bad = set(wanted) - set(ALL)
    if bad:
        ap.error(f"unknown corpora: {', '.join(sorted(bad))}")
    cache = Path(args.cache).resolve()
    cache.mkdir(parents=True, exist_ok=True)
    apt_ensure(APT_TOOLS)
    steps = {"go": go, "rust": rust, "python": python, "ts": ts, "zig": zig, "peers": peers}
    results = [(w, p) for w in wanted for p in steps[w](cache)]
    if args.paths:
        print(" ".join(p for w, p in results if w != "peers"))
    else:
        for w, p in results:
            print(f"{w}\t{p}")


if __name__ == "__main__":
    main()
