#!/usr/bin/env python3
"""Monthly reports for many accounts at once, with Spark doing the distribution and pfin the work.

A service that renders monthly reports for many customers is parallel by account: each account's
report needs only its own transactions. Spark (here in local mode, on this machine's cores; the
same code runs on a cluster) puts each account's JSON Lines rows in a partition of their own and
pipes every partition through one `pfin report` process (`RDD.pipe`): pfin reads the rows on
standard input and writes the account's report on standard output. Nothing of pfin is
reimplemented here; Spark only groups the rows and runs the processes.

    pfin convert Samples/*.csv --rules Samples/rules.pfin -o all.jsonl
    python3 Examples/spark/monthly_reports.py PFIN all.jsonl OUT_DIR     # OUT_DIR/<account>.csv
    python3 Examples/spark/monthly_reports.py PFIN all.jsonl --check     # each equal to a direct run

Accounts are the rows' `account`, or for rows without one the file they came from (`source`
without its line). Requires `pip install pyspark` and a Java runtime.
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def account_of(line):
    row = json.loads(line)
    return row.get("account") or row["source"].rsplit(":", 1)[0]


def reports_with_spark(pfin, jsonl):
    """{account: the CSV report pfin wrote for it inside Spark}."""
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.master("local[2]").appName("pfin monthly reports")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
             .config("spark.sql.shuffle.partitions", "2").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    try:
        lines = spark.sparkContext.textFile(jsonl).filter(lambda line: line.strip())
        accounts = sorted(lines.map(account_of).distinct().collect())
        index = {account: i for i, account in enumerate(accounts)}
        # One partition per account, in the order of `accounts`; pfin reads each as one input.
        by_account = lines.map(lambda line: (account_of(line), line)).partitionBy(len(accounts), lambda a: index[a])
        outputs = by_account.values().pipe(f"{pfin} report --format csv").glom().collect()
        return {account: "".join(line + "\n" for line in output) for account, output in zip(accounts, outputs)}
    finally:
        spark.stop()


def report_directly(pfin, lines):
    """The report of `lines` from one `pfin report` run, as a person would run it."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as file:
        file.writelines(lines)
    try:
        return subprocess.run([pfin, "report", file.name, "--format", "csv"], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(file.name)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    pfin, jsonl, target = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3]
    spark_reports = reports_with_spark(pfin, jsonl)
    if target != "--check":
        os.makedirs(target, exist_ok=True)
        for account, report in spark_reports.items():
            name = re.sub(r"[^A-Za-z0-9._-]+", "_", account).strip("_") or "account"
            with open(os.path.join(target, name + ".csv"), "w") as out:
                out.write(report)
        print(f"{len(spark_reports)} account reports in {target}")
        return
    rows = {}
    with open(jsonl) as file:
        for line in file:
            if line.strip():
                rows.setdefault(account_of(line), []).append(line)
    differ = [account for account, lines in rows.items() if report_directly(pfin, lines) != spark_reports.get(account)]
    if differ or set(rows) != set(spark_reports):
        sys.exit(f"monthly_reports: Spark's reports differ from direct runs for {differ or sorted(set(rows) ^ set(spark_reports))}")
    print(f"ok  {len(rows)} accounts: each report Spark piped through pfin equals a direct 'pfin report' run")


if __name__ == "__main__":
    main()
