"""Walking a workspace: include/exclude globs, nested ``.gitignore`` files, hidden
directories skipped, directory symlinks not followed (so symlink loops cannot trap
the walk), unreadable directories reported and skipped.

Confinement: a file is admitted only if its real path lies inside the workspace root,
so a symlink to ``/etc/passwd`` or to another checkout is never read. Only regular
files are admitted: FIFOs, devices and sockets are never opened (opening a FIFO blocks).
Every entry the rules would admit but that is not read — a symlink pointing out, a
dangling link, a symlink loop, a special file — is reported to ``on_error`` with the
reason, so ``lode status`` lists it.

Yields :class:`Entry` (relative POSIX path, absolute path, mtime_ns, size, ctime_ns)
lazily, in a stable order, without reading any file's content. Names that are not
UTF-8 come as Python's ``surrogateescape`` strings (the store keeps them losslessly).
"""

from __future__ import annotations

import errno
import operator
import os
import re
import stat
from collections import namedtuple
from collections.abc import Callable, Iterator  # not typing's (~12 M instructions to import)

from ..config import MAX_TEXT_BYTES
from ..languages import TEXT_ONLY_NAMES
from .config import WorkspaceConfig


# path: relative to the root, '/'-separated; how: "code" | "text" | "derived".
Entry = namedtuple("Entry", "path abspath mtime_ns size how ctime_ns", defaults=(0,))
Entry.__doc__ = """One admitted file (a named tuple: a frozen dataclass's __init__ was ~5% of a
no-op re-index of Go's tree; collections', not typing's, whose import is ~12 M instructions)."""


_SPECIAL = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
            (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a directory"))


def _not_regular(mode: int) -> str:
    for test, what in _SPECIAL:
        if test(mode):
            return f"{what}: only regular files are read"
    return "not a regular file"


def inspect_file(path: str, real_root: str, is_link: bool | None = None) -> tuple[os.stat_result | None, str | None]:
    """(stat, None) for a regular file whose real path lies inside ``real_root``; else
    (None, reason). Never opens the file."""
    try:
        if is_link is None:
            is_link = os.path.islink(path)
        if not is_link:
            st = os.lstat(path)
            return (st, None) if stat.S_ISREG(st.st_mode) else (None, _not_regular(st.st_mode))
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return None, "dangling symlink"
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return None, "symlink loop"
            raise
        real = os.path.realpath(path)
        if not (real + os.sep).startswith(real_root.rstrip(os.sep) + os.sep):
            return None, "symlink to outside the workspace: not read"
        if stat.S_ISDIR(st.st_mode):
            return None, "symlink to a directory: not followed"
        return (st, None) if stat.S_ISREG(st.st_mode) else (None, _not_regular(st.st_mode))
    except FileNotFoundError:
        return None, None  # vanished since the listing: simply gone
    except OSError as exc:
        return None, f"cannot stat: {exc.strerror or exc}"


def _spec(lines) -> pathspec.GitIgnoreSpec:
    import pathspec  # only for patterns the walk's own sets do not take: ~0.13 CPU s to import

    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)  # with RE2 when installed: all at once
    except ValueError:  # a pattern no matcher takes: the caller skips such lines
        raise
    except Exception:  # RE2 refuses a set over its memory budget (~300k patterns): one by one
        return pathspec.GitIgnoreSpec.from_lines(lines, backend="simple")


_NAME = operator.attrgetter("name")  # the listing's sort key, without a Python call per entry

_EXT_GLOB = re.compile(r"^\*\*/\*(\.[A-Za-z0-9_+~-]+)$")
_NAME_GLOB = re.compile(r"^\*\*/([A-Za-z0-9_.+~-]+)$")  # a file name, no wildcards


