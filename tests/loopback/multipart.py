"""The parts of a multipart/form-data body (a REST call with files: `payload_json`, `files[n]`).

The loopback reads the whole body and splits it here instead of using aiohttp's
`MultipartReader`: its part reader pushes bytes back with the deprecated
`StreamReader.unread_data()` (aiohttp 3.14 `BodyPartReader._read_chunk_from_stream`, not under its
own warnings filter when one read returns more than it asked for), so an upload that reaches the
server in pieces raised a DeprecationWarning. A part's name and file name are read from its
Content-Disposition with the same aiohttp functions as `BodyPartReader.name` and `.filename`, and
its text decoded with the charset of its Content-Type (UTF-8 if none), as `BodyPartReader.text()`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from aiohttp.multipart import content_disposition_filename, parse_content_disposition

_BOUNDARY = re.compile(r'boundary=(?:"([^"]+)"|([^;\s]+))', re.IGNORECASE)
_CHARSET = re.compile(r'charset=(?:"([^"]+)"|([^;\s]+))', re.IGNORECASE)
#: Encodings of a part's bytes that `BodyPartReader.text()` would undo and this does not.
_ENCODED = {"content-encoding": {"identity"}, "content-transfer-encoding": {"binary", "7bit", "8bit"}}


@dataclass(frozen=True)
class Part:
    name: str | None
    filename: str | None
    headers: dict[str, str]  # names in lower case
    data: bytes

    def text(self) -> str:
        found = _CHARSET.search(self.headers.get("content-type", ""))
        return self.data.decode(found.group(1) or found.group(2) if found else "utf-8")


def parts(body: bytes, content_type: str) -> list[Part]:
    """The parts of `body`, in order; ValueError if it is not a whole multipart body."""
    found = _BOUNDARY.search(content_type)
    if found is None:
        raise ValueError("a multipart body without a boundary")
    delimiter = b"\r\n--" + (found.group(1) or found.group(2)).encode()
    sections = (b"\r\n" + body).split(delimiter)  # [preamble, part, ..., "--" epilogue]
    if len(sections) < 2 or not sections[-1].startswith(b"--"):
        raise ValueError("a multipart body without its closing boundary")
    result = []
    for section in sections[1:-1]:
        head, blank, data = section.partition(b"\r\n\r\n")
        if not blank:
            raise ValueError("a part without the blank line after its headers")
        headers = {}
        for line in head.split(b"\r\n")[1:]:  # [0]: the rest of the boundary's line
            name, colon, value = line.decode("utf-8", "surrogateescape").partition(":")
            if not colon:
                raise ValueError(f"a malformed part header: {line!r}")
            headers[name.strip().lower()] = value.strip()
        for header, plain in _ENCODED.items():
            if headers.get(header, next(iter(plain))).lower() not in plain:
                raise ValueError(f"a part with {header}: {headers[header]} (not decoded here)")
        _, params = parse_content_disposition(headers.get("content-disposition"))
        name = content_disposition_filename(params, "name")
        result.append(Part(name, content_disposition_filename(params, "filename"), headers, data))
    return result
