#!/usr/bin/env python3
"""Writes the small XLSX fixtures beside this script, by hand from ECMA-376 (no spreadsheet
program): each isolates one thing the XLSX reader must handle. Run it from anywhere; the output
is byte-for-byte the same each time (fixed timestamps), so the checked-in files can be re-made.

    python3 Tests/StatementFormatsTests/Fixtures/quirks/xlsx/make.py
"""
import io
import zipfile
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def content_types(sheets, shared):
    parts = "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.openxmlformats-'
                    f'officedocument.spreadsheetml.worksheet+xml"/>' for i in range(1, sheets + 1))
    if shared:
        parts += ('<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
                  'officedocument.spreadsheetml.sharedStrings+xml"/>')
    return (DECL + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-'
            f'officedocument.spreadsheetml.styles+xml"/>{parts}</Types>')


def workbook_parts(sheet_names, date1904=False, shared=None, styles=None, absolute_targets=False):
    """The parts of a workbook with these sheets; `sheet_names` maps a name to its sheet XML body
    (what goes inside <sheetData>)."""
    sheets = "".join(f'<sheet name="{name}" sheetId="{i}" r:id="rId{i}"/>' for i, name in enumerate(sheet_names, 1))
    pr = '<workbookPr date1904="1"/>' if date1904 else "<workbookPr/>"
    prefix = "/xl/" if absolute_targets else ""
    rels = "".join(f'<Relationship Id="rId{i}" Type="{REL}/worksheet" Target="{prefix}worksheets/sheet{i}.xml"/>'
                   for i in range(1, len(sheet_names) + 1))
    rels += f'<Relationship Id="rIdStyles" Type="{REL}/styles" Target="{prefix}styles.xml"/>'
    if shared is not None:
        rels += f'<Relationship Id="rIdStrings" Type="{REL}/sharedStrings" Target="{prefix}sharedStrings.xml"/>'
    parts = {
        "[Content_Types].xml": content_types(len(sheet_names), shared is not None),
        "_rels/.rels": DECL + f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{REL}/officeDocument" '
                              'Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": DECL + f'<workbook xmlns="{MAIN}" xmlns:r="{REL}">{pr}<sheets>{sheets}</sheets></workbook>',
        "xl/_rels/workbook.xml.rels": DECL + f'<Relationships xmlns="{PKG}">{rels}</Relationships>',
        "xl/styles.xml": DECL + f'<styleSheet xmlns="{MAIN}">{styles or STYLES}</styleSheet>',
    }
    for i, body in enumerate(sheet_names.values(), 1):
        parts[f"xl/worksheets/sheet{i}.xml"] = DECL + f'<worksheet xmlns="{MAIN}"><sheetData>{body}</sheetData></worksheet>'
    if shared is not None:
        items = "".join(f"<si>{s}</si>" for s in shared)
        parts["xl/sharedStrings.xml"] = DECL + f'<sst xmlns="{MAIN}" count="{len(shared)}" uniqueCount="{len(shared)}">{items}</sst>'
    return parts


# cellXfs: 0 general, 1 built-in date 14 (m/d/yyyy), 2 custom 164 (dd/mm/yyyy;@), 3 custom 165 with
# quoted text and a locale, 4 built-in 22 (date and time), 5 a number format with "d" only in quotes.
STYLES = ('<numFmts count="3"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/>'
          '<numFmt numFmtId="165" formatCode="[$-407]dd&quot;.&quot;mm&quot;.&quot;yyyy"/>'
          '<numFmt numFmtId="166" formatCode="#,##0.00 &quot;dr&quot;"/></numFmts>'
          '<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>'
          '<cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/>'
          '<xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="165" applyNumberFormat="1"/>'
          '<xf numFmtId="22" applyNumberFormat="1"/><xf numFmtId="166" applyNumberFormat="1"/></cellXfs>')


def write_zip(path, parts, stream=False, method=zipfile.ZIP_DEFLATED):
    """A ZIP with fixed timestamps; `stream` writes it as a streaming writer does, sizes in data
    descriptors after each member (flag bit 3) and zeros in the local headers."""
    buffer = io.BytesIO()

    class Unseekable(io.RawIOBase):
        def writable(self):
            return True

        def write(self, b):
            return buffer.write(b)

        def seekable(self):
            return False

    target = Unseekable() if stream else buffer
    with zipfile.ZipFile(target, "w", method) as z:
        for name, text in parts.items():
            info = zipfile.ZipInfo(name, date_time=(2024, 5, 31, 12, 0, 0))
            info.compress_type = method
            data = text.encode("utf-8") if isinstance(text, str) else text
            if stream:
                with z.open(info, "w") as member:
                    member.write(data)
            else:
                z.writestr(info, data)
    (HERE / path).write_bytes(buffer.getvalue())
    return buffer.getvalue()


