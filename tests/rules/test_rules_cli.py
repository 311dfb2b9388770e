"""``companion rules``: in-process through ``main`` and as a real subprocess."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from tests.rules.helpers import FIXTURES, copy_fixtures

REPO = Path(__file__).resolve().parents[2]
HIT_LINE = re.compile(r"^ *\d{1,3}\.\d  [a-z0-9-]+  .+  \(.+ > .+\)$")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["rules", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_search_text_mode(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "search", "ladybg", "tie", "--limit", "3")
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert len(lines) == 3 and all(HIT_LINE.match(line) for line in lines), lines
    assert "  mm-clar-ladybug  Ladybug tie for most aphids  (Minions of the Meadow > Clarifications)" in lines[0]


def test_search_json_shape_and_filters(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "big ant scout", "--json", "--book", "pp", "--kind", "rule", "--limit", "5")
    hits = json.loads(out)
    assert code == 0 and 1 <= len(hits) <= 5
    for hit in hits:
        assert {"id", "title", "book", "section", "kind", "score", "snippet", "highlights"} <= set(hit)
        assert hit["book"] == "Predators & Prey" and hit["kind"] == "rule"
        assert 0 < hit["score"] <= 100
    assert hits[0]["id"] == "pp-scout-ability"


def test_search_lists_its_hits_by_the_number_it_shows(capsys: pytest.CaptureFixture[str]) -> None:
    """The number beside each hit is what ordered them (the rank): it once showed the match score alone, so "que es
    una ninfa" listed 88.5 above 90.2 (the definition asked for ranks first)."""
    code, out, _ = run(capsys, "search", "que", "es", "una", "ninfa", "--lang", "es", "--limit", "6")
    numbers = [float(line.split()[0]) for line in out.splitlines() if HIT_LINE.match(line)]
    assert code == 0 and len(numbers) == 6 and numbers == sorted(numbers, reverse=True), out
    code, out, _ = run(capsys, "search", "que", "es", "una", "ninfa", "--lang", "es", "--limit", "6", "--json")
    hits = json.loads(out)
    assert [hit["rank"] for hit in hits] == numbers and any(hit["rank"] != hit["score"] for hit in hits)


def test_search_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "empate", "de", "la", "mariquita", "--lang", "es", "--json", "--limit", "1")
    [hit] = json.loads(out)
    assert code == 0 and hit["id"] == "mm-clar-ladybug"
    assert "Mariquita" in hit["title"]


def test_search_without_hits(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "search", "zzqx") == (0, "no matching rules\n", "")
    assert run(capsys, "search", "zzqx", "--json") == (0, "[]\n", "")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["search", "tie", "--book", "xx"], "unknown book 'xx'; choose one of: mm (Minions of the Meadow), pp"),
        (["search", "tie", "--kind", "faq"], "unknown kind 'faq'; choose one of: rule, setup, clarification"),
        (["search", "tie", "--limit", "0"], "--limit: must be a whole number from 1 to 100, got '0'"),
        (["search", "tie", "--limit", "101"], "--limit: must be a whole number from 1 to 100, got '101'"),
        (["search", "tie", "--limit", "ten"], "--limit: must be a whole number from 1 to 100, got 'ten'"),
        (["search", "tie", "--lang", "fr"], "--lang 'fr': choose en or es"),
        (["show", "mm-clar-ladybg"], "no rule with id 'mm-clar-ladybg'; did you mean mm-clar-ladybug"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("companion: ")
    assert message in err


def test_show_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "mm-clar-ladybug")
    lines = out.splitlines()
    assert code == 0
    assert lines[:2] == ["Ladybug tie for most aphids", "Minions of the Meadow > Clarifications  (clarification)"]
    assert "lower" in out  # the body: a tie goes to the lower numbered hex
    assert "See also:" in out


def test_show_json_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "mm-clar-ladybug", "--lang", "es", "--json")
    entry = json.loads(out)
    assert code == 0
    assert entry["id"] == "mm-clar-ladybug" and entry["kind"] == "clarification"
    assert "Mariquita" in entry["title"] and entry["body"]
    assert all(set(link) == {"id", "title"} for link in entry["related"])


def test_check_counts_books_and_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check")
    assert code == 0
    assert re.match(r"^\d+ entries, valid$", out.splitlines()[0])
    for name in ("Minions of the Meadow", "Predators & Prey", "Empires of the Earth", "Antscape", "card note"):
        assert re.search(rf"^ +[1-9]\d*  {re.escape(name)}$", out, re.MULTILINE), name


def test_rules_without_action_shows_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 2 and "search" in out and "show" in out and "check" in out


# --- as a player runs it ------------------------------------------------------------------------


def companion(*args: str, data: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("COMPANION_DATA", None)
    if data is not None:
        env["COMPANION_DATA"] = str(data)
    return subprocess.run(
        [sys.executable, "-m", "companion", "rules", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=60,
        check=False,
    )


def test_subprocess_search_json() -> None:
    done = companion("search", "how much health does a predator start with", "--json", "--limit", "2")
    assert done.returncode == 0, done.stderr
    hits = json.loads(done.stdout)
    assert hits[0]["id"] == "mm-predator-starting-health" and len(hits) == 2


def test_subprocess_errors_are_one_line_without_traceback() -> None:
    for args in (["show", "nope"], ["search", "x", "--limit", "0"], ["search", "x", "--book", "zz"]):
        done = companion(*args)
        assert done.returncode == 2, args
        assert done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
        assert "Traceback" not in done.stderr


def test_subprocess_check_reports_a_broken_corpus(tmp_path: Path) -> None:
    data = copy_fixtures(tmp_path)
    assert companion("check", data=data).returncode == 0
    broken = json.loads((FIXTURES / "mm.json").read_text(encoding="utf-8"))
    broken["entries"][0]["kind"] = "faq"
    (data / "rules" / "mm.json").write_text(json.dumps(broken), encoding="utf-8")
    done = companion("check", data=data)
    assert done.returncode == 2
    assert done.stderr == (
        "companion: rules corpus invalid: mm.json: entry 'mm-ladybug-tie': kind: Input should be 'rule', "
        "'setup', 'clarification', 'card note', 'glossary', 'example' or 'symbol', not 'faq'\n"
    )


def test_show_and_search_label_an_interpretation_in_the_readers_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "ee-symbol-crown")
    label = "Interpretation: the book leaves this unsaid; what follows is our reading."
    assert code == 0 and out.splitlines()[2] == label
    code, out, _ = run(capsys, "show", "ee-symbol-crown", "--lang", "es")
    assert code == 0 and out.splitlines()[2].startswith("Interpretación: el reglamento no lo dice")
    assert json.loads(run(capsys, "show", "ee-symbol-crown", "--json")[1])["interpretation"] is True
    code, out, _ = run(capsys, "show", "mm-clar-ladybug")
    assert "Interpretation" not in out and json.loads(run(capsys, "show", "mm-clar-ladybug", "--json")[1])[
        "interpretation"] is False
    code, out, _ = run(capsys, "search", "which mark chambers centipede deck", "--lang", "es", "--limit", "3")
    line = next(line for line in out.splitlines() if "ee-solo-chamber-centipede-mark" in line)
    assert "[Interpretación]  (Empires of the Earth > " in line and HIT_LINE.match(line)
