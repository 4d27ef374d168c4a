#!/usr/bin/env python3
"""Faults against the built pfin (release build: a 300,000-row import takes seconds, not minutes).

  check_store_faults.py PFIN

1. SIGKILL at random moments of a 300,000-row import, at least 20 times: after each, SQLite's
   integrity check is "ok" and the ledger holds the earlier import and either none or all of
   the big file's rows (an import that finished before the kill is undone to go on).
2. Two imports at once into one ledger: of two files (both land whole), and of one file twice
   (its rows land once; the other import counts them as duplicates).
3. A full disk under the ledger (a small tmpfs where this machine lets us mount one, otherwise
   a file-size limit): exit 1 with the system's reason, and the ledger as it was.
4. `convert -o` and `report --out-dir` killed midway: the output is the earlier file or the
   whole new one, never a part.
Prints one line per check; exits 1 on the first broken promise.
"""
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

PFIN = os.path.abspath(sys.argv[1])
ROWS = 300_000
KILLS = 20
rng = random.Random(int(os.environ.get("PFIN_FAULT_SEED", "15")))


def fail(message):
    print(f"FAIL {message}")
    sys.exit(1)


def generate(path, rows, tag):
    """A bank-like CSV: in date order, thirty rows a day, every hundredth row an identical twin."""
    with open(path, "w") as f:
        f.write("Date,Description,Amount,Currency\n")
        for i in range(rows):
            day = 10957 + i // 30
            date = time.strftime("%Y-%m-%d", time.gmtime(day * 86400))
            n = i - 1 if i % 100 == 1 else i  # row 1, 101, … repeats the row before it
            f.write(f"{date},{tag} SHOP {n},-{n % 9000 + 1}.{n % 90 + 10},EUR\n")


def pfin(*arguments, check=True):
    result = subprocess.run([PFIN, *arguments], capture_output=True, text=True)
    if check and result.returncode != 0:
        fail(f"pfin {' '.join(arguments)} exited {result.returncode}: {result.stderr.strip()[-400:]}")
    return result


def ledger_state(db):
    """(integrity check lines, rows per import file of the batches not undone, total rows)."""
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        integrity = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        per_file = dict(connection.execute(
            "SELECT i.file, count(t.seq) FROM imports i LEFT JOIN transactions t ON t.import_id = i.id "
            "WHERE i.undone_at IS NULL GROUP BY i.file"))
        total = connection.execute("SELECT count(*) FROM transactions").fetchone()[0]
        return integrity, per_file, total
    finally:
        connection.close()


def expect_intact(db, baseline_file, baseline_rows, big_file, context):
    integrity, per_file, total = ledger_state(db)
    if integrity != ["ok"]:
        fail(f"{context}: integrity check says {integrity}")
    if per_file.get(baseline_file) != baseline_rows:
        fail(f"{context}: the earlier import has {per_file.get(baseline_file)} rows, not {baseline_rows}")
    big = per_file.get(big_file, 0)
    if big not in (0, ROWS):
        fail(f"{context}: {big} of {ROWS} rows of the killed import are in the ledger")
    if total != baseline_rows + big:
        fail(f"{context}: {total} rows in all, expected {baseline_rows + big}")
    return big