def to_zip64(data):
    """The same archive with ZIP64 central directory entries and end records."""
    end = data.rfind(b"PK\x05\x06")
    count = int.from_bytes(data[end + 10:end + 12], "little")
    cd_offset = int.from_bytes(data[end + 16:end + 20], "little")
    out = bytearray(data[:cd_offset])
    at = cd_offset
    central = bytearray()
    for _ in range(count):
        name_len, extra_len, comment_len = (int.from_bytes(data[at + k:at + k + 2], "little") for k in (28, 30, 32))
        fixed = bytearray(data[at:at + 46])
        csize, usize, offset = (int.from_bytes(fixed[k:k + 4], "little") for k in (20, 24, 42))
        extra = (1).to_bytes(2, "little") + (24).to_bytes(2, "little") + usize.to_bytes(8, "little") \
            + csize.to_bytes(8, "little") + offset.to_bytes(8, "little")
        for k in (20, 24, 42):
            fixed[k:k + 4] = b"\xff\xff\xff\xff"
        fixed[30:32] = len(extra).to_bytes(2, "little")
        name = data[at + 46:at + 46 + name_len]
        central += fixed + name + extra
        at += 46 + name_len + extra_len + comment_len
    cd_start = len(out)
    out += central
    record_at = len(out)
    out += b"PK\x06\x06" + (44).to_bytes(8, "little") + (45).to_bytes(2, "little") * 2 + (0).to_bytes(4, "little") * 2 \
        + count.to_bytes(8, "little") * 2 + len(central).to_bytes(8, "little") + cd_start.to_bytes(8, "little")
    out += b"PK\x06\x07" + (0).to_bytes(4, "little") + record_at.to_bytes(8, "little") + (1).to_bytes(4, "little")
    out += b"PK\x05\x06" + b"\x00" * 4 + b"\xff\xff" * 2 + b"\xff\xff\xff\xff" * 2 + b"\x00\x00"
    return bytes(out)


def row(r, *cells):
    return f'<row r="{r}">' + "".join(cells) + "</row>"


def s(ref, index, style=None):
    return f'<c r="{ref}" t="s"{f" s={chr(34)}{style}{chr(34)}" if style else ""}><v>{index}</v></c>'


def n(ref, value, style=None):
    return f'<c r="{ref}"{f" s={chr(34)}{style}{chr(34)}" if style else ""}><v>{value}</v></c>'


def inline(ref, text):
    return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{text}</t></is></c>'


