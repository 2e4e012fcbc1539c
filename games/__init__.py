"""The rules core: pure, deterministic game engines. No discord, asyncio, sqlite or global random."""
