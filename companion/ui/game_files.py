"""Managing saved games from the app: rename, export to a file, import from a file, and the row actions.

The store does the work (``GameStore.rename``, ``transfer.export_bytes / import_bytes``) and words its
refusals; this module is the wiring: dialogs, the file picker and the messages. One
``GameFiles`` per tab owns that tab's ``FilePicker`` service (Flet 1.0 registers a service
with the page it is made on, and keeps it while something references it).

In web mode an export is a download (``save_file(file_name=..., src_bytes=...)``); an
import opens the browser's file chooser from the button itself (a ``PickFiles`` client
action), because browsers - iOS Safari above all - only open a chooser inside the tap.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.core.i18n import render
from companion.store import transfer
from companion.store.damaged import KeptGame
from companion.store.errors import StoreError
from companion.store.names import MAX_GAME_NAME
from companion.ui import widgets
from companion.ui.dialog_stack import close_answered
from companion.ui.fields import FieldMessage, text_field
from companion.ui.i18n import tr, trf
from companion.ui.theme import DIALOG_BUTTON_GAP

if TYPE_CHECKING:
    from companion.ui.app import PageApp

EXPORT_SUFFIX = ".moa.json"
KEPT_SUFFIX = ".damaged.json"
IMPORT_EXTENSIONS = ["json"]


def export_file_name(name: str, fallback: str = "game") -> str:
    """``"Friday night!"`` -> ``"friday-night.moa.json"``: safe on every system, recognisably the game."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:MAX_GAME_NAME].strip("-")
    return f"{slug or fallback}{EXPORT_SUFFIX}"


def kept_file_name(name: str, fallback: str) -> str:
    """A game that could not be opened, saved as it is: ``"solo-tuesday.damaged.json"`` (not an export to import)."""
    return export_file_name(name, fallback).removesuffix(EXPORT_SUFFIX) + KEPT_SUFFIX


def picked_bytes(file: object) -> bytes | None:
    """The contents of a picked file (the client sends bytes, or a list of ints from some paths)."""
    data = getattr(file, "bytes", None)
    if data is None and isinstance(file, dict):
        data = file.get("bytes")
    if isinstance(data, (bytes, bytearray)):
        return bytes(data)
    if isinstance(data, list):
        return bytes(data)
    return None


def picked_name(file: object) -> str:
    name = getattr(file, "name", None) or (file.get("name") if isinstance(file, dict) else None)
    return str(name or tr("The file"))


