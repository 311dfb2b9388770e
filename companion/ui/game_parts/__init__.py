"""The game screen's parts (``companion.ui.screens.game``): the round bar, the standings, the panels and the log.

Each part is drawn by a small class of its own that the screen holds and asks; what a part keeps from one drawing to
the next (rows, log lines, what each panel was drawn from) is kept there, not on the screen.
"""
