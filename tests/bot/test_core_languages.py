"""The bot's shared layer speaks the reader's language: the lobby's buttons, the refusals of the
service, lobby, table, /log, /export and /stats (in the language of whoever clicked), and the turn
clock's channel posts (in the table's), in Hungarian and German, with none of their English left.

The translations come from the real catalogues."""

from __future__ import annotations

import functools
import re

import bot.i18n as i18n
from bot.i18n import _, using
from bot.plugins import PLUGINS
from tests.bot.fakes import FakeMessage, FakeUser
from tests.bot.harness import CHANNEL, Harness, choose_option, make_users
from tests.marked_texts import template

#: The files of the shared layer whose texts this test owns.
MINE = (
    "bot/service",
    "bot/table.py",
    "bot/table_history",
    "bot/table_stats",
    "bot/components",
    "bot/clock",
    "bot/client",
    "bot/pipeline",
    "bot/plugins/plugin",
)
#: Texts that read the same in a language.
SAME = {("de", "normal")}
LOBBY_LABELS = {
    "hu": ["Csatlakozás", "Kilépés", "Indítás", "Mégse", "MI hozzáadása", "MI eltávolítása"],
    "de": ["Beitreten", "Verlassen", "Starten", "Abbrechen", "KI hinzufügen", "KI entfernen"],
}


@functools.cache
def my_texts() -> list[tuple[str, ...]]:
    """The English texts of the shared layer: (text,) or (singular, plural)."""
    found = []
    for message in template():
        if message.id and any(path.startswith(MINE) for path, _line in message.locations):
            found.append(tuple(map(str, message.id)) if isinstance(message.id, tuple) else (str(message.id),))
    return found


def translation(language: str, english: tuple[str, ...], n: int = 2) -> str:
    catalogue = i18n.translations(language)
    return (
        catalogue.ngettext(english[0], english[1], n) if len(english) == 2 else catalogue.gettext(english[0])
    )


def leftovers(language: str, texts: list[str]) -> list[str]:
    """The English texts of the shared layer (translated differently in `language`) found in
    `texts`: a one-word text (a button, a clock setting) as a whole text, a sentence anywhere,
    its placeholders matching anything."""
    found = []
    for english in my_texts():
        for form in english:
            if translation(language, english, 1 if form == english[0] else 2) == form:
                continue  # the same in both languages (or untranslated: the catalogue test says so)
            pieces = re.split(r"\{[a-z_]+\}", form)
            pattern = re.compile(".+?".join(re.escape(piece) for piece in pieces))
            if " " not in form:
                hits = [text for text in texts if text.strip() == form]
            else:
                hits = [text for text in texts if pattern.search(text)]
            found += [f"{form!r} in {hit!r}" for hit in hits]
    return found


def seen(messages: list[FakeMessage]) -> list[str]:
    """Every text of `messages` as its own string (content, embed parts, each label)."""
    return [line for message in messages for line in message.text().split("\n")] + [
        part for message in messages for part in (message.content or "", *_labels(message)) if part
    ]


def _labels(message: FakeMessage) -> list[str]:
    """The labels of a message's buttons, in order."""
    return [label for item in message.items() if (label := getattr(item.item, "label", None))]


def test_every_text_of_the_shared_layer_is_translated_and_fits_a_phone() -> None:
    texts = my_texts()
    assert len(texts) > 80  # the refusals, buttons, clock texts ... are all marked
    for language in ("hu", "de"):
        for english in texts:
            for n in (1, 2):
                text = translation(language, english, n)
                form = english[0] if n == 1 else english[-1]
                assert text != form or (language, text) in SAME, f"{language}: {form!r} has no translation"
                assert len(text) <= max(1.6 * len(form), len(form) + 25), f"{language}: {text!r} is too long"


