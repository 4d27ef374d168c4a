#!/usr/bin/env python3
"""Interop check: a report in one currency (`pfin report --convert-to EUR --prices FILE`) totals
what hledger's valuation totals, to the cent.

Statements in CHF, EUR, GBP, INR, USD and ZAR, card payments abroad with their original amounts
(an OFX card statement, a CAMT statement with instructed amounts, a Wise export, and
Tests/.../foreign-payments.jsonl) are converted once with the sample rules to JSON Lines; pfin
reports those rows in EUR with Samples/prices.journal, and hledger reads the same rows as a
journal (`--to ledger`) with the same prices file. Per month, pfin's income and spending and each
top-level spending category must equal hledger's `bal -M -X EUR` and `bal -M --value=then,EUR`
(each posting at the price of its own date, which is what pfin does; with prices dated the first
of each month the two agree). Both sum exactly and round each total once.

hledger values a posting at its cost with `-B` and at its own commodity without it, for the whole
run; pfin takes, per payment, the amount its file states in EUR. So the rows are checked in two
journals, summed: payments booked in another currency whose file states their EUR amount
(`Expenses 12.00 EUR @@ 12.30 CHF`: the EUR side counts, so without `-B`), and all others (`-B`:
a EUR account's payment abroad counts at the EUR it cost). A payment whose file states only a
rate into EUR has no EUR amount in the journal, so hledger cannot value it as pfin does: such rows
are left out of both sides and counted (unit tests cover them).

A prices file without the USD prices makes pfin refuse the report (exit 1) and name USD.

Usage: check_converted.py [PFIN]   (default .build/debug/pfin)
"""
import csv
import json
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INPUTS = [
    "Samples/ch-postfinance-excel.txt", "Samples/de-dkb-giro.csv", "Samples/uk-nationwide.csv",
    "Samples/za-fnb-drcr.csv", "Samples/in-hdfc-footer.csv", "Samples/paypal-activity.csv",
    "Samples/us-credit-union.csv", "Samples/multi-account-ofx2.ofx", "Samples/es-bbva.csv",
    "Samples/us-card-abroad.qfx", "Samples/ch-zkb-camt053-foreign.xml", "Samples/wise-gbp-statement.csv",
    "Tests/StatementFormatsTests/Fixtures/jsonl/foreign-payments.jsonl",
]
PRICES = "Samples/prices.journal"


def run(args, ok=True):
    result = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    if ok and result.returncode != 0:
        sys.exit(f"check_converted: `{' '.join(args)}` exited {result.returncode}:\n{result.stderr}")
    return result


def pfin_totals(pfin, rows):
    report = json.loads(run([pfin, "report", str(rows), "--convert-to", "EUR", "--prices", PRICES, "--format", "json"]).stdout)
    conversion = report["conversion"]
    if conversion is None or conversion["currency"] != "EUR" or conversion["atPrices"] == 0:
        sys.exit(f"check_converted: the report does not say it was converted: {conversion}")
    totals = {}
    for month in report["months"]:
        for summary in month["summaries"]:
            if summary["currency"] != "EUR":
                sys.exit(f"check_converted: {month['month']} has a summary in {summary['currency']}")
            key = month["month"]
            totals[(key, "Income")] = Decimal(summary["income"])
            totals[(key, "Expenses")] = Decimal(summary["expense"])
            for line in summary["expenseCategories"]:
                if line["depth"] == 0:
                    totals[(key, "Expenses:" + line["path"])] = Decimal(line["amount"])
    return conversion, {k: v for k, v in totals.items() if v != 0}


def hledger_totals(journal, valuation):
    totals = {}
    for depth in ("1", "2"):
        out = run(["hledger", "-I", "-f", str(journal), "-f", PRICES, "bal", "^Income", "^Expenses", "-M",
                   *valuation, "--depth", depth, "-O", "csv"]).stdout
        rows = list(csv.reader(out.splitlines()))
        months = rows[0][1:]
        for row in rows[1:]:
            account = row[0]
            if account == "total" or (depth == "2" and not account.startswith("Expenses:")):
                continue
            for month, cell in zip(months, row[1:]):
                amount = Decimal(0) if cell in ("0", "") else Decimal(cell.removesuffix(" EUR").replace(",", ""))
                if cell not in ("0", "") and not cell.endswith(" EUR"):
                    sys.exit(f"check_converted: hledger left {account} {month} in another commodity: {cell}")
                totals[(month, account)] = -amount if account == "Income" else amount
    return totals


def split_rows(pfin, directory):
    """The inputs as categorised JSON Lines, in three groups: rows hledger values at cost, rows whose
    file states their EUR amount, and rows with only a stated rate into EUR (left out)."""
    lines = run([pfin, "convert", *INPUTS, "--rules", "Samples/rules.pfin"]).stdout.splitlines(True)
    at_cost, stated, rate_only = [], [], []
    for line in lines:
        row = json.loads(line)
        if row.get("originalCurrency") == "EUR" and row.get("currency") != "EUR":
            (stated if row.get("originalAmount") is not None else rate_only).append(line)
        else:
            at_cost.append(line)
    if not stated:
        sys.exit("check_converted: no input states a EUR amount for a payment booked in another currency")
    paths = []
    for name, group in (("at-cost", at_cost), ("stated", stated), ("all", at_cost + stated)):
        path = Path(directory) / f"{name}.jsonl"
        path.write_text("".join(group))
        paths.append(path)
    return paths, len(rate_only)


def main():
    pfin = str(Path(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pfin").resolve())
    failures = []
    with tempfile.TemporaryDirectory(prefix="pfin-converted-") as directory:
        (at_cost, stated, rows), left_out = split_rows(pfin, directory)
        conversion, ours = pfin_totals(pfin, rows)
        journals = {}
        for group in (at_cost, stated):
            journals[group] = group.with_suffix(".journal")
            run([pfin, "convert", str(group), "--to", "ledger", "-o", str(journals[group])])
        for name, valuation in (("-X EUR", ["-X", "EUR"]), ("--value=then,EUR", ["--value=then,EUR"])):
            theirs = hledger_totals(journals[at_cost], ["-B", *valuation])
            for key, amount in hledger_totals(journals[stated], valuation).items():
                theirs[key] = theirs.get(key, Decimal(0)) + amount
            theirs = {k: v for k, v in theirs.items() if v != 0}
            if theirs != ours:
                keys = sorted(set(theirs) | set(ours))
                lines = [f"  {m} {a}: pfin {ours.get((m, a), 0)} hledger {theirs.get((m, a), 0)}"
                         for m, a in keys if theirs.get((m, a)) != ours.get((m, a))]
                failures.append(f"hledger bal {name} differs from pfin report --convert-to EUR:\n" + "\n".join(lines))
            else:
                print(f"ok  hledger bal -M {name}: {len(ours)} monthly totals equal pfin's to the cent "
                      f"({conversion['atPrices']} amounts at prices, {conversion['atStatedRates']} at stated "
                      f"amounts or rates; {left_out} with only a stated rate left out)")

        without_usd = Path(directory) / "no-usd.journal"
        without_usd.write_text("".join(line for line in (ROOT / PRICES).read_text().splitlines(True) if " USD " not in line))
        refused = run([pfin, "report", *INPUTS, "--convert-to", "EUR", "--prices", str(without_usd)], ok=False)
        if refused.returncode != 1 or "no price converts USD into EUR" not in refused.stderr or refused.stdout:
            failures.append(f"a missing USD price: exit {refused.returncode}, stderr:\n{refused.stderr}")
        else:
            print("ok  a missing USD price: exit 1, the error names USD and the date, no report written")
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
