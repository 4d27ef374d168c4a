# Writes the .xls fixtures with xlwt (pip install xlwt==1.3.0 olefile), which writes BIFF8 as Excel 97-2003
# does: shared strings (SST with CONTINUE records past 8 KB), RK and NUMBER cells, date formats.
# Run from this folder: python3 make-fixtures.py (the quirk cases are in ../xls.json)
import datetime
import random
import xlwt

def bank_export(path, rows, date1904=False, sheet_first=None):
    book = xlwt.Workbook(encoding="utf-8")
    if date1904:
        book.dates_1904 = True
    if sheet_first:
        book.add_sheet(sheet_first).write(0, 0, "nothing here")
    sheet = book.add_sheet("Movimientos")
    date_style = xlwt.easyxf(num_format_str="DD/MM/YYYY")
    money_style = xlwt.easyxf(num_format_str="#,##0.00")
    sheet.write(0, 0, "Cuenta ES12 3456 7890 1234 5678 9012")
    sheet.write(1, 0, "Extracto del 01/03/2024 al 31/03/2024")
    for column, title in enumerate(["Fecha", "Concepto", "Importe", "Saldo"]):
        sheet.write(3, column, title)
    balance = 1500.0
    for k, (day, name, amount) in enumerate(rows):
        balance = round(balance + amount, 2)
        sheet.write(4 + k, 0, day, date_style)
        sheet.write(4 + k, 1, name)
        sheet.write(4 + k, 2, amount, money_style)
        sheet.write(4 + k, 3, balance, money_style)
    book.save(path)

rows = [
    (datetime.date(2024, 3, 1), "Nómina Marzo", 2450.75),
    (datetime.date(2024, 3, 2), "Mercadona Valencia", -54.2),
    (datetime.date(2024, 3, 4), "Recibo Iberdrola", -61.03),
    (datetime.date(2024, 3, 4), "Bizum de José Pérez", 15.0),
    (datetime.date(2024, 3, 15), "Transferencia a ahorro", -500.0),
    (datetime.date(2024, 3, 29), "Comisión mantenimiento", -0.1),
]
bank_export("bank-export.xls", rows)
bank_export("date1904-second-sheet.xls", rows, date1904=True, sheet_first="Resumen")

# Many distinct names: the shared strings run past one record into CONTINUE records.
random.seed(7)
long_rows = []
for k in range(600):
    day = datetime.date(2024, 1, 1) + datetime.timedelta(days=k % 90)
    name = "Pago en comercio número %04d · tarjeta ****%04d · Ciudad %s" % (k, random.randrange(10000), "ÁÉÍÓÚñ"[k % 6])
    long_rows.append((day, name, -round(random.uniform(1, 300), 2)))
bank_export("many-strings.xls", long_rows)

# A workbook whose stream is under 4,096 bytes lives in the compound file's mini stream (64-byte
# sectors chained by the mini FAT), as small exports from writers that do not pad are. The BIFF
# records of a small xlwt workbook, cut after their last EOF, wrapped in a compound file written
# here (MS-CFB version 3: 512-byte sectors; FAT, directory, mini FAT, then the mini stream).
import struct

def biff_records_end(stream):
    at, depth = 0, 0
    while at + 4 <= len(stream):
        kind, length = struct.unpack_from("<HH", stream, at)
        at += 4 + length
        if kind == 0x0809:
            depth += 1
        if kind == 0x000A:
            depth -= 1
            if depth == 0 and at + 4 <= len(stream) and struct.unpack_from("<H", stream, at)[0] != 0x0809:
                return at
    return at