async def test_a_hungarian_lobby_answers_each_player_in_their_own_language(harness: Harness) -> None:
    harness.discord.guild_locale = "hu"  # type: ignore[attr-defined]  # the table's language
    users = make_users(5)
    for user in users[:4]:
        user.locale = "hu"
    german = users[4]
    german.locale = "de"
    host = users[0]
    lobby = (await harness.command("play", host, "secret-krampus")).original
    assert lobby is not None
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    assert _labels(lobby) == LOBBY_LABELS["hu"]
    assert "5-10 játékos" in lobby.text()

    await harness.discord.click(host, lobby, f"lobby:{game_id}:start")
    with using("hu"):
        title = _(PLUGINS.get("secret-krampus").title)
    assert reply(harness, host) == f"{title}: 5-10 játékos kell hozzá; most 1 ül az asztalnál."
    await harness.discord.click(host, lobby, f"lobby:{game_id}:leave")
    assert reply(harness, host) == "A házigazda nem léphet ki; a Mégse gombbal zárhatod be a várót."
    await harness.discord.click(german, lobby, f"lobby:{game_id}:join")
    await harness.discord.click(german, lobby, f"lobby:{game_id}:join")
    assert reply(harness, german) == "Du sitzt schon in dieser Lobby."
    await harness.discord.click(german, lobby, f"lobby:{game_id}:start")
    assert reply(harness, german) == "Nur der Gastgeber kann das Spiel starten."
    await harness.discord.click(users[1], lobby, f"lobby:{game_id}:addai")
    assert reply(harness, users[1]) == "MI-játékost csak a házigazda adhat hozzá vagy vehet el."
    assert _labels(lobby) == LOBBY_LABELS["hu"]  # the clicker's language never reaches the table

    for user in users[1:4]:
        await harness.discord.click(user, lobby, f"lobby:{game_id}:join")
    await harness.discord.click(host, lobby, f"lobby:{game_id}:start")
    game = await harness.game(game_id)
    assert game.record.status == "running"
    (candidate,) = game.to_decide()
    select = next(cid for cid in lobby.custom_ids() if cid.startswith("pick:"))
    value = lobby.item(select).item.options[0].value
    waiting = next(user for user in users[:4] if user.id != game.user_of(candidate))
    await harness.discord.click(waiting, lobby, select, [value])
    assert reply(harness, waiting) == f"Nem te következel - {game.names[candidate]} lépésére várunk."
    outsider = FakeUser(999, "Grinch", locale="de-DE")
    await harness.discord.click(outsider, lobby, select, [value])
    assert reply(harness, outsider) == "Du spielst in diesem Spiel nicht mit."

    await harness.command("export", host, None, manage_guild=True)  # only a finished game is exported
    assert reply(harness, host).startswith("Játékot csak a vége után lehet exportálni")
    await harness.command("log", german, None)
    log = harness.discord.last_ephemeral(german).embeds[0]
    assert log.title == f"{title} #{game_id} - was geschah"
    assert log.footer.text == "Nur was alle gesehen haben."
    await harness.command("stats", users[1], None)
    stats = harness.discord.last_ephemeral(users[1]).embeds[0]
    assert (stats.title, stats.description) == (
        "Dancer játékai ezen a szerveren",
        "Még nincs befejezett játék.",
    )

    hungarian = [m for user in users[:4] for m in harness.discord.ephemeral.get(user.id, [])]
    assert leftovers("hu", seen([*hungarian, lobby])) == []
    assert leftovers("de", seen(harness.discord.ephemeral[german.id])) == []


