"""Point an unmodified discord.py at the loopback fake of Discord when DISCORD_LOOPBACK_URL is set.

Put this directory on PYTHONPATH (`PYTHONPATH=<repo>:<repo>/tests/loopback/boot`) and start the
bot as usual (`python -m bot`); Python imports `sitecustomize` at start-up. Without the variable
this file does nothing.
"""

from __future__ import annotations

import os
import sys


def _patch(url: str) -> None:
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    base = url.rstrip("/")
    Route.BASE = base + "/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base.replace("http://", "ws://", 1) + "/gateway")


if os.environ.get("DISCORD_LOOPBACK_URL"):
    try:
        _patch(os.environ["DISCORD_LOOPBACK_URL"])
    except Exception as error:  # never break interpreter start-up
        print(f"sitecustomize: could not point discord.py at the loopback: {error!r}", file=sys.stderr)

if os.environ.get("BENCH_GC_LOG"):  # diagnostics for the benchmark: log long garbage collections
    import gc
    import time

    _started: list[float] = []

    def _gc_timer(phase: str, info: dict) -> None:
        if phase == "start":
            _started[:] = [time.perf_counter(), time.thread_time()]
        elif _started:
            took = (time.perf_counter() - _started[0]) * 1000
            if took > 20:
                line = f"gc generation {info.get('generation')} took {took:.0f} ms, collected {info.get('collected')}, cpu {1000 * (time.thread_time() - _started[1]):.0f} ms"
                out = os.environ.get("BENCH_STALL_FILE")
                if out:
                    with open(out, "a") as file:
                        print(line, file=file)
                else:
                    print(line, file=sys.stderr, flush=True)

    gc.callbacks.append(_gc_timer)

if os.environ.get("BENCH_STALL_LOG"):  # diagnostics: what the main thread ran when it never idled for long
    import collections
    import threading
    import time

    _limit = float(os.environ["BENCH_STALL_LOG"]) / 1000  # milliseconds -> seconds

    def _where(frame) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
        stack = []
        while frame is not None:
            code = frame.f_code
            stack.append(f"{'/'.join(code.co_filename.split('/')[-2:])}:{code.co_name}")
            frame = frame.f_back
        return tuple(stack)

    def _watch() -> None:
        main = threading.main_thread().ident
        busy_since: float | None = None
        seen: collections.Counter[tuple[str, ...]] = collections.Counter()
        while True:
            time.sleep(0.002)
            frame = sys._current_frames().get(main)
            now = time.perf_counter()
            idle = frame is None or frame.f_code.co_name in ("select", "poll", "_poll")
            if not idle:
                if busy_since is None:
                    busy_since, seen = now, collections.Counter()
                seen[_where(frame)[:12]] += 1
                continue
            if busy_since is not None and now - busy_since >= _limit:
                lines = [f"stall {1000 * (now - busy_since):.0f} ms, {sum(seen.values())} samples:"]
                inner: collections.Counter[str] = collections.Counter()
                for stack, n in seen.items():
                    for name in set(stack):
                        inner[name] += n
                lines += [f"  {n:4d} {name}" for name, n in inner.most_common(14)]
                out = os.environ.get("BENCH_STALL_FILE")
                if out:
                    with open(out, "a") as file:
                        print("\n".join(lines), file=file)
                else:
                    print("\n".join(lines), file=sys.stderr, flush=True)
            busy_since = None

    threading.Thread(target=_watch, name="stall-watch", daemon=True).start()

if os.environ.get("BENCH_HEAP_LOG"):  # diagnostics: what the garbage collector walks, every N seconds
    import collections
    import gc
    import threading
    import time

    def _heap() -> None:
        every = float(os.environ["BENCH_HEAP_LOG"])
        while True:
            time.sleep(every)
            objects = gc.get_objects()
            kinds = collections.Counter(type(o).__qualname__ for o in objects)
            lines = [f"heap: {len(objects)} tracked objects, {len(gc.get_objects(2))} in generation 2, "
                     f"{gc.get_freeze_count()} frozen; collections {[g['collections'] for g in gc.get_stats()]}"]
            lines += [f"  {n:8d} {name}" for name, n in kinds.most_common(25)]
            del objects
            out = os.environ.get("BENCH_STALL_FILE")
            with open(out, "a") if out else open(os.devnull, "w") as file:
                print("\n".join(lines), file=file if out else sys.stderr)

    threading.Thread(target=_heap, name="heap-log", daemon=True).start()

if os.environ.get("BENCH_GARBAGE_LOG"):  # diagnostics: what cyclic garbage the collector frees, every N s
    import collections
    import gc
    import threading
    import time

    def _garbage() -> None:
        every = float(os.environ["BENCH_GARBAGE_LOG"])
        while True:
            time.sleep(every)
            gc.set_debug(gc.DEBUG_SAVEALL)
            gc.collect()
            found = list(gc.garbage)
            gc.garbage.clear()
            gc.set_debug(0)
            kinds = collections.Counter(type(o).__qualname__ for o in found)
            lines = [f"garbage: {len(found)} objects in cycles"]
            lines += [f"  {n:8d} {name}" for name, n in kinds.most_common(30)]
            del found
            out = os.environ.get("BENCH_STALL_FILE")
            with open(out, "a") if out else open(os.devnull, "w") as file:
                print("\n".join(lines), file=file if out else sys.stderr)

    threading.Thread(target=_garbage, name="garbage-log", daemon=True).start()