def compound_file(name, stream):
    END, FREE, FATSECT, NOSTREAM = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD, 0xFFFFFFFF
    mini_sectors = (len(stream) + 63) // 64
    mini = stream + b"\0" * (mini_sectors * 64 - len(stream))
    container_sectors = (len(mini) + 511) // 512
    mini += b"\0" * (container_sectors * 512 - len(mini))
    header = bytearray(512)
    header[0:8] = bytes.fromhex("D0CF11E0A1B11AE1")
    struct.pack_into("<HHHHH", header, 24, 0x3E, 3, 0xFFFE, 9, 6)
    struct.pack_into("<IIIIIIIII", header, 40, 0, 1, 1, 0, 4096, 2, 1, END, 0)
    difat = [0] + [FREE] * 108
    struct.pack_into("<109I", header, 76, *difat)
    fat = [FATSECT, END, END] + [3 + k + 1 for k in range(container_sectors - 1)] + [END]
    fat += [FREE] * (128 - len(fat))
    minifat = [k + 1 for k in range(mini_sectors - 1)] + [END]
    minifat += [FREE] * (128 - len(minifat))
    def entry(entry_name, kind, child, start, size):
        e = bytearray(128)
        encoded = entry_name.encode("utf-16-le") + b"\0\0"
        e[0:len(encoded)] = encoded
        struct.pack_into("<HBB", e, 64, len(encoded), kind, 1)
        struct.pack_into("<III", e, 68, NOSTREAM, NOSTREAM, child)
        struct.pack_into("<II", e, 116, start, size)
        return bytes(e)
    directory = entry("Root Entry", 5, 1, 3, len(stream) and mini_sectors * 64) + entry(name, 2, NOSTREAM, 0, len(stream))
    directory += b"\0" * (512 - len(directory))
    return bytes(header) + struct.pack("<128I", *fat) + directory + struct.pack("<128I", *minifat) + mini

def small_workbook():
    book = xlwt.Workbook(encoding="utf-8")
    sheet = book.add_sheet("Umsätze")
    for column, title in enumerate(["Buchungstag", "Empfänger", "Betrag"]):
        sheet.write(0, column, title)
    day = xlwt.easyxf(num_format_str="DD.MM.YYYY")
    for k, (date, name, amount) in enumerate([(datetime.date(2024, 5, 2), "Bäckerei Müller", -4.8), (datetime.date(2024, 5, 3), "Gehalt", 2100.0)]):
        sheet.write(1 + k, 0, date, day)
        sheet.write(1 + k, 1, name)
        sheet.write(1 + k, 2, amount)
    book.save("/tmp/pfin-small-workbook.xls")
    import olefile
    stream = olefile.OleFileIO("/tmp/pfin-small-workbook.xls").openstream("Workbook").read()
    return stream[:biff_records_end(stream)]

stream = small_workbook()
assert len(stream) < 4096, len(stream)
open("mini-stream.xls", "wb").write(compound_file("Workbook", stream))

# The sample Samples/in-union-excel97.xls: an Indian savings account's export in Excel 97-2003, a
# key/value preamble, Txn Date / Value Date as date cells (dd-mmm-yyyy), Debit and Credit columns,
# a running balance, a cheque number column with numbers and text, newest last.
def indian_sample(path):
    book = xlwt.Workbook(encoding="utf-8")
    sheet = book.add_sheet("Statement")
    day = xlwt.easyxf(num_format_str="dd-mmm-yyyy")
    money = xlwt.easyxf(num_format_str="#,##,##0.00")
    preamble = [("Account Name", "MS PRIYA RAGHAVAN"), ("Account Number", "00000031234567890"), ("Branch", "KORAMANGALA, BENGALURU"),
                ("IFSC Code", "UBIN0512345"), ("Statement Period", "01-04-2024 to 30-04-2024")]
    for k, (key, value) in enumerate(preamble):
        sheet.write(k, 0, key)
        sheet.write(k, 1, value)
    header = ["Txn Date", "Value Date", "Description", "Ref No./Cheque No.", "Debit", "Credit", "Balance"]
    for column, title in enumerate(header):
        sheet.write(6, column, title)
    rows = [
        (datetime.date(2024, 4, 1), "BY TRANSFER-NEFT*HDFC0000123*N091241234*ACME SOFTWARE", "N091241234", None, 125000.0),
        (datetime.date(2024, 4, 2), "TO TRANSFER-UPI/DR/409312345678/SWIGGY/YESB/swiggy@yesb", "409312345678", 486.5, None),
        (datetime.date(2024, 4, 5), "ATM WDL-ATM CASH 1234 KORAMANGALA BENGALURU", "1234", 5000.0, None),
        (datetime.date(2024, 4, 7), "TO TRANSFER-INB Electricity BESCOM", "IN12345678", 1834.0, None),
        (datetime.date(2024, 4, 10), "TO CLEARING-CHQ PAID-MICR CTS-BANGALORE", 104512, 25000.0, None),
        (datetime.date(2024, 4, 12), "TO TRANSFER-UPI/DR/410212345678/AMAZON PAY/UTIB/amazonpay@utib", "410212345678", 2349.0, None),
        (datetime.date(2024, 4, 15), "DEBIT-EMI HOME LOAN 0000987654", "", 32150.0, None),
        (datetime.date(2024, 4, 20), "BY TRANSFER-UPI/CR/411012345678/RAHUL K/SBIN/rahulk@oksbi", "411012345678", None, 1200.0),
        (datetime.date(2024, 4, 30), "CREDIT INTEREST", "", None, 312.0),
    ]
    balance = 48210.35
    for k, (date, text, ref, debit, credit) in enumerate(rows):
        balance = round(balance - (debit or 0) + (credit or 0), 2)
        r = 7 + k
        sheet.write(r, 0, date, day)
        sheet.write(r, 1, date, day)
        sheet.write(r, 2, text)
        sheet.write(r, 3, ref)
        if debit is not None:
            sheet.write(r, 4, debit, money)
        if credit is not None:
            sheet.write(r, 5, credit, money)
        sheet.write(r, 6, balance, money)
    book.save(path)

