"""Pictures drawn once and kept: `PictureCache` (`PICTURES`, one for the whole bot) draws each
picture a message carries, in a process of its own in the real bot, and keeps the PNG bytes of the
last ones by their key."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import Literal

from bot.render.base import Payload, Picture

log = logging.getLogger(__name__)


#: After this many drawing processes died, pictures are drawn in a thread of the bot's process.
MAX_BROKEN = 3
#: A drawing process that finished no picture for this long while one waited is hung (a picture
#: takes a few ms): it is killed, and counts as broken. Short enough that the click waiting for
#: the picture is still answered within Discord's 3 s (the picture drawn in the thread meanwhile).
STALLED_AFTER = 2.0
#: A new process may take this long more to start (spawn, import Pillow and the renderers: about a
#: second, more on a busy machine) before its first picture.
STARTING = 5.0


class DrawingStalled(Exception):
    """The drawing process finished nothing for `STALLED_AFTER` seconds while a picture waited."""


class PictureCache:
    """The PNG bytes of the last pictures sent, by `Picture.key` (same key, same picture): a
    picture sent again (the same table after a repost, an interaction's answer and a REST edit
    of the same state, the same tree in two messages) is drawn and encoded once.

    The real bot (`DiscordMessenger` sets `drawing = "process"`) draws in a process of its own,
    so drawing never holds the event loop's interpreter lock: clicks are answered meanwhile, and
    the bot uses a second core. A picture travels there as data (its `render` is a function of
    the renderers' modules with its arguments: `functools.partial`, never a lambda). A picture
    that cannot travel is drawn in a thread of this process; a process that dies, or hangs
    (finishes nothing for `STALLED_AFTER` seconds while a picture waits: it is killed), is
    replaced (that picture is drawn in the thread), until `MAX_BROKEN` have died: then every
    picture is drawn in that thread. The tests' fakes draw in the caller's thread (`"inline"`)."""

    def __init__(self, size: int = 256) -> None:  # ~20 kB each: ~5 MB
        self.size = size
        self.drawing: Literal["inline", "process"] = "inline"
        self._bytes: OrderedDict[str, bytes] = OrderedDict()
        self._process: ProcessPoolExecutor | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._broken = 0  # drawing processes that died
        self._progress = 0.0  # time.monotonic() when the drawing process last finished a picture
        self._started = 0.0  # ... when the drawing process was started
        self.stalled_after, self.starting = STALLED_AFTER, STARTING
        self.hits = self.misses = 0

    async def ready(self, payload: Payload) -> Payload:
        """`payload` with the bytes of every picture it will upload drawn (or found)."""
        if not payload.pictures or payload.keep_pictures:
            return payload
        pictures = []
        for picture in payload.pictures:
            data = self._bytes.get(picture.key)
            if data is None:
                if isinstance(picture.render, _Drawn):  # made ready before (a write sent again)
                    data = picture.render.data
                else:
                    self.misses += 1
                    data = await self._draw(picture)
                self._bytes[picture.key] = data
                if len(self._bytes) > self.size:
                    self._bytes.popitem(last=False)
            else:
                self.hits += 1
                self._bytes.move_to_end(picture.key)
            pictures.append(replace(picture, render=_Drawn(data)))
        payload.pictures = pictures
        return payload

    def clear(self) -> None:
        """Forget every picture kept (they are drawn again when next sent)."""
        self._bytes.clear()

    def start(self) -> None:
        """Start the drawing process now (it imports Pillow and the renderers: about a second)
        rather than at the first picture."""
        if self.drawing == "process":
            drawer = self._drawer()
            try:
                drawer.submit(_nothing)
            except OSError as error:  # the bot plays on: a picture tries again, then a thread draws
                self._broke(drawer, error)

    def stop(self) -> None:
        for pool in (self._process, self._thread):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self._process = self._thread = None

    def _drawer(self) -> ProcessPoolExecutor:
        if self._process is None:
            spawn = multiprocessing.get_context("spawn")  # never a fork of a process with threads
            self._process = ProcessPoolExecutor(
                max_workers=1, mp_context=spawn, initializer=_end_with, initargs=(os.getpid(),)
            )
            self._started = time.monotonic()  # (it starts at its first job, submitted now)
        return self._process

    async def _draw(self, picture: Picture) -> bytes:
        if self.drawing == "inline":
            return picture.drawn()
        loop = asyncio.get_running_loop()
        if self._broken < MAX_BROKEN:
            drawer = self._drawer()
            try:  # submitting starts the process when there is none: OSError if it cannot
                drawing = asyncio.wrap_future(drawer.submit(_drawn, picture), loop=loop)
            except (BrokenProcessPool, OSError) as error:
                self._broke(drawer, error)
            else:
                try:
                    return await self._finished(drawing)
                except (BrokenProcessPool, DrawingStalled) as error:  # died (killed, out of memory), hung
                    self._broke(drawer, error)
                except (pickle.PicklingError, AttributeError, TypeError):  # a renderer's lambda?
                    log.exception("a picture could not travel to the drawing process: drawn here")
        if self._thread is None:
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
        return await loop.run_in_executor(self._thread, picture.drawn)

    async def _finished(self, drawing: asyncio.Future[bytes]) -> bytes:
        """`drawing`'s bytes, or DrawingStalled once the process finished no picture (this one or
        another) for `stalled_after` seconds while this one waited (plus `starting` after the process
        was started): a long queue is no stall."""
        waiting_since = time.monotonic()
        try:
            while True:
                done, _ = await asyncio.wait({drawing}, timeout=self.stalled_after / 4)
                if done:
                    self._progress = time.monotonic()
                    return drawing.result()
                since = max(self._progress, waiting_since, self._started + self.starting)
                if time.monotonic() - since > self.stalled_after:
                    raise DrawingStalled(f"no picture drawn for {self.stalled_after:.1f} s")
        except asyncio.CancelledError:
            drawing.cancel()
            raise

    def _broke(self, drawer: ProcessPoolExecutor, error: BaseException) -> None:
        """`drawer`'s process died, hung or could not start: it is killed, and a new one starts
        next time, until `MAX_BROKEN`. Every picture waiting on it comes here; one death counts
        once, and a replacement that another picture started meanwhile is left alone."""
        if drawer is not self._process:
            return
        self._broken += 1
        self._process = None
        for worker in list((getattr(drawer, "_processes", None) or {}).values()):
            worker.kill()  # a hung one does not end by itself (dead ones: nothing happens)
        drawer.shutdown(wait=False, cancel_futures=True)
        log.error("no drawing process (%r); %d of %d", error, self._broken, MAX_BROKEN)


def _end_with(parent: int) -> None:
    """In the drawing process: end when the bot's process is gone (also after a kill -9, which
    leaves it no chance to stop its children)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _drawn(picture: Picture) -> bytes:
    """In the drawing process: the picture's bytes."""
    return picture.drawn()


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class _Drawn:
    """A picture's render once its bytes are known (they are returned as they are)."""

    data: bytes

    def __call__(self) -> bytes:
        return self.data


#: One cache for every message the bot sends or edits (REST and interaction answers alike).
PICTURES = PictureCache()
