"""Pictures are drawn in a process of their own in the real bot (`PictureCache`, drawing
"process"): every game's pictures travel there as data and come back as the same PNG, a broken
drawing process (or one that cannot start) hands over to a thread, and the drawing process never
outlives the bot, not even a kill -9 of it."""

from __future__ import annotations

import asyncio
import errno
import os
import pickle
import signal
import subprocess
import sys
import time
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

import pytest

import bot.picture_cache
from bot.i18n import using
from bot.picture_cache import MAX_BROKEN, STARTING, PictureCache
from bot.plugins import PLUGINS
from bot.render.base import Payload, Picture
from tests.bot.harness import a_test_game
from tests.bot.render.phone import random_game

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.draws_pictures  # pictures drawn here and in the drawing process are compared


def _pictures_of(name: str, every: int = 7) -> list[Picture]:
    """Some tables' and private messages' pictures over one random game."""
    plugin = PLUGINS.get(name)
    found: list[Picture] = []
    for n, moment in enumerate(random_game(plugin, plugin.min_players, seed=3, limit=120)):
        if n % every == 0:
            found += moment.table().pictures
            for seat in range(plugin.min_players):
                found += moment.private(seat).pictures
    return found


@pytest.mark.parametrize("name", PLUGINS.names())
def test_every_game_s_pictures_travel_as_data(name: str) -> None:
    """A picture's `render` must be a module's function with its arguments (not a lambda):
    pickled and back, it draws the very same PNG."""
    if a_test_game(PLUGINS.get(name)):
        pytest.skip(f"{name}: a game the tests registered, without pictures")
    pictures = _pictures_of(name)
    assert pictures, f"{name} drew no picture"
    for picture in pictures[:12]:
        back = pickle.loads(pickle.dumps(picture))
        assert back.key == picture.key
        assert back.drawn() == picture.drawn()


async def test_pictures_are_drawn_in_another_process_and_kept() -> None:
    cache = PictureCache()
    cache.drawing = "process"
    try:
        picture = _pictures_of("secret-krampus")[0]
        ready = await cache.ready(Payload(pictures=[picture]))
        assert ready.pictures[0].drawn() == picture.drawn()
        assert cache._process is not None and cache._thread is None
        workers = list(cache._process._processes)  # type: ignore[attr-defined]
        assert workers and all(pid != os.getpid() for pid in workers)
        await cache.ready(Payload(pictures=[picture]))
        assert (cache.misses, cache.hits) == (1, 1)
    finally:
        cache.stop()


async def test_a_picture_in_another_language_keeps_its_key_once_drawn() -> None:
    """A picture's key names its language once: the picture made ready (its bytes drawn) kept
    the key, so the same write sent again found it and an edit kept the attachment. Its key
    grew a second "|hu", so non-English messages uploaded their unchanged pictures at every
    edit, and a write sent again submitted the drawn bytes to the drawing process, which could
    not take them (an error logged each time)."""
    with using("hu"):
        picture = _pictures_of("christmas-tree")[0]
    assert picture.key.endswith("|hu") and not picture.key.endswith("|hu|hu")
    cache = PictureCache()
    cache.drawing = "process"
    try:
        payload = await cache.ready(Payload(pictures=[picture]))
        assert payload.picture_keys == (picture.key,)
        again = await cache.ready(payload)  # (a write sent again)
        assert again.picture_keys == (picture.key,) and again.pictures[0].drawn() == picture.drawn()
        cache.clear()  # nor when the cache has forgotten it: its bytes are known
        assert (await cache.ready(payload)).pictures[0].drawn() == picture.drawn()
        assert (cache.misses, cache.hits) == (1, 1)
    finally:
        cache.stop()


async def test_a_dead_drawing_process_is_replaced_and_the_picture_still_drawn() -> None:
    cache = PictureCache()
    cache.drawing = "process"
    try:
        pictures = list({p.key: p for p in _pictures_of("naughty-and-nice", every=3)}.values())
        assert len(pictures) > MAX_BROKEN * 2
        await cache.ready(Payload(pictures=[pictures[0]]))
        for dies in range(1, MAX_BROKEN + 1):
            assert cache._process is not None
            dead = list(cache._process._processes)  # type: ignore[attr-defined]
            for pid in dead:
                os.kill(pid, signal.SIGKILL)
            picture = pictures[dies]
            ready = await cache.ready(Payload(pictures=[picture]))
            assert ready.pictures[0].drawn() == picture.drawn()  # drawn in a thread meanwhile
            assert cache._broken == dies
            if dies < MAX_BROKEN:
                await cache.ready(Payload(pictures=[pictures[MAX_BROKEN + dies]]))
                assert set(cache._process._processes).isdisjoint(dead)  # type: ignore[union-attr]
        assert cache._process is None  # too many died: drawn in the thread from now on
        last = pictures[2 * MAX_BROKEN]
        assert (await cache.ready(Payload(pictures=[last]))).pictures[0].drawn() == last.drawn()
        assert cache._process is None
    finally:
        cache.stop()