class _Include:
    """Include globs. The common ``**/*.ext`` and ``**/NAME`` patterns (code extensions,
    Makefile, Dockerfile, …) are set lookups; only other patterns go through pathspec
    (all of them when one negates, as order then matters). Checking every file against
    ~200 globs one regex at a time cost a no-op re-index of Go's tree 4.8 CPU s."""

    def __init__(self, patterns: list[str]):
        exts, names, rest = set(), set(), []
        for p in patterns:
            if m := _EXT_GLOB.match(p):
                exts.add(m.group(1))
            elif m := _NAME_GLOB.match(p):
                names.add(m.group(1))
            else:
                rest.append(p)
        negates = any(p.startswith("!") for p in patterns)
        self.exts = frozenset(() if negates else exts)
        self.names = frozenset(() if negates else names)
        patterns = patterns if negates else rest
        self.spec = _spec(patterns) if patterns else None

    def match(self, rel: str) -> bool:
        slash = rel.rfind("/")
        dot = rel.rfind(".")
        if dot > slash + 1 and rel[dot:] in self.exts:
            return True
        if rel[slash + 1:] in self.names:
            return True
        return self.spec is not None and self.spec.match_file(rel)


class _Admission:
    """How a file may be read (``config.readable``) when the include globs admit it, else
    None, for a walk. Both depend on the file's name only, and for a name with an
    extension (not a dotfile) that no rule names whole, on the extension alone: so they
    are asked once per extension (asking for each of the 7,085 files of Go's tree was
    ~5 ms of a no-op re-index). With include globs pathspec matches, every file asks."""

    def __init__(self, config: WorkspaceConfig, include: _Include):
        self.config = config
        self.include = include
        self.whole = include.names | TEXT_ONLY_NAMES.keys() if include.spec is None else None
        self.by_extension: dict[str, str | None] = {}

    def __call__(self, rel: str, name: str) -> str | None:
        dot = name.rfind(".")
        if dot <= 0 or self.whole is None or name in self.whole:
            return self._decide(rel)
        ext = name[dot:]
        try:
            return self.by_extension[ext]
        except KeyError:
            how = self.by_extension[ext] = self._decide(rel)
            return how

    def _decide(self, rel: str) -> str | None:
        how = self.config.readable(rel)
        return how if how is not None and self.include.match(rel) else None


# An Entry made from its fields at C speed: the named tuple's own __new__ is a Python
# call, once per admitted file.
_new_tuple = tuple.__new__


# A folder pattern naming a folder without wildcards: NAME/** (the root's NAME, as git
# reads a pattern with a slash) or **/NAME/** (any folder so named); NAME may hold slashes.
_FOLDER_GLOB = re.compile(r"^(\*\*/)?([A-Za-z0-9_.+~-]+(?:/[A-Za-z0-9_.+~-]+)*)/\*\*$")


class _Exclude:
    """Exclude globs. Directory patterns (``x/**``) prune the walk, so files are checked
    only against the others (all of them when any pattern negates). When every pattern
    is a folder named without wildcards (the defaults: ``.git/**``, ``**/node_modules/**``,
    ``vendor/**`` …), a folder is matched by its path's prefix or parts, not by pathspec,
    whose import was ~0.13 CPU s of a ~0.45 s no-op re-index of Go's tree."""

    def __init__(self, patterns: list[str]):
        self.rooted: tuple[str, ...] | None = None  # NAME/ of NAME/**
        self.anywhere: tuple[str, ...] = ()         # /NAME/ of **/NAME/**
        folders = [_FOLDER_GLOB.match(p) for p in patterns]
        if all(m is not None and "." not in m.group(2).split("/") and ".." not in m.group(2).split("/")
               for m in folders):
            self.rooted = tuple(m.group(2) + "/" for m in folders if not m.group(1))
            self.anywhere = tuple("/" + m.group(2) + "/" for m in folders if m.group(1))
            self.files = None
            return
        self.dirs = _spec(patterns)
        negates = any(p.startswith("!") for p in patterns)
        file_patterns = patterns if negates else [p for p in patterns if not p.endswith("/**")]
        self.files = _spec(file_patterns) if file_patterns else None

    def dir(self, rel: str) -> bool:
        if self.rooted is not None:
            path = rel + "/"
            if path.startswith(self.rooted):
                return True
            path = "/" + path
            return any(name in path for name in self.anywhere)
        return self.dirs.match_file(rel + "/")

    def file(self, rel: str) -> bool:
        return self.files is not None and self.files.match_file(rel)


