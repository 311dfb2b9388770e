"""March of the Ants companion: trackers, the Broodmother opponent and rules lookup.

The package is split so the rules of the game can be used without a screen:
``companion.core`` holds every rule (no Flet), ``companion.store`` the saves,
``companion.rules`` the rules corpus and search, ``companion.cli`` the terminal
commands and ``companion.ui`` the Flet app. Importing this package imports no
Flet, so the CLI starts fast.
"""

__version__ = "0.1.0"
__all__ = ["__version__"]
