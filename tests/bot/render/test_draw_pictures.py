"""The shared picture helpers (`bot.render.pictures._draw`): text drawn from the mask cache is the
text FreeType draws, the cache stays bounded, and the palette PNG keeps the drawn colours."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.render.pictures import _draw
from bot.render.pictures._draw import FONT_FILE, MaskCache, font, text, to_png


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


def _decoded(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG" and image.mode == "P"
        return image.convert("RGB")


def test_flat_colours_are_kept_exactly() -> None:
    image = Image.new("RGB", (120, 80), (24, 44, 36))
    draw = ImageDraw.Draw(image)
    steps = (0, 120, 240)
    colours = [(r, g + 10, b + 5) for r in steps for g in steps for b in steps]
    for n, colour in enumerate(colours):  # 27 distinct colours in blocks of 3 x 3 px
        x, y = 3 * n % 120, (n % 8) * 9
        draw.rectangle((x, y, x + 2, y + 2), fill=colour)
    assert _decoded(to_png(image)).tobytes() == image.tobytes()


def test_anti_aliased_text_stays_close_to_what_was_drawn() -> None:
    image = Image.new("RGB", (400, 200), (16, 26, 50))
    draw = ImageDraw.Draw(image)
    colours = [(255, 205, 60), (245, 245, 245), (214, 40, 48), (40, 104, 214), (60, 220, 100)]
    for n, colour in enumerate(colours):
        draw.rectangle((0, 40 * n, 200, 40 * n + 39), fill=colour[::-1])
        text(draw, (100, 40 * n + 20), "Gingerbread Gus: 12 pts", 18, colour)
        text(draw, (300, 40 * n + 20), "Zoë, Σοφία", 22, colour)
    difference = ImageChops.difference(_decoded(to_png(image)), image).convert("L")
    largest = max(level for level, count in enumerate(difference.histogram()) if count)
    assert largest <= 32  # 17 here; a 96-colour octree of every pixel gives as much
