"""One browser tab's app (``companion.ui.app.PageApp``), by concern: routes, guests at a shared table, changes
to a game (and two devices' conflicts), this device's settings, and how a tap's handler answers."""
