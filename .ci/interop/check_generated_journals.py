#!/usr/bin/env python3
"""Interop check: journals and beancount files written from 10,000 awkward activities are accepted.

Generates seeded random activities as pfin's JSON Lines, with the text and amounts that break
writers: quotes, delimiters, line breaks, `=`/`+`/`@` prefixes, markup, non-ASCII, long names,
zero and huge amounts, currencies of every exponent (JPY 0, USD/EUR 2, KWD/BHD 3) and none,
awkward account and category names. Converts them with `pfin convert --to ledger` and
`--to beancount`, and requires `hledger -f J check`, `ledger -f J bal` and `bean-check` to accept
the output with no error (and ledger with no warning).

Usage: check_generated_journals.py [PFIN] [COUNT] [SEED]   (defaults .build/debug/pfin 10000 15)
"""
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CURRENCIES = [(None, 2), ("USD", 2), ("EUR", 2), ("JPY", 0), ("KWD", 3), ("BHD", 3), ("CHF", 2)]
PIECES = ['"', '""', ",", ";", "\t", "|", "'", "\\", "=SUM(A1)", "+1", "-2", "@cmd", "<NAME>", "&amp;", "&", "Café",
          "Müller GmbH", "日本", "Ελλάδα", "🙂", "ß", "\u00a0", "^", "!Type:Bank", "[Savings]", "Corner Shop", "x", "0",
          "N/A", "; comment", "# hash", "*", "{tag}", "2024-05-01", "Assets:Bank", "  two  spaces  "]
ACCOUNTS = [None, "Checking", "DE12 5001 0517 0648 4898 90", "Card *1234", "Giro;Konto", 'Savings "joint"', "Konto: Gemeinsam",
            "日本の口座", "a" * 120]
CATEGORIES = [None, "Food:Groceries", "Café & Bar", "Transfers:Savings", "Income:Salary", 'Housing:Rent "flat"', "::odd::",
              "Expenses:Food", "lower:case", "With Space:And  Two", "Ünïcödé:Käse"]


def text(rng, pieces, breaks):
    if rng.randrange(40) == 0:
        return "Long name " * 40 + "end"
    parts = []
    for _ in range(rng.randint(1, pieces)):
        parts.append(rng.choice(PIECES))
        if breaks and rng.randrange(12) == 0:
            parts.append(rng.choice(["\n", "\r\n"]))
    joined = rng.choice([" ", ""]).join(parts)
    return joined if joined.strip() else "x" + joined


def amount(rng, exponent):
    kind = rng.randrange(10)
    units = 0 if kind == 0 else rng.randint(10**14, 10**15 - 1) if kind == 1 else rng.randint(1, 500000)
    negative = units != 0 and rng.randrange(3) != 0
    digits = str(units)
    if exponent:
        digits = digits.rjust(exponent + 1, "0")
        digits = digits[:-exponent] + "." + digits[-exponent:]
    return ("-" if negative else "") + digits


def activity(rng, index):
    currency, exponent = rng.choice(CURRENCIES)
    value = amount(rng, exponent)
    category = rng.choice(CATEGORIES)
    transfer = category == "Transfers:Savings" and rng.randrange(2) == 0
    maybe = lambda make: None if rng.randrange(3) == 0 else make()
    return {
        "id": "".join(rng.choice("0123456789abcdef") for _ in range(16)),
        "account": rng.choice(ACCOUNTS),
        "date": f"{rng.randint(2000, 2030):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        "name": text(rng, 5, True),
        "address": maybe(lambda: text(rng, 3, False)),
        "amount": value,
        "currency": currency,
        "memo": maybe(lambda: text(rng, 6, True)),
        "type": "transfer" if transfer else "expense" if value.startswith("-") else "income",
        "category": category,
        "fitid": maybe(lambda: f"F{index}-{rng.randrange(10**6)}"),
        "checkNumber": maybe(lambda: str(rng.randint(1, 99999)) if rng.randrange(2) else f"A-{index}"),
        "source": f"generated.jsonl:{index + 1}",
    }


def run(args, what):
    result = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"FAIL {what}: exit {result.returncode}\n{result.stderr[-3000:]}")
    return result


def main():
    pfin = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pfin"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 15
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        generated = Path(tmp) / "generated.jsonl"
        with generated.open("w", encoding="utf-8") as out:
            for i in range(count):
                out.write(json.dumps(activity(rng, i), ensure_ascii=False, sort_keys=True) + "\n")
        journal, beancount = Path(tmp) / "generated.journal", Path(tmp) / "generated.beancount"
        run([pfin, "convert", str(generated), "--to", "ledger", "-o", str(journal)], "pfin convert --to ledger")
        run([pfin, "convert", str(generated), "--to", "beancount", "-o", str(beancount)], "pfin convert --to beancount")
        run(["hledger", "-f", str(journal), "check"], "hledger check")
        ledger = run(["ledger", "-f", str(journal), "bal"], "ledger bal")
        if "Warning" in ledger.stderr or "Error" in ledger.stderr:
            sys.exit(f"FAIL ledger bal printed: {ledger.stderr[-3000:]}")
        run(["bean-check", str(beancount)], "bean-check")
    print(f"ok: {count} generated activities (seed {seed}): hledger check, ledger bal and bean-check accept the output")


if __name__ == "__main__":
    main()
