"""The new-game wizard: game -> expansions, modules, variants -> mode -> players -> setup, then start.

Every choice offered comes from the content (``WizardModel``); whether the choices make
a game is the core's ``validate_setup``, whose sentence is shown as is. The summary lists
the setup steps the data says these choices need.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.i18n import N_
from companion.store.names import MAX_GAME_NAME
from companion.ui import widgets
from companion.ui.fields import changed_value, text_field
from companion.ui.i18n import tr, trf, trn
from companion.ui.models import player_range
from companion.ui.screen import Screen
from companion.ui.theme import MIN_TOUCH, on_colour, player_colour
from companion.ui.wizard import STEP_TITLES, WIZARD_STEPS, PlayerDraft, WizardModel

ROUTE = "/new"


class NewGameScreen(Screen):
    title = N_("New game")
    identifier = "new-game"

    def setup(self) -> None:
        self.model = WizardModel(self.app.ctx.store.content)

    def body(self) -> list[ft.Control]:
        step = self.model.step_id
        text = trf("{index}/{count} · {title}", index=self.model.step + 1, count=len(WIZARD_STEPS),
                   title=tr(STEP_TITLES[step]))
        label = trf("Step {index} of {count}: {title}", index=self.model.step + 1, count=len(WIZARD_STEPS),
                    title=tr(STEP_TITLES[step]))
        header = widgets.labelled(ft.Text(text, size=self.sizes.headline, weight=ft.FontWeight.W_700), label,
                                  "wizard-step")
        builders = {"game": self._game, "options": self._options, "mode": self._mode,
                    "players": self._players, "summary": self._summary}
        return [header, *builders[step]()]

    def _rerender(self, change: Callable[[], object]) -> widgets.EventHandler:
        """A handler that applies a model change and redraws the step."""

        def act() -> None:
            change()
            self.refresh()

        return self.app.answers.handler(act)

    def _chosen(self, choose: Callable[[str], object]) -> widgets.EventHandler:
        """A radio group's handler: ``choose`` the value tapped (the event's, see ``changed_value``), redraw."""

        def act(value: str) -> None:
            choose(value)
            self.refresh()

        return changed_value(self.app, act)

    # -- steps ---------------------------------------------------------------------------
    def _game(self) -> list[ft.Control]:
        content = self.model.content
        radios = [widgets.radio(gid, g.name if g.edition in g.name else  # not "Evolved Edition (Evolved Edition)"
                                trf("{game} ({edition})", game=g.name, edition=tr(g.edition)),
                                self.sizes, identifier=f"game-{gid}")
                  for gid, g in content.games.items()]
        group = ft.RadioGroup(content=ft.Column(radios, spacing=4), value=self.model.game)
        group.on_change = self._chosen(self.model.choose_game)
        return [ft.Semantics(identifier="choose-game", container=True, content=group)]

    def _options(self) -> list[ft.Control]:
        m = self.model
        expansions = m.expansion_options()
        if not expansions and not m.has_advanced_track():
            return [widgets.message_text(tr("This game has no expansions, modules or variants."), self.sizes,
                                         muted=True)]
        out: list[ft.Control] = [self._check(e.name, e.id in m.expansions, f"expansion-{e.id}",
                                             lambda on, eid=e.id: m.set_expansion(eid, on)) for e in expansions]
        modules = m.module_options()
        if modules:
            out.append(widgets.heading(tr("Modules"), self.sizes))
        for mod in modules:
            if mod.always:
                out.append(self._check(trf("{name} (always with this expansion)", name=tr(mod.name)), True,
                                       f"module-{mod.id}", None))
            else:
                out.append(self._check(tr(mod.name), mod.id in m.modules, f"module-{mod.id}",
                                       lambda on, mid=mod.id: m.set_module(mid, on)))
        variants = m.variant_options()
        if variants:
            out.append(widgets.heading(tr("Variants"), self.sizes))
        out += [self._check(tr(v.name), v.id in m.variants, f"variant-{v.id}",
                            lambda on, vid=v.id: m.set_variant(vid, on)) for v in variants]
        if m.has_advanced_track():
            out.append(self._check(tr("Advanced round track"), m.advanced_track, "advanced-track",
                                   lambda on: setattr(m, "advanced_track", on)))
        return out

    def _check(self, label: str, value: bool, ident: str, change: Callable[..., object] | None) -> ft.Control:
        """A checkbox whose label wraps on a phone; tapping the label toggles it too."""
        toggle = self._rerender(lambda: change(not value)) if change is not None else None
        box = ft.Checkbox(value=value, disabled=change is None, semantics_label=label, on_change=toggle)
        text = ft.Text(label, size=self.sizes.body, color=None if change else ft.Colors.ON_SURFACE_VARIANT)
        row = ft.Row([box, ft.Container(text, expand=True, on_click=toggle,
                                        padding=ft.Padding.symmetric(vertical=12))],
                     vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=4)
        return ft.Semantics(identifier=ident, container=True, content=row)

    def _mode(self) -> list[ft.Control]:
        out: list[ft.Control] = []
        radios: list[ft.Control] = []
        for choice in self.model.mode_choices():
            label = trf("{mode} ({players})", mode=tr(choice.name), players=player_range(*choice.players))
            if not choice.available:
                label = trf("{mode}: {reason}", mode=label, reason=choice.reason)
            radios.append(widgets.radio(choice.id, label, self.sizes, identifier=f"mode-{choice.id}",
                                        disabled=not choice.available))
        group = ft.RadioGroup(content=ft.Column(radios, spacing=4), value=self.model.mode)
        group.on_change = self._chosen(self.model.choose_mode)
        out.append(group)
        return out

    def _players(self) -> list[ft.Control]:
        m = self.model
        low, high = m.seats().limits
        count = len(m.table.players)
        out: list[ft.Control] = [widgets.stepper(
            tr("Players"), f"{count}",
            self._rerender(lambda: m.table.set_count(count - 1)) if count > low else None,
            self._rerender(lambda: m.table.set_count(count + 1)) if count < high else None,
            self.sizes, identifier="player-count", minus_label=tr("One player fewer"),
            plus_label=tr("One more player"))]
        out += [self._player_editor(i, p) for i, p in enumerate(m.table.players)]
        if m.has_difficulty():
            out.append(self._difficulty())
        name = text_field(tr("Game name (optional)"), self.sizes, value=m.name, text_size=self.sizes.body, lines=4,
                          max_length=MAX_GAME_NAME, counter=trf("Up to {n} characters", n=MAX_GAME_NAME),
                          on_change=changed_value(self.app, lambda text: setattr(m, "name", text)))
        out.append(ft.Semantics(identifier="game-name", container=True, content=name.control))
        if problem := m.problem():
            out.append(widgets.banner(problem, self.sizes, identifier="wizard-problem", error=True))
        return out

    def _difficulty(self) -> ft.Control:
        """Easy / Normal / Difficult, each with the chart's changes for this many colonies."""
        m = self.model
        radios: list[ft.Control] = []
        for c in m.difficulty_choices():
            label = trf("{name}: {changes}", name=tr(c["name"]), changes=c["changes"])
            radios.append(widgets.radio(c["id"], label, self.sizes, identifier=f"difficulty-{c['id']}"))
        group = ft.RadioGroup(content=ft.Column(radios, spacing=4), value=m.difficulty)
        group.on_change = self._chosen(m.choose_difficulty)
        thresholds = m.difficulty_choices()[0]["thresholds"]
        body: list[ft.Control] = [
            group, ft.Text(trf("Thresholds: {thresholds}", thresholds=thresholds), size=self.sizes.small,
                           color=ft.Colors.ON_SURFACE_VARIANT)]
        return widgets.section(tr("Difficulty"), body, self.sizes, identifier="difficulty",
                               help_topic="broodmother.difficulty")

    def _player_editor(self, index: int, player: PlayerDraft) -> ft.Control:
        m = self.model
        number = index + 1
        # Empty until typed, the colour's name its hint: a tap and "Yuki" gives "Yuki", not "RedYuki". With the
        # text made larger the counter's words join the helper's line (beside it, the helper had 62 px), and the
        # counter is a box of no size (an empty Container takes all the width it is offered: the helper had none)
        larger = self.sizes.scale > 1
        helper = (trf("Left empty: {name}. Up to {n} characters.", name=player.default, n=24) if larger
                  else trf("Left empty: {name}", name=player.default))
        field = text_field(trf("Player {number} name", number=number), self.sizes, value=player.name,
                           hint_text=player.default, text_size=self.sizes.body, max_length=24,
                           counter=ft.Container(width=0, height=0) if larger else trf("Up to {n} characters", n=24),
                           helper=helper,
                           on_change=changed_value(self.app, lambda text: m.table.set_name(index, text)))
        rows: list[ft.Control] = [ft.Semantics(identifier=f"player-name-{number}", container=True,
                                               content=field.control)]
        if player.role == "broodmother":
            rows.append(ft.Text(tr("Plays the Broodmother (no colony colour)."), size=self.sizes.small))
        else:
            rows.append(ft.Row([self._colour_button(index, player, c) for c in m.seats().colours],
                               wrap=True, spacing=6, run_spacing=6))
        if m.seats().broodmother_player and player.role != "broodmother":
            rows.append(widgets.tap_button(trf("Player {number} plays the Broodmother", number=number),
                                           self._rerender(lambda: m.table.set_broodmother(index)),
                                           text=tr("Make the Broodmother"), kind="outlined",
                                           identifier=f"broodmother-{number}", sizes=self.sizes))
        card = ft.Card(ft.Container(ft.Column(rows, spacing=8), padding=12), margin=0,
                       variant=ft.CardVariant.OUTLINED)
        return ft.Semantics(identifier=f"player-{number}", container=True, content=card)

    def _colour_button(self, index: int, player: PlayerDraft, colour: str) -> ft.Control:
        chosen = player.colour == colour
        icon = ft.Icon(ft.Icons.CHECK, color=on_colour(colour)) if chosen else None
        disc = ft.Container(icon, width=MIN_TOUCH, height=MIN_TOUCH, border_radius=MIN_TOUCH / 2,
                            bgcolor=player_colour(colour), alignment=ft.Alignment.CENTER,
                            border=ft.Border.all(3 if chosen else 1, ft.Colors.ON_SURFACE if chosen
                                                 else ft.Colors.OUTLINE))
        tap = self._rerender(lambda: self.model.table.set_colour(index, colour))
        disc.on_click = tap
        label = trf("{colour} for player {number}", colour=tr(colour.capitalize()), number=index + 1)
        return ft.Semantics(identifier=f"colour-{index + 1}-{colour}", label=label, button=True,
                            selected=chosen, container=True, exclude_semantics=True, on_tap=tap, content=disc)

    def _summary(self) -> list[ft.Control]:
        m = self.model
        players = ", ".join(trf("{name} ({colour})", name=p.shown, colour=tr(p.colour.capitalize()) if p.colour
                                else tr("Broodmother")) for p in m.table.players)
        out: list[ft.Control] = [
            widgets.section(tr("Your choices"), [ft.Text(line, size=self.sizes.body) for line in
                                                 [*m.choices_text(), trf("Players: {players}", players=players)]],
                            self.sizes, identifier="summary-choices"),
        ]
        groups = m.summary()
        for group, steps in groups:
            out.append(widgets.section(tr(group), [ft.Text(trf("- {step}", step=tr(s)), size=self.sizes.body)
                                                   for s in steps],
                                       self.sizes, identifier=f"setup-{group}"))
        if not groups:
            out.append(widgets.message_text(tr("The usual setup from the rulebook; nothing extra to add or remove."),
                                            self.sizes, identifier="setup-none"))
        return out

    # -- navigation ----------------------------------------------------------------------
    def bottom(self) -> ft.Control:
        m = self.model
        back = widgets.tap_button(tr("Back"), self.app.answers.handler(self._back) if m.step > 0 else None,
                                  icon=ft.Icons.ARROW_BACK, identifier="wizard-back", kind="outlined",
                                  expand=True, sizes=self.sizes)
        if m.step_id == "summary":
            forward = widgets.tap_button(tr("Start game"), self.app.answers.handler(self._start),
                                         icon=ft.Icons.PLAY_ARROW, identifier="start-game", expand=True,
                                         sizes=self.sizes)
        else:
            forward = widgets.tap_button(tr("Next"), self.app.answers.handler(self._next), icon=ft.Icons.ARROW_FORWARD,
                                         identifier="wizard-next", expand=True, sizes=self.sizes)
        return ft.Row([back, forward], spacing=8)

    def _next(self) -> None:
        if not self.app.debouncer.allow("wizard-next"):
            return
        self.model.next()
        self.refresh()
        self.scroll.show_top()  # each step opens at its heading, not where the last one was scrolled to

    def _back(self) -> None:
        self.model.back()
        self.refresh()
        self.scroll.show_top()

    def _start(self) -> None:
        self.app.guests.require_host()
        if not self.app.debouncer.allow("start-game"):
            return
        session = self.app.ctx.store.create(self.model.setup(), self.model.name.strip() or None)
        self.app.ctx.sessions.add(session)
        self.app.broadcast({"kind": "game", "id": session.id, "deleted": False})
        self.app.routes.go(f"/game/{session.id}")
        carried = self.app.ctx.store.carried_last
        if carried:
            self.app.answers.show_info(trn("A card you typed in an earlier game is filled in.",
                                           "Cards you typed in earlier games are filled in: {n}.", carried))


SCREEN = NewGameScreen
