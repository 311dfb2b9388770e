"""Which rules entries each tracker's "?" opens: ``data/rules/topics.json``, checked against the corpus."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.paths import data_dir
from companion.rules.corpus import Corpus, CorpusError, _read_json, load_corpus


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
    raw = _read_json(data_dir() / "rules" / "topics.json")
    topics = raw.get("topics") if isinstance(raw, dict) else None
    if not isinstance(topics, dict) or not topics:
        raise CorpusError('topics.json: expected {"topics": {id: {title, entries}}}')
    parsed = {}
    for topic_id, body in topics.items():
        if not isinstance(body, dict) or not isinstance(body.get("title"), str) or not body.get("entries"):
            raise CorpusError(f"topics.json: topic {topic_id!r} needs a title and a non-empty entries list")
        missing = [e for e in body["entries"] if corpus.get(e) is None]
        if missing:
            raise CorpusError(f"topics.json: topic {topic_id!r} names unknown entries {missing}")
        parsed[topic_id] = Topic(topic_id, body["title"], tuple(body["entries"]), body.get("title_es"))
    return parsed


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