def killed_imports(work):
    big, small = os.path.join(work, "big.csv"), os.path.join(work, "earlier.csv")
    generate(big, ROWS, "BIG")
    generate(small, 1_000, "EARLIER")
    db = os.path.join(work, "ledger.sqlite")
    pfin("import", small, "--db", db)
    baseline = ledger_state(db)[1][small]
    # How long a whole import takes here, on a copy: the kills are spread over it.
    copy = os.path.join(work, "timing.sqlite")
    shutil.copy(db, copy)
    start = time.monotonic()
    pfin("import", big, "--db", copy)
    duration = time.monotonic() - start
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(copy + suffix):
            os.remove(copy + suffix)
    kills, finished, attempts = 0, 0, 0
    moments = []
    while kills < KILLS:
        attempts += 1
        if attempts > KILLS * 3:
            fail(f"only {kills} of {attempts} imports were still running when killed")
        delay = rng.uniform(0.02, 1.05) * duration
        process = subprocess.Popen([PFIN, "import", big, "--db", db], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait()
            kills += 1
            moments.append(delay / duration)
        else:
            finished += 1
        rows = expect_intact(db, small, baseline, big, f"kill {kills} at {delay:.2f} s")
        if rows == ROWS:
            # It committed before the kill landed (or finished): undo it and go on from the baseline.
            pfin("undo", "--db", db)
            expect_intact(db, small, baseline, big, "after undoing a finished import")
    pfin("import", big, "--db", db)
    if expect_intact(db, small, baseline, big, "the import after the kills") != ROWS:
        fail("the ledger did not take the whole file after the kills")
    spread = sorted(moments)
    print(f"ok  {kills} SIGKILLs during a {ROWS:,}-row import ({duration:.2f} s whole), at "
          f"{spread[0]:.0%}–{spread[-1]:.0%} of it; {finished} finished first; integrity and counts held each time; "
          f"the next import took the whole file")


def concurrent_imports(work):
    a, b = os.path.join(work, "alpha.csv"), os.path.join(work, "beta.csv")
    generate(a, 50_000, "ALPHA")
    generate(b, 50_000, "BETA")
    for name, files, expected in (("two files", (a, b), {a: 50_000, b: 50_000}), ("one file twice", (a, a), {a: 50_000})):
        db = os.path.join(work, f"concurrent-{len(expected)}.sqlite")
        processes = [subprocess.Popen([PFIN, "import", f, "--db", db], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                     for f in files]
        outcomes = [(p.wait(), p.stderr.read()) for p in processes]
        for status, stderr in outcomes:
            busy = "busy" in stderr or "locked" in stderr
            if status != 0 and not busy:
                fail(f"concurrent imports ({name}): exit {status}: {stderr.strip()[-300:]}")
        integrity, per_file, total = ledger_state(db)
        landed = {f: per_file.get(f, 0) for f in expected}
        whole = all(count in (0, expected[f]) for f, count in landed.items())
        if integrity != ["ok"] or not whole or total != sum(landed.values()):
            fail(f"concurrent imports ({name}): integrity {integrity}, rows {landed}, total {total}")
        refused = sum(1 for status, _ in outcomes if status != 0)
        if landed != expected and refused == 0:
            fail(f"concurrent imports ({name}): both succeeded but the ledger holds {landed}")
        print(f"ok  two imports at once ({name}): {total:,} rows, nothing lost or doubled"
              + (f", {refused} refused as busy" if refused else ""))


def full_disk(work):
    small, big = os.path.join(work, "earlier.csv"), os.path.join(work, "big.csv")
    can_mount = shutil.which("unshare") and subprocess.run(
        ["unshare", "-m", "sh", "-c", f"mkdir -p {work}/probe && mount -t tmpfs -o size=64k tmpfs {work}/probe"],
        capture_output=True).returncode == 0
    if can_mount:
        disk = os.path.join(work, "disk")
        os.makedirs(disk, exist_ok=True)
        # Everything inside the private mount namespace; the ledger is copied out for checking.
        script = f"""
            mount -t tmpfs -o size=4m tmpfs {disk} || exit 99
            "{PFIN}" import {small} --db {disk}/ledger.sqlite >/dev/null 2>&1 || exit 98
            "{PFIN}" import {big} --db {disk}/ledger.sqlite 2> {work}/full.stderr; status=$?
            cp {disk}/ledger.sqlite* {work}/ 2>/dev/null; ls {disk} > {work}/full.listing
            exit $status"""
        for name in ("ledger.sqlite", "ledger.sqlite-wal", "ledger.sqlite-shm"):
            if os.path.exists(os.path.join(work, name)):
                os.remove(os.path.join(work, name))
        status = subprocess.run(["unshare", "-m", "sh", "-c", script]).returncode
        how = "a 4 MB tmpfs"
    else:
        db = os.path.join(work, "ledger.sqlite")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        pfin("import", small, "--db", db)
        with open(os.path.join(work, "full.stderr"), "w") as err:
            status = subprocess.run(["prlimit", "--fsize=4194304", PFIN, "import", big, "--db", db], stderr=err).returncode
        how = "a 4 MB file-size limit"
    stderr = open(os.path.join(work, "full.stderr")).read()
    if status in (98, 99):
        fail(f"full disk: could not set up ({status})")
    if status != 1:
        fail(f"full disk ({how}): exit {status}, expected 1: {stderr.strip()[-300:]}")
    if not any(reason in stderr for reason in ("full", "space", "too large")):
        fail(f"full disk ({how}): the error does not give the system's reason: {stderr.strip()[-300:]}")
    db = os.path.join(work, "ledger.sqlite")
    integrity, per_file, total = ledger_state(db)
    if integrity != ["ok"] or per_file.get(small) != 1_000 or per_file.get(big, 0) != 0 or total != 1_000:
        fail(f"full disk ({how}): ledger after the failed import: integrity {integrity}, rows {per_file}, total {total}")
    print(f"ok  a full disk ({how}) under the ledger: exit 1, \"{stderr.strip().splitlines()[0][:120]}\"; ledger intact")


def killed_outputs(work):
    source = os.path.join(work, "big.csv")
    out = os.path.join(work, "out.jsonl")
    site = os.path.join(work, "site")
    start = time.monotonic()
    whole = pfin("convert", source, "--to", "jsonl").stdout
    duration = time.monotonic() - start
    earlier = "the earlier output\n"
    cut = 0
    for attempt in range(10):
        with open(out, "w") as f:
            f.write(earlier)
        process = subprocess.Popen([PFIN, "convert", source, "-o", out], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.02, 1.05) * duration)
        process.send_signal(signal.SIGKILL)
        process.wait()
        content = open(out).read()
        if content not in (earlier, whole):
            fail(f"convert -o killed: {len(content)} bytes, neither the earlier file nor the whole output")
        cut += content == earlier
    # report --out-dir: each page is the earlier one or complete (it ends with </html>).
    os.makedirs(site, exist_ok=True)
    start = time.monotonic()
    pfin("report", source, "--format", "html", "--out-dir", site)
    duration = time.monotonic() - start
    for attempt in range(5):
        process = subprocess.Popen([PFIN, "report", source, "--format", "html", "--out-dir", site],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.02, 1.05) * duration)
        process.send_signal(signal.SIGKILL)
        process.wait()
        for name in os.listdir(site):
            if name.endswith(".html") and not name.startswith("."):
                text = open(os.path.join(site, name), encoding="utf-8").read()
                if not text.rstrip().endswith("</html>"):
                    fail(f"report --out-dir killed: {name} is cut ({len(text)} bytes)")
    print(f"ok  convert -o killed 10 times in {duration:.2f} s runs ({cut} before the output was committed), "
          f"report --out-dir 5 times: no partial file")


def main():
    work = tempfile.mkdtemp(prefix="pfin-faults-")
    try:
        killed_imports(work)
        concurrent_imports(work)
        full_disk(work)
        killed_outputs(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
