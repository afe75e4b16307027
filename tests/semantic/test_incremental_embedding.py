"""An index run embeds what its files need and leaves no chunk without a vector: after
runs without embedding in between, after changes, and for a workspace that takes the
id of a removed one (the embedding stage looks only at files written since its last
complete run, so these are the cases where that could go wrong). SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from lode.embed.models import _static_path

pytestmark = pytest.mark.skipif(_static_path() is None, reason="the static model is not installed")


def _unembedded(svc, workspace: str) -> int:
    ws = svc.store.workspace(workspace)
    embeddable, embedded = svc.store.vectors.counts(svc.store.vectors.setting("model_id"), ws.id)
    assert embeddable > 0
    return embeddable - embedded


def _edit(path, text: str) -> None:
    with open(path, "a", encoding="utf-8") as f:
        f.write(text)


def test_files_written_without_embedding_are_embedded_by_the_next_run(service, project):
    root = project("python")
    first = service.index(str(root), workers=1)
    assert first["embedding"]["embedded"] > 0 and _unembedded(service, root.name) == 0
    files = sorted(p for p in root.rglob("*.py"))
    assert len(files) >= 2
    _edit(files[0], "\n\ndef added_without_vectors(order_id):\n    return order_id * 2\n")
    service.index(root.name, workers=1, embed=False)  # written at a later generation, no vectors
    assert _unembedded(service, root.name) > 0
    _edit(files[1], "\n\ndef added_with_vectors(invoice):\n    return invoice.total\n")
    run = service.index(root.name, workers=1)
    assert run["embedding"]["embedded"] >= 2  # both files' new texts, the earlier run's too
    assert _unembedded(service, root.name) == 0
    again = service.index(root.name, workers=1)
    assert again["embedding"].get("up_to_date") is True


def test_a_workspace_taking_a_removed_ones_id_is_embedded_whole(service, project):
    old = project("go")
    service.index(str(old), workers=1)
    for _ in range(3):  # the removed workspace's last complete run is at a later generation
        _edit(next(old.rglob("*.go")), "\n// another line\n")
        service.index(old.name, workers=1)
    old_id = service.store.workspace(old.name).id
    service.remove_workspace(old.name)
    new = project("python")
    run = service.index(str(new), workers=1)
    if service.store.workspace(new.name).id != old_id:
        pytest.skip("this store does not reuse a removed workspace's id")
    assert run["embedding"]["embedded"] > 0
    assert _unembedded(service, new.name) == 0


def test_missing_texts_reads_what_missing_and_texts_read(service, project):
    # The embedding stage reads the hashes to embed and their texts in one pass on
    # SQLite (store.vectors.missing_texts): the same as missing() and then texts().
    root = project("go")
    service.index(str(root), workers=1, embed=False)
    vectors, ws = service.store.vectors, service.store.workspace(root.name)
    if not hasattr(vectors, "missing_texts"):
        pytest.skip("this store reads the texts by hash")
    model = "tokenlearn-static-64@0.1.1"
    for since in (None, 0, ws.generation):
        hashes = vectors.missing(model, ws.id, since)
        assert vectors.missing_texts(model, ws.id, since) == vectors.texts(hashes)
        assert sorted(vectors.missing_texts(model, None, since)) == sorted(vectors.missing(model, None, since))
    assert len(vectors.missing(model, ws.id)) > 3
