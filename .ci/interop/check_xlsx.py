#!/usr/bin/env python3
"""Interop check: a workbook that openpyxl writes from each CSV sample reads as the CSV does.

For every CSV sample in Samples/, pfin's own detected dialect (`pfin convert SAMPLE --show-dialect`)
tells how to parse it with Python's csv module: encoding, delimiter, the lines before the header,
the date layout, the decimal mark and which columns hold dates and money. openpyxl then writes the
rows to a one-sheet workbook as a spreadsheet user would have it: the preamble and header as text,
date cells as dates (`datetime.date`, stored as serial numbers with a date style), amount, debit,
credit and balance cells as numbers (`decimal.Decimal`, exact), everything else as text. A cell
that does not parse as a date or a plain number (`9 500.00 DR`, a footer's label) stays text, as
it would in the bank's own workbook.

Each sample is written twice:
  inline   as openpyxl writes it (openpyxl 3.1 writes text cells as inline strings, t="inlineStr");
  shared   the same workbook with every text cell moved to a shared string table
           (xl/sharedStrings.xml, t="s"), as Excel and LibreOffice write, and with the 1904 date
           system (workbookPr date1904) so that serials count from 1904-01-01.
`pfin convert SAMPLE` and `pfin convert WORKBOOK` must then give the same activities, every field
equal except `source` (which names the file and line: `SAMPLE:LINE` against `WORKBOOK:ROW`).
Activity ids do not depend on the source, so they must be equal too.
"""
import csv
import datetime
import io
import json
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile
from decimal import Decimal
from pathlib import Path

import openpyxl
from openpyxl.utils.datetime import CALENDAR_MAC_1904

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import samples as sample_manifest  # noqa: E402
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
MONEY_ROLES = ("amount", "debit", "credit", "balance")
DATE_ROLES = ("date", "value-date")
MONTHS = {name: i + 1 for i, name in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}
ENCODINGS = {"utf-8": "utf-8-sig", "windows-1252": "cp1252", "utf-16le": "utf-16", "utf-16be": "utf-16",
             "iso-8859-1": "latin-1", "iso-8859-15": "iso8859-15", "windows-1250": "cp1250",
             "windows-1251": "cp1251", "windows-1257": "cp1257", "iso-8859-2": "iso8859-2"}
# Samples that cannot round-trip, with the reason. None today: every CSV sample must.
SKIPPED = {}


def run(pfin, *args):
    result = subprocess.run([pfin, *args], cwd=ROOT, capture_output=True)
    return result.returncode, result.stdout.decode("utf-8"), result.stderr.decode("utf-8")


def words(line):
    """A profile line's words; "quoted values" with \\" and \\\\ escapes."""
    out, i = [], 0
    while i < len(line):
        if line[i] == "#":
            break
        if line[i].isspace():
            i += 1
            continue
        m = re.match(r'([^\s="]+=)?"((?:[^"\\]|\\.)*)"', line[i:])
        if m:
            out.append((m.group(1) or "") + re.sub(r"\\(.)", r"\1", m.group(2)))
            i += m.end()
            continue
        m = re.match(r"\S+", line[i:])
        out.append(m.group(0))
        i += m.end()
    return out


def dialect(pfin, sample):
    status, out, err = run(pfin, "convert", sample, "--show-dialect")
    if status != 0:
        sys.exit(f"pfin convert {sample} --show-dialect exited {status}:\n{err}")
    profile = {"columns": {}}
    for line in out.splitlines():
        w = words(line)
        if not w:
            continue
        if w[0] == "columns":
            for pair in w[1:]:
                role, _, ref = pair.partition("=")
                profile["columns"][role] = ref
        else:
            profile[w[0]] = " ".join(w[1:])
    return profile


