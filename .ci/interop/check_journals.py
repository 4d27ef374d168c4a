#!/usr/bin/env python3
"""Interop check: hledger, ledger and beancount read `--to ledger` and `--to beancount` as meant.

For every sample statement, converted with and without Samples/rules.pfin:
- the journal (`--to ledger`) is read by `hledger -s bal` (strict: every account and commodity
  declared) and by `ledger bal` without an error or a warning, and the beancount file
  (`--to beancount`) passes `bean-check`;
- each transaction in our output matches one activity of `pfin convert --to jsonl` by its `id`
  metadata: the bank posting carries the activity's amount and currency (XXX when it has none),
  the other posting the exact negation, or for a payment whose file states its original amount,
  that amount negated at its total cost (`12.00 USD @@ 11.07 EUR`);
- the balance of every account, per commodity, in each tool equals the sum of those activities'
  amounts (Python's Decimal, exact to the last digit), with the account names read back from the
  postings we wrote;
- one accounting model: income and spending per month and currency in `pfin report --format json`
  equal hledger's (the Income and Expenses postings of the journal, as `hledger incomestatement`
  counts them, at cost) and beancount's loader's, to the cent.

Usage: check_journals.py [PFIN]   (default .build/debug/pfin)
"""
import collections
import json
import re
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import samples as sample_manifest  # noqa: E402

# A posting: account, amount, commodity, and for a payment in another currency its total cost
# (`12.00 USD @@ 11.07 EUR`).
LEDGER_POSTING = re.compile(r"^    (\S(?:.*?\S)?)  +(-?\d+(?:\.\d+)?) (\S+)(?: @@ (-?\d+(?:\.\d+)?) (\S+))?$")
LEDGER_ID = re.compile(r"^    ; id: ([0-9a-f]{16})$")
BEANCOUNT_POSTING = re.compile(r"^  ([A-Z]\S*) +(-?\d+(?:\.\d+)?) (\S+)(?: @@ (-?\d+(?:\.\d+)?) (\S+))?$")
BEANCOUNT_ID = re.compile(r'^  id: "([0-9a-f]{16})"$')


def run(args, what):
    result = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        raise CheckFailed(f"{what}: `{' '.join(args)}` exited {result.returncode}:\n{result.stderr}")
    return result


class CheckFailed(Exception):
    pass


def transactions(text, posting_re, id_re):
    """(id, [(account, amount, commodity), …]) for each transaction, read from our own output."""
    found = []
    for block in text.split("\n\n"):
        ids = [m.group(1) for m in map(id_re.match, block.splitlines()) if m]
        postings = [(m.group(1), Decimal(m.group(2)), m.group(3), m.group(4) and (Decimal(m.group(4)), m.group(5)))
                    for m in map(posting_re.match, block.splitlines()) if m]
        if ids:
            found.append((ids[0], postings))
    return found


def openings(text, posting_re):
    """The postings of the opening-balance transactions pfin writes before a statement's first
    balance assertion (they carry no id: they are no activity)."""
    found = []
    for block in text.split("\n\n"):
        lines = block.strip("\n").splitlines()
        if lines and "Opening balance" in lines[0]:
            found += [(m.group(1), Decimal(m.group(2)), m.group(3)) for m in map(posting_re.match, lines) if m]
    return found


def expected_balances(rows, txns, what, opening=()):
    """Per (account, commodity) sums of the activities' amounts, after checking each transaction,
    plus the opening balances."""
    by_id = collections.defaultdict(list)
    for row in rows:
        by_id[row["id"]].append(row)
    if len(txns) != len(rows):
        raise CheckFailed(f"{what}: {len(txns)} transactions for {len(rows)} activities")
    sums = collections.defaultdict(Decimal)
    for txn_id, postings in txns:
        if not by_id[txn_id]:
            raise CheckFailed(f"{what}: transaction {txn_id} matches no activity (or one too many)")
        row = by_id[txn_id].pop()
        amount, commodity = Decimal(row["amount"]), row["currency"] or "XXX"
        if len(postings) != 2:
            raise CheckFailed(f"{what}: transaction {txn_id} has {len(postings)} postings")
        (bank, bank_amount, bank_commodity, bank_cost), (other, other_amount, other_commodity, cost) = postings
        # A stated original amount goes on the other side, at its total cost in the account's currency.
        if row.get("originalAmount") is not None:
            other_expected = (-Decimal(row["originalAmount"]), row["originalCurrency"], (abs(amount), commodity))
        else:
            other_expected = (-amount, commodity, None)
        if (bank_amount, bank_commodity, bank_cost) != (amount, commodity, None) or (other_amount, other_commodity, cost) != other_expected:
            raise CheckFailed(f"{what}: transaction {txn_id} posts {postings}, the activity is {amount} {commodity}")
        sums[(bank, commodity)] += amount
        sums[(other, other_expected[1])] += other_expected[0]
    for account, amount, commodity in opening:
        sums[(account, commodity)] += amount
    return nonzero(sums)


