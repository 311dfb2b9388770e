"""A save encodes only what is new (``GameEncoder``), and the file is still exactly the whole document's JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest

from companion.bench.saves import four_player_game, tap
from companion.core.commands.scoring import AdjustScore
from companion.core.schema import JsonObject
from companion.store import GameStore
from companion.store.atomic import FileProblem
from companion.store.folder import TABLE, GameEncoder


def whole(doc: Mapping[str, object]) -> bytes:
    return json.dumps({TABLE: {"1": doc}}, ensure_ascii=False, separators=(",", ":")).encode()


def test_every_save_of_a_long_game_writes_the_whole_documents_json(store: GameStore) -> None:
    session = four_player_game(store)
    path = store.files.path(session.id)
    for n in range(260):  # past the 200 log lines the file keeps: the oldest go to the archive
        session.execute(tap(n))
        if n % 3 == 0:
            session.undo()
            session.redo()
        assert path.read_bytes() == whole(session.doc), n
    assert store.load(session.id) == session.doc
    assert session.doc["log_archived"] > 0


def test_text_is_reused_only_for_the_same_objects() -> None:
    encoder = GameEncoder()
    step = {"label": "old", "back": [], "fwd": []}
    doc: JsonObject = {"id": "g-00000001", "undo": [step], "redo": [], "log": []}
    assert encoder.encode(doc, reuse=True) == whole(doc)
    equal_but_new = {"label": "new", "back": [], "fwd": []}
    doc2: JsonObject = {**doc, "undo": [equal_but_new]}
    assert encoder.encode(doc2, reuse=True) == whole(doc2)


def test_a_document_not_from_a_session_is_encoded_whole() -> None:
    """``save`` of a document changed in place (a caller's own) never writes a step's old text."""
    encoder = GameEncoder()
    step = {"label": "before", "back": [], "fwd": []}
    doc: JsonObject = {"id": "g-00000001", "undo": [step], "redo": [], "log": []}
    encoder.encode(doc, reuse=True)
    step["label"] = "after"
    assert encoder.encode(doc, reuse=False) == whole(doc)


def test_a_failed_write_forgets_what_it_encoded(store: GameStore) -> None:
    session = four_player_game(store)
    session.execute(AdjustScore("p1", 1))
    encoder = store.files._encoders[session.id]
    assert encoder._known
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr("companion.store.folder.write_atomically", _full_disk)
        with pytest.raises(FileProblem):
            session.execute(AdjustScore("p1", 1))
    assert encoder._known == {}
    assert session.doc["rev"] == 2  # the change was not made
    session.execute(AdjustScore("p2", 2))
    assert store.files.path(session.id).read_bytes() == whole(session.doc)


def _full_disk(path: object, data: bytes) -> None:
    import errno

    raise OSError(errno.ENOSPC, "No space left on device")