async def test_one_death_counts_once_however_many_pictures_were_waiting() -> None:
    """Every picture queued on a process that dies gets the error; the death counts once, and the
    replacement started by the next picture is not stopped by the late ones."""
    cache = PictureCache()
    cache.drawing = "process"
    try:
        pictures = list({p.key: p for p in _pictures_of("naughty-and-nice", every=3)}.values())[:6]
        await cache.ready(Payload(pictures=[pictures[0]]))
        assert cache._process is not None
        for pid in list(cache._process._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        waiting = [cache.ready(Payload(pictures=[picture])) for picture in pictures[1:4]]
        for ready, picture in zip(await asyncio.gather(*waiting), pictures[1:4], strict=True):
            assert ready.pictures[0].drawn() == picture.drawn()
        assert cache._broken == 1
        for picture in pictures[4:]:  # drawn by a new process
            assert (await cache.ready(Payload(pictures=[picture]))).pictures[0].drawn() == picture.drawn()
        assert cache._process is not None and cache._broken == 1
    finally:
        cache.stop()


async def test_a_drawing_process_that_cannot_start_leaves_the_pictures_to_a_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No process can be started (e.g. too many processes: fork fails with EAGAIN): the bot starts
    and every picture is still drawn, after `MAX_BROKEN` tries in a thread only."""
    tries = []

    class CannotStart(ProcessPoolExecutor):
        def submit(self, *args: object, **kwargs: object) -> Future[object]:  # type: ignore[override]
            tries.append(1)
            raise OSError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(bot.picture_cache, "ProcessPoolExecutor", CannotStart)
    cache = PictureCache()
    cache.drawing = "process"
    try:
        cache.start()  # does not raise
        pictures = list({p.key: p for p in _pictures_of("secret-krampus", every=3)}.values())[
            : MAX_BROKEN + 2
        ]
        for picture in pictures:
            ready = await cache.ready(Payload(pictures=[picture]))
            assert ready.pictures[0].drawn() == picture.drawn()
        assert len(tries) == MAX_BROKEN and cache._process is None and cache._thread is not None
    finally:
        cache.stop()


def test_the_drawing_process_ends_with_the_bot_even_after_kill_9(tmp_path: Path) -> None:
    script = tmp_path / "bot_like.py"
    script.write_text(
        "import asyncio, sys\n"
        "from bot.picture_cache import MAX_BROKEN, STARTING, PictureCache\n"
        "async def main():\n"
        "    cache = PictureCache()\n"
        "    cache.drawing = 'process'\n"
        "    cache.start()\n"
        "    await asyncio.sleep(0.5)\n"
        "    print(*cache._process._processes, flush=True)\n"
        "    await asyncio.sleep(60)\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    bot = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, env=env, text=True)
    try:
        assert bot.stdout is not None
        drawer = int(bot.stdout.readline().split()[0])
        assert _alive(drawer)
        bot.kill()  # kill -9: no chance to stop its children
        bot.wait()
        deadline = time.monotonic() + 10
        while _alive(drawer) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(drawer), "the drawing process outlived the bot"
    finally:
        bot.kill()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended (its parent, gone, cannot reap it)


async def test_a_hung_drawing_process_is_killed_and_replaced() -> None:
    """A drawing process that stops answering (stopped here with SIGSTOP) would hold every picture,
    and with them the answers to clicks, for ever: once it finished nothing for `stalled_after`
    seconds while a picture waited, it is killed, that picture is drawn in the thread and the next
    ones in a new process."""
    cache = PictureCache()
    cache.drawing = "process"
    cache.stalled_after = 0.5
    try:
        pictures = list({p.key: p for p in _pictures_of("naughty-and-nice", every=3)}.values())[:4]
        await cache.ready(Payload(pictures=[pictures[0]]))
        cache.starting = 0.0  # it has started: only the stall counts
        assert cache._process is not None
        hung = list(cache._process._processes)  # type: ignore[attr-defined]
        for pid in hung:
            os.kill(pid, signal.SIGSTOP)
        start = time.monotonic()
        waiting = [cache.ready(Payload(pictures=[picture])) for picture in pictures[1:3]]
        answered = await asyncio.wait_for(asyncio.gather(*waiting), 10)  # fails, not hangs, without
        for ready, picture in zip(answered, pictures[1:3], strict=True):
            assert ready.pictures[0].drawn() == picture.drawn()
        assert 0.5 <= time.monotonic() - start < 5
        assert cache._broken == 1
        deadline = time.monotonic() + 5
        while any(_alive(pid) for pid in hung) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert not any(_alive(pid) for pid in hung), "the hung process was left running"
        cache.starting = STARTING  # the new process gets its time to start
        last = pictures[3]
        assert (await cache.ready(Payload(pictures=[last]))).pictures[0].drawn() == last.drawn()
        assert cache._broken == 1
        assert cache._process is not None and set(cache._process._processes).isdisjoint(hung)  # type: ignore[attr-defined]
    finally:
        cache.stop()


async def test_a_long_queue_is_not_a_hung_process() -> None:
    """Many pictures waiting at once take longer than `stalled_after` in all, but the process keeps
    finishing them: none is taken for hung."""
    cache = PictureCache()
    cache.drawing = "process"
    cache.stalled_after = 1.0
    try:
        every_game = [p for name in PLUGINS.names() for p in _pictures_of(name, every=1)]
        pictures = list({p.key: p for p in every_game}.values())
        await cache.ready(Payload(pictures=[pictures[0]]))
        start = time.monotonic()
        readies = await asyncio.gather(*(cache.ready(Payload(pictures=[p])) for p in pictures[1:]))
        assert len(readies) == len(pictures) - 1
        assert time.monotonic() - start > cache.stalled_after, "too few pictures to queue for long"
        assert cache._broken == 0 and cache._thread is None
    finally:
        cache.stop()


async def test_a_process_that_is_still_starting_is_not_a_hung_one() -> None:
    """A new process needs about a second to start (more on a busy machine) before its first
    picture: that is no stall."""
    cache = PictureCache()
    cache.drawing = "process"
    cache.stalled_after = 0.1  # far less than a start
    try:
        picture = _pictures_of("secret-krampus")[0]
        start = time.monotonic()
        ready = await cache.ready(Payload(pictures=[picture]))
        assert ready.pictures[0].drawn() == picture.drawn()
        assert time.monotonic() - start > cache.stalled_after, "started too fast to tell"
        assert cache._broken == 0 and cache._thread is None
    finally:
        cache.stop()