def nonzero(sums):
    return {key: value for key, value in sums.items() if value != 0}


def hledger_balances(path):
    out = run(["hledger", "-s", "-f", str(path), "bal", "--flat", "--empty", "-O", "csv", "--layout", "bare"], "hledger").stdout
    sums = {}
    for line in out.splitlines()[1:]:
        account, commodity, balance = json.loads(f"[{line}]")
        if account != "total":
            sums[(account, commodity)] = Decimal(balance.replace(",", ""))
    return nonzero(sums)


def ledger_balances(path, commodities):
    """Each account's own postings (`amount`; `display_total` would add its sub-accounts'), one
    commodity at a time so that each line holds one number."""
    sums = {}
    for commodity in commodities:
        result = run(["ledger", "-f", str(path), "bal", "--flat", "--no-total", "--balance-format",
                      "%(account)\t%(quantity(scrub(amount)))\n", "-l", f'commodity == "{commodity}"'], "ledger")
        if result.stderr.strip():
            raise CheckFailed(f"ledger warned about {path}:\n{result.stderr}")
        for line in result.stdout.splitlines():
            account, quantity = line.split("\t")
            sums[(account, commodity)] = Decimal(quantity)
    return nonzero(sums)


def beancount_balances(path):
    result = run(["bean-check", str(path)], "bean-check")
    if result.stdout.strip() or result.stderr.strip():
        raise CheckFailed(f"bean-check complained about {path}:\n{result.stdout}{result.stderr}")
    from beancount import loader
    from beancount.core import realization

    entries, errors, _ = loader.load_file(str(path))
    if errors:
        raise CheckFailed(f"beancount loader: {errors[0]}")
    sums = {}
    for real in realization.iter_children(realization.realize(entries)):
        for position in real.balance:
            sums[(real.account, position.units.currency)] = position.units.number
    return nonzero(sums)


def pfin_totals(pfin, args):
    """{(month, commodity): (income, spending)} from pfin's own report."""
    report = json.loads(run([pfin, "report", *args, "--format", "json"], "pfin report").stdout)
    totals = {}
    for month in report["months"]:
        for summary in month["summaries"]:
            income, spending = Decimal(summary["income"]), Decimal(summary["expense"])
            if income or spending:
                totals[(month["month"], summary["currency"] or "XXX")] = (income, spending)
    return totals


def add_posting(totals, day, account, amount, commodity):
    root = account.split(":", 1)[0]
    if root not in ("Income", "Expenses"):
        return
    key = (day[:7], commodity)
    income, spending = totals.get(key, (Decimal(0), Decimal(0)))
    # Income is credited (negative in both tools); spending debited.
    totals[key] = (income - amount, spending) if root == "Income" else (income, spending + amount)


def hledger_totals(path):
    import csv
    # -B: a payment in another currency at its cost, the account's amount, as pfin reports it.
    out = run(["hledger", "-f", str(path), "reg", "^Income", "^Expenses", "-B", "-O", "csv"], "hledger reg").stdout
    totals = {}
    for row in csv.DictReader(out.splitlines()):
        number, commodity = row["amount"].rsplit(" ", 1)
        add_posting(totals, row["date"], row["account"], Decimal(number.replace(",", "")), commodity)
    return {key: value for key, value in totals.items() if value != (0, 0)}


