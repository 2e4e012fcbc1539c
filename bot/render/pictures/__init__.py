"""Pillow pictures for the renderers (deterministic PNG bytes, the bundled DejaVu Sans): one module per
game, plus the shared drawing helpers in `_draw`."""
