"""Messages between the notebook, the judge and the runner: length-prefixed frames on a pipe.

A frame is 4 bytes of length (big-endian) and that many bytes.  :func:`write_json` /
:func:`read_json` carry plain data (what an untrusted side may send: nothing in it can run
code when read); :func:`write_pickle` / :func:`read_pickle` carry arguments *to* the runner,
which runs untrusted code anyway.
"""

from __future__ import annotations

import json
import pickle
import struct
from typing import IO, Any

__all__ = [
    "MAX_FRAME",
    "Closed",
    "Refused",
    "read_frame",
    "read_json",
    "read_pickle",
    "write_frame",
    "write_json",
    "write_pickle",
]

#: The largest frame accepted (a bigger one means the other side is broken or hostile).
MAX_FRAME = 256 * 2**20
_LENGTH = struct.Struct(">I")


class Closed(EOFError):
    """The other side closed the pipe (or sent something that is not a frame)."""


class Refused(Closed):
    """The other side sent a frame too large, or one that is not a message."""


def write_frame(stream: IO[bytes], body: bytes) -> None:
    """Send one frame."""
    stream.write(_LENGTH.pack(len(body)) + body)
    stream.flush()


def read_frame(stream: IO[bytes], limit: int = MAX_FRAME) -> bytes:
    """Receive one frame; Closed if the pipe ends or the length is over ``limit`` bytes."""
    head = _read_exactly(stream, _LENGTH.size)
    (length,) = _LENGTH.unpack(head)
    if length > limit:
        raise Refused(f"a frame of {length} bytes")
    return _read_exactly(stream, length)


def _read_exactly(stream: IO[bytes], count: int) -> bytes:
    chunks, left = [], count
    while left:
        chunk = stream.read(left)
        if not chunk:
            raise Closed("the pipe was closed")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def write_json(stream: IO[bytes], message: Any) -> None:
    """Send plain data."""
    write_frame(stream, json.dumps(message, separators=(",", ":")).encode())


def read_json(stream: IO[bytes], limit: int = MAX_FRAME, containers: int | None = None) -> Any:
    """Receive plain data of at most ``limit`` bytes; Closed if it is not JSON.

    With ``containers``, Refused unread if the body holds more ``[`` and ``{`` than that (in
    its strings too: counted in one pass, with no parse of the strings that a body crafted
    for a regular expression could make slow): each list and object costs the reader 56 bytes
    and more, so 64 MiB of ``[{},{},...]`` would take 1.7 GB.
    """
    body = read_frame(stream, limit)
    if containers is not None and body.count(b"[") + body.count(b"{") > containers:
        raise Refused(f"more than {containers} lists and objects")
    try:
        return json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise Refused(f"not a message: {error}") from None


def write_pickle(stream: IO[bytes], message: Any) -> None:
    """Send Python objects to the runner."""
    write_frame(stream, pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))


def read_pickle(stream: IO[bytes]) -> Any:
    """Receive Python objects from the judge (only the runner reads pickles)."""
    return pickle.loads(read_frame(stream))
