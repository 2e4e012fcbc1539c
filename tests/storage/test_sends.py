"""The new messages under way (`store.sends`): noted before a DM or a table message is sent,
forgotten once it is recorded; one never done (its process was killed) is taken, once old enough,
by one caller at a time."""

from __future__ import annotations

from storage.sends import Send

BIG = 1_180_000_000_000_000_123  # Discord ids are 64-bit; nonces are 63-bit
NONCE = (1 << 63) - 5


async def test_a_send_never_done_is_taken_by_one_caller(store):
    living = Send(NONCE, BIG, 7, seat=2)
    your_turn = Send(12, BIG + 1, 7)
    done = Send(13, BIG + 2, 8, seat=0)
    table = Send(14, 0, 7, channel_id=BIG + 3)
    for send in (living, your_turn, done, table):
        await store.sends.begin(send, 100.0)
    await store.sends.done(done.nonce)
    assert await store.sends.unfinished(100.0, 200.0) == []  # begun at 100: not before
    taken = await store.sends.unfinished(100.5, 200.0)
    assert taken == [your_turn, table, living]  # by nonce
    assert await store.sends.unfinished(150.0, 300.0) == []  # taken at 200: not before 150
    assert await store.sends.unfinished(250.0, 300.0) == taken
    for send in taken:
        await store.sends.done(send.nonce)
    assert await store.sends.unfinished(1e12, 1e12) == []
