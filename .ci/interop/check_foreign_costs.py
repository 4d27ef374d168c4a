#!/usr/bin/env python3
"""Interop check: payments in another currency reach hledger, ledger and beancount at cost.

Converts Tests/StatementFormatsTests/Fixtures/jsonl/foreign-payments.jsonl (card payments in USD,
CHF and JPY on a EUR account, with their original amounts, and one with a rate only) with
`--to ledger` and `--to beancount`, then checks with the tools themselves that:
- `hledger -s` (strict) and `ledger` read the journal without an error or a warning, and
  `bean-check` passes the beancount file;
- the balancing postings hold the original amounts in their own commodities (hledger `bal`, the
  beancount loader), and the payment without an original amount stays in EUR;
- at cost (`hledger bal -B`, `ledger bal -B`) every account is in EUR, each expense equal to the
  negated booked amount and the whole journal summing to zero, to the cent.

Usage: check_foreign_costs.py [PFIN]   (default .build/debug/pfin)
"""
import json
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "Tests/StatementFormatsTests/Fixtures/jsonl/foreign-payments.jsonl"


def run(args):
    result = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0 or result.stderr.strip():
        sys.exit(f"check_foreign_costs: `{' '.join(map(str, args))}` exited {result.returncode}:\n{result.stderr}")
    return result.stdout


def hledger_balances(path, *flags):
    out = run(["hledger", "-s", "-f", str(path), "bal", "--flat", "--empty", "-O", "csv", "--layout", "bare", *flags])
    sums = {}
    for line in out.splitlines()[1:]:
        account, commodity, balance = json.loads(f"[{line}]")
        if account != "total" and Decimal(balance.replace(",", "")) != 0:
            sums[(account, commodity)] = Decimal(balance.replace(",", ""))
    return sums


def main():
    pfin = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pfin"
    rows = [json.loads(line) for line in FIXTURE.read_text().splitlines() if line.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        journal, beancount = Path(tmp) / "foreign.journal", Path(tmp) / "foreign.beancount"
        journal.write_text(run([pfin, "convert", str(FIXTURE), "--to", "ledger"]))
        beancount.write_text(run([pfin, "convert", str(FIXTURE), "--to", "beancount"]))

        # In their own commodities: what the payments were.
        own = hledger_balances(journal)
        expected_own = {("Assets:Bank:Card", "EUR"): sum(Decimal(r["amount"]) for r in rows)}
        for r in rows:
            account = "Expenses:" + (r.get("category") or "Uncategorised")
            if "originalAmount" in r:
                expected_own[(account, r["originalCurrency"])] = -Decimal(r["originalAmount"])
            else:
                expected_own[(account, "EUR")] = -Decimal(r["amount"])
        if own != expected_own:
            sys.exit(f"check_foreign_costs: hledger bal gives {own}, expected {expected_own}")

        # At cost: everything in EUR, balancing to zero.
        at_cost = hledger_balances(journal, "-B")
        expected_cost = {("Assets:Bank:Card", "EUR"): expected_own[("Assets:Bank:Card", "EUR")]}
        for r in rows:
            expected_cost[("Expenses:" + (r.get("category") or "Uncategorised"), "EUR")] = -Decimal(r["amount"])
        if at_cost != expected_cost or sum(at_cost.values()) != 0:
            sys.exit(f"check_foreign_costs: hledger bal -B gives {at_cost}, expected {expected_cost}")
        ledger_total = run(["ledger", "-f", str(journal), "bal", "-B", "--flat", "--balance-format", "%(quantity(scrub(display_total)))\n",
                            "--no-total", "^Expenses"]).split()
        if sorted(Decimal(x) for x in ledger_total) != sorted(v for (a, _), v in expected_cost.items() if a.startswith("Expenses")):
            sys.exit(f"check_foreign_costs: ledger bal -B gives {ledger_total}")

        run(["bean-check", str(beancount)])
        from beancount import loader
        entries, errors, _ = loader.load_file(str(beancount))
        if errors:
            sys.exit(f"check_foreign_costs: beancount loader: {errors[0]}")
        priced = sorted((str(p.units), str(p.price)) for e in entries if hasattr(e, "postings") for p in e.postings if p.price)
        expected_priced = sorted(
            (f"{-Decimal(r['originalAmount'])} {r['originalCurrency']}", None) for r in rows if "originalAmount" in r)
        if [u for u, _ in priced] != [u for u, _ in expected_priced]:
            sys.exit(f"check_foreign_costs: beancount postings at a price {priced}, expected {expected_priced}")
    print(f"check_foreign_costs: {len(rows)} payments: hledger, ledger and beancount read the costs, EUR totals exact")


if __name__ == "__main__":
    main()
