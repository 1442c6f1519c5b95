"""Counting the SQL statements a use case sends (a behaviour, not a timing: issue 14's bulk
rosters send one statement per batch of lines, so their count must not grow with the lines)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, event


@contextmanager
def counted_statements(engine: Engine) -> Iterator[list[str]]:
    """The statements sent to ``engine`` inside the block, one entry per cursor execution (an
    executemany counts once, as the database receives it once)."""
    statements: list[str] = []

    def listen(*args: object) -> None:
        statements.append(str(args[2]))

    event.listen(engine, "before_cursor_execute", listen)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", listen)
