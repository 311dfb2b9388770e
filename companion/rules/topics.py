"""Which rules entries each tracker's "?" opens, checked against the corpus.

The shared topics (scores, rounds, setup) are ``data/rules/topics.json``; each module unit's are in its
own ``data/<unit>/module.json`` (``companion.core.units``), merged in here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated

from annotated_types import MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.content_files import TopicData
from companion.core.schema import Json, SchemaError, check, strict
from companion.paths import data_dir
from companion.rules import corpus as corpus_files
from companion.rules.corpus import Corpus, CorpusError, load_corpus


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
    """Parse and validate the topics: every topic has a title and existing entry ids, and one source."""
    try:
        raw = check(TopicsFile, _read_json(data_dir() / "rules" / "topics.json"))
    except SchemaError as exc:
        raise CorpusError(f"topics.json: {exc}") from None
    sources = [("topics.json", raw["topics"]), *units_topics()]
    parsed: dict[str, Topic] = {}
    for label, topics in sources:
        for topic_id, body in topics.items():
            missing = [e for e in body["entries"] if corpus.get(e) is None]
            if missing or topic_id in parsed:
                fault = f"names unknown entries {missing}" if missing else "is declared twice"
                raise CorpusError(f"{label}: topics.{topic_id}.entries: topic {topic_id!r} {fault}")
            parsed[topic_id] = Topic(topic_id, body["title"], tuple(body["entries"]), body.get("title_es"))
    return parsed


def units_topics() -> list[tuple[str, dict[str, TopicData]]]:
    """Each module unit's own topics, by its ``module.json`` (a data folder of the rules alone has none)."""
    from companion.core.content import declarations

    return [(label, data["topics"]) for _, label, data in declarations() if data.get("topics")]


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
