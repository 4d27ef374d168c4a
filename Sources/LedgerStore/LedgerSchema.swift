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
        CREATE TABLE transactions (
            seq INTEGER PRIMARY KEY,
            id INTEGER NOT NULL UNIQUE,      -- the 64-bit ActivityID, bit-cast to signed
            account TEXT,
            date TEXT NOT NULL,              -- YYYY-MM-DD, the bank's booking date
            name TEXT NOT NULL,
            address TEXT,
            amount_units INTEGER NOT NULL,   -- amount = amount_units * 10^-amount_scale, signed as the bank sees it
            amount_scale INTEGER NOT NULL CHECK (amount_scale BETWEEN 0 AND 18),
            currency TEXT,                   -- ISO 4217, NULL when unknown
            memo TEXT,
            type TEXT NOT NULL CHECK (type IN ('income', 'expense', 'transfer')),
            category TEXT COLLATE NOCASE,    -- NOCASE so that the prefix range of `list --category` uses the index
            fitid TEXT,
            check_number TEXT,
            source_file TEXT NOT NULL,
            source_line INTEGER NOT NULL,
            origin TEXT NOT NULL CHECK (origin IN ('import', 'manual')),
            import_id INTEGER REFERENCES imports(id),
            type_locked INTEGER NOT NULL DEFAULT 0,  -- a rule or the user set the type: transfer matching leaves it
            edited_at TEXT,                  -- UTC; set by edits, kept by re-imports
            deleted INTEGER NOT NULL DEFAULT 0       -- tombstone: the id stays so that a re-import does not bring it back
        );
        CREATE INDEX transactions_date ON transactions(date);
        CREATE INDEX transactions_category ON transactions(category, date);
        CREATE INDEX transactions_type ON transactions(type, date);
        CREATE INDEX transactions_account ON transactions(account, date);
        """,
    ]
}
