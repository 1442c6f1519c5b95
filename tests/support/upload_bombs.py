"""Upload bombs, built when needed (never committed as files): small files that claim or unpack
into huge ones (issue 27 hole 2). ``bench/security.py`` sends the same ones to a server."""

from __future__ import annotations

import io
import zipfile

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"


def xlsx(sheet_xml: bytes, *, shared_strings: bytes | None = None) -> bytes:
    """A minimal workbook whose first sheet is ``sheet_xml`` (deflated: bombs pack well)."""
    types = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        + (
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
            if shared_strings is not None
            else ""
        )
        + "</Types>"
    )
    rels = (
        f'<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" '
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
        'Target="xl/workbook.xml"/></Relationships>'
    )
    workbook = (
        f'<workbook xmlns="{_MAIN}" xmlns:r="{_REL}"><sheets>'
        '<sheet name="Voti" sheetId="1" r:id="rId1"/></sheets></workbook>'
    )
    book_rels = (
        f'<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" '
        f'Type="{_REL}/worksheet" Target="worksheets/sheet1.xml"/>'
        + (
            f'<Relationship Id="rId2" Type="{_REL}/sharedStrings" Target="sharedStrings.xml"/>'
            if shared_strings is not None
            else ""
        )
        + "</Relationships>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", types)
        archive.writestr("_rels/.rels", rels)
        archive.writestr("xl/workbook.xml", workbook)
        archive.writestr("xl/_rels/workbook.xml.rels", book_rels)
        archive.writestr("xl/worksheets/sheet1.xml", sheet_xml)
        if shared_strings is not None:
            archive.writestr("xl/sharedStrings.xml", shared_strings)
    return out.getvalue()


def sheet(rows: str, dimension: str = "A1") -> bytes:
    return (
        f'<worksheet xmlns="{_MAIN}"><dimension ref="{dimension}"/>'
        f"<sheetData>{rows}</sheetData></worksheet>"
    ).encode()


def dimension_bomb(rows: int = 6000) -> bytes:
    """``rows`` rows of one cell; the sheet claims A1:XFD6000, so a reader that believes it pads
    every row to 16,384 cells (98 million for the issue's 1.6 KB file)."""
    return xlsx(sheet("<row><c><v>1</v></c></row>" * rows, "A1:XFD6000"))


def rows_bomb(rows: int = 2_000_000) -> bytes:
    """``rows`` rows of one number each (the issue's 287 KB file has 2,000,000)."""
    body = "<row><c><v>1</v></c></row>" * rows
    return xlsx(sheet(body))


def gap_bomb() -> bytes:
    """One cell on the sheet's last row: a million empty rows before it."""
    return xlsx(sheet('<row r="1048576"><c r="A1048576"><v>1</v></c></row>'))


def wide_bomb() -> bytes:
    """One cell in the last column: a row of 16,384 cells."""
    return xlsx(sheet('<row r="1"><c r="XFD1"><v>1</v></c></row>'))


def inflation_bomb(megabytes: int = 200) -> bytes:
    """A sheet padded with blanks to ``megabytes`` MB unpacked (about 1,000:1 packed)."""
    return xlsx(sheet("", "A1").replace(b"<sheetData>", b"<sheetData>" + b" " * (megabytes << 20)))


def strings_bomb(count: int = 200_000) -> bytes:
    """A shared-string table of ``count`` strings (openpyxl keeps them all)."""
    strings = "".join(f"<si><t>{n}</t></si>" for n in range(count))
    return xlsx(sheet(""), shared_strings=f'<sst xmlns="{_MAIN}">{strings}</sst>'.encode())


def csv_bomb(rows: int = 1_000_000) -> str:
    """Line ends only: a million rows of a CSV from a megabyte."""
    return "\n" * rows
