"""Records: the play history's figures (``companion.core.records``) over ``history.json``, never the game files.

Filters (game and edition, expansion, period) at the top; then Against the Broodmother (each group of games
apart), the asymmetric games, Competitive (each player, head to head, merging two names) and Antscape. Every
figure is a button that lists the games behind it at the top of the screen; a game opens its summary while it
is saved, else its record (with "Forget this game in the records"). Under the filters, the plays shown can be
exported as CSV or JSON (one row per player per game: ``records_export``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from functools import partial

import flet as ft

from companion.core.end_codes import HER
from companion.core.history import PlayRecord
from companion.core.i18n import N_, render
from companion.core.records import (
    BROOD_GROUPS,
    DIFFICULTY_LABELS,
    ENDINGS,
    Figures,
    bonus_label,
    early_reading_of,
    ended_early,
    figures,
    filtered,
    game_name,
    head_to_head,
    in_order,
    mode_name,
    player_names,
)
from companion.core.schema import JsonObject
from companion.ui import widgets
from companion.ui.i18n import tr, trf, trn
from companion.ui.screen import Screen
from companion.ui.screens.records_export import PlaysExport

ROUTE = "/records"
PAGE = 30  # games listed at a time
PERIODS = {"all": 0, "year": 365, "month": 30}
PERIOD_LABELS = {"all": N_("All time"), "year": N_("Last 12 months"), "month": N_("Last 30 days")}
EXPANSIONS = ("minions", "empires", "predators-and-prey")
WON, LOST, EARLY = ft.Colors.GREEN_600, ft.Colors.RED_400, ft.Colors.GREY_600


class RecordsScreen(Screen):
    title = N_("Records")
    identifier = "records"

    def setup(self) -> None:
        self.game = self.params.get("game", "")
        self.expansion = ""
        self.period = "all"
        self.listing: tuple[str, list[str]] | None = None  # (title, game ids) of the figure tapped
        self.shown = PAGE
        self.opened: str | None = None  # a game whose record is shown (no longer saved)
        self.picked: list[str] = []  # up to two names, for head to head and merging

    # -- data -----------------------------------------------------------------------------------
    def _records(self) -> list[PlayRecord]:
        since = ""
        if days := PERIODS.get(self.period, 0):
            since = (date.today() - timedelta(days=days)).isoformat()
        return filtered(self.app.ctx.store.history.records(), game=self.game or None,
                        expansion=self.expansion or None, since=since or None)

    def body(self) -> list[ft.Control]:
        store = self.app.ctx.store
        records = self._records()
        merges = store.history.merges()
        self.app.ctx.notices.extend(store.take_notices())
        self.by_id = {r["id"]: r for r in records}
        controls: list[ft.Control] = [self._filters()]
        if records:
            controls.append(PlaysExport(self.app, self.sizes, self._records).tile(len(records)))
        if self.opened is not None:
            controls.append(self._record(self.opened))
        elif self.listing is not None:
            controls.append(self._listing(*self.listing))
        if not records:
            controls.append(widgets.message_text(
                tr("No finished games here yet. A game counts once it is finished."), self.sizes,
                identifier="no-records", muted=True))
            return controls
        f = figures(records, merges)
        for group, brood in f["broodmother"].items():
            controls.append(self._brood(group, brood))
        if f["asymmetric"] is not None:
            controls.append(self._asymmetric(f["asymmetric"]))
        if f["competitive"]["players"]:
            controls.append(self._competitive(f["competitive"], records, merges))
        if f["antscape"] is not None:
            controls.append(self._antscape(f["antscape"]))
        return controls

    # -- filters ----------------------------------------------------------------------------------
    def _choice(self, label: str, value: str, current: str, on_pick: Callable[[str], object],
                identifier: str) -> ft.Control:
        chosen = value == current
        return widgets.tap_button(trf("{label} (chosen)", label=label) if chosen else label,
                                  self.app.answers.handler(partial(on_pick, value)), text=label,
                                  kind="filled" if chosen else "outlined", identifier=identifier, sizes=self.sizes)

    def _filters(self) -> ft.Control:
        content = self.app.ctx.store.content
        games = [self._choice(tr("All games"), "", self.game, self._set_game, "filter-game-all")]
        games += [self._choice(trf("{game} · {edition}", game=g.name, edition=tr(g.edition)), g.id, self.game,
                               self._set_game, f"filter-game-{g.id}") for g in content.games.values()]
        expansions = [self._choice(tr("Any expansion"), "", self.expansion, self._set_expansion,
                                   "filter-expansion-all")]
        expansions += [self._choice(tr(content.expansions[e].name), e, self.expansion, self._set_expansion,
                                    f"filter-expansion-{e}") for e in EXPANSIONS if e in content.expansions]
        periods = [self._choice(tr(label), key, self.period, self._set_period, f"filter-period-{key}")
                   for key, label in PERIOD_LABELS.items()]
        wrap = partial(ft.Row, wrap=True, spacing=8, run_spacing=8)
        app = self.app
        return widgets.lazy_tile(app.opened_tiles, lambda: app.answers.guard(app.routes.refresh), "records-filters",
                                 tr("Filters: game, expansion, period"),
                                 lambda: [wrap(games), wrap(expansions), wrap(periods)], self.sizes)

    def _set_game(self, value: str) -> None:
        self.game, self.listing, self.opened = value, None, None
        self.refresh()

    def _set_expansion(self, value: str) -> None:
        self.expansion, self.listing, self.opened = value, None, None
        self.refresh()

    def _set_period(self, value: str) -> None:
        self.period, self.listing, self.opened = value, None, None
        self.refresh()

    # -- the games behind a figure ----------------------------------------------------------------
    def _figure(self, label: str, value: object, title: str, ids: list[str], identifier: str) -> ft.Control:
        """A figure as a button: ``label: value``; tapped, it lists its games (none: drawn disabled)."""
        text = trf("{label}: {value}", label=label, value=value)
        return widgets.tap_button(text, self.app.answers.handler(partial(self._show, title, ids)) if ids else None,
                                  kind="tonal", identifier=identifier, sizes=self.sizes)

    def _show(self, title: str, ids: list[str]) -> None:
        self.listing, self.shown, self.opened = (title, ids), PAGE, None
        self.refresh()
        self.app.page.run_task(self.scroll.jump, "records-games")

    def _close(self) -> None:
        self.listing, self.opened = None, None
        self.refresh()

    def _listing(self, title: str, ids: list[str]) -> ft.Control:
        content = self.app.ctx.store.content
        rows: list[ft.Control] = []
        for game_id in list(reversed(ids))[:self.shown]:
            r = self.by_id.get(game_id)
            if r is None:
                continue
            line = trf("{date} · {name}\n{game} · {mode} · {winners}", date=r["date"][:10], name=r["name"],
                       game=game_name(r["game"], content), mode=tr(mode_name(r["mode"], content)),
                       winners=_winners(r))
            rows.append(widgets.tap_button(line.replace("\n", ". "), self.app.answers.handler(partial(self._open,
                                                                                                      game_id)),
                                           text=line, kind="outlined", identifier=f"record-{game_id}",
                                           sizes=self.sizes))
        if len(ids) > self.shown:
            rows.append(widgets.tap_button(trf("Show {count} more", count=min(PAGE, len(ids) - self.shown)),
                                           self.app.answers.handler(self._more), identifier="records-more",
                                           sizes=self.sizes))
        close = widgets.icon_action(tr("Close the list"), ft.Icons.CLOSE, self.app.answers.handler(self._close),
                                    identifier="records-close")
        return widgets.section(trn("{title}: {n} game", "{title}: {n} games", len(ids), title=title), rows,
                               self.sizes, identifier="records-games", actions=[close], anchor=True)

    def _more(self) -> None:
        self.shown += PAGE
        self.refresh()

    def _open(self, game_id: str) -> None:
        if self.app.ctx.store.exists(game_id):
            self.app.routes.go(f"/game/{game_id}")
            return
        self.opened = game_id
        self.refresh()

    def _record(self, game_id: str) -> ft.Control:
        """A game no longer saved: its record, and the way to take it out of the records."""
        content = self.app.ctx.store.content
        r = self.app.ctx.store.history.record(game_id)
        if r is None:
            return widgets.message_text(tr("This game is no longer in the records."), self.sizes,
                                        identifier="record-gone")
        lines = [trf("{date} · {game} · {mode}", date=r["date"][:10], game=game_name(r["game"], content),
                     mode=tr(mode_name(r["mode"], content)))]
        if r["difficulty"]:
            lines.append(trf("Difficulty: {difficulty}", difficulty=tr(DIFFICULTY_LABELS.get(r["difficulty"],
                                                                                             r["difficulty"]))))
        lines += [trf("{name} ({colour}): {score}", name=p["name"], score=p["score"],
                      colour=tr(p["colour"].capitalize()) if p["colour"] else "-") for p in r["players"]]
        lines.append(_winners(r))
        if r["ended"]["code"] in ENDINGS:
            lines.append(trf("Ended in round {round}: {how}", round=r["ended"]["round"],
                             how=tr(ENDINGS[r["ended"]["code"]])))
        if (reading := early_reading_of(r)) is not None:
            lines.append(render(reading))
        body: list[ft.Control] = [widgets.message_text(tr("This game was deleted; its record is kept."), self.sizes,
                                                       muted=True, identifier="record-deleted")]
        body += [widgets.message_text(line, self.sizes) for line in lines]
        body.append(widgets.tap_button(tr("Forget this game in the records"),
                                       self.app.answers.handler(partial(self._forget, game_id, r["name"])),
                                       kind="outlined", icon=ft.Icons.DELETE_OUTLINE, identifier="record-forget",
                                       sizes=self.sizes))
        close = widgets.icon_action(tr("Close the record"), ft.Icons.CLOSE, self.app.answers.handler(self._close),
                                    identifier="records-close")
        return widgets.section(r["name"], body, self.sizes, identifier="records-record", actions=[close],
                               anchor=True)

    def _forget(self, game_id: str, name: str) -> None:
        def forget() -> None:
            self.app.ctx.store.history.forget(game_id)
            self.listing, self.opened = None, None
            self.refresh()

        self.app.answers.confirm(tr("Forget this game?"), trf("{name} will no longer count in any figure.", name=name),
                                 tr("Forget"), forget)

    # -- against her ------------------------------------------------------------------------------
    def _brood(self, group: str, f: Figures) -> ft.Control:
        ident = f"brood-{group}"
        title = tr(BROOD_GROUPS[group])
        body: list[ft.Control] = [ft.Row([
            self._figure(tr("Played"), f["played"], title, f["ids"], f"{ident}-played"),
            self._figure(tr("Won"), f["won"], title, f["won_ids"], f"{ident}-won"),
            self._figure(tr("Lost"), f["lost"], title, f["lost_ids"], f"{ident}-lost"),
            *([self._figure(tr("Ended early"), f["early"], title, f["early_ids"], f"{ident}-early")]
              if f.get("early") else []),
        ], wrap=True, spacing=8, run_spacing=8)]
        for cell in f["by_difficulty"]:
            name = tr(DIFFICULTY_LABELS.get(cell["difficulty"], cell["difficulty"]))
            body.append(self._figure(name, trf("won {won} of {played}", won=cell["won"], played=cell["played"]),
                                     trf("{group}, {what}", group=title, what=name), cell["ids"],
                                     f"{ident}-difficulty-{cell['difficulty']}"))
        for cell in f["by_colonies"]:
            name = trn("{n} colony", "{n} colonies", cell["colonies"])
            body.append(self._figure(name, trf("won {won} of {played}", won=cell["won"], played=cell["played"]),
                                     trf("{group}, {what}", group=title, what=name), cell["ids"],
                                     f"{ident}-colonies-{cell['colonies']}"))
        streak = f["streak"]
        body.append(self._figure(tr("Winning streak now"), streak["current"], tr("Winning streak now"),
                                 streak["current_ids"], f"{ident}-streak"))
        body.append(self._figure(tr("Best winning streak"), streak["best"], tr("Best winning streak"),
                                 streak["best_ids"], f"{ident}-best-streak"))
        lead = f["her_lead"]
        if lead["average"] is not None:
            body.append(self._figure(tr("Her average lead when she won"), trf("{lead} CP", lead=lead["average"]),
                                     tr("Her wins"), lead["ids"], f"{ident}-lead"))
        for end in f["endings"]:
            how = tr(ENDINGS.get(end["code"], end["code"]))
            what = trf("Round {round}, {how}", round=end["round"], how=how)
            body.append(self._figure(what, end["count"], what, end["ids"],
                                     f"{ident}-end-{end['code']}-{end['round']}"))
        body.append(self._chart(f["timeline"], ident))
        return widgets.section(trf("Against the Broodmother: {group}", group=title), body, self.sizes,
                               identifier=ident)

    def _chart(self, timeline: list[JsonObject], ident: str) -> ft.Control:
        """The results in order, one small square each (green: the colonies won; red: she did; grey: ended early),
        with letters."""
        shown = timeline[-60:]
        marks = [(tr("E"), EARLY, tr("ended early")) if t.get("early") else (tr("W"), WON, tr("won")) if t["won"]
                 else (tr("L"), LOST, tr("lost")) for t in shown]
        cells: list[ft.Control] = [
            ft.Container(ft.Text(letter, size=10, color=ft.Colors.WHITE), width=16, height=22, bgcolor=colour,
                         border_radius=3, alignment=ft.Alignment.CENTER) for letter, colour, _ in marks]
        said = ", ".join(word for _, _, word in marks)
        return widgets.labelled(ft.Column([
            ft.Text(trn("The last {n} result, oldest first", "The last {n} results, oldest first", len(shown)),
                    size=self.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row(cells, wrap=True, spacing=3, run_spacing=3),
        ], spacing=4), trf("Results, oldest first: {results}", results=said), identifier=f"{ident}-chart")

    def _asymmetric(self, f: Figures) -> ft.Control:
        title = tr("Asymmetric games")
        return widgets.section(title, [
            self._figure(tr("Played"), f["played"], title, f["ids"], "asym-played"),
            self._figure(tr("The Broodmother's player won"), f["her_wins"], title, f["her_ids"], "asym-her"),
            self._figure(tr("A colony won"), f["colony_wins"], title, f["colony_ids"], "asym-colonies"),
            *([self._figure(tr("Ended early"), f["early"], title, f["early_ids"], "asym-early")]
              if f.get("early") else []),
        ], self.sizes, identifier="asymmetric")

    # -- players ---------------------------------------------------------------------------------
    def _competitive(self, f: Figures, records: list[PlayRecord], merges: dict[str, str]) -> ft.Control:
        content = self.app.ctx.store.content
        body: list[ft.Control] = []
        for row in f["players"]:
            body.append(self._figure(row["name"], _player_text(row), row["name"], row["ids"],
                                     f"player-{row['key']}"))
            for cell in row["by_game"]:
                game = game_name(cell["game"], content)
                body.append(self._figure(trf("{name} · {game}", name=row["name"], game=game),
                                         _player_text(cell), trf("{name} · {game}", name=row["name"], game=game),
                                         cell["ids"], f"player-{row['key']}-{cell['game']}"))
        body.append(self._versus(records, merges))
        return widgets.section(tr("Competitive"), body, self.sizes, identifier="competitive")

    def _versus(self, records: list[PlayRecord], merges: dict[str, str]) -> ft.Control:
        names = player_names(in_order(records), merges)
        chips = [self._choice(name, key, key if key in self.picked else "\0", self._pick, f"pick-{key}")
                 for key, name in sorted(names.items())]
        body: list[ft.Control] = [
            widgets.message_text(tr("Choose two players: how they do at one table, or merge two spellings of "
                                    "one name."), self.sizes, muted=True),
            ft.Row(chips, wrap=True, spacing=8, run_spacing=8)]
        if len(self.picked) == 2:
            first, second = (names.get(k, k) for k in self.picked)
            h = head_to_head(records, merges, first, second)
            title = trf("{first} and {second}", first=first, second=second)
            body += [
                self._figure(tr("Together"), h["games"], title, h["ids"], "versus-games"),
                self._figure(trf("{name} won", name=first), h["first_wins"], title, h["first_ids"], "versus-first"),
                self._figure(trf("{name} won", name=second), h["second_wins"], title, h["second_ids"],
                             "versus-second"),
                self._figure(tr("Both won (a tie)"), h["ties"], title, h["tie_ids"], "versus-ties"),
                widgets.tap_button(trf("Merge {name} into {into}", name=first, into=second),
                                   self.app.answers.handler(partial(self._merge, first, second)), kind="outlined",
                                   icon=ft.Icons.MERGE_TYPE, identifier="versus-merge", sizes=self.sizes),
            ]
        return widgets.section(tr("Head to head"), body, self.sizes, identifier="versus")

    def _pick(self, key: str) -> None:
        self.picked = [k for k in self.picked if k != key] if key in self.picked else [*self.picked, key][-2:]
        self.refresh()

    def _merge(self, name: str, into: str) -> None:
        def merge() -> None:
            self.app.ctx.store.history.merge(name, into)
            self.picked = []
            self.refresh()

        self.app.answers.confirm(tr("Merge these names?"), trf("Every game of {name} will count as {into}'s.",
                                                               name=name,
                                                       into=into), tr("Merge"), merge)

    def _antscape(self, f: Figures) -> ft.Control:
        title = tr("Antscape")
        body: list[ft.Control] = [
            self._figure(row["name"], trf("won {won} of {played}", won=row["wins"], played=row["games"]),
                         row["name"], row["ids"], f"antscape-{row['key']}") for row in f["players"]]
        body += [self._figure(tr(bonus_label(cell["bonus"])), cell["games"], tr(bonus_label(cell["bonus"])),
                              cell["ids"], f"antscape-bonus-{cell['bonus']}") for cell in f["bonus"]]
        return widgets.section(title, body, self.sizes, identifier="antscape-records")

    def on_message(self, message: JsonObject) -> None:
        if message.get("kind") == "game":
            self.refresh()


def _winners(r: PlayRecord) -> str:
    """Who won a game, in a few words (the Broodmother, or nobody when it ended early)."""
    names = {p["id"]: p["name"] for p in r["players"]}
    leading = ", ".join(names.get(w, w) for w in r["winners"])
    if ended_early(r):
        return trf("ended early, leading: {names}", names=leading) if leading else tr("ended early, no winner")
    if HER in r["winners"]:
        return tr("the Broodmother won")
    return trf("won by {names}", names=leading)


def _player_text(row: JsonObject) -> str:
    """A player's line: games, wins, average and best."""
    return trn("{n} game, {wins} won, average {average}, best {best}",
               "{n} games, {wins} won, average {average}, best {best}", row["games"], wins=row["wins"],
               average=row["average"], best=row["best"])


SCREEN = RecordsScreen
