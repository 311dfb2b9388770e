"""Player settings (theme, text size, confirmations, keep awake, who wins an early end), saved next to the games.

The language is not here: it belongs to each device (its browser's language, or the one chosen
in Settings, kept in that browser), so two phones at one table can read different languages.

Settings are a small JSON file beside the saves database, so a ``--db`` in a test folder
or on a USB stick carries its own settings and the user's real ones are never touched.
A missing or damaged file gives the defaults (and a notice) instead of stopping the app:
settings are a convenience, never a reason not to play.
"""

from __future__ import annotations

import json
import threading
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Annotated, Literal, get_args, get_type_hints

from annotated_types import Ge, Le

from companion.core.i18n import Msg, msg
from companion.core.schema import Json, SchemaError, check_value
from companion.store.atomic import write_atomically

Theme = Literal["system", "light", "dark"]
EarlyEnd = Literal["leaders", "none"]  # core.outcome's EARLY_WINNERS
TextScale = Annotated[float, Ge(0.8), Le(2.0)]  # what the settings screen offers lies inside
THEMES: tuple[str, ...] = get_args(Theme)
TEXT_SCALES = (1.0, 1.15, 1.3, 1.5)
SETTINGS_FILE = "settings.json"


@dataclass(frozen=True)
class Settings:
    """What a player can change; the defaults suit a dim table and a phone at arm's length.

    The fields' types are also the check of what a settings file or a change may hold (``check_value``)."""

    theme: Theme = "dark"
    text_scale: TextScale = 1.0
    confirm_destructive: bool = True
    keep_awake: bool = False
    draw_cue: bool | None = None  # a cue when she draws; None: on for a phone-size screen, off for a computer
    draw_cue_sound: bool = True  # the cue includes a chime (besides the vibration)
    early_end: EarlyEnd = "leaders"  # who wins a game ended early (the rulebooks are silent): see core.outcome


def _valid(name: str, value: object) -> bool:
    """Only values of the setting's own type (its limits included) are accepted, from the file or a change."""
    try:
        check_value(_TYPES[name], value)
    except SchemaError:
        return False
    return True


_TYPES: dict[str, object] = get_type_hints(Settings, include_extras=True)


def from_dict(raw: Json) -> Settings:
    """Build settings from parsed JSON, keeping each valid value and defaulting the rest."""
    if not isinstance(raw, dict):
        return Settings()
    values = {k: v for k, v in raw.items() if k in _TYPES and _valid(k, v)}
    if "text_scale" in values:
        values["text_scale"] = float(values["text_scale"])
    return Settings(**values)


def settings_path(db_path: Path) -> Path:
    """The settings file that belongs to a saves database: same folder."""
    return Path(db_path).with_name(SETTINGS_FILE)


class SettingsStore:
    """Loads once, saves atomically on every change; ``notice`` explains a file that was ignored."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.notice: Msg | None = None
        self._lock = threading.Lock()
        self._current = self._read()

    def _read(self) -> Settings:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return Settings()
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            self.notice = msg("Your settings file could not be read ({kind}); using the defaults.",
                              kind=exc.__class__.__name__)
            return Settings()
        return from_dict(raw)

    @property
    def current(self) -> Settings:
        with self._lock:
            return self._current

    def update(self, **changes: Json) -> Settings:
        """Apply validated changes, save them, and return the new settings."""
        for name, value in changes.items():
            if name not in _TYPES or not _valid(name, value):
                raise ValueError(msg("Not a valid setting: {name}={value}", name=name, value=repr(value)))
        with self._lock:
            new = replace(self._current, **changes)
            write_atomically(self.path, json.dumps(asdict(new), indent=1))
            self._current = new
            return new