indian_sample("../../../../../Samples/in-union-excel97.xls")

# An Excel 5.0/95 workbook (BIFF5), as old web banking systems write them: a 'Book' stream, text as
# bytes in the CODEPAGE record's code page (Windows-1252 here), LABEL cells, a date format of its own.
def biff5_workbook():
    def record(kind, data):
        return struct.pack("<HH", kind, len(data)) + data
    def text8(value):
        encoded = value.encode("cp1252")
        return struct.pack("<B", len(encoded)) + encoded
    def text16(value):
        encoded = value.encode("cp1252")
        return struct.pack("<H", len(encoded)) + encoded
    xf = lambda fmt: record(0x00E0, struct.pack("<HH", 0, fmt) + b"\0" * 12)
    def globals_(sheet_offset):
        out = record(0x0809, struct.pack("<HHHH", 0x0500, 0x0005, 0x0DBB, 0x07CC))
        out += record(0x0042, struct.pack("<H", 1252))
        out += record(0x0022, struct.pack("<H", 0))
        out += record(0x041E, struct.pack("<H", 164) + text8("DD.MM.YYYY"))
        out += b"".join(xf(0) for _ in range(16)) + xf(164) + xf(4)
        out += record(0x0085, struct.pack("<IBB", sheet_offset, 0, 0) + text8("Umsätze"))
        out += record(0x000A, b"")
        return out
    sheet = record(0x0809, struct.pack("<HHHH", 0x0500, 0x0010, 0x0DBB, 0x07CC))
    cells = [(0, 0, 15, "Buchungstag"), (0, 1, 15, "Empfänger"), (0, 2, 15, "Betrag")]
    for (r, c, x, v) in cells:
        sheet += record(0x0204, struct.pack("<HHH", r, c, x) + text16(v))
    for k, (serial, name, amount) in enumerate([(45414, "Bäckerei Müller", -4.8), (45415, "Gehalt Mai", 2100.0), (45418, "Café Zürich", -12.5)]):
        sheet += record(0x0203, struct.pack("<HHHd", 1 + k, 0, 16, float(serial)))
        sheet += record(0x0204, struct.pack("<HHH", 1 + k, 1, 15) + text16(name))
        sheet += record(0x0203, struct.pack("<HHHd", 1 + k, 2, 17, amount))
    sheet += record(0x000A, b"")
    head = globals_(0)
    return globals_(len(head)) + sheet

open("excel95-biff5.xls", "wb").write(compound_file("Book", biff5_workbook()))
