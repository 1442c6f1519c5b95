"""Issue 27 hole 2: the bounded readers of every upload refuse bombs before building them, within
a bounded memory (traced allocations, not timings), and name the limit they broke."""

from __future__ import annotations

import io
import tracemalloc
import zipfile
from collections.abc import Callable

import pytest
from openpyxl import Workbook

from tests.support import upload_bombs
from torneo.core.errors import TorneoError
from torneo.core.uploads import (
    UploadLimits,
    csv_rows,
    sheet_rows,
    text_lines,
    xlsx_rows,
)

BIG = UploadLimits(bytes=5_000_000)


def _peak_mib(read: Callable[[], object]) -> tuple[float, BaseException | None]:
    """The peak of Python allocations while ``read`` runs, and what it raised."""
    tracemalloc.start()
    try:
        read()
        error: BaseException | None = None
    except TorneoError as err:
        error = err
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20, error


def _refused(read: Callable[[], object], reason: str) -> None:
    peak, error = _peak_mib(read)
    assert isinstance(error, TorneoError), f"accepted: {read}"
    assert reason in str(error)
    assert peak < 20, f"{peak:.1f} MiB to refuse it"


def test_issue27_dimension_claim_is_ignored() -> None:
    """The issue's 1.6 KB file claiming A1:XFD6000 reads as the 6,000 cells it holds."""
    data = upload_bombs.dimension_bomb()
    assert len(data) < 2000
    peak, error = _peak_mib(lambda: xlsx_rows("file", data, BIG))
    assert error is None
    assert xlsx_rows("file", data, BIG) == [["1"]] * 6000
    assert peak < 20


@pytest.mark.parametrize(
    ("bomb", "reason"),
    [
        (lambda: upload_bombs.rows_bomb(2_000_000), "bytes once unpacked"),
        (lambda: upload_bombs.inflation_bomb(20), "bytes once unpacked"),
        (lambda: upload_bombs.inflation_bomb(7), "packed"),
        (upload_bombs.gap_bomb, "more than 20000 rows"),
        (upload_bombs.wide_bomb, "more than 64 columns"),
        (upload_bombs.strings_bomb, "more than 100000 cells"),
    ],
    ids=["2M-rows", "inflated", "ratio", "row-gap", "last-column", "shared-strings"],
)
def test_issue27_xlsx_bombs_refused_in_bounded_memory(
    bomb: Callable[[], bytes], reason: str
) -> None:
    data = bomb()
    _refused(lambda: xlsx_rows("file", data, BIG), reason)


def test_issue27_lower_case_reference_counts_as_its_column() -> None:
    data = upload_bombs.xlsx(upload_bombs.sheet('<row r="1"><c r="xfd1"><v>1</v></c></row>'))
    _refused(lambda: xlsx_rows("file", data), "more than 64 columns")


def test_issue27_rows_counted_while_streaming() -> None:
    data = upload_bombs.rows_bomb(1000)
    _refused(lambda: xlsx_rows("file", data, UploadLimits(rows=100)), "more than 100 rows")
    assert len(xlsx_rows("file", data)) == 1000


def test_issue27_cells_capped_across_rows() -> None:
    rows = "".join(f'<row r="{n}">' + "<c><v>1</v></c>" * 10 + "</row>" for n in range(1, 50))
    data = upload_bombs.xlsx(upload_bombs.sheet(rows))
    _refused(lambda: xlsx_rows("file", data, UploadLimits(cells=100)), "more than 100 cells")


def test_issue27_a_real_workbook_still_reads() -> None:
    book = Workbook()
    ws = book.active
    assert ws is not None
    ws.append(["code", "name", "vote"])
    ws.append(["P1", "Rossi", 6.5])
    ws.append(["P2", "Bianchi", 7.0])
    out = io.BytesIO()
    book.save(out)
    assert xlsx_rows("file", out.getvalue()) == [
        ["code", "name", "vote"],
        ["P1", "Rossi", "6.5"],
        ["P2", "Bianchi", "7"],
    ]


def test_issue27_not_a_workbook() -> None:
    with pytest.raises(TorneoError, match="not a readable XLSX workbook"):
        xlsx_rows("file", b"PK\x03\x04 broken")


def test_issue27_csv_bombs() -> None:
    _refused(lambda: csv_rows("file", upload_bombs.csv_bomb()), "more than 20000 rows")
    _refused(lambda: csv_rows("file", "a," * 100), "more than 64 columns")
    many = ("a;" * 60 + "\n") * 2000
    _refused(lambda: sheet_rows("file", many.encode()), "more than 100000 cells")
    _refused(lambda: csv_rows("file", "x" * 2_000_000), "at most 1048576 bytes")


def test_issue27_text_lines_capped() -> None:
    _refused(lambda: text_lines("names", "\n" * 30_000), "more than 20000 lines")
    assert text_lines("names", "a\r\nb\rc\n") == ["a", "b", "c"]


def test_issue27_csv_as_before() -> None:
    assert sheet_rows("file", "a;b\n1;2\n".encode("cp1252")) == [["a", "b"], ["1", "2"]]
    with pytest.raises(TorneoError, match="not a text file"):
        sheet_rows("file", b"a\x00b")


@pytest.mark.parametrize(
    ("part", "content"),
    [
        ("xl/workbook.xml", b"<workbook"),
        ("xl/worksheets/sheet1.xml", b"<worksheet><sheetData><row>"),
        ("xl/_rels/workbook.xml.rels", b"not xml at all"),
        ("[Content_Types].xml", b"<Types"),
        ("xl/styles.xml", b"<styleSheet"),
    ],
)
def test_issue27_a_broken_part_is_a_refusal_not_a_crash(part: str, content: bytes) -> None:
    """Whatever part is broken, the answer is "not a readable XLSX workbook" (422), never 500."""
    good = upload_bombs.xlsx(upload_bombs.sheet('<row r="1"><c r="A1"><v>1</v></c></row>'))
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(good)) as source, zipfile.ZipFile(out, "w") as broken:
        for item in source.infolist():
            if item.filename != part:
                broken.writestr(item, source.read(item))
        broken.writestr(part, content)
    with pytest.raises(TorneoError, match="not a readable XLSX workbook"):
        xlsx_rows("file", out.getvalue())
    with pytest.raises(TorneoError, match="not a readable XLSX workbook"):
        xlsx_rows("file", good[: len(good) // 2])
