"""A table code as a QR code on screen, big enough for another phone's camera to read at 360 px.

A code with two candidates is 194 letters and digits: segno writes it in the QR alphanumeric mode, version 6 (41
modules), error correction L (raised where the version allows: segno's default boost), and a quiet zone of four
modules (the standard's). Shown 312 px wide (inside a 360 px screen's margins): over 6 px a module.
"""

from __future__ import annotations

import io

import flet as ft

SIDE = 312
"""The QR code's width and height on screen (logical pixels)."""


def code_png(code: str) -> bytes:
    """The QR code of ``code`` as a PNG: black on white (a phone's camera reads it on the dark theme too)."""
    import segno

    out = io.BytesIO()
    segno.make(code, error="l", micro=False).save(out, kind="png", scale=8, border=4, dark="#000000",
                                                  light="#ffffff")
    return out.getvalue()


def code_image(code: str, label: str = "") -> ft.Control:
    """The code's QR code, centred at ``SIDE`` px (``label``: what a screen reader says of it)."""
    image = ft.Image(src=code_png(code), width=SIDE, height=SIDE, filter_quality=ft.FilterQuality.NONE)
    return ft.Semantics(content=ft.Container(image, alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.WHITE),
                        identifier="table-qr", label=label or None, container=True)
