"""The load bench's live pages (bench/load/streams.py): a block read by many streams is parsed
once, and every stream still counts every result it read (issue 32 item 4)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "bench" / "load"))

from streams import Blocks  # noqa: E402


def _notice(seq: int, table: int, kind: str = "result") -> bytes:
    data = f'{{"topic":"event:1","kind":"{kind}","data":{{"table":{table}}}}}'
    return f"id: {seq}\ndata: {data}\n\n".encode()


def test_a_block_is_parsed_once_for_every_stream_that_reads_it() -> None:
    blocks = Blocks()
    block = _notice(1, 4) + _notice(2, 7, "report") + _notice(3, 9)
    seen = [blocks.read(bytes(bytearray(block))) for _ in range(250)]  # 250 streams' copies
    assert seen == [((4, 9), b"", False)] * 250
    assert blocks.parsed == 1


def test_a_read_split_mid_line_keeps_its_rest_and_says_when_live() -> None:
    blocks = Blocks()
    whole = b"retry: 3000\n\n" + _notice(1, 4) + _notice(2, 5)
    head, tail = whole[:40], whole[40:]
    tables, rest, retry = blocks.read(head)
    assert retry
    assert tables == ()
    assert rest == head.split(b"\n")[-1]
    tables, rest, retry = blocks.read(rest + tail)
    assert (tables, rest, retry) == ((4, 5), b"", False)


def test_the_kept_reads_are_bounded() -> None:
    blocks = Blocks()
    for seq in range(Blocks.LIMIT * 2):
        assert blocks.read(_notice(seq, 1)) == ((1,), b"", False)
    assert len(blocks.known) <= Blocks.LIMIT
