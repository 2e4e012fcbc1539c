"""Small shared Pillow helpers for the picture renderers: fonts, shapes, PNG encoding.

Text is drawn in the bundled DejaVu Sans (fonts/DejaVuSans.ttf, see fonts/LICENSE; no network), so
players' names keep their accents, Greek, Cyrillic...; `drawable` leaves out what it cannot draw
(emoji). Every helper is deterministic: the same calls give the same pixels.

Pictures are drawn in one worker thread, and each one redraws mostly the same labels (names,
numbers, headings), so the font keeps the bitmaps of the texts it rendered last (`MaskCache`),
keyed on everything FreeType is given (text, size, mode, anchor, sub-pixel start...): a label is
rasterized once and then only blended onto the picture. `ImageDraw.text` is still what draws it.
"""

from __future__ import annotations

import hashlib
import io
import math
import threading
import unicodedata
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

Point = tuple[float, float]
RGB = tuple[int, int, int]

FONT_FILE = Path(__file__).with_name("fonts") / "DejaVuSans.ttf"


class MaskCache:
    """The last `size` text bitmaps rendered by FreeType, by everything that went into them."""

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._masks: OrderedDict[tuple[Any, ...], tuple[Any, tuple[int, int]]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: tuple[Any, ...]) -> tuple[Any, tuple[int, int]] | None:
        with self._lock:
            found = self._masks.get(key)
            if found is not None:
                self._masks.move_to_end(key)
                self.hits += 1
            return found

    def put(self, key: tuple[Any, ...], mask: tuple[Any, tuple[int, int]]) -> None:
        with self._lock:
            self.misses += 1
            self._masks[key] = mask
            if len(self._masks) > self.size:
                self._masks.popitem(last=False)


MASKS = MaskCache()


class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType font whose text bitmaps come from `MASKS` when the same text was rendered with
    the same settings before (the bitmaps are only read when drawn, never changed)."""

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        def render() -> tuple[Any, tuple[int, int]]:
            return super(CachedFont, self).getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
            )

        if args or mode == "RGBA":  # colour glyphs use `ink`; anything unusual is not cached
            return render()
        key = (
            self.path,
            self.size,
            self.index,
            self.layout_engine,
            text,
            mode,
            direction,
            tuple(features or ()),
            language,
            stroke_width,
            anchor,
            start,
            tuple(sorted(kwargs.items())),
        )
        found = MASKS.get(key)
        if found is None:
            found = render()
            MASKS.put(key, found)
        return found


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at `size` pixels."""
    return CachedFont(str(FONT_FILE), max(6, size))


@lru_cache(maxsize=1)
def _missing_mask() -> bytes:
    """What the font draws for a character it has no glyph for (its empty box)."""
    return bytes(font(20).getmask("\uffff"))


@lru_cache(maxsize=4096)
def _has_glyph(char: str) -> bool:
    if char.isspace():
        return True
    if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn"):
        return False  # controls, joiners, direction marks, surrogates, private use, unassigned
    if 0xFE00 <= ord(char) <= 0xFE0F or 0xE0100 <= ord(char) <= 0xE01EF:
        return False  # variation selectors (emoji presentation)
    return bytes(font(20).getmask(char)) != _missing_mask()


def drawable(name: str, fallback: str = "") -> str:
    """`name` as the bundled font draws it: every character it has a glyph for kept (`Zoë`,
    `Σοφία`, `Алёна`), the others (emoji) left out, runs of spaces made one; `fallback` when
    nothing is left."""
    kept = "".join(c for c in unicodedata.normalize("NFC", name) if _has_glyph(c))
    return " ".join(kept.split()) or fallback


def text(draw: ImageDraw.ImageDraw, xy: Point, value: str, size: int, fill: RGB, **kw: object) -> None:
    """Centred text (anchor `mm` unless given) in the default font."""
    anchor = kw.pop("anchor", "mm")
    draw.text(xy, value, font=font(size), fill=fill, anchor=anchor, **kw)  # type: ignore[arg-type]


