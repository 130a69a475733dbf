"""A class list is read as the lecturer's spreadsheet saved it.

Each file is built as Excel saves it with "Save As": "CSV (Comma delimited)" and "CSV
(MS-DOS)" write the Windows code page of the PC's locale (Windows-1252 in Western Europe,
GBK, code page 936, on a Chinese Windows) without a BOM, and separate cells by the locale's
list separator (a semicolon where the decimal mark is a comma); "CSV UTF-8" writes a BOM;
"Unicode Text" writes UTF-16LE with a BOM and tabs; every line ends in CRLF.  (How Excel
tells these apart when it opens one is set out in SAP's wiki, "Excel files - CSV format":
https://wiki.scn.sap.com/wiki/display/ABAP/Excel+files+-+CSV+format.)
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from grading.class_list import read_class_list

WESTERN = [
    ("s0001", "François", "Müller"),
    ("s0002", "Jürgen", "Øverby"),
    ("s0003", "Zoë", "Straße"),
    ("s0004", "José", "Núñez"),
]
CHINESE = [("s0101", "小明", "王"), ("s0102", "喆", "张"), ("s0103", "Ming", "Li")]


def excel_file(folder: Path, rows: list[tuple[str, ...]], separator: str, encoding: str) -> Path:
    """The class list ``rows`` as Excel writes it: a header, CRLF lines, ``encoding``.

    Every student is in the section "A; 1, Mon": a cell holding the separator is quoted.
    """
    out = io.StringIO()
    lines = csv.writer(out, delimiter=separator, lineterminator="\r\n")
    lines.writerow(("Student_ID", "First_Name", "Last_Name", "Section"))
    lines.writerows((*row, "A; 1, Mon") for row in rows)
    path = folder / "class_list.csv"
    path.write_bytes(out.getvalue().encode(encoding))
    return path


@pytest.mark.parametrize(
    ("rows", "separator", "encoding"),
    [
        (WESTERN, ";", "cp1252"),  # "CSV (Comma delimited)", German or French Windows
        (WESTERN, ",", "cp1252"),  # "CSV (MS-DOS)", English Windows
        (WESTERN[1:2], ";", "cp1252"),  # bytes that are valid GBK too: ü pairs with r
        (WESTERN, ",", "utf-8-sig"),  # "CSV UTF-8 (Comma delimited)"
        (WESTERN, ",", "utf-8"),  # LibreOffice, Google Sheets
        (WESTERN, "\t", "utf-16"),  # "Unicode Text" (UTF-16LE, BOM)
        (CHINESE, ",", "gbk"),  # "CSV (逗号分隔)", Chinese Windows
        (CHINESE, ",", "utf-8-sig"),
        (CHINESE, "\t", "utf-8"),
    ],
    ids=["semicolon-cp1252", "comma-cp1252", "cp1252-valid-as-gbk", "utf8-bom", "utf8",
         "unicode-text", "gbk", "gbk-as-utf8-bom", "tab-utf8"],
)  # fmt: skip
def test_a_class_list_as_excel_saves_it_is_read(
    tmp_path: Path, rows: list[tuple[str, ...]], separator: str, encoding: str
) -> None:
    students = read_class_list(excel_file(tmp_path, rows, separator, encoding))
    assert [(s.student_id, s.first_name, s.last_name) for s in students] == rows
    assert {s.section for s in students} == {"A; 1, Mon"}


def test_a_file_in_no_known_encoding_says_how_to_save_it(tmp_path: Path) -> None:
    path = tmp_path / "class_list.csv"
    path.write_bytes(b"student_id,first_name,last_name\r\ns1,Zo\x81,Lee\r\n")
    with pytest.raises(ValueError, match="CSV UTF-8") as error:
        read_class_list(path)
    assert "\n" not in str(error.value) and str(path) in str(error.value)


def test_a_header_without_the_columns_is_named_with_what_it_reads(tmp_path: Path) -> None:
    path = excel_file(tmp_path, WESTERN, ";", "cp1252")
    path.write_bytes(path.read_bytes().replace(b"Student_ID", b"Matrikelnummer"))
    with pytest.raises(ValueError, match="no column student_id.*Matrikelnummer;First_Name"):
        read_class_list(path)