async def test_the_turn_clock_speaks_the_tables_language(harness: Harness) -> None:
    harness.discord.guild_locale = "de"  # type: ignore[attr-defined]
    users = make_users(5)
    for user in users:
        user.locale = "de"
    users[1].locale = "hu"  # reads the table in German, /log in Hungarian
    lobby = (await harness.command("play", users[0], "secret-krampus")).original
    assert lobby is not None
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await choose_option(harness, users[0], lobby, game_id, "clock", "fast")
    assert "schnell" in lobby.text() and "1 Minute pro Entscheidung" in lobby.text()
    for user in users[1:]:
        await harness.discord.click(user, lobby, f"lobby:{game_id}:join")
    await harness.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    game = await harness.game(game_id)
    (nominator,) = game.to_decide()
    name = game.names[nominator]
    table = harness.table
    assert table is not None
    await table.pipeline.clock_warning(game_id, game.decision)
    warning = harness.discord.channels[CHANNEL][-1].text()
    assert f"<@{game.user_of(nominator)}>: " in warning and "wartet auf dich. Die Zeit läuft <t:" in warning
    await table.pipeline.clock_expiry(game_id, game.decision)
    expiry = harness.discord.channels[CHANNEL][-1].text()
    assert expiry == (
        f"\N{ALARM CLOCK} Zeit abgelaufen (die Nominierung des Schlittenladers): "
        f"Die Uhr hat an Stelle von {name} entschieden."
    )
    game = await harness.game(game_id)
    await table.pipeline.clock_expiry(game_id, game.decision)  # everybody votes late
    handed = harness.discord.channels[CHANNEL][-1].text()
    assert "2-mal in Folge Zeit abgelaufen, jetzt spielt eine KI; `/reclaim` holt den Platz zurück." in handed

    await harness.command("log", users[1], None)
    log = harness.discord.last_ephemeral(users[1]).embeds[0].description or ""
    with using("hu"):  # the log names a seat as it is now played, an AI marked in the reader's words
        now = (await harness.game(game_id)).names[nominator]
    assert f"\N{ALARM CLOCK} Lejárt az idő: az óra döntött {now} helyett." in log
    posts = [m for m in harness.discord.channels[CHANNEL] if m is not lobby]
    assert posts and leftovers("de", seen(posts)) == []


def test_player_counts_in_each_language() -> None:
    krampus, nisse = PLUGINS.get("secret-krampus"), PLUGINS.get("grumpy-nisse")
    with using("de"):
        assert (krampus.players_text, nisse.players_text) == ("5-10 Spieler", "2 Spieler")
    with using("hu"):
        assert (krampus.players_text, nisse.players_text) == ("5-10 játékos", "2 játékos")
    assert (krampus.players_text, nisse.players_text) == ("5-10 players", "2 players")


def reply(h: Harness, user: FakeUser) -> str:
    return h.discord.last_ephemeral(user).content or ""


async def test_a_channel_call_says_du_to_one_player_and_ihr_to_several(h: Harness, clock) -> None:
    """("ihr seid dran" to one player, "wartet auf dich" to six: German and Hungarian tell one
    person from several, English does not; Hungarian has one plural form, so these are texts of
    their own, not plural forms.)"""
    from bot.attention import IDLE_SECONDS
    from tests.bot.test_notifications import nominate

    h.discord.guild_locale = "de"  # type: ignore[attr-defined]
    users = make_users(5)
    h.discord.closed_dms = {u.id for u in users}  # (told by a mention in the channel)
    lobby = (await h.command("play", users[0], "secret-krampus")).original
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    await choose_option(h, users[0], lobby, game_id, "clock", "fast")
    for user in users[1:]:
        await h.discord.click(user, lobby, f"lobby:{game_id}:join")
    await h.discord.click(users[0], lobby, f"lobby:{game_id}:start")
    game = await h.game(game_id)
    await h.table.pipeline.clock_warning(game_id, game.decision)  # (the nominator alone)
    posts = [m.text() for m in h.discord.channels[CHANNEL]]
    assert any("wartet auf dich." in text for text in posts), posts
    clock.now += IDLE_SECONDS + 1  # (the voters are idle now: told by a mention)
    await nominate(h, lobby, users, game)
    posts = [m.text() for m in h.discord.channels[CHANNEL]]
    assert any("ihr seid dran in" in text for text in posts), posts  # (four voters)
    game = await h.game(game_id)
    await h.table.pipeline.clock_warning(game_id, game.decision)
    posts = [m.text() for m in h.discord.channels[CHANNEL]]
    assert any("wartet auf euch." in text for text in posts), posts