class GameFiles:
    """Rename, export and import for one tab, with that tab's file picker."""

    def __init__(self, app: PageApp) -> None:
        self.app = app
        self.picker = ft.FilePicker(on_result=self._on_picked)

    # -- rename -----------------------------------------------------------------------
    def rename(self, game_id: str, name: str) -> str:
        """Rename in the store; the shared session reloads and every tab shows the new name."""
        self.app.guests.require_host()
        self.app.ctx.store.rename(game_id, name)
        self.app.ctx.sessions.forget(game_id)  # its revision is now behind the saved one
        self.app.changes.game_changed(game_id)
        return str(self.app.ctx.store.load(game_id)["name"])

    def ask_rename(self, game_id: str, current: str) -> None:
        """A dialog with the name filled in; the store's refusal is shown under the field."""
        sizes = self.app.sizes
        labelled = text_field(tr("Game name"), sizes, value=current, autofocus=True, max_length=MAX_GAME_NAME, lines=4,
                              counter=trf("Up to {n} characters", n=MAX_GAME_NAME),  # Flutter's own is English
                              text_size=sizes.body, on_change=_keep_in_sync)
        field = labelled.box
        problem = FieldMessage(sizes, "rename-problem")

        def save() -> None:
            try:
                new_name = self.rename(game_id, field.value or "")
            except StoreError as exc:
                problem.show(str(exc))
                return
            close_answered(self.app.page)
            self.app.answers.show_info(trf("Renamed to {new_name}.", new_name=new_name))

        field.on_submit = self.app.answers.handler(save)
        dialog = ft.AlertDialog(actions_overflow_button_spacing=DIALOG_BUTTON_GAP,
            modal=True,
            title=ft.Text(tr("Rename this game"), size=sizes.title),
            content=ft.Column([labelled.control, problem.control],
                              tight=True, spacing=8),
            semantics_label=tr("Rename this game"),
            actions=[
                widgets.tap_button(tr("Cancel"), self.app.answers.handler(partial(close_answered, self.app.page)),
                                   kind="text", identifier="rename-cancel", sizes=sizes),
                widgets.tap_button(tr("Save name"), self.app.answers.handler(save), identifier="rename-save",
                                   sizes=sizes),
            ],
        )
        self.app.page.show_dialog(dialog)

    # -- export -----------------------------------------------------------------------
    def export(self, game_id: str) -> None:
        """Offer the game as a file: a download in a browser, a save dialog in a window."""
        self.app.guests.require_host()
        data = transfer.export_bytes(self.app.ctx.store, game_id)  # a StoreError is shown by the caller's guard
        name = str(self.app.ctx.store.load(game_id)["name"])
        self.app.page.run_task(self._save, export_file_name(name, game_id), data)

    async def _save(self, file_name: str, data: bytes) -> None:
        await self._offer(file_name, data, tr("Export this game"), IMPORT_EXTENSIONS,
                          lambda exc: trf("The game could not be exported: {exc}", exc=exc))

    def offer(self, file_name: str, data: bytes, *, title: str, extension: str,
              failed: Callable[[Exception], str]) -> None:
        """Offer any bytes as a file the same way (the Records screen's plays); ``failed`` words a refusal."""
        self.app.guests.require_host()
        self.app.page.run_task(self._offer, file_name, data, title, [extension], failed)

    async def _offer(self, file_name: str, data: bytes, title: str, extensions: list[str],
                     failed: Callable[[Exception], str]) -> None:
        try:
            await self.picker.save_file(dialog_title=title, file_name=file_name, src_bytes=data,
                                        file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=extensions)
        except Exception as exc:  # a refused download must not pass silently
            self.app.answers.show_error(failed(exc))
            return
        self.app.answers.show_info(trf("Exported as {file_name}.", file_name=file_name))

    # -- games that could not be opened ------------------------------------------------
    def show_kept_details(self, kept: KeptGame) -> None:
        """Why it could not be opened (the technical reason) and where its file is kept."""
        sizes = self.app.sizes
        title = trf("Why '{name}' could not be opened", name=kept.name)
        lines: list[ft.Control] = [
            ft.Text(render(kept.reason), size=sizes.body),
            ft.Text(trf("Its file is kept, untouched, as {path} (since {when} UTC).", path=str(kept.path),
                        when=kept.kept_at), size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT),
        ]
        body = ft.Semantics(identifier="kept-details-text", container=True,
                            content=ft.Column(lines, tight=True, spacing=10))
        dialog = ft.AlertDialog(actions_overflow_button_spacing=DIALOG_BUTTON_GAP,
            modal=True, title=ft.Text(title, size=sizes.title), content=body, semantics_label=title,
            actions=[widgets.tap_button(tr("Close"), self.app.answers.handler(partial(close_answered, self.app.page)),
                                        identifier="kept-details-close", sizes=sizes)],
        )
        self.app.page.show_dialog(dialog)

    def export_kept(self, kept: KeptGame) -> None:
        """Offer the kept file, byte for byte, as a download (or a save dialog in a window)."""
        self.app.guests.require_host()
        data = self.app.ctx.store.damaged.file_bytes(kept.handle)
        self.app.page.run_task(self._save, kept_file_name(kept.name, kept.id), data)

    def delete_kept(self, kept: KeptGame) -> None:
        """Remove the kept file after the player confirms (it cannot be brought back)."""
        self.app.guests.require_host()

        def delete() -> None:
            self.app.guests.require_host()
            self.app.ctx.store.damaged.delete(kept.handle)
            self.app.broadcast({"kind": "game", "id": kept.id, "deleted": True})
            self.app.answers.show_info(trf("Deleted {name}.", name=kept.name))
            self.app.routes.refresh()

        self.app.answers.confirm(tr("Delete this game?"),
                                 trf("'{name}' could not be opened; its file will be removed from this device. "
                                     "This cannot be undone.", name=kept.name), tr("Delete"), delete)

    # -- import -----------------------------------------------------------------------
    def import_action(self) -> ft.PickFiles:
        """The chooser a button opens on the client, inside the tap; the result comes to ``_on_picked``."""
        return ft.PickFiles(self.picker, dialog_title=tr("Import a game"), file_type=ft.FilePickerFileType.CUSTOM,
                            allowed_extensions=IMPORT_EXTENSIONS, with_data=True)

    def pick(self) -> None:
        """Open the chooser from the server (where no client action ran, e.g. a desktop window)."""
        self.app.guests.require_host()
        self.app.page.run_task(self._pick)

    async def _pick(self) -> None:
        try:
            files = await self.picker.pick_files(dialog_title=tr("Import a game"), with_data=True,
                                                 file_type=ft.FilePickerFileType.CUSTOM,
                                                 allowed_extensions=IMPORT_EXTENSIONS)
        except Exception as exc:
            self.app.answers.show_error(trf("No file could be opened: {exc}", exc=exc))
            return
        self.app.answers.guard(lambda: self.import_files(files))

    def _on_picked(self, e: ft.FilePickerResultEvent) -> None:
        self.app.answers.guard(lambda: self.import_files(e.files))

    def import_files(self, files: Sequence[object] | None) -> list[str]:
        """Import each picked file; the first refusal is shown and nothing of that file is kept."""
        added: list[str] = []
        for file in files or []:  # an empty list: the player cancelled
            source = picked_name(file)
            data = picked_bytes(file)
            if data is None:
                raise StoreError(trf("{source} could not be read by the browser.", source=source))
            added.append(self.import_bytes(data, source))
        return added

    def import_bytes(self, data: bytes, source: str) -> str:
        self.app.guests.require_host()
        game_id = transfer.import_bytes(self.app.ctx.store, data, source)  # a bad file: StoreError, nothing saved
        name = self.app.ctx.store.load(game_id)["name"]
        self.app.changes.game_changed(game_id)
        self.app.answers.show_info(trf("Imported {name}.", name=name))
        return game_id

    # -- the actions of one game, at the bottom of the screen ------------------------------
    def show_actions(self, game_id: str, name: str, *, with_open: bool = True,
                     after_delete: Callable[[], object] | None = None) -> None:
        """A bottom sheet with big labelled buttons: Open, Rename, Export, Delete (within thumb reach)."""
        sizes, app = self.app.sizes, self.app

        def then(action: Callable[[], object]) -> Callable[[object], None]:
            def run() -> None:
                close_answered(app.page)
                action()
            return app.answers.handler(run)

        buttons: list[ft.Control] = []
        if with_open:
            buttons.append(widgets.tap_button(trf("Open {name}", name=name),
                                              then(lambda: app.routes.go(f"/game/{game_id}")),
                                              text=tr("Open"), icon=ft.Icons.PLAY_ARROW,
                                              identifier=f"open-{game_id}", kind="tonal", sizes=sizes))
        buttons += [
            widgets.tap_button(trf("Rename {name}", name=name), then(lambda: self.ask_rename(game_id, name)),
                               text=tr("Rename"), icon=ft.Icons.DRIVE_FILE_RENAME_OUTLINE,
                               identifier=f"rename-{game_id}", kind="tonal", sizes=sizes),
            widgets.tap_button(trf("Export {name} to a file", name=name), then(lambda: self.export(game_id)),
                               text=tr("Export to a file"), icon=ft.Icons.FILE_DOWNLOAD_OUTLINED,
                               identifier=f"export-{game_id}", kind="tonal", sizes=sizes),
            widgets.tap_button(trf("Delete {name}", name=name),
                               then(lambda: app.changes.delete_game(game_id, name, after=after_delete)),
                               text=tr("Delete"), icon=ft.Icons.DELETE_OUTLINE,
                               identifier=f"sheet-delete-{game_id}", kind="outlined", sizes=sizes),
            widgets.tap_button(tr("Close"), app.answers.handler(partial(close_answered, app.page)), icon=ft.Icons.CLOSE,
                               identifier="actions-close", kind="text", sizes=sizes),
        ]
        title = ft.Semantics(header=True, identifier="actions-title",
                             content=ft.Text(name, size=sizes.title, weight=ft.FontWeight.W_700, max_lines=2,
                                             overflow=ft.TextOverflow.ELLIPSIS))
        column = ft.Column([title, *buttons], spacing=10, tight=True,
                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        sheet = ft.BottomSheet(ft.Container(column, padding=ft.Padding.only(left=16, right=16, top=16, bottom=20)),
                               show_drag_handle=True)
        app.page.show_dialog(sheet)


def _keep_in_sync(_: object) -> None:
    """Having a change handler makes the client send every keystroke, so Save sees the typed value."""
