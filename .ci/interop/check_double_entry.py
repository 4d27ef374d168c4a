#!/usr/bin/env python3
"""Interop check: books kept in hledger or ledger, exported one row per posting, come back as
the same books.

A journal with an opening balance, groceries, a paycheck split between net pay and tax, a card
charge and a card payment is exported by the real tools (`hledger print -O csv`, and `ledger csv`,
which has no header and no transaction id). pfin reads each export as the transactions of the
asset and liability accounts (`postings`), and writes them back as a journal (`--to ledger`) and as
beancount (`--to beancount`). Then:

- hledger's balance of every asset and liability account in pfin's journal equals its balance in
  the original journal, to the cent, and bean-check accepts the beancount file;
- pfin's report of the export has the original's income (net of the paycheck's tax posting, as
  the bank account saw it) and spending on the own accounts.

Usage: check_double_entry.py [PFIN]   (default .build/debug/pfin)
"""
import json
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

JOURNAL = """\
2024-05-01 Opening balances
    assets:bank:checking        2500.00 EUR
    equity:opening balances

2024-05-02 * Corner Grocery ; weekly shop
    expenses:food:groceries       84.37 EUR
    assets:bank:checking

2024-05-15 Acme Payroll
    assets:bank:checking        2150.00 EUR
    expenses:taxes               450.00 EUR
    income:salary              -2600.00 EUR

2024-05-16 Hardware Store
    expenses:home                 42.10 EUR
    liabilities:card:visa

2024-05-20 Card payment
    liabilities:card:visa        300.00 EUR
    assets:bank:checking

2024-05-21 Corner Grocery
    expenses:food:groceries       19.99 EUR
    liabilities:card:visa

2024-06-01 Savings
    assets:bank:savings          500.00 EUR
    assets:bank:checking
"""


def run(args, cwd=None):
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"check_double_entry: `{' '.join(map(str, args))}` exited {result.returncode}:\n{result.stderr}")
    return result.stdout


def balances(journal):
    """Every asset and liability account's balance in EUR, by hledger, keyed by its path in lower case."""
    out = run(["hledger", "-f", str(journal), "bal", "--flat", "--no-total", "-O", "csv", "^assets", "^liabilities"])
    totals = {}
    for line in out.splitlines()[1:]:
        account, amount = [cell.strip('"') for cell in line.split('","')]
        value = Decimal(amount.replace("EUR", "").strip() or "0")
        totals[account.lower()] = value
    return totals


def main():
    pfin = str(Path(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pfin").resolve())
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        original = tmp / "books.journal"
        original.write_text(JOURNAL)
        expected = balances(original)
        exports = {
            "hledger": run(["hledger", "-f", str(original), "print", "-O", "csv"]),
            "ledger": run(["ledger", "-f", str(original), "csv"]),
        }
        for tool, text in exports.items():
            export = tmp / f"{tool}-postings.csv"
            export.write_text(text)
            journal = tmp / f"{tool}-back.journal"
            run([pfin, "convert", str(export), "--raw-names", "--to", "ledger", "-o", str(journal)])
            got = balances(journal)
            if got != expected:
                sys.exit(f"check_double_entry: {tool}'s export read back gives balances {got}, the books {expected}")
            beancount = tmp / f"{tool}-back.beancount"
            run([pfin, "convert", str(export), "--raw-names", "--to", "beancount", "-o", str(beancount)])
            run(["bean-check", str(beancount)])
            report = json.loads(run([pfin, "report", str(export), "--raw-names", "--format", "json"]))
            income = sum(Decimal(s["income"]) for m in report["months"] for s in m["summaries"])
            spending = sum(Decimal(s["expense"]) for m in report["months"] for s in m["summaries"])
            if (income, spending) != (Decimal("2150.00"), Decimal("146.46")):
                sys.exit(f"check_double_entry: {tool}'s export reports income {income} and spending {spending}, expected 2150.00 and 146.46")
            print(f"check_double_entry: {tool} export: {len(expected)} accounts' balances as in the books, bean-check clean, income and spending as the own accounts saw them")


if __name__ == "__main__":
    main()
