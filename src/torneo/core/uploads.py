"""Bounded readers for every uploaded or pasted file (issue 27 hole 2): a file's cost in memory and
time is known before it is read, and anything bigger is refused with the limit it broke.

A small file can claim a huge one: an XLSX of 1.6 KB whose ``<dimension>`` says A1:XFD6000 made
openpyxl build 98 million empty cells (a worker went from 232 to 1,005 MiB); 287 KB of zip held
2,000,000 rows (47 s, +490 MiB); a CSV of nothing but line ends is a million empty rows. So:

- the bytes are counted first (:func:`check_bytes`);
- an XLSX's zip directory is checked before anything is inflated: the number of parts, their
  total unpacked size and each part's packing ratio (a declared size cannot lie: Python's zip
  reader stops at it and refuses a part whose content does not match its checksum);
- the first sheet's XML is then scanned as a stream, never held whole: its rows, the columns its
  cells name (``r="XFD1"``) and its cells are counted against the caps, and the ``<dimension>``
  claim is ignored, before openpyxl (read-only mode, dimensions reset) builds a single row;
- CSV rows and text lines are read one at a time and counted as they come.

Callers pass an :class:`UploadLimits` sized to what their file can legitimately hold; the
defaults fit every file Torneo reads (a matchday's votes are about 600 rows, a season a few
thousand). Every refusal is a :class:`~torneo.core.errors.TorneoError` on the caller's field.

>>> csv_rows("file", "a;b\\n1;2\\n", delimiter=";")
[['a', 'b'], ['1', '2']]
>>> try:
...     text_lines("names", "x\\n" * 11, UploadLimits(rows=10))
... except TorneoError as err:
...     print(err)
names: more than 10 lines (accepted: at most 10 lines)
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # zipfile and the XML parser are imported where a spreadsheet is read
    import zipfile
    from xml.etree.ElementTree import Element

from torneo.core.errors import TorneoError
from torneo.core.messages import N_


@dataclass(frozen=True, slots=True)
class UploadLimits:
    """The caps of one kind of upload (module doc); ``rows`` also caps a text's lines."""

    bytes: int = 1_048_576
    rows: int = 20_000
    columns: int = 64
    cells: int = 100_000
    inflated: int = 8 * 1024 * 1024  # an XLSX's parts together, unpacked
    ratio: int = 100  # unpacked / packed size of one part bigger than RATIO_FLOOR
    parts: int = 200  # files inside an XLSX


DEFAULT = UploadLimits()
# Small parts (styles, an empty sheet) pack far better than 100:1 and cost nothing unpacked.
RATIO_FLOOR = 256 * 1024
_CELL_REF = re.compile(r"([A-Z]{1,3})(\d+)$")
# A cell's own elements: its value, formula, inline text and the runs of a rich text.
_CELL_PARTS = frozenset({"c", "row", "v", "f", "is", "t", "r", "rPr", "sheetData", "worksheet"})
OTHER_ELEMENTS = 10_000


def _refuse(field: str, reason: str, accepted: str, **params: object) -> TorneoError:
    return TorneoError(field, reason, accepted, params=params)


def check_bytes(field: str, size: int, limits: UploadLimits = DEFAULT) -> None:
    if size > limits.bytes:
        raise _refuse(
            field, N_("%(n)s bytes"), N_("at most %(most)s bytes"), n=size, most=limits.bytes
        )


def _too_many_rows(field: str, limits: UploadLimits) -> TorneoError:
    return _refuse(
        field, N_("more than %(most)s rows"), N_("at most %(most)s rows"), most=limits.rows
    )


def _too_wide(field: str, limits: UploadLimits) -> TorneoError:
    return _refuse(
        field,
        N_("a row of more than %(most)s columns"),
        N_("at most %(most)s columns a row"),
        most=limits.columns,
    )


def _too_many_cells(field: str, limits: UploadLimits) -> TorneoError:
    return _refuse(
        field, N_("more than %(most)s cells"), N_("at most %(most)s cells"), most=limits.cells
    )


class _Counter:
    """Rows and cells counted as they are read; the first cap passed raises."""

    def __init__(self, field: str, limits: UploadLimits) -> None:
        self.field, self.limits, self.rows, self.cells = field, limits, 0, 0

    def row(self, width: int) -> None:
        self.rows += 1
        self.cells += width
        if self.rows > self.limits.rows:
            raise _too_many_rows(self.field, self.limits)
        if width > self.limits.columns:
            raise _too_wide(self.field, self.limits)
        if self.cells > self.limits.cells:
            raise _too_many_cells(self.field, self.limits)


