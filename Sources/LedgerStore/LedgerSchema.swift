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
        -- Accounts and categories are stored once each; transactions refer to them by id. A million
        -- transactions name a handful of accounts and perhaps a hundred categories: as integers the
        -- rows are a third smaller, and the account and category indexes sort integers instead of
        -- NOCASE text (a million-row import: 4.8 s of SQLite work with names in the rows, 4.0 s with
        -- ids, dates as day numbers and the source file kept with the import; C test of this schema).
        -- No REFERENCES (here and for import_id): LedgerStore is the only writer, and a parent lookup
        -- per inserted row costs.
        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE
        );
        CREATE TABLE categories (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE        -- exact: Food and food are two categories
        );
        -- seq (the rowid) is the insertion order: appends keep the table's B-tree writes sequential
        -- (ids are hashes, random), and it orders a day's transactions newest first.
        -- The CHECKs compare rather than use IN (...): SQLite builds an IN list's lookup table anew
        -- for every inserted row, which made a million-row import 2.4x slower (5.3 s against 2.2 s
        -- of inserts in a C test of this table).
        CREATE TABLE transactions (
            seq INTEGER PRIMARY KEY,
            id INTEGER NOT NULL,             -- the 64-bit ActivityID, bit-cast to signed; unique, see below
            account_id INTEGER,              -- accounts.id; NULL when unknown
            day INTEGER NOT NULL,            -- the bank's booking date, as days since 1970-01-01
            name TEXT NOT NULL,
            address TEXT,
            amount_units INTEGER NOT NULL,   -- amount = amount_units * 10^-amount_scale, signed as the bank sees it
            amount_scale INTEGER NOT NULL CHECK (amount_scale BETWEEN 0 AND 18),
            currency TEXT,                   -- ISO 4217, NULL when unknown
            memo TEXT,
            type INTEGER NOT NULL CHECK (type >= 0 AND type <= 2),  -- 0 expense, 1 income, 2 transfer
            category_id INTEGER,             -- categories.id; NULL when uncategorised
            fitid TEXT,
            check_number TEXT,
            source_file TEXT,                -- NULL when it is the import's file (imports.file)
            source_line INTEGER NOT NULL,
            import_id INTEGER,               -- imports.id; NULL for a transaction entered by hand
            type_locked INTEGER NOT NULL DEFAULT 0,  -- a rule or the user set the type: transfer matching leaves it
            edited_at TEXT,                  -- UTC; set by edits, kept by re-imports
            deleted INTEGER NOT NULL DEFAULT 0       -- tombstone: the id stays so that a re-import does not bring it back
        );
        -- A separate unique index rather than a UNIQUE column, so that a bulk import can drop it and
        -- build it again (ImportSession+BulkLoad).
        CREATE UNIQUE INDEX transactions_id ON transactions(id);
        -- Dates and categories share one index, day first. Lists go newest first, so a category's
        -- latest rows are found walking back through the days, the category read from the index
        -- alone; a year of one category tree over a million rows takes 33 ms (25 ms with a
        -- (category_id, day) index of its own), all time 0.18 s (0.13 s). Rows arrive roughly in
        -- date order, which makes this index cheap to build: it replaced a (day) and a
        -- (category_id, day) index, 0.4 s and 1.0 s of a million-row import, for 0.6 s.
        CREATE INDEX transactions_day ON transactions(day, category_id);
        -- Only the rarer types: an index of the expenses (9 rows in 10) would be slower to use than
        -- the date index, and building it took 0.7 s of a million-row import. LedgerQuery writes the
        -- type as a literal, so that SQLite can tell that this index covers it.
        CREATE INDEX transactions_type ON transactions(type, day) WHERE type = 1 OR type = 2;
        CREATE INDEX transactions_account ON transactions(account_id, day);
        -- The transactions as text, for people who open the ledger with sqlite3 (amounts exact, as
        -- text: amount_units with the decimal point amount_scale digits from the right).
        CREATE VIEW activities AS
            SELECT printf('%016x', t.id) AS id, a.name AS account, date(t.day * 86400, 'unixepoch') AS date, t.name,
                   t.address,
                   CASE WHEN t.amount_units < 0 THEN '-' ELSE '' END
                       || CASE WHEN t.amount_scale = 0 THEN printf('%d', abs(t.amount_units))
                          ELSE substr(printf('%0' || (t.amount_scale + 1) || 'd', abs(t.amount_units)), 1,
                                      length(printf('%0' || (t.amount_scale + 1) || 'd', abs(t.amount_units))) - t.amount_scale)
                               || '.' || substr(printf('%0' || (t.amount_scale + 1) || 'd', abs(t.amount_units)), -t.amount_scale)
                          END AS amount,
                   t.currency, t.memo, CASE t.type WHEN 0 THEN 'expense' WHEN 1 THEN 'income' ELSE 'transfer' END AS type,
                   c.name AS category, t.fitid, t.check_number, coalesce(t.source_file, i.file) AS source_file,
                   t.source_line, t.edited_at, t.deleted
            FROM transactions t LEFT JOIN accounts a ON a.id = t.account_id
                LEFT JOIN categories c ON c.id = t.category_id LEFT JOIN imports i ON i.id = t.import_id;
        """,
        // 2 (transfers): transfer pairs (TransferMatcher): each pair found, with its evidence, and the user's decisions.
        // A rejected pair stays as a row so that a re-import never pairs it again.
        """
        CREATE TABLE transfer_pairs (
            id INTEGER PRIMARY KEY,
            out_id INTEGER NOT NULL,         -- transactions.id of the money-out side
            in_id INTEGER NOT NULL,          -- transactions.id of the money-in side
            status TEXT NOT NULL CHECK (status IN ('matched', 'suggested', 'accepted', 'rejected')),
            evidence TEXT NOT NULL,          -- TransferReason codes, one a line
            confidence TEXT NOT NULL CHECK (confidence IN ('high', 'medium', 'low')),
            out_type_before INTEGER,         -- the sides' types before the pair was applied, to undo it
            in_type_before INTEGER,
            import_id INTEGER,               -- imports.id of the import that found it; NULL when the user paired it
            decided_at TEXT,                 -- UTC; when the user accepted or rejected it
            UNIQUE (out_id, in_id)
        );
        CREATE INDEX transfer_pairs_in ON transfer_pairs(in_id);
        """,
        // 3 (batches): undoing an import, and the type changes an import's transfer matching made.
        // ImportSession records into import_type_changes through a TEMP trigger that lives only
        // while its import runs (so edits and other commands never write to it): every row whose
        // type became transfer, with the type it had, so that `pfin undo` can put the other side
        // of a pairing back. One row per changed transaction, a few per import.
        """
        ALTER TABLE imports ADD COLUMN undone_at TEXT;   -- UTC; set by pfin undo, which removed the import's transactions
        CREATE TABLE import_type_changes (
            import_id INTEGER NOT NULL,      -- imports.id of the import whose matching changed the type
            transaction_id INTEGER NOT NULL, -- transactions.id (of any import, or entered by hand)
            previous_type INTEGER NOT NULL   -- the type before, as transactions.type
        );
        CREATE INDEX import_type_changes_import ON import_type_changes(import_id);
        """,
        // 4 (recdb): the balances statements state, for `pfin reconcile --db`. Every stated balance
        // of an import, each once: a re-import of the same file finds its balances there already
        // (the unique index below) and adds none; `pfin undo` removes a batch's balances with it.
        """
        CREATE TABLE balances (
            id INTEGER PRIMARY KEY,
            account_id INTEGER,              -- accounts.id; NULL when the file names no account
            day INTEGER NOT NULL,            -- as transactions.day; the balance at the end of that day
            amount_units INTEGER NOT NULL,   -- as transactions.amount_units / amount_scale
            amount_scale INTEGER NOT NULL CHECK (amount_scale BETWEEN 0 AND 18),
            currency TEXT,                   -- ISO 4217, NULL when the file gives none
            kind TEXT NOT NULL CHECK (kind = 'opening' OR kind = 'closing' OR kind = 'available' OR kind = 'running'),
            position INTEGER NOT NULL DEFAULT 0,  -- running: the row's place in its day, 1 for the day's first (0 for the others)
            import_id INTEGER NOT NULL,      -- imports.id
            source_line INTEGER NOT NULL     -- the statement's or the row's line in the import's file
        );
        -- coalesce: SQLite's unique indexes take two NULLs for two different values.
        CREATE UNIQUE INDEX balances_key ON balances(coalesce(account_id, 0), day, kind, amount_units, amount_scale,
                                                     coalesce(currency, ''), position);
        CREATE INDEX balances_import ON balances(import_id);
        """,
        // 5 (original amounts): a payment in another currency than the account's keeps what the file
        // stated of it (PaymentActivity.original) as one text, NULL on every other row:
        // 'AMOUNT CURRENCY RATE', the amount in that currency and the rate (account-currency units
        // per unit of it) as exact decimals, '-' for one the file did not state: '-12.00 USD 0.9225',
        // '- USD 0.9225'. One column, not five: each column costs every inserted row its share of
        // SQLite's record building (five made a 100,000-row import 4.5 % more instructions).
        """
        ALTER TABLE transactions ADD COLUMN original TEXT;
        """,
        // 6 (original in the view): `activities` shows `original` as three columns, as JSON Lines
        // names them, NULL where the file stated no such part (`original` always has a space after
        // the amount and a three-letter code after that).
        """
        DROP VIEW activities;
        CREATE VIEW activities AS
            SELECT printf('%016x', t.id) AS id, a.name AS account, date(t.day * 86400, 'unixepoch') AS date, t.name,
                   t.address,
                   CASE WHEN t.amount_units < 0 THEN '-' ELSE '' END
                       || CASE WHEN t.amount_scale = 0 THEN printf('%d', abs(t.amount_units))
                          ELSE substr(printf('%0' || (t.amount_scale + 1) || 'd', abs(t.amount_units)), 1,
                                      length(printf('%0' || (t.amount_scale + 1) || 'd', abs(t.amount_units))) - t.amount_scale)
                               || '.' || substr(printf('%0' || (t.amount_scale + 1) || 'd', abs(t.amount_units)), -t.amount_scale)
                          END AS amount,
                   t.currency, t.memo, CASE t.type WHEN 0 THEN 'expense' WHEN 1 THEN 'income' ELSE 'transfer' END AS type,
                   c.name AS category, t.fitid, t.check_number, coalesce(t.source_file, i.file) AS source_file,
                   t.source_line, t.edited_at, t.deleted,
                   nullif(substr(t.original, 1, instr(t.original, ' ') - 1), '-') AS original_amount,
                   substr(t.original, instr(t.original, ' ') + 1, 3) AS original_currency,
                   nullif(substr(t.original, instr(t.original, ' ') + 5), '-') AS exchange_rate
            FROM transactions t LEFT JOIN accounts a ON a.id = t.account_id
                LEFT JOIN categories c ON c.id = t.category_id LEFT JOIN imports i ON i.id = t.import_id;
        """,
        // 7 (payee names): the bank's text of a name that payee normalisation changed
        // (PaymentActivity.rawName), NULL when the name is the bank's text; the view shows the
        // bank's text for every row.
        """
        ALTER TABLE transactions ADD COLUMN raw_name TEXT;
        DROP VIEW activities;
        CREATE VIEW activities AS
            SELECT printf('%016x', t.id) AS id, a.name AS account, date(t.day * 86400, 'unixepoch') AS date, t.name,
                   t.address,
                   CASE WHEN t.amount_units < 0 THEN '-' ELSE '' END
                       || CASE WHEN t.amount_scale = 0 THEN printf('%d', abs(t.amount_units))
                          ELSE substr(printf('%0' || (t.amount_scale + 1) || 'd', abs(t.amount_units)), 1,
                                      length(printf('%0' || (t.amount_scale + 1) || 'd', abs(t.amount_units))) - t.amount_scale)
                               || '.' || substr(printf('%0' || (t.amount_scale + 1) || 'd', abs(t.amount_units)), -t.amount_scale)
                          END AS amount,
                   t.currency, t.memo, CASE t.type WHEN 0 THEN 'expense' WHEN 1 THEN 'income' ELSE 'transfer' END AS type,
                   c.name AS category, t.fitid, t.check_number, coalesce(t.source_file, i.file) AS source_file,
                   t.source_line, t.edited_at, t.deleted,
                   nullif(substr(t.original, 1, instr(t.original, ' ') - 1), '-') AS original_amount,
                   substr(t.original, instr(t.original, ' ') + 1, 3) AS original_currency,
                   nullif(substr(t.original, instr(t.original, ' ') + 5), '-') AS exchange_rate,
                   coalesce(t.raw_name, t.name) AS raw_name
            FROM transactions t LEFT JOIN accounts a ON a.id = t.account_id
                LEFT JOIN categories c ON c.id = t.category_id LEFT JOIN imports i ON i.id = t.import_id;
        """,
    ]
}