def date_parser(pattern):
    """A function from text to datetime.date for a pfin date layout (dd, mm, mmm, yy, yyyy)."""
    regex, parts = "", []
    for token in re.findall(r"yyyy|yy|mmm|mm|m|dd|d|.", pattern):
        if token == "yyyy":
            regex += r"(\d{4})"; parts.append("y4")
        elif token == "yy":
            regex += r"(\d{2})"; parts.append("y2")
        elif token == "mmm":
            regex += r"([A-Za-z]{3,9})\.?"; parts.append("mn")
        elif token in ("mm", "m"):
            regex += r"(\d{1,2})" if "yyyymmdd" not in pattern else r"(\d{2})"; parts.append("m")
        elif token in ("dd", "d"):
            regex += r"(\d{1,2})" if "yyyymmdd" not in pattern else r"(\d{2})"; parts.append("d")
        elif token == " ":
            regex += r" +"
        else:
            regex += re.escape(token)
    compiled = re.compile(regex + r"$")

    def parse(text):
        m = compiled.match(text.strip())
        if not m:
            return None
        values = dict(zip(parts, m.groups()))
        if "y4" in values:
            year = int(values["y4"])
        else:
            y = int(values["y2"])
            year = 1900 + y if y >= 69 else 2000 + y
        month = MONTHS.get(values["mn"][:3].lower()) if "mn" in values else int(values["m"])
        try:
            return datetime.date(year, month, int(values["d"]))
        except (TypeError, ValueError):
            return None
    return parse


def money_parser(decimal_mark):
    """A function from text to an exact Decimal and the currency symbol written before the digits
    (None when none), for plain amounts only: a sign before or after (`78,40-`), digits with the
    other mark between thousands, a currency symbol. Anything else (`9 500.00 DR`) gives None."""
    thousands = "." if decimal_mark == "," else ","
    pattern = re.compile(r"([+-]?)\s*([£$€₹]?)\s*(\d[\d" + re.escape(thousands) + r" ']*(?:" + re.escape(decimal_mark)
                         + r"\d+)?)(-?)$")

    def parse(text):
        m = pattern.match(text.strip())
        if not m or (m.group(1) and m.group(4)):
            return None
        digits = m.group(3).replace(thousands, "").replace(" ", "").replace("'", "").replace(decimal_mark, ".")
        sign = "-" if m.group(4) else m.group(1)
        return Decimal(sign + digits), m.group(2) or None
    return parse


def rows_of(sample, profile):
    raw = (ROOT / sample).read_bytes()
    text = raw.decode(ENCODINGS[profile["encoding"]])
    delimiter = {"tab": "\t", "comma": ",", "semicolon": ";", "pipe": "|"}.get(profile["delimiter"], profile["delimiter"])
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def column_index(ref, header):
    if ref.isdigit():
        return int(ref) - 1
    return [h.strip() for h in header].index(ref)


def workbook(sample, profile, path, variant):
    rows = rows_of(sample, profile)
    skip = int(profile["skip"])
    has_header = profile["header"] == "yes"
    header = rows[skip] if has_header else []
    first_data = skip + 1 if has_header else skip
    dates = {column_index(ref, header) for role, ref in profile["columns"].items() if role in DATE_ROLES}
    money = {column_index(ref, header) for role, ref in profile["columns"].items() if role in MONEY_ROLES}
    parse_date = date_parser(profile["date-format"])
    parse_money = money_parser(profile["decimal-mark"])

    book = openpyxl.Workbook()
    if variant == "shared":
        book.epoch = CALENDAR_MAC_1904
    sheet = book.active
    sheet.title = "Statement"
    counts = {"date": 0, "number": 0}
    for number, row in enumerate(rows):
        cells = []
        for index, value in enumerate(row):
            cell = value if value != "" else None
            if number >= first_data and value.strip():
                if index in dates and (d := parse_date(value)) is not None:
                    cell = d
                    counts["date"] += 1
                elif index in money and (m := parse_money(value)) is not None:
                    cell = m
                    counts["number"] += 1
            cells.append(cell)
        sheet.append([c[0] if isinstance(c, tuple) else c for c in cells])
        # Dates get a date format (a custom one in each variant); amounts written with a currency
        # symbol get a currency format that shows it, as a spreadsheet user would have them.
        for index, cell in enumerate(cells):
            target = sheet.cell(row=number + 1, column=index + 1)
            if isinstance(cell, datetime.date):
                target.number_format = "yyyy-mm-dd" if variant == "inline" else "dd/mm/yyyy;@"
            elif isinstance(cell, tuple):
                if cell[1]:
                    target.number_format = f'"{cell[1]}"#,##0.00' if variant == "inline" else f"[${cell[1]}-809]#,##0.00"
    book.save(path)
    if variant == "shared":
        share_strings(path)
    return counts


