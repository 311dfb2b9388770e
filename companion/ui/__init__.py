"""The Flet app: one module per screen, rendering core views and sending core commands.

No game rule lives here. Screens read ``companion.core.views`` and the content, send
commands to a ``Session`` and show the core's messages; ``launch`` serves it all locally.
"""