# Patterns of a .gitignore compiled into one pathspec matcher at most (see _Ignore).
SPEC_PATTERNS = 1000
# Compiled .gitignore files kept, by folder (see _gitignore).
GITIGNORE_CACHE = 256

_WILD = re.compile(r"[*?\\\[\]!#]|^\s|\s$|//|(^|/)\.\.?(/|$)")
_SUFFIX = re.compile(r"^\*([^*?\\\[\]/\s]+)$")  # *.o, *~, *.tmp: a name ending so, at any depth
# ._*, .nfs.*, .*.swp, core.*: a name starting (and ending) so, at any depth
_AFFIX = re.compile(r"^([^*?\\\[\]/\s!#][^*?\\\[\]/\s]*)\*([^*?\\\[\]/\s]*)$")


class _Ignore:
    """One .gitignore's patterns. A file without negations ('!'), where the order of
    its patterns does not matter, has its plain names and paths (``build/``, ``/gen/x.o``,
    ``*.log``, ``._*``) looked up in sets, and the rest matched by pathspec in groups of at most
    SPEC_PATTERNS: a generated .gitignore of 300k lines took pathspec ~40 CPU s to compile
    (a Python regex a pattern), over RE2's budget for one set, so it was matched one pattern
    at a time, ~0.13 CPU s a path (a 349-file tree walked in 86 CPU s; a watcher's
    re-index of one file compiled it again). With negations, one pathspec matcher, as git
    reads them in order. (pathspec itself loads only for such a rest: its import was ~0.13
    CPU s of a ~0.45 s no-op re-index of Go's tree, whose .gitignore files have none.)"""

    __slots__ = ("paths", "dir_paths", "names", "dir_names", "suffixes", "affixes", "specs")

    def __init__(self, lines: list[str]):
        self.paths, self.dir_paths, self.names, self.dir_names = set(), set(), set(), set()
        self.suffixes: set[str] = set()
        self.affixes: list[tuple[str, str]] = []  # (start, end) of a name, of PREFIX*SUFFIX
        if any(line.startswith("!") for line in lines):
            self.specs = [_spec(lines)]
            return
        rest = []
        for line in lines:
            if not line or line.startswith("#"):
                continue
            if _WILD.search(line) is not None:
                if (m := _SUFFIX.match(line)) is not None:
                    self.suffixes.add(m.group(1))
                elif (m := _AFFIX.match(line)) is not None:
                    self.affixes.append((m.group(1), m.group(2)))
                else:
                    rest.append(line)
                continue
            dir_only = line.endswith("/")
            body = line[:-1] if dir_only else line
            if not body.strip("/"):
                rest.append(line)
            elif "/" in body:  # anchored to this folder
                (self.dir_paths if dir_only else self.paths).add(body.lstrip("/"))
            else:
                (self.dir_names if dir_only else self.names).add(body)
        self.specs = [_spec(rest[i:i + SPEC_PATTERNS]) for i in range(0, len(rest), SPEC_PATTERNS)]

    def __len__(self) -> int:
        return (len(self.paths) + len(self.dir_paths) + len(self.names) + len(self.dir_names)
                + len(self.suffixes) + len(self.affixes) + sum(len(s.patterns) for s in self.specs))

    def decide(self, sub: str) -> bool | None:
        """True: ``sub`` (relative to this file's folder, a folder's with a trailing '/')
        is ignored; False: a negation re-includes it; None: no pattern matches."""
        if self.paths or self.dir_paths or self.names or self.dir_names or self.suffixes or self.affixes:
            is_dir = sub.endswith("/")
            parts = (sub[:-1] if is_dir else sub).split("/")
            last = len(parts) - 1
            prefix = ""
            for i, name in enumerate(parts):
                prefix = prefix + "/" + name if i else name
                folder = i < last or is_dir
                if name in self.names or prefix in self.paths or (folder and (
                        name in self.dir_names or prefix in self.dir_paths)):
                    return True
                if self.suffixes and any(name[j:] in self.suffixes for j in range(len(name))):
                    return True
                if self.affixes and any(name.startswith(start) and name.endswith(end)
                                        and len(name) >= len(start) + len(end) for start, end in self.affixes):
                    return True
        for spec in reversed(self.specs):  # with negations, one: its last match decides
            include = spec.check_file(sub).include
            if include is not None:
                return bool(include)
        return None


