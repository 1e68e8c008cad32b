#!/usr/bin/env python3
"""Draws the demo's icons (committed PNGs); needs Pillow: pip install pillow."""
from pathlib import Path
from PIL import Image, ImageDraw

out = Path(__file__).resolve().parent.parent / "Examples" / "Demo" / "Resources"
size, ss = 96, 4  # drawn 4x larger, then downsampled for smooth edges


def icon(name, fill, draw_glyph):
    big = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse([0, 0, size * ss - 1, size * ss - 1], fill=fill)
    draw_glyph(d, size * ss)
    big.resize((size, size), Image.LANCZOS).save(out / f"{name}.png")


def check(d, s):
    w = s // 11
    d.line([(s * 0.28, s * 0.52), (s * 0.44, s * 0.68), (s * 0.73, s * 0.36)], fill="white", width=w, joint="curve")


def bell(d, s):
    d.rounded_rectangle([s * 0.3, s * 0.25, s * 0.7, s * 0.68], radius=s * 0.2, fill="white")
    d.rectangle([s * 0.24, s * 0.6, s * 0.76, s * 0.68], fill="white")
    d.ellipse([s * 0.44, s * 0.68, s * 0.56, s * 0.8], fill="white")


out.mkdir(parents=True, exist_ok=True)
icon("check", (46, 160, 90, 255), check)
icon("bell", (94, 96, 206, 255), bell)
