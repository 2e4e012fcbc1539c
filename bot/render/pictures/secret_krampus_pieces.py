"""Secret Krampus picture pieces: sizes, colours and the small shapes the boards are drawn with (a
panel, a nice gift, a naughty gift, a lump of coal, a board's heading, a row of spaces, centred
lines of text). Used by `secret_krampus`, which lays out the boards and draws what `Drawn` says.
"""

from __future__ import annotations

from PIL import ImageDraw

from bot.render.pictures._draw import RGB, disc, fit, font, split_lines, text

# -- sizes -----------------------------------------------------------------------------------------
WIDTH, HEIGHT = 600, 400
SMALL = 17  # the smallest letters: 17 * 400 / 600 = 11.3 px on a phone
MARGIN = 6
PAD = 6  # inside a panel
GAP = 6  # between spaces
NICE_Y, NICE_H = 6, 96
NAUGHTY_Y, NAUGHTY_H = 108, 180
BOTTOM_Y = 294
BOTTOM_H = HEIGHT - BOTTOM_Y - MARGIN
SPLIT_X = 290  # the failed votes on the left, the piles and the stables on the right

# -- colours ---------------------------------------------------------------------------------------
NIGHT: RGB = (14, 24, 44)
SNOW: RGB = (190, 205, 230)
WHITE: RGB = (245, 245, 245)
DIM: RGB = (150, 160, 180)
INK: RGB = (25, 25, 30)
GOLD: RGB = (255, 205, 60)
NICE_BOARD: RGB = (24, 96, 52)
NICE_EDGE: RGB = (90, 170, 110)
NICE_SPACE: RGB = (16, 70, 38)
NICE_TEXT: RGB = (205, 240, 210)
NAUGHTY_BOARD: RGB = (112, 22, 32)
NAUGHTY_EDGE: RGB = (200, 80, 80)
NAUGHTY_SPACE: RGB = (78, 14, 22)
NAUGHTY_TEXT: RGB = (250, 210, 210)
PRESENT_RED: RGB = (214, 40, 48)
PRESENT_GREEN: RGB = (40, 150, 70)
COAL: RGB = (40, 40, 46)
COAL_SHINE: RGB = (110, 110, 125)
HORN: RGB = (235, 225, 200)
TRACK_BOARD: RGB = (52, 56, 72)
TRACK_SPACE: RGB = (34, 38, 52)
STABLE_BOARD: RGB = (110, 64, 34)
STABLE_TEXT: RGB = (250, 232, 200)
HAY: RGB = (230, 190, 90)


# -- small pieces ----------------------------------------------------------------------------------
def panel(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB, edge: RGB) -> None:
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=edge, width=2)


def present(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, box: RGB, ribbon: RGB) -> None:
    """A wrapped gift with a bow."""
    h = size / 2
    draw.rectangle((cx - h, cy - h * 0.7, cx + h, cy + h), fill=box, outline=INK, width=2)
    draw.rectangle(
        (cx - h - 3, cy - h * 0.7 - 8, cx + h + 3, cy - h * 0.7 + 2), fill=box, outline=INK, width=2
    )
    draw.rectangle((cx - 4, cy - h * 0.7 - 8, cx + 4, cy + h), fill=ribbon)
    top = cy - h * 0.7 - 8
    draw.ellipse((cx - 15, top - 10, cx - 1, top + 2), fill=ribbon, outline=INK)
    draw.ellipse((cx + 1, top - 10, cx + 15, top + 2), fill=ribbon, outline=INK)
    disc(draw, (cx, top - 2), 4, fill=ribbon, outline=INK)


def naughty_gift(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """A coal-black gift with a red ribbon and little Krampus horns."""
    h = size / 2
    top = cy - h * 0.7 - 8
    for sign in (-1, 1):  # the horns
        draw.polygon(
            [(cx + sign * 8, top + 2), (cx + sign * 16, top + 2), (cx + sign * 20, top - 14)],
            fill=HORN,
            outline=INK,
        )
    draw.rectangle((cx - h, cy - h * 0.7, cx + h, cy + h), fill=COAL, outline=INK, width=2)
    draw.rectangle((cx - h - 3, top, cx + h + 3, cy - h * 0.7 + 2), fill=COAL, outline=INK, width=2)
    draw.rectangle((cx - 4, top, cx + 4, cy + h), fill=PRESENT_RED)
    draw.rectangle((cx - h, cy + 2, cx + h, cy + 8), fill=PRESENT_RED)


def coal_lump(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """A lump of coal (a failed vote)."""
    shape = [(-22, 5), (-16, -13), (-2, -20), (17, -13), (22, 4), (12, 17), (-10, 17)]
    draw.polygon([(cx + x, cy + y) for x, y in shape], fill=COAL, outline=COAL_SHINE)
    disc(draw, (cx - 6, cy - 7), 4, fill=COAL_SHINE)
    disc(draw, (cx + 8, cy + 4), 3, fill=COAL_SHINE)
    disc(draw, (cx - 2, cy + 9), 2, fill=COAL_SHINE)


def board_header(draw: ImageDraw.ImageDraw, y: float, title: str, count: str, colour: RGB) -> None:
    """A board's name on the left of its top line, how full it is on the right."""
    room = WIDTH - 2 * MARGIN - 2 * PAD - 8 - font(18).getlength(count) - 12
    text(draw, (MARGIN + PAD + 4, y + 16), fit(title, 20, room), 20, WHITE, anchor="lm")
    text(draw, (WIDTH - MARGIN - PAD - 4, y + 16), count, 18, colour, anchor="rm")


def space_edges(
    count: int, x0: float = MARGIN + PAD, x1: float = WIDTH - MARGIN - PAD
) -> list[tuple[float, float]]:
    """The left and right x of `count` equal spaces from `x0` to `x1`."""
    width = (x1 - x0 - GAP * (count - 1)) / count
    return [(x0 + n * (width + GAP), x0 + n * (width + GAP) + width) for n in range(count)]


def centred_lines(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], value: str, width: float, fill: RGB
) -> None:
    """`value` (its lines split at line breaks) centred on `centre`, each line fitted to `width`."""
    lines = split_lines(value, SMALL, width)
    for k, line in enumerate(lines):
        y = centre[1] + (k - (len(lines) - 1) / 2) * 19
        text(draw, (centre[0], y), fit(line, SMALL, width), SMALL, fill)


__all__ = ["board_header", "centred_lines", "coal_lump", "naughty_gift", "panel", "present", "space_edges"]
