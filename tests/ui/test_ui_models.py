"""The UI's plain logic without a browser: debounce, formatting, the wizard, settings, routing, panels."""

from __future__ import annotations

import itertools
import json
import socket
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.content import Content, load_content
from companion.core.errors import GameError
from companion.core.setup import validate_setup
from companion.store.settings import Settings, SettingsStore, from_dict, settings_path
from companion.ui.models import (
    Debouncer,
    last_played,
    parse_total,
    player_range,
    round_label,
    signed,
)
from companion.ui.wizard import WIZARD_STEPS, WizardModel


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


# -- debounce ---------------------------------------------------------------------------
def test_second_tap_within_the_window_is_ignored() -> None:
    clock = Clock()
    debounce = Debouncer(0.4, clock)
    assert debounce.allow("next")
    clock.now += 0.39
    assert not debounce.allow("next")
    clock.now += 0.02  # 0.41 s after the first (accepted) tap
    assert debounce.allow("next")


def test_actions_have_their_own_windows() -> None:
    clock = Clock()
    debounce = Debouncer(0.4, clock)
    assert debounce.allow("next")
    assert debounce.allow("undo")
    assert not debounce.allow("undo")


def test_ignored_taps_do_not_extend_the_window() -> None:
    clock = Clock()
    debounce = Debouncer(0.4, clock)
    assert debounce.allow("next")
    results = []
    for _ in range(3):
        clock.now += 0.15
        results.append(debounce.allow("next"))
    assert results == [False, False, True], "measured from the last accepted tap, not the last ignored one"


@given(st.lists(st.floats(min_value=0.0, max_value=2.0), max_size=30))
def test_accepted_taps_are_always_a_window_apart(gaps: list[float]) -> None:
    clock = Clock()
    debounce = Debouncer(0.4, clock)
    accepted = []
    for gap in gaps:
        clock.now += gap
        if debounce.allow("x"):
            accepted.append(clock.now)
    assert all(b - a >= 0.4 for a, b in itertools.pairwise(accepted))


# -- formatting -------------------------------------------------------------------------
def test_formatting_helpers() -> None:
    assert signed(3) == "+3" and signed(-2) == "-2" and signed(0) == "0"
    assert round_label(2, 4) == "Round 2 of 4"
    assert player_range(1, 1) == "1 player"
    assert player_range(2, 5) == "2-5 players"
    assert player_range(3, 3) == "3 players"


def test_last_played_is_short_while_fresh() -> None:
    now = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)

    def ago(**delta: float) -> str:
        return last_played((now - timedelta(**delta)).isoformat(), now)

    assert ago(seconds=10) == "just now"
    assert ago(minutes=5) == "5 min ago"
    assert ago(hours=3) == "3 h ago"
    assert ago(hours=30) == "yesterday"
    assert "2026" in ago(days=9)
    assert last_played("not a date", now) == "not a date"


@pytest.mark.parametrize(("typed", "value"), [("12", 12), (" 7 ", 7), ("-3", -3), ("1 000", 1000)])
def test_parse_total_accepts_whole_numbers(typed: str, value: int) -> None:
    assert parse_total(typed) == value


@pytest.mark.parametrize("typed", ["", "abc", "1.5", "12a"])
def test_parse_total_explains_anything_else(typed: str) -> None:
    with pytest.raises(GameError, match="whole number"):
        parse_total(typed)


# -- the wizard -------------------------------------------------------------------------
def test_wizard_starts_with_a_valid_competitive_game(content: Content) -> None:
    wizard = WizardModel(content)
    assert wizard.step_id == "game"
    low, _ = wizard.seats().limits
    assert len(wizard.table.players) == low
    validate_setup(wizard.setup(), content)


def test_wizard_offers_only_what_the_content_lists(content: Content) -> None:
    wizard = WizardModel(content)
    for game_id, game in content.games.items():
        wizard.choose_game(game_id)
        assert [e.id for e in wizard.expansion_options()] == list(game.expansions)
        assert [c.id for c in wizard.mode_choices()] == list(game.modes)
        assert wizard.seats().colours == list(game.colours)


def test_modes_needing_an_expansion_wait_for_it(content: Content) -> None:
    wizard = WizardModel(content)
    wizard.choose_game("mota")
    solo = wizard.mode_choice("solo")
    assert not solo.available and "Minions of the Meadow" in (solo.reason or "")
    with pytest.raises(GameError):
        wizard.choose_mode("solo")
    wizard.set_expansion("minions", True)
    wizard.choose_mode("solo")
    assert len(wizard.table.players) == 1
    reserved = content.modes["solo"].reserved_colours
    assert all(p.colour not in reserved for p in wizard.table.players)
    wizard.set_expansion("minions", False)
    assert wizard.mode == "competitive", "dropping the expansion drops the mode that needs it"


