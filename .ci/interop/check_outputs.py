#!/usr/bin/env python3
"""Interop check: what `pfin convert` writes is read right by Python's own json and csv modules.

For every sample: each JSON Lines row parses with json.loads, has exactly the contract's keys
with the right types, and the amounts (as Decimal) sum per currency to the expectations worked
out independently in Tests/StatementFormatsTests/Fixtures/sample-expectations.json. The CSV
output, read by csv.DictReader, holds the same rows, ids and amounts.
"""
import csv
import io
import json
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEYS = ["id", "account", "date", "name", "address", "amount", "currency", "memo", "type", "category",
        "fitid", "checkNumber", "source"]
# After `source`, in this order: the original amount only for a payment in another currency, and
# `rawName` only where the clean name differs from the bank's text (CONTRACT.md).
OPTIONAL_KEYS = ["originalAmount", "originalCurrency", "exchangeRate", "rawName"]


def run(pfin, *args):
    result = subprocess.run([pfin, *args], cwd=ROOT, capture_output=True)
    if result.returncode != 0:
        sys.exit(f"pfin {' '.join(args)} exited {result.returncode}:\n{result.stderr.decode()}")
    return result.stdout.decode("utf-8")


def main():
    pfin = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pfin"
    expectations = json.loads((ROOT / "Tests/StatementFormatsTests/Fixtures/sample-expectations.json").read_text())
    failures = []
    for expected in expectations:
        sample = f"Samples/{expected['file']}"
        rows = [json.loads(line) for line in run(pfin, "convert", sample).splitlines()]
        sums = {}
        for row in rows:
            keys = list(row.keys())
            tail = keys[len(KEYS):]
            if keys[:len(KEYS)] != KEYS or [k for k in OPTIONAL_KEYS if k in tail] != tail:
                failures.append(f"{sample}: keys {list(row.keys())}")
            if not re.fullmatch(r"[0-9a-f]{16}", row["id"]):
                failures.append(f"{sample}: id {row['id']!r}")
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", row["date"]):
                failures.append(f"{sample}: date {row['date']!r}")
            if row["type"] not in ("income", "expense", "transfer"):
                failures.append(f"{sample}: type {row['type']!r}")
            if "rawName" in row and (not isinstance(row["rawName"], str) or row["rawName"] == row["name"]):
                failures.append(f"{sample}: rawName {row['rawName']!r} beside name {row['name']!r}")
            for key in ("account", "address", "memo", "category", "fitid", "checkNumber", "currency"):
                if row[key] is not None and not isinstance(row[key], str):
                    failures.append(f"{sample}: {key} is {type(row[key]).__name__}")
            key = row["currency"] or "null"
            sums[key] = sums.get(key, Decimal(0)) + Decimal(row["amount"])
        if len(rows) != expected["rows"]:
            failures.append(f"{sample}: {len(rows)} rows, expected {expected['rows']}")
        got = {k: f"{v:.2f}" for k, v in sums.items()}
        if got != expected["sums"]:
            failures.append(f"{sample}: sums {got}, expected {expected['sums']}")

        table = list(csv.DictReader(io.StringIO(run(pfin, "convert", sample, "--to", "csv"), newline="")))
        if [r["id"] for r in table] != [r["id"] for r in rows]:
            failures.append(f"{sample}: CSV ids differ from JSON Lines ids")
        if [Decimal(r["amount"]) for r in table] != [Decimal(r["amount"]) for r in rows]:
            failures.append(f"{sample}: CSV amounts differ from JSON Lines amounts")
        print(f"ok  {sample}: {len(rows)} rows, sums {got}")
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
