"""Reading the data files in ``data/``: each checked whole against its shape, once per version of it.

The shapes themselves live beside their loaders (``companion.core.content`` for the game,
``companion.core.broodmother.content``, ``companion.rules.corpus``) and take their types only from
here and from ``companion.core.schema``: those modules and the shape's own are what a stamp covers.
"""

from __future__ import annotations

import hashlib
import json
import sys
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, TypeVar, cast, get_args

from annotated_types import Len, MaxLen
from typing_extensions import TypedDict

from companion.core.errors import ContentError
from companion.core.schema import MAX_TEXT, Id, Json, SchemaError, check, holds, strict
from companion.paths import checked_dir, data_dir

T = TypeVar("T")
ModeId = Literal["competitive", "solo", "coop", "asymmetric"]
MODE_IDS: tuple[str, ...] = get_args(ModeId)


def load_json(relative: str) -> Json:
    """Read one data file, turning I/O and syntax faults into a ContentError."""
    return _decode(read_data(data_dir() / relative, relative), relative)


def read_data(path: Path, name: str) -> bytes:
    """A data file's bytes; a missing or unreadable file is a ContentError naming ``name``."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError as exc:
        raise ContentError(f"{name}: missing data file") from exc
    except OSError as exc:
        raise ContentError(f"{name}: cannot be read ({exc.strerror})") from exc


def _decode(raw: bytes, name: str) -> Json:
    try:
        return json.loads(raw.decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ContentError(f"{name}: not valid JSON ({exc})") from exc


def load_checked(shape: type[T], relative: str) -> T:
    """One data file under ``data/``, its whole shape checked: a fault names the file and the field."""
    raw = read_data(data_dir() / relative, relative)
    return checked_once(shape, _decode(raw, relative), raw, f"data/{relative}")


def checked_once(shape: type[T], data: object, raw: bytes, label: str) -> T:
    """``data`` (read from the bytes ``raw``) if it has ``shape``, else a ContentError ``label: field: fault``."""
    try:
        check_once(shape, data, raw)
    except SchemaError as exc:
        raise ContentError(f"{label}: {exc}") from None
    return cast(T, data)


def check_once(shape: type[object], data: object, raw: bytes) -> None:
    """Check ``data`` (read from the bytes ``raw``) against ``shape``, raising SchemaError - once per version.

    The data files ship with the app, so one version of a file (its bytes, checked against this
    version of the code declaring its shape) is checked once: the check leaves a stamp in the user
    cache, and a later start that finds it skips the check - pydantic is then not imported at all,
    which keeps the terminal's cold start fast. Changing the file or that code makes a new stamp.
    """
    stamp = _stamp(shape, raw)
    if stamp is not None and stamp.is_file():
        return
    check(shape, data)
    if stamp is not None:
        try:
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.touch()
        except OSError:
            pass  # no cache folder: the next start checks again


@cache
def _code_digest(module: str) -> bytes | None:
    """The source of the module declaring a shape and of the modules whose types shapes use, hashed."""
    digest = hashlib.sha256()
    try:
        for name in dict.fromkeys((module, __name__, "companion.core.schema")):  # see the module's docstring
            digest.update(Path(str(sys.modules[name].__file__)).read_bytes())
    except (KeyError, OSError):
        return None  # a build without sources: every start checks
    return digest.digest()


def check_digest(shape: type[object], raw: bytes) -> str | None:
    """The name of a stamp for ``raw`` checked against ``shape``: its bytes and the code declaring the shape,
    hashed (None: a build without sources, where every start checks)."""
    code = _code_digest(shape.__module__)
    if code is None:
        return None
    return hashlib.sha256(code + shape.__qualname__.encode() + b"\0" + raw).hexdigest()[:40]


def _stamp(shape: type[object], raw: bytes) -> Path | None:
    folder, digest = checked_dir(), check_digest(shape, raw)
    if folder is None or digest is None:
        return None
    return folder / digest


# --- the types data files are made of ------------------------------------------------------------


def not_blank(text: str) -> bool:
    return bool(text.strip())


NotBlank = holds(not_blank, "expected a non-empty text")
#: A name shown in the app, a sentence of content, a "Book > Section" reference.
Label = Annotated[str, MaxLen(80), NotBlank]
Sentence = Annotated[str, MaxLen(MAX_TEXT), NotBlank]
Source = Annotated[str, MaxLen(200), NotBlank]


def a_player_range(pair: list[int]) -> bool:
    return 1 <= pair[0] <= pair[1] <= 5


Players = Annotated[list[int], Len(2, 2), holds(a_player_range, "expected [min, max] players, none outside 1-5")]


@strict
class Interpretation(TypedDict):
    """How the app reads a rule the rulebook leaves open: shown beside the panel it concerns.

    One shape for every module's content file (``interpretations: list[Interpretation]``); the text
    is a catalogue entry, shown in the reader's language.
    """

    id: Id
    text: Sentence


@strict
class ContentFile(TypedDict):
    """The fields every unit's content file starts with: its schema's version, its rulebook, its interpretations.

    A unit file's shape extends it (``class SeasonsContent(ContentFile)``) and is marked ``@strict`` itself:
    the check asks for these fields too, and still refuses unknown keys.
    """

    schema: int
    source: str
    interpretations: list[Interpretation]
