"""The screens, one module per route.

Adding a screen is one new module here: give it ``ROUTE`` (``"/path"`` or ``"/path/:param"``)
and ``SCREEN`` (a ``companion.ui.screen.Screen`` subclass); the router finds it. A module
with ``PLACEHOLDER = True`` stands in until a real screen claims the same route.
"""
