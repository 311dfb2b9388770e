"""The message catalogue: every text has its Spanish, plurals by count, messages as data, a language per reader."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.catalog import extract, missing
from companion.core import i18n
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg, nmsg, render, using

ROOT = Path(__file__).resolve().parents[2]

#: Texts known to have no Spanish yet. Keep it short and say why; a branch merged after the catalogue
#: adds its ``tr()`` texts here until they are translated (``python -m companion.catalog missing es``).
KNOWN_GAPS: set[str] = set()


def test_the_spanish_catalogue_has_every_text_of_the_code() -> None:
    gaps = [text for text in missing("es") if text not in KNOWN_GAPS]
    assert gaps == [], "untranslated (run `python -m companion.catalog update es` and translate):\n" + "\n".join(gaps)


def test_the_allow_list_holds_only_real_gaps() -> None:
    assert set(extract()) >= KNOWN_GAPS and set(missing("es")) >= KNOWN_GAPS


@pytest.mark.parametrize(("n", "en", "es"), [
    (0, "Hex 4: place 0 nymphs.", "Hexágono 4: coloca 0 ninfas."),
    (1, "Hex 4: place 1 nymph.", "Hexágono 4: coloca 1 ninfa."),
    (2, "Hex 4: place 2 nymphs.", "Hexágono 4: coloca 2 ninfas."),
])
def test_plurals_follow_the_count_in_both_languages(n: int, en: str, es: str) -> None:
    message = nmsg("Hex {hex}: place 1 nymph.", "Hex {hex}: place {n} nymphs.", n, hex=4)
    assert render(message, "en") == en
    assert render(message, "es") == es


def test_a_message_is_data_and_renders_when_shown() -> None:
    message = msg("Centipede defeated in {where}", where=msg("hex {hex}", hex=3))
    stored = json.loads(json.dumps(message.to_dict()))
    assert stored == {"key": "Centipede defeated in {where}", "params": {"where": {"key": "hex {hex}",
                                                                                    "params": {"hex": 3}}}}
    assert Msg.from_dict(stored) == message
    assert render(stored, "en") == "Centipede defeated in hex 3"
    assert render(stored, "es") == "Ciempiés derrotado en el hexágono 3"
    assert render("The Broodmother", "es") == "La Madre de la Camada"  # an old save's plain text still translates
    assert render("Ana", "es") == "Ana"


def test_an_error_renders_in_the_language_it_is_read_in() -> None:
    error = CommandError(nmsg("{where} has fewer than 1 nymph.", "{where} has fewer than {n} nymphs.", 2,
                              where=msg("Hex {hex}", hex=5)))
    with using("es"):
        assert str(error) == "Hexágono 5 tiene menos de 2 ninfas."
    with using("en"):
        assert str(error) == "Hex 5 has fewer than 2 nymphs."


def test_the_pseudo_locale_marks_every_text_and_every_value_message() -> None:
    message = msg("Centipede defeated in {where}", where=msg("hex {hex}", hex=3))
    assert render(message, "qps") == "[!Centipede defeated in [!hex 3!]!]"


def test_two_readers_at_once_keep_their_own_language() -> None:
    """No process-wide language: two threads (two tabs' handlers) render the same message differently."""
    seen: dict[str, str] = {}
    ready = threading.Barrier(2)

    def reader(lang: str) -> None:
        with using(lang):
            ready.wait()
            seen[lang] = render(msg("The Broodmother"))

    threads = [threading.Thread(target=reader, args=(lang,)) for lang in ("en", "es")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"en": "The Broodmother", "es": "La Madre de la Camada"}
    assert i18n.language() == "en"


@pytest.mark.parametrize(("header", "lang"), [
    ("es-ES,es;q=0.9,en;q=0.8", "es"), ("en-US,en;q=0.9,es;q=0.8", "en"), ("fr-FR,es;q=0.5", "es"),
    ("fr-FR", None), ("", None), ("es-AR", "es"), ("en;q=0.2,es;q=0.9", "es"),
])
def test_the_browser_language_comes_from_accept_language(header: str, lang: str | None) -> None:
    assert i18n.from_accept_language(header) == lang


def test_the_terminal_language_comes_from_the_environment() -> None:
    assert i18n.from_environment({"LANG": "es_ES.UTF-8"}) == "es"
    assert i18n.from_environment({"LANG": "es_ES.UTF-8", "LC_ALL": "en_GB.UTF-8"}) == "en"
    assert i18n.from_environment({"LANG": "C.UTF-8"}) is None
    assert i18n.from_environment({}) is None


def _cli(*args: str, lang_env: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    if lang_env:
        env["LANG"] = lang_env
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=60)


def test_the_cli_follows_lang_and_the_environment_for_the_rules() -> None:
    spanish = _cli("rules", "search", "salud del depredador", "--limit", "1", lang_env="es_ES.UTF-8")
    assert spanish.returncode == 0 and "mm-predator-starting-health" in spanish.stdout
    assert "Salud" in spanish.stdout
    forced = _cli("--lang", "en", "rules", "show", "mm-predator-starting-health", lang_env="es_ES.UTF-8")
    assert forced.returncode == 0 and "Salud" not in forced.stdout.splitlines()[0]
    bad = _cli("--lang", "fr", "rules", "check")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "en or es" in bad.stderr


def test_spanish_queries_find_their_entries_in_the_readers_language_without_a_switch() -> None:
    from companion.rules.index_cache import default_index

    queries = [q for q in json.loads((ROOT / "tests/rules/queries.json").read_text("utf-8")) if q["lang"] == "es"]
    index = default_index()
    with using("es"):  # the reader's language, as a Spanish tab or LANG=es gives it
        found = [q for q in queries
                 if set(q["expect"]) & {h.id for h in index.search(q["q"], lang=i18n.language(), limit=5)}]
    assert len(found) == len(queries)


def test_her_report_is_stored_as_messages_and_reads_in_spanish() -> None:
    from companion.core.broodmother.commands import EnterCard
    from companion.core.broodmother.meadow_commands import AddHex
    from tests.broodmother.helpers import brood, make_session

    s = make_session(deck="physical")
    s.execute(AddHex(6, "inner", 2))
    s.execute(EnterCard("event", 1))
    report = brood(s)["report"]
    assert all(isinstance(line["text"], dict) for line in report["lines"]) and isinstance(report["title"], dict)
    with using("es"):
        assert render(report["title"]) == "Su carta: Evento, Ferocidad 1 - Desove"
        assert render(report["lines"][-1]["text"]) == "Hexágono 6: coloca 1 ninfa."
    with using("qps"):
        assert all(render(line["text"]).startswith("[!") for line in report["lines"])


def test_an_empty_text_renders_empty_in_every_language_not_the_catalogue_header() -> None:
    """gettext("") is a catalogue's metadata; an empty list of names must stay empty on a Spanish screen."""
    from companion.core.words import names_and

    for lang in ("en", "es", "qps"):
        assert render("", lang) == "" and i18n.gettext("", lang) == ""
    assert render(names_and([]), "es") == ""
