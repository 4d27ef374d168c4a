#!/usr/bin/env python3
"""Interop check: the balances statements state hold in the journals pfin writes.

For every sample that states balances (`pfin reconcile --format json` finds a closing balance):
- `pfin reconcile` exits 0 (the statement adds up);
- `pfin convert --to ledger` writes at least one balance assertion per closing balance, and
  `hledger -s check` and `ledger bal` accept the journal;
- `pfin convert --to beancount` writes `balance` directives and `bean-check` accepts the file;
- with one asserted balance tampered (1 more), hledger, ledger and bean-check all fail on
  it: the assertions are checked, not decoration.

Usage: check_balances.py [PFIN]   (default .build/debug/pfin)
"""
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
LEDGER_ASSERTION = re.compile(r"^(    \S.*  +0(?:\.0+)? \S+ = )(-?\d+(?:\.\d+)?)( \S+)$", re.M)
BEANCOUNT_BALANCE = re.compile(r"^(\d{4}-\d\d-\d\d balance \S+ +)(-?\d+(?:\.\d+)?)( \S+)$", re.M)


class CheckFailed(Exception):
    pass


def run(args, expect_ok=True):
    result = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    if expect_ok and result.returncode != 0:
        raise CheckFailed(f"`{' '.join(args)}` exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return result


def tampered(text, pattern):
    """The text with its first asserted amount 1 higher (beancount tolerates a difference below
    the amount's last digit or so; hledger and ledger would catch a cent)."""
    match = pattern.search(text)
    if not match:
        raise CheckFailed("no assertion to tamper with")
    amount = Decimal(match.group(2))
    bumped = amount + 1
    return text[:match.start(2)] + str(bumped) + text[match.end(2):]


def check(pfin, sample, work):
    result = run([pfin, "reconcile", sample, "--format", "json"], expect_ok=False)
    statements = json.loads(result.stdout)
    closings = [s for s in statements if s["closing"] is not None]
    if not closings:
        return None
    if result.returncode != 0:
        raise CheckFailed(f"{sample}: pfin reconcile exited {result.returncode}:\n{result.stdout}")

    journal = work / "out.journal"
    run([pfin, "convert", sample, "--to", "ledger", "-o", str(journal)])
    text = journal.read_text(encoding="utf-8")
    assertions = len(LEDGER_ASSERTION.findall(text))
    if assertions < len(closings):
        raise CheckFailed(f"{sample}: {assertions} balance assertions for {len(closings)} closing balances")
    run(["hledger", "-f", str(journal), "-s", "check"])
    run(["ledger", "-f", str(journal), "bal"])
    journal.write_text(tampered(text, LEDGER_ASSERTION), encoding="utf-8")
    for tool in (["hledger", "-f", str(journal), "-s", "check"], ["ledger", "-f", str(journal), "bal"]):
        out = run(tool, expect_ok=False)
        if out.returncode == 0 or "assertion" not in (out.stdout + out.stderr).lower():
            raise CheckFailed(f"{sample}: {tool[0]} accepted a tampered balance assertion")

    bean = work / "out.beancount"
    run([pfin, "convert", sample, "--to", "beancount", "-o", str(bean)])
    text = bean.read_text(encoding="utf-8")
    directives = len(BEANCOUNT_BALANCE.findall(text))
    if directives < len(closings):
        raise CheckFailed(f"{sample}: {directives} balance directives for {len(closings)} closing balances")
    out = run(["bean-check", str(bean)])
    if out.stdout.strip() or out.stderr.strip():
        raise CheckFailed(f"{sample}: bean-check complained:\n{out.stdout}{out.stderr}")
    bean.write_text(tampered(text, BEANCOUNT_BALANCE), encoding="utf-8")
    out = run(["bean-check", str(bean)], expect_ok=False)
    if out.returncode == 0 or "balance" not in (out.stdout + out.stderr).lower():
        raise CheckFailed(f"{sample}: bean-check accepted a tampered balance directive")
    return assertions, directives


def main():
    pfin = str(Path(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/pfin").resolve())
    samples = sample_manifest.relative()
    failures, checked = [], 0
    with tempfile.TemporaryDirectory(prefix="pfin-balances-") as directory:
        for sample in samples:
            try:
                found = check(pfin, sample, Path(directory))
            except CheckFailed as failure:
                failures.append(str(failure))
                print(f"FAIL {sample}")
                continue
            if found is None:
                print(f"--  {sample}: states no closing balance")
            else:
                checked += 1
                print(f"ok  {sample}: {found[0]} assertions (hledger, ledger), {found[1]} balance directives (bean-check); tampering caught")
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)
    print(f"{checked} samples with balances passed, 0 failed")


if __name__ == "__main__":
    main()
