"""A client for real language servers over stdio, on pygls's ``LanguageClient`` (its
framing and lsprotocol's types), usable from plain threads.

All connections share one asyncio loop running in a daemon thread; every public call
waits for its answer at most ``timeout`` seconds. A :class:`Connection` starts its
server lazily: the first request starts it and waits within the same timeout, and a
start that outlasts it goes on in the background, so the next request finds the server
warm. A server that dies or fails is dropped; the next request starts a new one.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import threading
import time
from collections import deque
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path

from lsprotocol import types as lsp

from .. import __version__
from ..languages.spec import LanguageServer
from .servers import language_id

log = logging.getLogger("lode.lsp")


class HandoffError(Exception):
    """The server could not answer (missing, failed, died, or too slow)."""


class HandoffTimeout(HandoffError):
    """The server did not answer within the time this request had left."""


class _Loop:
    """The one event loop all connections use, in a daemon thread."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="lode-lsp", daemon=True)
        self.thread.start()

    def submit(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop)


_loop: _Loop | None = None
_loop_lock = threading.Lock()


def event_loop() -> _Loop:
    global _loop
    with _loop_lock:
        if _loop is None:
            _loop = _Loop()
        return _loop


def _client_class():
    from pygls.lsp.client import LanguageClient

    class Client(LanguageClient):
        async def server_exit(self, server):
            log.info("language server %s exited (%s)", server.pid, server.returncode)

    return Client


