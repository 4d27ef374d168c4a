/// The ledger's tables, as an ordered list of migrations; `PRAGMA user_version` says how many ran.
///
/// A migration is never edited once released: a change is a new migration at the end, so that any
/// older ledger is brought up to date step by step. Each runs in its own transaction with the
/// version bump, so a crash leaves the ledger at one version or the next, never between.
enum LedgerSchema {
    /// The version this pfin writes: the number of migrations.
    static var currentVersion: Int { migrations.count }

    static let migrations: [String] = [
        // 1: transactions and imports.
        """
        CREATE TABLE imports (
            id INTEGER PRIMARY KEY,
            file TEXT NOT NULL,              -- as the user named it
            started_at TEXT NOT NULL,        -- UTC, YYYY-MM-DDTHH:MM:SSZ
            inserted INTEGER NOT NULL DEFAULT 0,
            skipped_duplicates INTEGER NOT NULL DEFAULT 0,
            errors INTEGER NOT NULL DEFAULT 0,
            transfer_pairs INTEGER NOT NULL DEFAULT 0
        );
        -- seq (the rowid) is the insertion order: appends keep the table's B-tree writes sequential
        -- (ids are hashes, random), and it orders a day's transactions newest first.
        -- The CHECKs compare rather than use IN (...): SQLite builds an IN list's lookup table anew
        -- for every inserted row, which made a million-row import 2.4x slower (5.3 s against 2.2 s
        -- of inserts in a C test of this table).
        CREATE TABLE transactions (
            seq INTEGER PRIMARY KEY,
            id INTEGER NOT NULL,             -- the 64-bit ActivityID, bit-cast to signed; unique, see below
            account TEXT,
            date TEXT NOT NULL,              -- YYYY-MM-DD, the bank's booking date
            name TEXT NOT NULL,
            address TEXT,
            amount_units INTEGER NOT NULL,   -- amount = amount_units * 10^-amount_scale, signed as the bank sees it
            amount_scale INTEGER NOT NULL CHECK (amount_scale BETWEEN 0 AND 18),
            currency TEXT,                   -- ISO 4217, NULL when unknown
            memo TEXT,
            type TEXT NOT NULL CHECK (type = 'expense' OR type = 'income' OR type = 'transfer'),
            category TEXT COLLATE NOCASE,    -- NOCASE so that the prefix range of `list --category` uses the index
            fitid TEXT,
            check_number TEXT,
            source_file TEXT NOT NULL,
            source_line INTEGER NOT NULL,
            origin TEXT NOT NULL CHECK (origin = 'import' OR origin = 'manual'),
            import_id INTEGER REFERENCES imports(id),
            type_locked INTEGER NOT NULL DEFAULT 0,  -- a rule or the user set the type: transfer matching leaves it
            edited_at TEXT,                  -- UTC; set by edits, kept by re-imports
            deleted INTEGER NOT NULL DEFAULT 0       -- tombstone: the id stays so that a re-import does not bring it back
        );
        -- A separate unique index rather than a UNIQUE column, so that a bulk import can drop it and
        -- build it again (ImportSession+BulkLoad).
        CREATE UNIQUE INDEX transactions_id ON transactions(id);
        CREATE INDEX transactions_date ON transactions(date);
        CREATE INDEX transactions_category ON transactions(category, date);
        -- Only the rarer types: an index of the expenses (9 rows in 10) would be slower to use than
        -- the date index, and building it took 0.7 s of a million-row import. LedgerQuery writes the
        -- type as a literal, so that SQLite can tell that this index covers it.
        CREATE INDEX transactions_type ON transactions(type, date) WHERE type = 'income' OR type = 'transfer';
        CREATE INDEX transactions_account ON transactions(account, date);
        """,
    ]
}
