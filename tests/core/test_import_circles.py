"""No import circle between the files of ``companion/`` (issue #35).

A circle makes every file in it depend on every other: none can be read, tested or moved alone, and the order in
which Python first meets them decides whether an import works. Counted from the imports themselves
(``tests/core/import_graph.py``: function-level imports included, ``TYPE_CHECKING`` ones not).
"""

from __future__ import annotations

from tests.core.import_graph import circles, graph


def test_no_file_of_companion_is_in_an_import_circle() -> None:
    assert circles(graph()) == []


def test_the_store_has_no_circle_even_through_the_imports_made_for_the_type_checker() -> None:
    """Each part of the store is handed the parts it needs (the play records get the games' folder, the index, the
    content and the notices, not the store that holds them), so none names the store that builds it."""
    store = {m: {t for t in targets if t.startswith("companion.store")}
             for m, targets in graph(type_checking=True).items() if m.startswith("companion.store")}
    assert circles(store) == []
    assert "companion.store.games" in store["companion.store.transfer"]  # the type checker's imports are read


def test_the_ui_has_no_import_circle() -> None:
    """A tab's parts (``companion.ui.tab``) are handed what they use, the whole tab among it for the screens they
    build: none imports ``companion.ui.app``, which assembles them."""
    assert [c for c in circles(graph()) if any(m.startswith("companion.ui") for m in c)] == []


def test_the_graph_sees_a_function_level_import_and_a_circle() -> None:
    """The reader is no blind test: this file's neighbours import each other, the core's packages are found."""
    edges = graph()
    assert "companion.core.unit_files" in edges["companion.core.i18n"]  # a function-level import
    assert "companion.ui.app" not in edges["companion.ui.widgets"]  # a TYPE_CHECKING import is left out
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