def beancount_totals(path):
    from beancount import loader
    from beancount.core import data

    entries, _, _ = loader.load_file(str(path))
    totals = {}
    for entry in entries:
        if isinstance(entry, data.Transaction):
            for posting in entry.postings:
                number, currency = posting.units.number, posting.units.currency
                if posting.price is not None:
                    # `@@` is kept as a unit price (total ÷ units at 28 digits): its product is the
                    # total to far below a cent.
                    number = (number * posting.price.number).quantize(Decimal("1e-10")).normalize()
                    currency = posting.price.currency
                add_posting(totals, entry.date.isoformat(), posting.account, number, currency)
    return {key: value for key, value in totals.items() if value != (0, 0)}


def compare_totals(tool, got, ours, what):
    if got != ours:
        lines = [f"  {month} {commodity}: pfin report income {ours.get((month, commodity), ('-', '-'))[0]} spending "
                 f"{ours.get((month, commodity), ('-', '-'))[1]}; {tool} income {got.get((month, commodity), ('-', '-'))[0]} "
                 f"spending {got.get((month, commodity), ('-', '-'))[1]}"
                 for month, commodity in sorted(set(got) | set(ours)) if got.get((month, commodity)) != ours.get((month, commodity))]
        raise CheckFailed(f"{what}: income and spending differ between pfin report and {tool}\n" + "\n".join(lines))


def compare(tool, got, expected, what):
    if got != expected:
        missing = {k: v for k, v in expected.items() if got.get(k) != v}
        extra = {k: v for k, v in got.items() if expected.get(k) != v}
        raise CheckFailed(f"{what}: {tool} balances differ\n  expected (ours): {missing}\n  {tool}: {extra}")


def check(pfin, sample, rules, work):
    args = [sample] + (["--rules", rules] if rules else [])
    what = f"{sample}{' with rules' if rules else ''}"
    rows = [json.loads(line) for line in run([pfin, "convert", *args], "pfin").stdout.splitlines()]
    commodities = sorted({row["currency"] or "XXX" for row in rows}
                         | {row["originalCurrency"] for row in rows if row.get("originalAmount") is not None})

    journal = work / "out.journal"
    run([pfin, "convert", *args, "--to", "ledger", "-o", str(journal)], "pfin --to ledger")
    text = journal.read_text(encoding="utf-8")
    txns = transactions(text, LEDGER_POSTING, LEDGER_ID)
    expected = expected_balances(rows, txns, f"{what} (ledger journal)", openings(text, LEDGER_POSTING))
    compare("hledger", hledger_balances(journal), expected, what)
    compare("ledger", ledger_balances(journal, commodities), expected, what)

    bean = work / "out.beancount"
    run([pfin, "convert", *args, "--to", "beancount", "-o", str(bean)], "pfin --to beancount")
    text = bean.read_text(encoding="utf-8")
    txns = transactions(text, BEANCOUNT_POSTING, BEANCOUNT_ID)
    expected_bean = expected_balances(rows, txns, f"{what} (beancount)", openings(text, BEANCOUNT_POSTING))
    compare("beancount", beancount_balances(bean), expected_bean, what)

    ours = pfin_totals(pfin, args)
    compare_totals("hledger", hledger_totals(journal), ours, what)
    compare_totals("beancount", beancount_totals(bean), ours, what)
    return len(rows), len({account for account, _ in expected}), len({account for account, _ in expected_bean})


def main():
    pfin = str(Path(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pfin").resolve())
    samples = sample_manifest.relative()
    failures = []
    with tempfile.TemporaryDirectory(prefix="pfin-journals-") as directory:
        work = Path(directory)
        for sample in samples:
            for rules in (None, "Samples/rules.pfin"):
                try:
                    rows, ledger_accounts, bean_accounts = check(pfin, sample, rules, work)
                    print(f"ok  {sample}{' +rules' if rules else ''}: {rows} transactions; "
                          f"hledger, ledger agree on {ledger_accounts} accounts, beancount on {bean_accounts}")
                except CheckFailed as failure:
                    failures.append(str(failure))
                    print(f"FAIL {sample}{' +rules' if rules else ''}")
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)
    print(f"{len(samples) * 2} passed, 0 failed")


if __name__ == "__main__":
    main()
