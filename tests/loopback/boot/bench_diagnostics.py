"""Diagnostics of the bot process for the benchmark (`python -m tests.bench --bot-env NAME=VALUE`),
switched on by environment variables; each reports to `BENCH_STALL_FILE` if set, else stderr:

- `BENCH_GC_LOG=1`: every garbage collection over 20 ms (generation, wall and CPU time, objects
  freed);
- `BENCH_STALL_LOG=MS`: every stretch of at least MS milliseconds in which the main thread never
  went idle, with the functions it was seen in most (a watcher thread samples it every ~2 ms);
- `BENCH_HEAP_LOG=S`: every S seconds, the objects the collector tracks, by type, and the
  collections made per generation;
- `BENCH_GARBAGE_LOG=S`: every S seconds, the objects in reference cycles a full collection frees,
  by type (the garbage only the collector can free);
- `BENCH_HELD_BY=TYPE[,TYPE...]` (with `BENCH_HEAP_LOG`): with each heap report, what holds live
  objects of those types (the type names of their referrers, three levels up, for a sample).
"""

from __future__ import annotations

import collections
import gc
import os
import sys
import threading
import time
from types import FrameType
from typing import Any


def _report(lines: list[str]) -> None:
    out = os.environ.get("BENCH_STALL_FILE")
    if out:
        with open(out, "a") as file:
            print("\n".join(lines), file=file)
    else:
        print("\n".join(lines), file=sys.stderr, flush=True)


def _every(seconds: float, name: str, report: Any) -> None:
    def run() -> None:
        while True:
            time.sleep(seconds)
            report()

    threading.Thread(target=run, name=name, daemon=True).start()


# -- garbage collections ---------------------------------------------------------------------------
_started: list[float] = []


def _gc_timer(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _started[:] = [time.perf_counter(), time.thread_time()]
    elif _started:
        took = (time.perf_counter() - _started[0]) * 1000
        cpu = (time.thread_time() - _started[1]) * 1000
        if took > 20:
            _report(
                [
                    f"gc generation {info.get('generation')} took {took:.0f} ms, cpu {cpu:.0f} ms, "
                    f"collected {info.get('collected')}"
                ]
            )


# -- stalls of the main thread ---------------------------------------------------------------------
def _where(frame: FrameType | None) -> tuple[str, ...]:
    stack = []
    while frame is not None:
        code = frame.f_code
        stack.append(f"{'/'.join(code.co_filename.split('/')[-2:])}:{code.co_name}")
        frame = frame.f_back
    return tuple(stack)


def _watch_stalls(limit: float) -> None:
    main = threading.main_thread().ident
    busy_since: float | None = None
    seen: collections.Counter[tuple[str, ...]] = collections.Counter()
    while True:
        time.sleep(0.002)
        frame = sys._current_frames().get(main) if main is not None else None
        now = time.perf_counter()
        if frame is not None and frame.f_code.co_name not in ("select", "poll", "_poll"):
            if busy_since is None:
                busy_since, seen = now, collections.Counter()
            seen[_where(frame)[:12]] += 1
            continue
        if busy_since is not None and now - busy_since >= limit:
            inner: collections.Counter[str] = collections.Counter()
            for stack, n in seen.items():
                for name in set(stack):
                    inner[name] += n
            lines = [f"stall {1000 * (now - busy_since):.0f} ms, {sum(seen.values())} samples:"]
            _report(lines + [f"  {n:4d} {name}" for name, n in inner.most_common(14)])
        busy_since = None


# -- the heap and its garbage ----------------------------------------------------------------------
def _heap() -> None:
    objects = gc.get_objects()
    kinds = collections.Counter(type(o).__qualname__ for o in objects)
    collections_made = [g["collections"] for g in gc.get_stats()]
    lines = [
        f"heap: {len(objects)} tracked objects, {len(gc.get_objects(2))} in generation 2, "
        f"{gc.get_freeze_count()} frozen; collections per generation {collections_made}"
    ]
    held = []
    if _HELD_BY:  # a sample of about 100 of those objects
        step = max(1, sum(kinds[name] for name in _HELD_BY) // 100)
        held = [o for o in objects if type(o).__qualname__ in _HELD_BY][::step]
    del objects
    _report(lines + [f"  {n:8d} {name}" for name, n in kinds.most_common(25)] + _held_by(held))


_HELD_BY = set(filter(None, os.environ.get("BENCH_HELD_BY", "").split(",")))


def _held_by(sample: list[Any]) -> list[str]:
    """The chains of referrers' type names (three levels up) holding a sample of objects."""
    chains: collections.Counter[str] = collections.Counter()
    frame = sys._getframe()
    while sample:
        level, names = [sample.pop()], []
        for _ in range(3):
            up = [r for o in level for r in gc.get_referrers(o) if r is not sample and r is not level]
            del level
            up = [r for r in up if r is not frame and type(r).__name__ not in ("frame", "list_iterator")][:3]
            if not up:
                break
            names.append("/".join(sorted({type(r).__qualname__ for r in up})))
            level = up
        chains[" <- ".join(names)] += 1
    return [f"  held: {n:4d} {chain}" for chain, n in chains.most_common(12)]


def _garbage() -> None:
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    found = list(gc.garbage)
    gc.garbage.clear()
    gc.set_debug(0)
    kinds = collections.Counter(type(o).__qualname__ for o in found)
    del found
    gc.collect()  # (kept by DEBUG_SAVEALL, they are still cycles: freed now, not found again)
    lines = [f"garbage: {sum(kinds.values())} objects in cycles"]
    _report(lines + [f"  {n:8d} {name}" for name, n in kinds.most_common(30)])


if os.environ.get("BENCH_GC_LOG"):
    gc.callbacks.append(_gc_timer)
if os.environ.get("BENCH_STALL_LOG"):
    limit = float(os.environ["BENCH_STALL_LOG"]) / 1000
    threading.Thread(target=_watch_stalls, args=(limit,), name="stall-watch", daemon=True).start()
if os.environ.get("BENCH_HEAP_LOG"):
    _every(float(os.environ["BENCH_HEAP_LOG"]), "heap-log", _heap)
if os.environ.get("BENCH_GARBAGE_LOG"):
    _every(float(os.environ["BENCH_GARBAGE_LOG"]), "garbage-log", _garbage)
