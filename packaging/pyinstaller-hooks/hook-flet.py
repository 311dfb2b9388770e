"""Replaces flet-cli's ``hook-flet.py``, which downloads the Flet desktop client at build time.

The bundle serves the web UI (``flet_web``) and never opens a native window, so it only
needs the icon tables that ``ft.Icons`` / ``ft.CupertinoIcons`` read at run time. This
keeps ``pyinstaller build.spec`` offline.
"""

from PyInstaller.utils.hooks import collect_data_files

datas = collect_data_files("flet.controls.material", includes=["icons.json"]) + collect_data_files(
    "flet.controls.cupertino", includes=["cupertino_icons.json"]
)
excludedimports = ["flet_desktop"]
