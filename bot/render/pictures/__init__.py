"""Pillow pictures for the renderers (deterministic PNG bytes, built-in font only)."""

from bot.render.pictures.christmas_tree import picture_key, render_tree_png, render_trees_png
from bot.render.pictures.secret_krampus import render_boards_png

__all__ = ["picture_key", "render_boards_png", "render_tree_png", "render_trees_png"]
