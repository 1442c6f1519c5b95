"""A stand-in for an asyncio transport, for the code that writes to a socket directly
(``platform.web.live_direct``, ``platform.web.socket_direct``)."""

from __future__ import annotations


class FakeTransport:
    """Keeps what it is given and holds ``unsent`` bytes; ``closing`` or ``abort()`` close it."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.unsent = 0
        self.closing = False
        self.aborted = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def get_write_buffer_size(self) -> int:
        return self.unsent

    def is_closing(self) -> bool:
        return self.closing or self.aborted

    def abort(self) -> None:
        self.aborted = True