def share_strings(path):
    """Rewrites a workbook's inline strings as a shared string table, as Excel stores text."""
    ET.register_namespace("", MAIN)
    with zipfile.ZipFile(path) as zin:
        members = {name: zin.read(name) for name in zin.namelist()}
    strings, index = [], {}
    for name in [n for n in members if n.startswith("xl/worksheets/") and n.endswith(".xml")]:
        root = ET.fromstring(members[name])
        for c in root.iter(f"{{{MAIN}}}c"):
            if c.get("t") != "inlineStr":
                continue
            text = "".join(t.text or "" for t in c.iter(f"{{{MAIN}}}t"))
            for child in list(c):
                c.remove(child)
            if text not in index:
                index[text] = len(strings)
                strings.append(text)
            c.set("t", "s")
            ET.SubElement(c, f"{{{MAIN}}}v").text = str(index[text])
        members[name] = ET.tostring(root, xml_declaration=True, encoding="UTF-8")
    sst = ET.Element(f"{{{MAIN}}}sst", count=str(len(strings)), uniqueCount=str(len(strings)))
    for text in strings:
        t = ET.SubElement(ET.SubElement(sst, f"{{{MAIN}}}si"), f"{{{MAIN}}}t")
        t.text = text
        if text != text.strip():
            t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
    members["xl/sharedStrings.xml"] = ET.tostring(sst, xml_declaration=True, encoding="UTF-8")
    members["[Content_Types].xml"] = members["[Content_Types].xml"].replace(
        b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
        b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
    members["xl/_rels/workbook.xml.rels"] = members["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>", b'<Relationship Id="rIdShared" Type="http://schemas.openxmlformats.org/'
        b'officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in members.items():
            zout.writestr(name, data)


def activities(pfin, path):
    status, out, err = run(pfin, "convert", str(path))
    rows = [json.loads(line) for line in out.splitlines()]
    return status, rows, err


def main():
    pfin = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pfin"
    samples = sample_manifest.paths("csv")
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for sample_path in samples:
            sample = f"Samples/{sample_path.name}"
            if sample_path.name in SKIPPED:
                print(f"skip {sample}: {SKIPPED[sample_path.name]}")
                continue
            profile = dialect(pfin, sample)
            status, expected, _ = activities(pfin, sample)
            if not expected:
                failures.append(f"{sample}: pfin reads no activities from the CSV (exit {status})")
                continue
            for variant in ("inline", "shared"):
                book = Path(tmp) / f"{sample_path.stem}.{variant}.xlsx"
                counts = workbook(sample, profile, book, variant)
                book_status, got, err = activities(pfin, book)
                problems = []
                if book_status != status:
                    problems.append(f"exit {book_status}, the CSV's {status}")
                if len(got) != len(expected):
                    problems.append(f"{len(got)} activities, the CSV gives {len(expected)}")
                for n, (a, b) in enumerate(zip(expected, got), 1):
                    a = {k: v for k, v in a.items() if k != "source"}
                    b = {k: v for k, v in b.items() if k != "source"}
                    if a != b:
                        diff = {k: (a.get(k), b.get(k)) for k in a.keys() | b.keys() if a.get(k) != b.get(k)}
                        problems.append(f"activity {n} differs (csv, xlsx): {diff}")
                        break
                if got and not got[0]["source"].startswith(str(book) + ":"):
                    problems.append(f"source {got[0]['source']!r} does not name the workbook")
                if problems:
                    failures.append(f"{sample} ({variant}): " + "; ".join(problems) + (f"\n{err}" if err else ""))
                else:
                    print(f"ok  {sample} ({variant}): {len(got)} activities; {counts['date']} date cells, "
                          f"{counts['number']} number cells")
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)
    print(f"{len(samples)} samples round-trip through openpyxl {openpyxl.__version__} workbooks")


if __name__ == "__main__":
    main()
