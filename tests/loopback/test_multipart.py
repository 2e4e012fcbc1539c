"""The loopback's multipart/form-data parsing (`tests/loopback/multipart.py`) on bodies built as
discord.py builds them (`aiohttp.FormData(quote_fields=False)`): names, file names, bytes, text."""

from __future__ import annotations

import json

import aiohttp
import pytest

from tests.loopback.multipart import parts


async def body() -> tuple[bytes, str]:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "héllo ✓"}))
    files = [b"\x89PNG\r\n--\r\n\r\n" * 50, b"", b"x" * 70_000]
    names = ["table.png", 'Árvíz "tükör".png', "a b;c=d.png"]
    for index, (data, name) in enumerate(zip(files, names, strict=True)):
        form.add_field(f"files[{index}]", data, filename=name, content_type="application/octet-stream")
    writer = form()
    return await writer.as_bytes(), writer.content_type


async def test_parts_as_discord_py_sends_them() -> None:
    data, content_type = await body()
    found = parts(data, content_type)
    assert [p.name for p in found] == ["payload_json", "files[0]", "files[1]", "files[2]"]
    assert json.loads(found[0].text()) == {"content": "héllo ✓"} and found[0].filename is None
    assert [p.filename for p in found[1:]] == ["table.png", 'Árvíz "tükör".png', "a b;c=d.png"]
    assert [p.data for p in found[1:]] == [b"\x89PNG\r\n--\r\n\r\n" * 50, b"", b"x" * 70_000]


async def test_a_cut_body_is_refused() -> None:
    data, content_type = await body()
    with pytest.raises(ValueError):
        parts(data[:-10], content_type)
    with pytest.raises(ValueError):
        parts(data, "multipart/form-data")
