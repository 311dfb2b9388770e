"""The "now" layout's plain parts, without a browser: the cue's default, the setting, folds, tablet text."""

from __future__ import annotations

import flet as ft

from companion.store.settings import Settings, SettingsStore, from_dict
from companion.ui import draw_cue
from companion.ui.panel_folds import Folds
from companion.ui.theme import WIDE, Sizes, scale_for


def test_the_cue_is_on_for_a_phone_and_off_for_a_computer_until_chosen() -> None:
    assert draw_cue.wanted(None, ft.PagePlatform.LINUX, 360) is True  # phone-size window
    assert draw_cue.wanted(None, ft.PagePlatform.ANDROID, 1280) is True  # a mobile client, however wide
    assert draw_cue.wanted(None, ft.PagePlatform.LINUX, 1024) is False
    assert draw_cue.wanted(None, ft.PagePlatform.WINDOWS, None) is False
    assert draw_cue.wanted(False, ft.PagePlatform.IOS, 390) is False  # the player's choice wins
    assert draw_cue.wanted(True, ft.PagePlatform.MACOS, 1440) is True


def test_the_cue_setting_is_kept_and_checked(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = SettingsStore(tmp_path / "settings.json")
    assert store.current.draw_cue is None
    store.update(draw_cue=False)
    assert SettingsStore(tmp_path / "settings.json").current.draw_cue is False
    assert from_dict({"draw_cue": "yes"}) == Settings()  # anything but a bool or null is ignored
    assert from_dict({"draw_cue": True}).draw_cue is True


def test_a_settled_panel_is_folded_until_shown_and_the_choice_is_its_own() -> None:
    folds = Folds()
    folds.settled = {"panel-bm-setup"}
    assert folds.is_folded("panel-bm-setup") and not folds.is_folded("panel-bm-meadow")
    folds.toggle("panel-bm-setup")  # shown on this device
    assert not folds.is_folded("panel-bm-setup") and folds.shown == {"panel-bm-setup"} and not folds.folded
    folds.toggle("panel-bm-setup")
    assert folds.is_folded("panel-bm-setup") and not folds.shown
    folds.toggle("panel-bm-meadow")  # an ordinary panel folds as before
    assert folds.folded == {"panel-bm-meadow"}
    folds.unfold("panel-bm-setup")  # a jump to it shows it
    assert not folds.is_folded("panel-bm-setup")


def test_text_is_larger_at_tablet_width() -> None:
    assert scale_for(1.0, 360) == 1.0
    assert scale_for(1.0, WIDE - 1) == 1.0
    assert Sizes(scale_for(1.0, 1024)).body == 19.2  # 16 px at arm's length becomes 19.2
    assert Sizes(scale_for(1.5, 1280)).body == 28.8
    assert scale_for(1.3, None) == 1.3


def test_a_fold_tapped_before_the_device_answers_is_not_undone_by_its_answer() -> None:
    """Reading the device's choices takes a while on a busy phone: a tap made meanwhile wins over what is read."""
    import contextlib
    import json

    from companion.ui.panel_folds import PREFERENCE_KEY, SHOWN_KEY

    saved = {PREFERENCE_KEY: json.dumps(["panel-log"]), SHOWN_KEY: json.dumps([])}

    class SlowDevice:
        async def get(self, key: str) -> str:
            return saved[key]

    class Screen:
        refreshed = 0

        def refresh(self) -> None:
            self.refreshed += 1

    folds, screen = Folds(), Screen()
    folds._prefs = SlowDevice()  # type: ignore[assignment]
    folds.settled = {"panel-bm-setup"}
    assert folds.is_folded("panel-bm-setup")  # done with: folded until shown
    folds.toggle("panel-bm-setup")  # the player shows it before the device answered
    reading = folds.load(screen)  # type: ignore[arg-type]
    with contextlib.suppress(StopIteration):  # driven by hand: the suite's browser tests own this thread's loop
        reading.send(None)
    assert not folds.is_folded("panel-bm-setup")  # the tap stands
    assert folds.is_folded("panel-log") and screen.refreshed == 1  # and the device's own choice is read
    folds.toggle("panel-bm-setup")  # after the answer, taps are plain toggles
    assert folds.is_folded("panel-bm-setup")
