"""The new-game wizard's model: the choices a table makes before a game, kept free of Flet.

Nothing here knows a game rule: the wizard offers what ``load_content()`` lists and asks the core's
``validate_setup`` whether the table's choices make a game. ``WizardModel`` holds the steps, the game, its
options and mode; ``PlayerTable`` the players being set up, within what the game and mode allow (``Seats``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.core.content import Content, Expansion, Module, Variant
from companion.core.errors import GameError
from companion.core.i18n import N_, gettext, msg, render
from companion.core.schema import Role
from companion.core.setup import GameSetup, PlayerSpec, default_player_names, new_state, setup_summary, validate_setup

WIZARD_STEPS = ("game", "options", "mode", "players", "summary")
STEP_TITLES = {
    "game": N_("Game"),
    "options": N_("Expansions, modules and variants"),
    "mode": N_("Mode"),
    "players": N_("Players"),
    "summary": N_("Setup"),
}


@dataclass
class PlayerDraft:
    """One player as the table is setting them up: ``name`` is what was typed (empty until then, the field
    showing ``default`` - the colour's name - as its hint); ``shown`` is the name the game will use."""

    name: str
    colour: str | None
    role: Role = "ant"
    default: str = ""  # the colour's name (or "Broodmother"), used when nothing is typed

    @property
    def named(self) -> bool:
        """Typed by the player (a colour change keeps it)."""
        return bool(self.name.strip())

    @property
    def shown(self) -> str:
        return self.name.strip() or self.default


@dataclass(frozen=True)
class ModeChoice:
    id: str
    name: str
    players: tuple[int, int]
    available: bool
    reason: str | None


@dataclass(frozen=True)
class Seats:
    """What the chosen game and mode allow the table: how many players (``limits``), which colours, and whether
    one player plays the Broodmother (the asymmetric variant)."""

    limits: tuple[int, int]
    colours: list[str]
    broodmother_player: bool


class PlayerTable:
    """The players as the table is setting them up: how many, their names and colours, who plays the Broodmother.

    ``seats`` says what the game and mode chosen allow now (the wizard's other choices change it).
    """

    def __init__(self, seats: Callable[[], Seats]) -> None:
        self._seats = seats
        self.players: list[PlayerDraft] = []

    def ant_count(self) -> int:
        return sum(1 for p in self.players if p.role == "ant")

    def set_count(self, count: int) -> None:
        low, high = self._seats().limits
        count = max(low, min(high, count))
        while len(self.players) > count:
            self.players.pop()
        while len(self.players) < count:
            self.players.append(self._new_player())
        self._fix_broodmother()

    def set_name(self, index: int, name: str) -> None:
        """What was typed, kept as typed (an empty field falls back to the default name only in ``setup()``)."""
        self.players[index].name = name

    def set_colour(self, index: int, colour: str) -> None:
        """Pick a colour; a player who had it takes this player's old colour (a swap, not an error)."""
        player = self.players[index]
        for other in self.players:
            if other is not player and other.colour == colour:
                _recolour(other, player.colour)
        _recolour(player, colour)

    def set_broodmother(self, index: int) -> None:
        """The asymmetric variant: this player plays the Broodmother (no colony colour)."""
        for i, p in enumerate(self.players):
            if i == index:
                p.role, p.colour, p.default = "broodmother", None, gettext("Broodmother")
            elif p.role == "broodmother":
                p.role = "ant"
                _recolour(p, self._free_colour())
        self._fix_broodmother()

    def fit(self, reset: bool = False) -> None:
        """The players fitted to a new game or mode: colours it does not offer given up, the count brought into
        its limits (``reset``: a new game starts from its fewest players)."""
        if reset:
            self.players = []
        allowed = set(self._seats().colours)
        stale = [p for p in self.players if p.role == "ant" and p.colour not in allowed]
        for p in stale:
            p.colour = None
        for p in stale:
            _recolour(p, self._free_colour())
        low, high = self._seats().limits
        self.set_count(max(low, min(high, len(self.players) or low)))

    def _free_colour(self) -> str | None:
        used = {p.colour for p in self.players}
        return next((c for c in self._seats().colours if c not in used), None)

    def _new_player(self) -> PlayerDraft:
        colour = self._free_colour()
        number = len(self.players) + 1
        default = default_player_names([colour])[0] if colour else render(msg("Player {number}", number=number))
        return PlayerDraft(name="", colour=colour, default=default)

    def _fix_broodmother(self) -> None:
        if not self._seats().broodmother_player:
            for p in self.players:
                if p.role == "broodmother":
                    p.role = "ant"
                    _recolour(p, self._free_colour())
        elif self.players and not any(p.role == "broodmother" for p in self.players):
            self.set_broodmother(len(self.players) - 1)


def _recolour(player: PlayerDraft, colour: str | None) -> None:
    """A colony's new colour, its untouched default name following it (the Broodmother's player has none)."""
    if player.role == "broodmother":
        return
    player.colour = colour
    if colour is not None:
        player.default = default_player_names([colour])[0]


class WizardModel:
    """The choices a table makes before a game, one step at a time, driven by the content."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.step = 0
        self.game = next(iter(content.games))
        self.expansions: list[str] = []
        self.modules: set[str] = set()
        self.variants: set[str] = set()
        self.advanced_track = False
        self.mode = "competitive"
        self.difficulty = "normal"
        self.table = PlayerTable(self.seats)
        self.name = ""
        self.choose_game(self.game)

    # steps
    @property
    def step_id(self) -> str:
        return WIZARD_STEPS[self.step]

    def problem(self) -> str | None:
        """Why the table cannot go on from this step, in the core's own words (None: it can)."""
        if self.step_id in ("players", "summary"):
            try:
                validate_setup(self.setup(), self.content)
            except GameError as exc:
                return str(exc)
        if self.step_id == "mode":
            choice = next(c for c in self.mode_choices() if c.id == self.mode)
            return None if choice.available else choice.reason
        return None

    def next(self) -> None:
        if (reason := self.problem()) is not None:
            raise GameError(reason)
        self.step = min(self.step + 1, len(WIZARD_STEPS) - 1)

    def back(self) -> None:
        self.step = max(self.step - 1, 0)

    # game
    def choose_game(self, game_id: str) -> None:
        if game_id not in self.content.games:
            raise GameError(f"Unknown game {game_id!r}.")
        self.game = game_id
        self.expansions, self.modules, self.variants = [], set(), set()
        self.advanced_track = False
        modes = list(self.content.games[game_id].modes)
        self.mode = "competitive" if "competitive" in modes else modes[0]
        self.table.fit(reset=True)

    # options
    def expansion_options(self) -> list[Expansion]:
        return [self.content.expansions[e] for e in self.content.games[self.game].expansions]

    def set_expansion(self, expansion_id: str, on: bool) -> None:
        if on and expansion_id not in self.expansions:
            self.expansions.append(expansion_id)
        elif not on and expansion_id in self.expansions:
            self.expansions.remove(expansion_id)
            exp = self.content.expansions[expansion_id]
            self.modules -= set(exp.modules)
            self.variants -= set(exp.variants)
        if not self.mode_choice(self.mode).available:
            self.choose_mode("competitive")

    def module_options(self) -> list[Module]:
        return [self.content.modules[m] for e in self.expansions for m in self.content.expansions[e].modules]

    def variant_options(self) -> list[Variant]:
        return [self.content.variants[v] for e in self.expansions for v in self.content.expansions[e].variants]

    def set_module(self, module_id: str, on: bool) -> None:
        (self.modules.add if on else self.modules.discard)(module_id)

    def set_variant(self, variant_id: str, on: bool) -> None:
        (self.variants.add if on else self.variants.discard)(variant_id)

    def has_advanced_track(self) -> bool:
        return self.content.games[self.game].advanced_rounds is not None

    # mode
    def mode_choice(self, mode_id: str) -> ModeChoice:
        return next(c for c in self.mode_choices() if c.id == mode_id)

    def mode_choices(self) -> list[ModeChoice]:
        out = []
        for mode_id, players in self.content.games[self.game].modes.items():
            mode = self.content.modes[mode_id]
            needed = mode.requires_expansion
            ok = needed is None or needed in self.expansions
            reason = None if ok else f"Needs {self.content.expansions[needed].name}." if needed else None
            out.append(ModeChoice(mode_id, mode.name, players, ok, reason))
        return out

    def choose_mode(self, mode_id: str) -> None:
        choice = self.mode_choice(mode_id)
        if not choice.available:
            raise GameError(choice.reason or f"{choice.name} is not available.")
        self.mode = mode_id
        self.table.fit()

    # players
    def seats(self) -> Seats:
        """What the chosen game and mode allow the table (asked afresh: the choices change it)."""
        reserved = set(self.content.modes[self.mode].reserved_colours)
        return Seats(limits=self.content.games[self.game].modes[self.mode],
                     colours=[c for c in self.content.games[self.game].colours if c not in reserved],
                     broodmother_player=self.content.modes[self.mode].broodmother == "player")

    def has_difficulty(self) -> bool:
        """Solo and co-op against the automated Broodmother choose a column of the Difficulty Chart."""
        return self.content.modes[self.mode].broodmother == "automated"

    def difficulty_choices(self) -> list[dict[str, str]]:
        """Easy, Normal and Difficult with what the chart changes for this many colonies (the core's numbers)."""
        from companion.core.broodmother.checklist import difficulty_preview
        from companion.core.broodmother.content import brood_of

        return difficulty_preview(self.table.ant_count(), brood_of(self.content))

    def choose_difficulty(self, level: str) -> None:
        if level not in {c["id"] for c in self.difficulty_choices()}:
            raise GameError(f"Unknown difficulty {level!r}.")
        self.difficulty = level

    # result
    def setup(self) -> GameSetup:
        return GameSetup(
            game=self.game,
            mode=self.mode,
            players=tuple(PlayerSpec(p.shown, p.colour, p.role) for p in self.table.players),
            expansions=tuple(self.expansions),
            modules=tuple(sorted(self.modules)),
            variants=tuple(sorted(self.variants)),
            advanced_track=self.advanced_track,
            options={"difficulty": self.difficulty} if self.has_difficulty() else {},
        )

    def summary(self) -> list[tuple[str, list[str]]]:
        """The setup steps the choices require, grouped by area in data order."""
        state = new_state(self.setup(), self.content, seed=0)
        groups: dict[str, list[str]] = {}
        for step in setup_summary(state, self.content):
            groups.setdefault(step["group"], []).append(step["text"])
        return list(groups.items())

    def choices_text(self) -> list[str]:
        """One line per choice, for the summary's top."""
        from companion.ui.i18n import tr, trf

        game = self.content.games[self.game]
        lines = [trf("{game} ({edition})", game=game.name, edition=tr(game.edition)),
                 tr(self.content.modes[self.mode].name)]
        lines += [self.content.expansions[e].name for e in self.expansions]
        resolved = self.setup().resolved_modules(self.content)
        lines += [trf("Module: {name}", name=tr(self.content.modules[m].name)) for m in resolved]
        lines += [trf("Variant: {name}", name=tr(self.content.variants[v].name)) for v in sorted(self.variants)]
        if self.advanced_track:
            lines.append(tr("Advanced round track"))
        if self.has_difficulty():
            chosen = next(c for c in self.difficulty_choices() if c["id"] == self.difficulty)
            lines.append(trf("Difficulty: {name} ({changes}); thresholds: {thresholds}", name=tr(chosen["name"]),
                             changes=chosen["changes"], thresholds=chosen["thresholds"]))
        return lines