def text_lines(field: str, text: str, limits: UploadLimits = DEFAULT) -> list[str]:
    """The lines of a pasted text (ended by ``\\n``, ``\\r\\n`` or ``\\r``), at most ``limits.rows``."""
    check_bytes(field, len(text), limits)
    out: list[str] = []
    for line in io.StringIO(text, newline=None):
        if len(out) >= limits.rows:
            raise _refuse(
                field,
                N_("more than %(most)s lines"),
                N_("at most %(most)s lines"),
                most=limits.rows,
            )
        out.append(line.rstrip("\n"))
    return out


def csv_rows(
    field: str, text: str, limits: UploadLimits = DEFAULT, *, delimiter: str = ","
) -> list[list[str]]:
    """Every row of a CSV text, counted against the caps as it is read."""
    return [row for _, row in iter_csv_rows(field, text, limits, delimiter=delimiter)]


def iter_csv_rows(
    field: str, text: str, limits: UploadLimits = DEFAULT, *, delimiter: str = ","
) -> Iterator[tuple[int, list[str]]]:
    """Each row with the line it ends on, counted against the caps before it is yielded."""
    check_bytes(field, len(text), limits)
    counter = _Counter(field, limits)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        for row in reader:
            counter.row(len(row))
            yield reader.line_num, row
    except csv.Error as exc:  # a field over csv's own limit (128 KiB), a NUL byte
        raise _refuse(field, N_("not a readable CSV file"), N_("a CSV file")) from exc


def decode(field: str, data: bytes) -> str:
    """UTF-8 (a BOM dropped), else Windows-1252 as spreadsheets save it; never a binary file."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    if "\x00" in text:
        raise _refuse(field, N_("not a text file"), N_("an XLSX file or a CSV with ;"))
    return text


def sheet_rows(
    field: str, data: bytes, limits: UploadLimits = DEFAULT, *, delimiter: str = ";"
) -> list[list[str]]:
    """The rows of an XLSX workbook's first sheet, or of a CSV: recognised by content, not name."""
    check_bytes(field, len(data), limits)
    if data.startswith(b"PK"):
        return xlsx_rows(field, data, limits)
    return csv_rows(field, decode(field, data), limits, delimiter=delimiter)


def _not_xlsx(field: str) -> TorneoError:
    return _refuse(field, N_("not a readable XLSX workbook"), N_("an XLSX file or a CSV with ;"))


def _check_parts(field: str, archive: zipfile.ZipFile, limits: UploadLimits) -> None:
    """The zip directory against the caps, before a byte is inflated."""
    parts = archive.infolist()
    if len(parts) > limits.parts:
        raise _refuse(
            field, N_("%(n)s parts in the XLSX"), N_("at most %(most)s parts"),
            n=len(parts), most=limits.parts,
        )  # fmt: skip
    total = sum(part.file_size for part in parts)
    if total > limits.inflated:
        raise _refuse(
            field,
            N_("%(n)s bytes once unpacked"),
            N_("an XLSX of at most %(most)s bytes unpacked"),
            n=total,
            most=limits.inflated,
        )
    for part in parts:
        ratio = part.file_size // max(part.compress_size, 1)
        if part.file_size > RATIO_FLOOR and ratio > limits.ratio:
            raise _refuse(
                field,
                N_("a part packed %(ratio)s times"),
                N_("an XLSX packed at most %(most)s times"),
                ratio=ratio,
                most=limits.ratio,
            )


def _column(ref: str | None) -> int:
    """``XFD12`` → 16384; no reference: 0 (openpyxl then counts the cell as the next one)."""
    found = _CELL_REF.match((ref or "").upper())  # openpyxl reads "xfd1" as XFD1 too
    if not found:
        return 0
    number = 0
    for letter in found.group(1):
        number = number * 26 + ord(letter) - 64
    return number


def _elements(source: Any) -> Iterator[Element]:
    """Each element of an XML stream at its end, then detached from its parent, so memory stays
    at the document's depth whatever its length."""
    from xml.etree.ElementTree import iterparse

    stack: list[Element] = []
    for event, element in iterparse(source, events=("start", "end")):
        if event == "start":
            stack.append(element)
            continue
        stack.pop()
        yield element
        if stack:
            stack[-1].remove(element)


def _scan_strings(field: str, source: Any, limits: UploadLimits) -> None:
    """The shared strings (openpyxl keeps them all): at most one a cell."""
    count = 0
    for element in _elements(source):
        if element.tag.rsplit("}", 1)[-1] == "si":
            count += 1
            if count > limits.cells:
                raise _too_many_cells(field, limits)