_gitignores: dict[tuple, _Ignore | None] = {}


def _gitignore(dirpath: str) -> _Ignore | None:
    """The folder's .gitignore, compiled once while it stays the same file (same inode,
    size, mtime and ctime): a daemon walks the same tree again and again, and its watcher's
    re-index of a saved file reads every .gitignore above it."""
    # As git: a regular file only, not through a link (a FIFO's open blocks until a writer
    # comes, /dev/zero never ends), and no more of it than a file lode would read.
    try:
        fd = os.open(os.path.join(dirpath, ".gitignore"), os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
        with open(fd, "rb") as f:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                return None
            key = (dirpath, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
            if key in _gitignores:
                return _gitignores[key]
            lines = f.read(MAX_TEXT_BYTES).decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    try:
        ignore = _Ignore(lines)
    except ValueError:  # a line git would skip (a lone '!', a trailing '\\'): skip it too
        ignore = _Ignore([line for line in lines if _readable_pattern(line)])
    ignore = ignore if len(ignore) else None
    if len(_gitignores) >= GITIGNORE_CACHE:
        _gitignores.pop(next(iter(_gitignores)))
    _gitignores[key] = ignore
    return ignore


def _readable_pattern(line: str) -> bool:
    try:
        _spec([line])
    except ValueError:
        return False
    return True


def _ignored(stack: list[tuple[str, _Ignore]], rel: str, is_dir: bool) -> bool:
    """Git semantics: the deepest .gitignore with a matching pattern decides."""
    for base, ignore in reversed(stack):
        sub = rel[len(base):] if base else rel
        if is_dir:
            sub += "/"
        result = ignore.decide(sub)
        if result is not None:
            return result
    return False


def walk(root: str, config: WorkspaceConfig,
         on_error: Callable[[str, str], None] | None = None,
         on_skip: Callable[[str, str], None] | None = None) -> Iterator[Entry]:
    """Files under ``root`` that the workspace rules admit. ``on_error(path, reason)``
    hears about directories that could not be listed, ``on_skip(path, reason)`` about
    entries the rules admit by name that are not read (see the module's docstring)."""
    root = os.path.abspath(root)
    real_root = os.path.realpath(root)
    include = _Include(config.patterns_include())
    exclude = _Exclude(config.patterns_exclude())
    admission = _Admission(config, include)
    exclude_files = exclude.files
    # Work list of (relative dir with trailing '/', or '' for the root; gitignore stack).
    todo: list[tuple[str, list]] = [("", [])]
    while todo:
        rel_dir, stack = todo.pop()
        abs_dir = os.path.join(root, rel_dir) if rel_dir else root
        try:
            with os.scandir(abs_dir) as it:
                entries = sorted(it, key=_NAME)
        except OSError as exc:
            if on_error:
                on_error(rel_dir.rstrip("/") or ".", f"cannot list directory: {exc.strerror or exc}")
            continue
        # Opened only where the listing has one (a failed open per folder cost a no-op
        # re-index of Go's tree ~4% of its time).
        ignore = _gitignore(abs_dir) if any(e.name == ".gitignore" for e in entries) else None
        if ignore is not None:
            stack = stack + [(rel_dir, ignore)]
        subdirs = []
        for e in entries:
            rel = rel_dir + e.name
            try:
                if e.is_dir(follow_symlinks=False):
                    if e.name.startswith(".") or exclude.dir(rel) or _ignored(stack, rel, True):
                        continue
                    subdirs.append((rel + "/", stack))
                    continue
                is_link = e.is_symlink()
            except OSError:
                continue  # vanished entry
            how = admission(rel, e.name)
            if how is None or (exclude_files is not None and exclude_files.match_file(rel)) \
                    or (stack and _ignored(stack, rel, False)):
                if is_link and on_skip and not e.name.startswith("."):
                    _directory_link(e.path, rel, real_root, exclude, stack, on_skip)
                continue
            if not is_link and e.is_file(follow_symlinks=False):
                try:
                    st = e.stat(follow_symlinks=False)
                except OSError:
                    continue  # vanished between listing and stat
            else:  # a symlink (a file inside the root is read; nothing else) or a special file
                st, reason = inspect_file(e.path, real_root, is_link)
                if st is None:
                    if reason and on_skip:
                        on_skip(rel, reason)
                    continue
            yield _new_tuple(Entry, (rel, e.path, st.st_mtime_ns, st.st_size, how, st.st_ctime_ns))
        todo.extend(reversed(subdirs))


def _directory_link(path: str, rel: str, real_root: str, exclude: "_Exclude", stack: list,
                    on_skip: Callable[[str, str], None]) -> None:
    """A symlink whose name the file rules do not admit: a link to a directory (never
    followed) or a loop is still a folder the walk leaves out, so it is listed — unless
    the folder rules exclude it anyway."""
    if exclude.dir(rel) or _ignored(stack, rel, True):
        return
    try:
        if not os.path.isdir(path):
            os.stat(path)  # raises for a loop; a file or a dangling link is not a folder
            return
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            on_skip(rel, "symlink loop")
        return
    real = os.path.realpath(path)
    inside = (real + os.sep).startswith(real_root.rstrip(os.sep) + os.sep)
    on_skip(rel, "symlink to a directory: not followed" if inside
            else "symlink to a directory outside the workspace: not followed")


def admit(root: str, config: WorkspaceConfig, rel: str,
          on_skip: Callable[[str, str], None] | None = None) -> Entry | None:
    """The entry for one relative path if the rules admit it (same rules as
    :func:`walk`, ``on_skip`` included), else None — for targeted re-indexing of a few
    changed files."""
    root = os.path.abspath(root)
    parts = rel.split("/")
    if any(not p or p in (".", "..") for p in parts):
        return None
    include = _Include(config.patterns_include())
    exclude = _Exclude(config.patterns_exclude())
    stack: list = []
    rel_dir = ""
    for name in parts[:-1]:
        ignore = _gitignore(os.path.join(root, rel_dir) if rel_dir else root)
        if ignore is not None:
            stack.append((rel_dir, ignore))
        d = rel_dir + name
        if name.startswith(".") or exclude.dir(d) or _ignored(stack, d, True):
            return None
        if os.path.islink(os.path.join(root, d)):
            return None
        rel_dir = d + "/"
    ignore = _gitignore(os.path.join(root, rel_dir) if rel_dir else root)
    if ignore is not None:
        stack.append((rel_dir, ignore))
    how = config.readable(rel)
    abspath = os.path.join(root, rel)
    if how is None or not include.match(rel) or exclude.file(rel) or _ignored(stack, rel, False):
        # As the walk: a link the file rules leave out may still be a folder it leaves
        # out (a loop, a link to a folder), which is listed.
        if on_skip and not parts[-1].startswith(".") and os.path.islink(abspath):
            _directory_link(abspath, rel, os.path.realpath(root), exclude, stack, on_skip)
        return None
    st, reason = inspect_file(abspath, os.path.realpath(root))
    if st is None:
        if reason and on_skip:
            on_skip(rel, reason)
        return None
    return Entry(rel, abspath, st.st_mtime_ns, st.st_size, how, st.st_ctime_ns)