def test_the_wizard_chooses_her_difficulty_and_shows_the_charts_changes(content: Content) -> None:
    wizard = WizardModel(content)
    wizard.choose_game("mota")
    assert not wizard.has_difficulty() and "difficulty" not in wizard.setup().options
    wizard.set_expansion("minions", True)
    wizard.choose_mode("solo")
    choices = {c["id"]: c for c in wizard.difficulty_choices()}
    assert [c["name"] for c in choices.values()] == ["Easy", "Normal", "Difficult"]
    assert choices["easy"]["changes"] == "+2 larvae, +1 Initiative Token"
    assert choices["difficult"]["changes"] == "-1 Initiative Token, -1 card"
    assert choices["normal"]["thresholds"] == "plot 3, Colony Points 12, centipedes 7"
    wizard.choose_difficulty("easy")
    assert wizard.setup().options == {"difficulty": "easy"}
    assert "Difficulty: Easy (+2 larvae, +1 Initiative Token); thresholds: plot 3, Colony Points 12, centipedes 7" \
        in wizard.choices_text()
    wizard.choose_mode("coop")
    wizard.table.set_count(3)
    assert {c["id"]: c["changes"] for c in wizard.difficulty_choices()}["difficult"] == "no Initiative Tokens"
    validate_setup(wizard.setup(), content)
    with pytest.raises(GameError):
        wizard.choose_difficulty("brutal")
    wizard.set_expansion("minions", True)
    wizard.choose_mode("asymmetric")
    assert not wizard.has_difficulty() and wizard.setup().options == {}


def test_player_count_stays_in_the_modes_range(content: Content) -> None:
    wizard = WizardModel(content)
    low, high = wizard.seats().limits
    wizard.table.set_count(99)
    assert len(wizard.table.players) == high
    wizard.table.set_count(0)
    assert len(wizard.table.players) == low
    wizard.table.set_count(high)
    assert len({p.colour for p in wizard.table.players}) == high, "every new player gets a free colour"


def test_picking_a_taken_colour_swaps(content: Content) -> None:
    wizard = WizardModel(content)
    first, second = wizard.table.players[0].colour, wizard.table.players[1].colour
    assert second is not None
    wizard.table.set_colour(0, second)
    assert (wizard.table.players[0].colour, wizard.table.players[1].colour) == (second, first)
    assert wizard.table.players[0].default == second.capitalize(), "an untouched default name follows the colour"
    assert wizard.table.players[0].name == "" and wizard.setup().players[0].name == second.capitalize()


def test_typed_names_survive_colour_changes(content: Content) -> None:
    wizard = WizardModel(content)
    wizard.table.set_name(0, "Ana")
    wizard.table.set_colour(0, "blue")
    assert wizard.table.players[0].name == "Ana"


def test_asymmetric_has_exactly_one_broodmother(content: Content) -> None:
    wizard = WizardModel(content)
    wizard.set_expansion("minions", True)
    wizard.choose_mode("asymmetric")
    roles = [p.role for p in wizard.table.players]
    assert roles.count("broodmother") == 1
    wizard.table.set_broodmother(0)
    assert [p.role for p in wizard.table.players].count("broodmother") == 1
    assert wizard.table.players[0].colour is None
    validate_setup(wizard.setup(), content)
    wizard.choose_mode("competitive")
    assert all(p.role == "ant" and p.colour for p in wizard.table.players)


def test_wizard_reports_the_cores_reason(content: Content) -> None:
    wizard = WizardModel(content)
    wizard.step = WIZARD_STEPS.index("players")
    wizard.table.set_name(1, wizard.table.players[0].shown)
    problem = wizard.problem()
    assert problem and "names must differ" in problem
    with pytest.raises(GameError):
        wizard.next()
    assert wizard.step_id == "players"


def test_summary_lists_setup_steps_for_the_choices(content: Content) -> None:
    wizard = WizardModel(content)
    wizard.set_expansion("minions", True)
    wizard.set_module("aphids", True)
    groups = dict(wizard.summary())
    assert any("aphid" in text for text in groups.get("Aphids", []))
    assert "Module: Aphids" in wizard.choices_text()


# -- settings ---------------------------------------------------------------------------
def test_settings_default_and_round_trip(tmp_path: Path) -> None:
    path = settings_path(tmp_path / "games.json")
    assert path == tmp_path / "settings.json"
    store = SettingsStore(path)
    assert store.current == Settings() and store.current.theme == "dark"
    store.update(theme="light", text_scale=1.3, keep_awake=True)
    again = SettingsStore(path)
    assert again.current == Settings(theme="light", text_scale=1.3, keep_awake=True)
    assert json.loads(path.read_text())["theme"] == "light"