class Connection:
    """One running (or starting) language server for one workspace root."""

    def __init__(self, spec: LanguageServer, exe: str, root: str):
        self.spec, self.exe, self.root = spec, exe, os.path.realpath(root)
        self.client = None
        self._ready: asyncio.Future | None = None
        self._opened: dict[str, int] = {}  # uri → version sent
        self.dead = False
        self.created = time.monotonic()
        self.stderr_tail: deque[str] = deque(maxlen=20)  # the server's last words, for errors

    @property
    def age(self) -> float:
        """Seconds since this connection was made (its server is still reading the
        workspace for a while after it answers the first request)."""
        return time.monotonic() - self.created

    # ---- lifecycle (on the loop) --------------------------------------------------

    async def _start(self):
        client = _client_class()("lode", __version__)
        settings = self.spec.settings(self.root) if self.spec.settings else {}
        client.feature("workspace/configuration")(
            lambda params: [settings.get(getattr(item, "section", None) or "") for item in params.items or []])
        for method in ("window/workDoneProgress/create", "client/registerCapability",
                       "client/unregisterCapability"):
            client.feature(method)(lambda params: None)
        for method in ("window/logMessage", "window/showMessage", "textDocument/publishDiagnostics",
                       "$/progress", "telemetry/event", "$/typescriptVersion", "pyright/beginProgress",
                       "pyright/reportProgress", "pyright/endProgress"):
            client.feature(method)(lambda params: None)
        await client.start_io(self.exe, *self.spec.command[1:], cwd=self.root)
        self.client = client
        server = getattr(client, "_server", None)
        if server is not None and server.stderr is not None:
            # nobody else reads the server's stderr: a full pipe would stall a chatty server
            self._drain = asyncio.ensure_future(self._read_stderr(server.stderr))
        uri = Path(self.root).as_uri()
        await client.initialize_async(lsp.InitializeParams(
            process_id=os.getpid(), root_uri=uri, root_path=self.root,
            workspace_folders=[lsp.WorkspaceFolder(uri=uri, name=os.path.basename(self.root))],
            capabilities=lsp.ClientCapabilities(
                text_document=lsp.TextDocumentClientCapabilities(
                    hover=lsp.HoverClientCapabilities(content_format=[lsp.MarkupKind.Markdown,
                                                                      lsp.MarkupKind.PlainText]),
                    definition=lsp.DefinitionClientCapabilities(link_support=False),
                    references=lsp.ReferenceClientCapabilities(),
                    implementation=lsp.ImplementationClientCapabilities(link_support=False)),
                workspace=lsp.WorkspaceClientCapabilities(workspace_folders=True, configuration=True))))
        client.initialized(lsp.InitializedParams())
        return client

    async def _read_stderr(self, stream) -> None:
        while True:
            line = await stream.readline()
            if not line:
                return
            self.stderr_tail.append(line.decode("utf-8", "replace").rstrip())
            log.debug("%s: %s", self.spec.name, self.stderr_tail[-1])

    async def _client(self):
        if self._ready is None:
            self._ready = asyncio.ensure_future(self._start())
        client = await asyncio.shield(self._ready)
        server = getattr(client, "_server", None)
        if client.stopped or (server is not None and server.returncode is not None):
            self.dead = True
            raise HandoffError(f"{self.spec.name} is not running")
        return client

    async def _open(self, client, path: str, language: str):
        uri = Path(path).as_uri()
        if uri in self._opened:
            return uri
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            lsp.TextDocumentItem(uri=uri, language_id=language_id(language),
                                 version=1, text=text)))
        self._opened[uri] = 1
        return uri

    async def _ask(self, method: str, path: str, language: str, line: int, character: int):
        client = await self._client()
        uri = await self._open(client, path, language)
        doc, pos = lsp.TextDocumentIdentifier(uri=uri), lsp.Position(line=line, character=character)
        if method == "references":
            return await client.text_document_references_async(lsp.ReferenceParams(
                text_document=doc, position=pos, context=lsp.ReferenceContext(include_declaration=False)))
        if method == "definition":
            return await client.text_document_definition_async(lsp.DefinitionParams(doc, pos))
        if method == "implementation":
            return await client.text_document_implementation_async(lsp.ImplementationParams(doc, pos))
        if method == "hover":
            return await client.text_document_hover_async(lsp.HoverParams(doc, pos))
        raise ValueError(method)

    # ---- from any thread ----------------------------------------------------------

    def ask(self, method: str, path: str, language: str, line: int, character: int, timeout: float):
        """``textDocument/<method>`` at a 0-based (line, UTF-16 character) of ``path``."""
        if self.dead:
            raise HandoffError(f"{self.spec.name} is not running")
        future = event_loop().submit(self._ask(method, path, language, line, character))
        try:
            return future.result(timeout)
        except FutureTimeout:
            future.cancel()  # the start (if that is what took long) goes on: shielded
            raise HandoffTimeout(f"{self.spec.name} did not answer within {timeout:g} s") from None
        except HandoffError:
            raise
        except Exception as exc:  # died mid-request, refused the request, bad answer
            said = ""
            if self._process_gone():
                self.dead = True
                said = f" (it said: {self.stderr_tail[-1][:300]})" if self.stderr_tail else ""
            raise HandoffError(f"{self.spec.name} failed: {type(exc).__name__}: {exc}{said}") from None

    def _process_gone(self) -> bool:
        server = getattr(self.client, "_server", None) if self.client is not None else None
        return self.client is None or self.client.stopped or (server is not None and server.returncode is not None)

    @property
    def pid(self) -> int | None:
        server = getattr(self.client, "_server", None) if self.client is not None else None
        return server.pid if server is not None else None

    def stop(self, timeout: float = 2.0) -> None:
        """Shut the server down; kill it if it lingers (jedi-language-server does)."""
        self.dead = True
        client = self.client
        if client is None:
            return

        async def shutdown():
            server = getattr(client, "_server", None)
            try:
                if server is not None and server.returncode is None:
                    await asyncio.wait_for(client.shutdown_async(None), timeout / 2)
                    client.exit(None)
                    await asyncio.wait_for(server.wait(), timeout / 2)
            except Exception:
                pass
            if server is not None and server.returncode is None:
                server.kill()
                await server.wait()
            try:
                await asyncio.wait_for(client.stop(), timeout / 2)
            except Exception:
                pass

        try:
            event_loop().submit(shutdown()).result(timeout * 2)
        except Exception:
            pass


class Pool:
    """Connections by (server, root): started lazily, kept warm for the process's life
    (the daemon's), stopped at exit."""

    def __init__(self):
        self._conns: dict[tuple[str, str], Connection] = {}
        self._lock = threading.Lock()

    def get(self, spec: LanguageServer, exe: str, root: str) -> Connection:
        k = (spec.name, os.path.realpath(root))
        with self._lock:
            conn = self._conns.get(k)
            if conn is None or conn.dead:
                conn = self._conns[k] = Connection(spec, exe, root)
            return conn

    def connections(self) -> list[Connection]:
        with self._lock:
            return list(self._conns.values())

    def stop_all(self) -> None:
        with self._lock:
            conns, self._conns = list(self._conns.values()), {}
        for c in conns:
            c.stop()


POOL = Pool()


def _at_exit() -> None:
    POOL.stop_all()
    if _loop is None:
        return

    async def cancel_rest():
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    try:
        _loop.submit(cancel_rest()).result(2)
    except Exception:
        pass
    _loop.loop.call_soon_threadsafe(_loop.loop.stop)


atexit.register(_at_exit)