def main():
    # Shared strings, with rich text runs whose spaces must survive and a phonetic run that is not
    # text; dates in the built-in style 14; amounts as numbers, one in exponent form.
    shared = ["<t>Date</t>", "<t>Payee</t>", "<t>Amount</t>", "<t>Memo</t>",
              '<r><t xml:space="preserve">REWE </t></r><r><rPr><b/></rPr><t>Markt</t></r>',
              "<t>Gehalt</t><rPh sb=\"0\" eb=\"1\"><t>ゲハルト</t></rPh>",
              "<t>Card 1234</t>", "<t>Monthly</t>"]
    body = (row(1, s("A1", 0), s("B1", 1), s("C1", 2), s("D1", 3))
            + row(2, n("A2", 45433, 1), s("B2", 4), n("C2", "-5.42E1"), s("D2", 6))
            + row(3, n("A3", 45440, 1), s("B3", 5), n("C3", "2850"), s("D3", 7))
            + row(4, n("A4", "45441.75", 4), s("B4", 4), n("C4", "-1.5E-2"), s("D4", 6)))
    write_zip("shared-strings.xlsx", workbook_parts({"Umsätze": body}, shared=shared))

    # Inline strings, formula string results (t="str"), a boolean and an error cell; the archive
    # written as a stream (data descriptors, zero sizes in the local headers).
    body = (row(1, inline("A1", "Date"), inline("B1", "Payee"), inline("C1", "Amount"), inline("D1", "Cleared"),
                inline("E1", "Note"))
            + row(2, n("A2", 45413, 2), inline("B2", "Coffee, Ltd"), n("C2", "-3.5"), '<c r="D2" t="b"><v>1</v></c>',
                  '<c r="E2" t="e"><v>#N/A</v></c>')
            + row(3, n("A3", 45414, 2), '<c r="B3" t="str"><f>UPPER("rent")</f><v>RENT</v></c>', n("C3", "-800"),
                  '<c r="D3" t="b"><v>0</v></c>', inline("E3", 'flat "3b"'))
            + row(4, n("A4", 45415, 2), inline("B4", "Refund"), n("C4", "12.30"), '<c r="D4" t="b"><v>1</v></c>'))
    write_zip("inline-strings.xlsx", workbook_parts({"Sheet1": body}), stream=True)

    # The 1904 date system with a custom format whose dots are quoted and a locale in brackets;
    # members stored, not deflated; targets written as absolute part names.
    body = (row(1, inline("A1", "Buchungstag"), inline("B1", "Empfänger"), inline("C1", "Betrag"))
            + row(2, n("A2", 43981, 3), inline("B2", "Miete"), n("C2", "-950"))
            + row(3, n("A3", 43982, 3), inline("B3", "Lohn"), n("C3", "3100.25")))
    write_zip("date1904-custom-format.xlsx", workbook_parts({"Konto": body}, date1904=True, absolute_targets=True),
              method=zipfile.ZIP_STORED)

    # Two sheets: a summary first, the transactions second (read with --sheet Transactions).
    summary = row(1, inline("A1", "Statement summary")) + row(2, inline("A2", "Closing balance"), n("B2", "1000"))
    body = (row(1, inline("A1", "Date"), inline("B1", "Description"), inline("C1", "Amount"))
            + row(2, n("A2", 45420, 1), inline("B2", "Groceries"), n("C2", "-42.10"))
            + row(3, n("A3", 45421, 1), inline("B3", "Interest"), n("C3", "0.35")))
    write_zip("two-sheets.xlsx", workbook_parts({"Summary": summary, "Transactions": body}))

    # A sparse sheet: a preamble, rows with gaps between them, cells with gaps between them (a
    # column left empty), a row without r, and a cell without r.
    body = (row(1, inline("A1", "Account"), inline("B1", "DE12 3456"))
            + row(3, inline("A3", "Date"), inline("C3", "Payee"), inline("E3", "Amount"))
            + row(4, n("A4", 45292, 1), inline("C4", "Bakery"), n("E4", "-4.8"))
            + row(7, n("A7", 45293, 1), inline("C7", "Pharmacy"), n("E7", "-19.99"))
            + "<row>" + n("A8", 45294, 1) + inline("C8", "Salary") + '<c t="n"><v>1500</v></c>' + "</row>")
    body = body.replace('<c t="n"><v>1500</v></c>', '<c r="E8"><v>1500</v></c>')
    write_zip("sparse.xlsx", workbook_parts({"Sheet1": body}))

    # A formula whose result was never stored (written by a program that does not compute).
    body = (row(1, inline("A1", "Date"), inline("B1", "Payee"), inline("C1", "Amount"))
            + row(2, n("A2", 45420, 1), inline("B2", "Shop"), n("C2", "-10"))
            + row(3, n("A3", 45421, 1), inline("B3", "Total fee"), '<c r="C3"><f>C2*0.1</f></c>'))
    write_zip("formula-without-value.xlsx", workbook_parts({"Sheet1": body}))

    # Amounts a program printed as binary doubles in full (openpyxl's %.16g).
    body = (row(1, inline("A1", "Date"), inline("B1", "Payee"), inline("C1", "Amount"))
            + row(2, n("A2", 45420, 1), inline("B2", "Shop"), n("C2", "-73.45999999999999"))
            + row(3, n("A3", 45421, 1), inline("B3", "Cafe"), n("C3", "-83.29000000000001"))
            + row(4, n("A4", 45422, 1), inline("B4", "Refund"), n("C4", "0.30000000000000004")))
    write_zip("float-noise.xlsx", workbook_parts({"Sheet1": body}))

    # A ZIP bomb: a sheet of 20 MiB of spaces, a few KiB compressed; its size declared honestly.
    huge = "<c/>" * (5 << 20)
    parts = workbook_parts({"Sheet1": "<row r=\"1\">" + huge + "</row>"})
    write_zip("bomb.xlsx", parts)
    # The same member declaring a small size in its directory entries: caught as it inflates.
    data = bytearray((HERE / "bomb.xlsx").read_bytes())
    name = b"xl/worksheets/sheet1.xml"
    for signature, size_at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = 0
        while (at := data.find(signature, at)) >= 0:
            name_at = at + (30 if signature == b"PK\x03\x04" else 46)
            if data[name_at:name_at + len(name)] == name:
                data[at + size_at:at + size_at + 4] = (1000).to_bytes(4, "little")
            at += 4
    (HERE / "bomb-lying-size.xlsx").write_bytes(bytes(data))

    # A truncated download: the first half of a workbook, without its central directory.
    whole = (HERE / "shared-strings.xlsx").read_bytes()
    (HERE / "truncated.xlsx").write_bytes(whole[:len(whole) // 2])
    # The command-line tests' broken workbook is the same truncated download.
    (HERE.parents[3] / "PfinCLITests/Fixtures/workbook.xlsx").write_bytes(whole[:len(whole) // 2])

    # A damaged member: one byte of the stored sheet changed, so its CRC-32 no longer matches.
    stored = bytearray((HERE / "date1904-custom-format.xlsx").read_bytes())
    at = stored.find(b"Miete")
    stored[at] = ord("N")
    (HERE / "crc-mismatch.xlsx").write_bytes(bytes(stored))

    # A line break inside a cell (Alt+Enter): the CSV text spans two lines for row 2, yet the bad
    # amount of row 3 must still be reported at row 3.
    body = (row(1, inline("A1", "Date"), inline("B1", "Payee"), inline("C1", "Amount"), inline("D1", "Memo"))
            + row(2, n("A2", 45420, 1), inline("B2", "Shop"), n("C2", "-10"), inline("D2", "first line&#10;second line"))
            + row(3, n("A3", 45421, 1), inline("B3", "Cafe"), inline("C3", "ten"), inline("D3", "x"))
            + row(4, n("A4", 45422, 1), inline("B4", "Bank"), n("C4", "5"), inline("D4", "y")))
    write_zip("line-break-in-cell.xlsx", workbook_parts({"Sheet1": body}))

    # A sheet part with a DOCTYPE and an external entity (XXE): refused, never loaded.
    parts = workbook_parts({"Sheet1": row(1, inline("A1", "Date"))})
    parts["xl/worksheets/sheet1.xml"] = (DECL + '<!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                                         f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr">'
                                         '<is><t>&x;</t></is></c></row></sheetData></worksheet>')
    write_zip("doctype.xlsx", parts)

    # ZIP64 records (APPNOTE 4.3.14, 4.3.15, 4.5.3) around a small stored workbook: sizes and
    # offsets in the central directory all ones, the real values in ZIP64 extra fields.
    body = (row(1, inline("A1", "Date"), inline("B1", "Payee"), inline("C1", "Amount"))
            + row(2, n("A2", 45420, 1), inline("B2", "Shop"), n("C2", "-7.25")))
    write_zip("zip64.xlsx", workbook_parts({"Sheet1": body}), method=zipfile.ZIP_STORED)
    (HERE / "zip64.xlsx").write_bytes(to_zip64((HERE / "zip64.xlsx").read_bytes()))

    # Dates as Excel serial numbers in General format (no date style on the cells), as some banks'
    # exports leave them: read as dates under the `Date` header, with a warning; the amounts beside
    # them, whole numbers one in the serials' range, stay amounts.
    body = (row(1, inline("A1", "Date"), inline("B1", "Payee"), inline("C1", "Amount"))
            + row(2, n("A2", 45383), inline("B2", "Rent"), n("C2", "-950"))
            + row(3, n("A3", 45384), inline("B3", "Car sale"), n("C3", "45000"))
            + row(4, n("A4", 45390), inline("B4", "Cafe"), n("C4", "-3.5")))
    write_zip("serial-dates.xlsx", workbook_parts({"Sheet1": body}))

    # The same in the 1904 date system (43921 is 2024-04-01 there), each serial with a time of day.
    body = (row(1, inline("A1", "Buchungstag"), inline("B1", "Empfänger"), inline("C1", "Betrag"))
            + row(2, n("A2", "43921.5"), inline("B2", "Miete"), n("C2", "-950"))
            + row(3, n("A3", "43922.75"), inline("B3", "Lohn"), n("C3", "3100.25")))
    write_zip("serial-dates-1904.xlsx", workbook_parts({"Konto": body}, date1904=True))

    # Serial-like numbers under a header that names no date: no date column, refused as before.
    body = (row(1, inline("A1", "Number"), inline("B1", "Payee"), inline("C1", "Amount"))
            + row(2, n("A2", 45383), inline("B2", "Rent"), n("C2", "-950"))
            + row(3, n("A3", 45384), inline("B3", "Salary"), n("C3", "3100")))
    write_zip("serial-numbers-without-date-header.xlsx", workbook_parts({"Sheet1": body}))

    # Date-styled dates beside a column of serial-like references: read as before, no warning.
    body = (row(1, inline("A1", "Date"), inline("B1", "Reference"), inline("C1", "Payee"), inline("D1", "Amount"))
            + row(2, n("A2", 45383, 1), n("B2", 45001), inline("C2", "Rent"), n("D2", "-950"))
            + row(3, n("A3", 45384, 1), n("B3", 45002), inline("C3", "Salary"), n("D3", "3100")))
    write_zip("date-styled-beside-serial-numbers.xlsx", workbook_parts({"Sheet1": body}))


if __name__ == "__main__":
    main()
