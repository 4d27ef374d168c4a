#!/usr/bin/env python3
"""Interop check: OFX read and written by pfin is read the same by the tools people use.

For every OFX sample, and for every file `pfin convert --to ofx` and `--to ofx1` write from every
sample (CSV ones included), Python's ofxtools and libofx's ofxdump must report the same
transactions as pfin reads from that file: count, FITIDs, amounts and posted dates. Both tools
turn dates into instants (ofxdump prints UTC, ofxtools converts to UTC); the calendar date is
compared in the statement's own time zone, the offset the file writes for that transaction.

Round trip: `convert --to ofx | convert` gives the same ids, dates, amounts, names, memos and
types as a direct `convert`.
"""
import datetime as dt
import json
import os
import re
import subprocess
import sys
import tempfile
import warnings
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import samples as sample_manifest  # noqa: E402
warnings.simplefilter("ignore")  # ofxtools warns about names longer than OFX's 32 characters


def pfin(binary, *args, stdin=None):
    result = subprocess.run([binary, *args], cwd=ROOT, capture_output=True, input=stdin)
    if result.returncode not in (0,):
        raise SystemExit(f"pfin {' '.join(args)} exited {result.returncode}:\n{result.stderr.decode()}")
    return result.stdout


def transactions(ofx_bytes):
    """(FITID, the STMTTRN's text) of each transaction with a FITID, closed or not (OFX 1.x)."""
    text = ofx_bytes.decode("utf-8", "replace")
    for block in re.findall(r"<STMTTRN>(.*?)(?:</STMTTRN>|(?=<STMTTRN>))", text, re.S | re.I):
        fitid = re.search(r"<FITID>\s*([^<\r\n]*)", block, re.I)
        if fitid:
            yield fitid.group(1).strip(), block


def offsets(ofx_bytes):
    """FITID → the UTC offset (hours) its DTPOSTED is written in; 0 when none is given."""
    found = {}
    for fitid, block in transactions(ofx_bytes):
        posted = re.search(r"<DTPOSTED>\s*([^<\r\n]*)", block, re.I)
        if posted:
            zone = re.search(r"\[([+-]?\d+(?:\.\d+)?)", posted.group(1))
            found[fitid] = float(zone.group(1)) if zone else 0.0
    return found


def currency_rates(ofx_bytes):
    """FITID → CURRATE of a transaction whose <CURRENCY> aggregate puts its TRNAMT in another
    currency (OFX 2.1.1 §5.2): pfin books TRNAMT × CURRATE in CURDEF, which the tools leave to
    their users; <ORIGCURRENCY> (already converted) is not listed."""
    found = {}
    for fitid, block in transactions(ofx_bytes):
        rate = re.search(r"<CURRENCY>\s*<CURRATE>\s*([^<\r\n]*)", block, re.I)
        if rate:
            found[fitid] = Decimal(rate.group(1).strip().replace(",", "."))
    return found


def charged(rows, rates):
    """The tools' rows with each <CURRENCY> line's TRNAMT converted as the bank charged it: × CURRATE,
    rounded half away from zero to cents."""
    from decimal import ROUND_HALF_UP
    return [(f, (a * rates[f]).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) if f in rates else a, d) for f, a, d in rows]


def local_date(instant, hours):
    return (instant.astimezone(dt.timezone.utc) + dt.timedelta(hours=hours)).date().isoformat()


def with_ofxtools(path, zones):
    from ofxtools.Parser import OFXTree
    tree = OFXTree()
    tree.parse(str(path))
    rows = []
    for statement in tree.convert().statements:
        for t in statement.transactions:
            if type(t).__name__ == "INVBANKTRAN":
                t = t.stmttrn
            elif not hasattr(t, "trnamt"):
                continue  # a security transaction, not a cash line
            rows.append((t.fitid, Decimal(t.trnamt), local_date(t.dtposted, zones.get(t.fitid, 0.0))))
    return rows


def with_ofxdump(ofxdump, path, zones):
    out = subprocess.run([ofxdump, str(path)], capture_output=True, env={**os.environ, "TZ": "UTC"}).stdout.decode("utf-8", "replace")
    rows = []
    for block in out.split("ofx_proc_transaction():")[1:]:
        block = re.split(r"\nofx_proc_", block)[0]
        kind = re.search(r"Investment transaction type: (\w+)", block)
        if kind and kind.group(1) != "INVBANKTRAN":
            continue
        fitid = re.search(r"Financial institution's ID for this transaction: (.*)", block).group(1).strip()
        amount = Decimal(re.search(r"Total money amount: (\S+)", block).group(1))
        posted = re.search(r"Date posted: (.*)", block).group(1).strip()
        instant = dt.datetime.strptime(posted.replace(" UTC", ""), "%a %b %d %H:%M:%S %Y").replace(tzinfo=dt.timezone.utc)
        rows.append((fitid, amount, local_date(instant, zones.get(fitid, 0.0))))
    return rows


def ours(binary, path):
    rows = [json.loads(line) for line in pfin(binary, "convert", str(path)).splitlines()]
    return [(r["fitid"] or r["id"], Decimal(r["amount"]), r["date"]) for r in rows]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pfin"
    ofxdump = sys.argv[2] if len(sys.argv) > 2 else ".build/interop/ofxdump"
    samples = sample_manifest.paths()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        files = sample_manifest.paths("ofx")
        for sample in samples:
            for to in ("ofx", "ofx1"):
                written = Path(tmp) / f"{sample.stem}.{to}.ofx"
                written.write_bytes(pfin(binary, "convert", str(sample), "--to", to))
                files.append(written)
        for path in files:
            zones = offsets(path.read_bytes())
            rates = currency_rates(path.read_bytes())
            expected = sorted(ours(binary, path))
            for tool, read in (("ofxtools", lambda: with_ofxtools(path, zones)), ("ofxdump", lambda: with_ofxdump(ofxdump, path, zones))):
                try:
                    got = sorted(charged(read(), rates))
                except Exception as error:  # a tool that cannot read the file is a failure too
                    failures.append(f"{path.name}: {tool} failed: {error}")
                    continue
                if got != expected:
                    diff = next(((a, b) for a, b in zip(expected, got) if a != b), None)
                    failures.append(f"{path.name}: {tool} read {len(got)} transactions, pfin {len(expected)}; first difference {diff}")
            print(f"ok  {path.name}: {len(expected)} transactions agree with ofxtools and ofxdump"
                  if not any(f.startswith(path.name + ":") for f in failures) else f"FAIL {path.name}")

        for sample in samples:
            direct = [json.loads(l) for l in pfin(binary, "convert", str(sample)).splitlines()]
            for to in ("ofx", "ofx1"):
                back = [json.loads(l) for l in pfin(binary, "convert", stdin=pfin(binary, "convert", str(sample), "--to", to)).splitlines()]
                key = lambda r: (r["id"], r["date"], r["amount"], r["name"], r["memo"], r["type"])
                if sorted(map(key, direct)) != sorted(map(key, back)):
                    failures.append(f"{sample.name}: --to {to} round trip changed ids, dates, amounts, names, memos or types")
        print(f"round trip: {len(samples)} samples through --to ofx and --to ofx1")
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
