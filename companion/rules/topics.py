"""Which rules entries each tracker's "?" opens: ``data/rules/topics.json``, checked against the corpus."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, NotRequired

from annotated_types import MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.datafiles import Label
from companion.core.schema import Json, SchemaError, check, strict
from companion.paths import data_dir
from companion.rules import corpus as corpus_files
from companion.rules.corpus import Corpus, CorpusError, load_corpus


@strict
class TopicData(TypedDict):
    title: Label
    title_es: NotRequired[Label]
    entries: Annotated[list[Annotated[str, MaxLen(64)]], MinLen(1), MaxLen(50)]


@strict
class TopicsFile(TypedDict):
    """``data/rules/topics.json``: which entries each "?" opens, by topic id."""

    topics: Annotated[dict[Annotated[str, MinLen(1), MaxLen(64)], TopicData], MinLen(1), MaxLen(500)]


@dataclass(frozen=True)
class Topic:
    id: str
    title: str
    entries: tuple[str, ...]
    title_es: str | None = None

    def title_in(self, lang: str) -> str:
        return self.title_es if lang == "es" and self.title_es else self.title


def read_topics(corpus: Corpus) -> dict[str, Topic]:
    """Parse and validate the topics file: every topic has a title and existing entry ids."""
    try:
        raw = check(TopicsFile, _read_json(data_dir() / "rules" / "topics.json"))
    except SchemaError as exc:
        raise CorpusError(f"topics.json: {exc}") from None
    parsed = {}
    for topic_id, body in raw["topics"].items():
        missing = [e for e in body["entries"] if corpus.get(e) is None]
        if missing:
            raise CorpusError(f"topics.json: topics.{topic_id}.entries: topic {topic_id!r} names unknown entries "
                              f"{missing}")
        parsed[topic_id] = Topic(topic_id, body["title"], tuple(body["entries"]), body.get("title_es"))
    return parsed


def _read_json(file: Path) -> Json:
    return corpus_files._read_json(file)[1]


@cache
def load_topics() -> dict[str, Topic]:
    return read_topics(load_corpus())


def topic(topic_id: str) -> Topic | None:
    """The topic, or its nearest parent ("broodmother.deck" falls back to "broodmother")."""
    topics = load_topics()
    while topic_id:
        if topic_id in topics:
            return topics[topic_id]
        topic_id = topic_id.rpartition(".")[0]
    return None