def test_bad_settings_are_refused_and_bad_files_ignored(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    with pytest.raises(ValueError):
        store.update(theme="purple")
    with pytest.raises(ValueError):
        store.update(nonsense=True)
    (tmp_path / "broken.json").write_text("{not json")
    broken = SettingsStore(tmp_path / "broken.json")
    assert broken.current == Settings() and broken.notice
    assert from_dict({"theme": "light", "text_scale": "big", "language": "xx"}) == Settings(theme="light")
    assert from_dict([1, 2]) == Settings()
    # Each value is checked against its field's own type and limits, nothing coerced: True is not a scale,
    # "1.3" is not a number, 1 is not a yes.
    assert from_dict({"text_scale": True, "keep_awake": 1, "draw_cue": "yes", "theme": "neon"}) == Settings()
    assert from_dict({"draw_cue_sound": None}) == Settings() and from_dict({"draw_cue_sound": 0}) == Settings()
    assert from_dict({"draw_cue_sound": False}) == Settings(draw_cue_sound=False)
    assert from_dict({"text_scale": "1.3", "confirm_destructive": None}) == Settings()
    assert from_dict({"text_scale": 3.0}) == Settings() and from_dict({"text_scale": 0.5}) == Settings()
    kept = from_dict({"text_scale": 2, "draw_cue": None, "keep_awake": True})
    assert kept == Settings(text_scale=2.0, keep_awake=True) and isinstance(kept.text_scale, float)
    with pytest.raises(ValueError):
        store.update(text_scale=True)


# -- routing, panels, launching ------------------------------------------------------------
def test_routes_match_with_parameters() -> None:
    from companion.ui.app import Router, _match, split_route

    assert _match("/game/:id", "/game/g-12") == {"id": "g-12"}
    assert _match("/game/:id", "/game") is None
    assert _match("/", "/") == {}
    assert split_route("/rules?topic=scores") == ("/rules", {"topic": "scores"})
    router = Router()
    for path in ("/", "/new", "/game/g-1", "/settings", "/calculators", "/rules"):
        assert router.resolve(path) is not None, path
    assert router.resolve("/nowhere") is None


def test_a_real_screen_replaces_a_placeholder() -> None:
    from companion.ui.app import Router

    placeholder = SimpleNamespace(ROUTE="/rules", SCREEN=object, PLACEHOLDER=True)
    real = SimpleNamespace(ROUTE="/rules", SCREEN=str)
    for order in ([placeholder, real], [real, placeholder]):
        found = Router(order).resolve("/rules")  # type: ignore[arg-type]
        assert found is not None and found[0] is str


def test_every_enabled_module_gets_a_panel(content: Content) -> None:
    from companion.core.setup import GameSetup, PlayerSpec, new_state
    from companion.ui.panels import panels_for

    setup = GameSetup("mota", expansions=("minions", "empires"), modules=("aphids", "chambers"),
                      players=(PlayerSpec("A", "red"), PlayerSpec("B", "blue")))
    state = new_state(setup, content, seed=1)
    panels = panels_for(state)
    shown = [module for _, module in panels if module] + [m for panel, _ in panels for m in panel.modules]
    assert sorted(m for m in shown if m in state["modules"]) == sorted(state["modules"])  # each once
    assert "aphids" not in [module for _, module in panels]  # its own tracker, not the generic panel


def test_a_busy_port_moves_to_the_next_one() -> None:
    from companion.ui.launch import page_url
    from companion.ui.net import bind_port

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        taken = busy.getsockname()[1]
        sock, port = bind_port("127.0.0.1", taken)
        with sock:
            assert port != taken and port > taken
    assert page_url("0.0.0.0", 8550) == "http://127.0.0.1:8550/"
    assert page_url("::1", 8550) == "http://[::1]:8550/"


def test_the_app_and_the_cli_can_add_games_to_one_file(tmp_path: Path) -> None:
    """The app keeps its store open while `companion game new` writes the same file."""
    from companion.core.setup import GameSetup, PlayerSpec
    from companion.store import GameStore

    setup = GameSetup("mota", players=(PlayerSpec("A", "red"), PlayerSpec("B", "blue")))
    app, cli = GameStore(tmp_path / "games.json"), GameStore(tmp_path / "games.json")
    app.create(setup)
    cli.create(setup)
    app.create(setup)
    assert len(app.list_games()) == len(cli.list_games()) == 3