@lru_cache(maxsize=2048)
def fit(value: str, size: int, width: float) -> str:
    """`value` shortened with '..' so that it is at most `width` pixels wide."""
    f = font(size)
    if f.getlength(value) <= width:
        return value
    while value and f.getlength(value + "..") > width:
        value = value[:-1]
    return value + ".."


#: Where a word may break when it does not fit (U+00AD): "Leader\u00adship" -> "Leader-", "ship".
SOFT_HYPHEN = "\u00ad"


def split_lines(value: str, size: int, width: float) -> list[str]:
    """`value`'s lines (split at its line breaks) in the font at `size`, each line too wide for
    `width` in two: at its soft hyphen (`SOFT_HYPHEN`, where the text allows a word to break),
    else at its last space that lets the first part fit, else hyphenated ("Bepillantás":
    "Bepillan-", "tás")."""
    lines: list[str] = []
    for line in value.split("\n"):
        lines += _split_line(line, size, width)
    return lines


def _split_line(value: str, size: int, width: float) -> list[str]:
    measure = font(size).getlength
    whole = value.replace(SOFT_HYPHEN, "")
    if measure(whole) <= width:
        return [whole]
    if SOFT_HYPHEN in value:
        head, tail = value.split(SOFT_HYPHEN, 1)
        return [head + "-", tail.replace(SOFT_HYPHEN, "")]
    spaces = [n for n, c in enumerate(value) if c == " " and measure(value[:n]) <= width]
    if spaces:
        return [value[: spaces[-1]], value[spaces[-1] + 1 :]]
    cut = len(value) - 1
    while cut > 2 and measure(value[:cut] + "-") > width:
        cut -= 1
    return [value[:cut] + "-", value[cut:]]


def key_of(*parts: object) -> str:
    """A short hash naming exactly what a picture shows, from the plain data it is drawn from
    (numbers, strings, lists, tuples, dicts and dataclasses of them; never sets, whose order
    changes from one process to the next): the same parts, the same picture. It hashes their
    `repr`, which costs a fraction of a JSON dump of the same data (`dataclasses.asdict` first
    copies everything)."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def star_points(cx: float, cy: float, outer: float, inner: float, flip: bool = False) -> list[Point]:
    """A five-pointed star, one point up (down when `flip`)."""
    sign = 1 if flip else -1
    points = []
    for n in range(10):
        r = outer if n % 2 == 0 else inner
        angle = math.pi * n / 5
        points.append((cx + r * math.sin(angle), cy + sign * r * math.cos(angle)))
    return points


def half_disc(centre: Point, radius: float, towards: Point, steps: int = 12) -> list[Point]:
    """The half of the disc at `centre` that lies on the side of the point `towards`."""
    cx, cy = centre
    base = math.atan2(towards[1] - cy, towards[0] - cx)
    return [
        (
            cx + radius * math.cos(base - math.pi / 2 + math.pi * n / steps),
            cy + radius * math.sin(base - math.pi / 2 + math.pi * n / steps),
        )
        for n in range(steps + 1)
    ]


def disc(draw: ImageDraw.ImageDraw, centre: Point, radius: float, **kw: object) -> None:
    cx, cy = centre
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), **kw)  # type: ignore[arg-type]


def lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def to_png(image: Image.Image, colours: int = 96) -> bytes:
    """Encode as a palette PNG (small, and deterministic: no timestamps or text chunks)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    # The palette is chosen (fast octree) from every third pixel of every third row, then the
    # whole picture is mapped onto it: 0.36 ms instead of 0.88 for every other pixel of every
    # other row (the pictures are flat colours and anti-aliased text). Any flat area of 3 x 3
    # pixels or more is in the sample; over 576 of the benchmark's pictures a pixel ended up at
    # most 47 (of 255) from its drawn colour (49 with the denser sample), in anti-aliased edges.
    sample = rgb.resize((max(1, rgb.width // 3), max(1, rgb.height // 3)), Image.Resampling.NEAREST)
    palette = sample.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    quantized = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    # zlib level 3: a fifth less time than 5, for 16% more bytes (19.6 kB a picture on average)
    quantized.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()
