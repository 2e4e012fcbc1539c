"""The shared picture helpers (`bot.render.pictures._draw`): text drawn from the mask cache is the
text FreeType draws, the cache stays bounded, and PNGs are deterministic."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from bot.render.pictures import _draw
from bot.render.pictures._draw import FONT_FILE, MaskCache, font, text


def _labels(draw_font: object) -> bytes:
    image = Image.new("RGB", (320, 120), (24, 44, 36))
    draw = ImageDraw.Draw(image)
    for n, (label, size) in enumerate([("Zoë: 3 pts", 18), ("Σοφία", 22), ("Zoë: 3 pts", 18), ("+7", 17)]):
        for anchor in ("mm", "lm"):
            xy = (60.37 + 60 * n, 30.5 + 40 * (anchor == "lm"))
            used = draw_font(size)  # type: ignore[operator]
            draw.text(xy, label, fill=(246, 240, 226), font=used, anchor=anchor)
    return image.tobytes()


def test_cached_text_is_pixel_for_pixel_what_freetype_draws() -> None:
    def plain(size: int) -> ImageFont.FreeTypeFont:
        return ImageFont.truetype(str(FONT_FILE), size)

    expected = _labels(plain)
    assert _labels(font) == expected  # first time: rendered and kept
    assert _labels(font) == expected  # again: from the cache


def test_the_same_text_at_another_offset_or_size_is_another_mask(monkeypatch) -> None:
    masks = MaskCache(size=100)
    monkeypatch.setattr(_draw, "MASKS", masks)
    image = Image.new("RGB", (200, 60))
    draw = ImageDraw.Draw(image)
    text(draw, (50, 30), "Bob", 18, (255, 255, 255))
    text(draw, (50, 30), "Bob", 18, (255, 0, 0))  # the colour is applied when blending
    assert (masks.misses, masks.hits) == (1, 1)
    text(draw, (50.5, 30), "Bob", 18, (255, 255, 255))
    text(draw, (50, 30), "Bob", 19, (255, 255, 255))
    text(draw, (50, 30), "Bob", 18, (255, 255, 255), anchor="lm")
    assert (masks.misses, masks.hits) == (4, 1)


def test_the_mask_cache_is_bounded(monkeypatch) -> None:
    masks = MaskCache(size=5)
    monkeypatch.setattr(_draw, "MASKS", masks)
    draw = ImageDraw.Draw(Image.new("RGB", (100, 40)))
    for n in range(20):
        text(draw, (50, 20), str(n), 18, (255, 255, 255))
    assert len(masks._masks) == 5
    text(draw, (50, 20), "19", 18, (255, 255, 255))
    text(draw, (50, 20), "0", 18, (255, 255, 255))
    assert (masks.hits, masks.misses) == (1, 21)