def _scan_sheet(field: str, source: Any, limits: UploadLimits) -> None:
    """The sheet's XML as a stream: rows (their numbers too: a gap is rows openpyxl fills in),
    the columns cells name and the cells, each against its cap; the ``<dimension>`` is ignored.
    Anything else (merged ranges, formats) is what openpyxl would keep: OTHER_ELEMENTS at most."""
    counter = _Counter(field, limits)
    width = last_column = others = 0
    for element in _elements(source):
        tag = element.tag.rsplit("}", 1)[-1]
        if tag == "c":
            last_column = max(_column(element.get("r")), last_column + 1)
            width = max(width, last_column)
            if width > limits.columns:
                raise _too_wide(field, limits)
            if counter.cells + width > limits.cells:
                raise _too_many_cells(field, limits)
        elif tag == "row":
            number = _row_number(field, element.get("r"), counter.rows + 1)
            while counter.rows < number - 1:  # the empty rows of a gap
                counter.row(0)
            counter.row(width)
            width = last_column = 0
        elif tag not in _CELL_PARTS:
            others += 1
            if others > OTHER_ELEMENTS:
                raise _refuse(
                    field,
                    N_("more than %(most)s elements besides cells"),
                    N_("a sheet of rows and cells"),
                    most=OTHER_ELEMENTS,
                )


def _row_number(field: str, text: str | None, default: int) -> int:
    if text is None:
        return default
    if not text.isdigit():
        raise _not_xlsx(field)
    return int(text)


def _first(source: Any, tag: str, **wanted: str) -> dict[str, str]:
    """The attributes of the first ``tag`` element whose attributes include ``wanted``."""
    for element in _elements(source):
        if element.tag.rsplit("}", 1)[-1] == tag:
            attributes = {key.rsplit("}", 1)[-1]: value for key, value in element.attrib.items()}
            if all(attributes.get(k, "").endswith(v) for k, v in wanted.items()):
                return attributes
    raise KeyError(tag)


def _sheet_path(archive: zipfile.ZipFile) -> str:
    """The first sheet's part, found as openpyxl finds it (package relations, the workbook's
    first ``<sheet>``, its relation), streaming each part: openpyxl itself is not called yet."""
    with archive.open("_rels/.rels") as source:
        book = _first(source, "Relationship", Type="/officeDocument")["Target"].lstrip("/")
    folder, _, name = book.rpartition("/")
    with archive.open(book) as source:
        rid = _first(source, "sheet")["id"]
    with archive.open(f"{folder}/_rels/{name}.rels".lstrip("/")) as source:
        target = _first(source, "Relationship", Id=rid)["Target"]
    return target.lstrip("/") if target.startswith("/") else f"{folder}/{target}".lstrip("/")


def _scan(field: str, archive: zipfile.ZipFile, limits: UploadLimits) -> None:
    """The shared strings and the first sheet against the caps, before openpyxl reads them."""
    from xml.etree.ElementTree import ParseError

    try:
        for name in archive.namelist():
            if name.lower().endswith("sharedstrings.xml"):
                with archive.open(name) as source:
                    _scan_strings(field, source, limits)
        with archive.open(_sheet_path(archive)) as source:
            _scan_sheet(field, source, limits)
    except ParseError as exc:
        raise _not_xlsx(field) from exc


def xlsx_rows(field: str, data: bytes, limits: UploadLimits = DEFAULT) -> list[list[str]]:
    """The first sheet's rows as text (module doc: checked before openpyxl reads it)."""
    check_bytes(field, len(data), limits)
    # Imported here, not at the top (issue 32 item 3): a TRF or a CSV never needs them.
    import zipfile
    from xml.etree.ElementTree import ParseError

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            _check_parts(field, archive, limits)
            _scan(field, archive, limits)
            # openpyxl (and numpy, which it loads when present) costs a quarter of a second.
            from openpyxl import load_workbook

            book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            try:
                sheet = book.worksheets[0]
                sheet.reset_dimensions()
                counter = _Counter(field, limits)
                rows: list[list[str]] = []
                for row in sheet.iter_rows(values_only=True):
                    counter.row(len(row))
                    rows.append([_text(value) for value in row])
                return rows
            finally:
                book.close()
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        KeyError,
        OSError,
        IndexError,
        AttributeError,
        TypeError,
        ParseError,  # a part openpyxl reads (styles, the workbook) is not XML
    ) as exc:
        raise _not_xlsx(field) from exc
    except ValueError as exc:
        if isinstance(exc, TorneoError):
            raise
        raise _not_xlsx(field) from exc


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
