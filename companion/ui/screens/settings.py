"""Settings: theme, text size, language, confirmations, keeping the screen awake, who wins an early end.

Changes are saved at once (next to the saves) and applied to every open tab.
"""

from __future__ import annotations

import flet as ft

from companion import platform
from companion.core.i18n import N_
from companion.core.schema import JsonObject
from companion.ui import draw_cue, widgets
from companion.ui.fields import changed_value
from companion.ui.i18n import LANGUAGES, tr, trf, verbatim
from companion.ui.screen import Screen
from companion.ui.theme import MIN_TOUCH

ROUTE = "/settings"

THEME_LABELS = {"system": N_("Follow the device"), "light": N_("Light"), "dark": N_("Dark")}
EARLY_END_LABELS = {"leaders": N_("The leaders as winners"), "none": N_("No winner")}
SCALE_LABELS = {1.0: N_("Device size"), 1.15: N_("Large"), 1.3: N_("Larger"), 1.5: N_("Largest")}


class SettingsScreen(Screen):
    title = N_("Settings")
    identifier = "settings"

    def body(self) -> list[ft.Control]:
        s = self.app.settings
        return [
            widgets.section(tr("Theme"), [self._radios("theme", THEME_LABELS, s.theme)], self.sizes,
                            identifier="setting-theme"),
            widgets.section(tr("Text size"), [
                ft.Text(tr("Follows the device's text size; raise it further here."), size=self.sizes.small,
                        color=ft.Colors.ON_SURFACE_VARIANT),
                self._radios("text_scale", {str(k): v for k, v in SCALE_LABELS.items()}, str(s.text_scale)),
            ], self.sizes, identifier="setting-text-size"),
            widgets.section(tr("Language"), [
                ft.Text(tr("For this device only; at first, the browser's language."), size=self.sizes.small,
                        color=ft.Colors.ON_SURFACE_VARIANT),
                self._language_radios(),
            ], self.sizes, identifier="setting-language"),
            widgets.section(tr("At the table"), [
                self._switch("confirm_destructive", tr("Ask before deleting or finishing a game"),
                             s.confirm_destructive),
                self._switch("keep_awake", tr("Keep the screen awake"), s.keep_awake),
                self._switch("draw_cue", tr("Cue on her card"), draw_cue.enabled(self.app)),
                self._switch("draw_cue_sound", tr("With a sound"), s.draw_cue_sound),
                widgets.message_text(tr("When the Broodmother draws: a short vibration where the device has one, "
                                        "and a chime unless the sound is off. Until chosen here: on for phones, off "
                                        "for computers."), self.sizes, muted=True, identifier="draw-cue-note"),
                *([widgets.message_text(self.app.wakelock_note, self.sizes, muted=True, identifier="wakelock-note")]
                  if self.app.wakelock_note else []),
            ], self.sizes, identifier="setting-table"),
            widgets.section(tr("An early end counts"), [
                widgets.message_text(tr("Who wins a game ended early (End early): the rulebooks do not say."),
                                     self.sizes, muted=True, identifier="early-end-note"),
                self._radios("early_end", EARLY_END_LABELS, s.early_end),
            ], self.sizes, identifier="setting-early-end"),
            widgets.section(tr("Saved games"), [
                widgets.message_text(saves_place(self.app.ctx.store.path), self.sizes, muted=True,
                                     identifier="db-path"),
            ], self.sizes, identifier="setting-saves"),
        ]

    def _radios(self, name: str, labels: dict[str, str], value: str) -> ft.Control:
        radios = [widgets.radio(key, tr(label), self.sizes, identifier=f"{name}-{key}")
                  for key, label in labels.items()]
        group = ft.RadioGroup(content=ft.Column(radios, spacing=0), value=value)

        def change(raw: str) -> None:
            self.app.device_settings.update_settings(**{name: float(raw) if name == "text_scale" else raw})

        group.on_change = changed_value(self.app, change)  # the tapped group's value (a redraw may copy it)
        return group

    def _language_radios(self) -> ft.Control:
        """Each language in its own name, so a reader finds theirs whatever is shown now."""
        radios = [widgets.radio(key, verbatim(label), self.sizes, identifier=f"language-{key}")
                  for key, label in LANGUAGES.items()]
        group = ft.RadioGroup(content=ft.Column(radios, spacing=0), value=self.app.language)
        group.on_change = changed_value(self.app, self.app.device_settings.set_language)
        return group

    def _switch(self, name: str, label: str, value: bool) -> ft.Control:
        """A row at least 48 px tall, tapped anywhere to switch; its label wraps rather than being cut."""
        switch = ft.Switch(value=value)

        def flipped(event: object = None) -> None:
            live = getattr(event, "control", None) or switch  # the switch on the page (see ``changed_value``)
            update = self.app.device_settings.update_settings
            self.app.answers.handler(lambda: update(**{name: bool(live.value)}))(event)

        switch.on_change = flipped
        tile = ft.ListTile(title=ft.Text(label, size=self.sizes.body), trailing=switch, toggle_inputs=True,
                           min_height=MIN_TOUCH, content_padding=ft.Padding.symmetric(horizontal=4),
                           min_vertical_padding=4)
        return ft.Semantics(identifier=f"setting-{name}", container=True, content=ft.MergeSemantics(content=tile))

    def on_message(self, message: JsonObject) -> None:
        if message.get("kind") == "settings":
            self.refresh()


SCREEN = SettingsScreen


def saves_place(path: object) -> str:
    """Where the games are, in the words of the device: a folder on a computer; on a phone its browser's storage
    (the folder inside Pyodide, "/home/pyodide/...", means nothing to its owner)."""
    if platform.IS_BROWSER:
        return tr("Kept in this browser on this device. Clearing the browser's data for this site deletes them.")
    # A break allowed after each "/" (a zero-width space): a long path wraps at its folders, not mid-word
    return trf("Stored in {path}", path=str(path).replace("/", "/\u200b"))
