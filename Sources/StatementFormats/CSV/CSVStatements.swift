import FinanceCore

/// What a CSV file says about each account it covers: the period, and the closing balance when
/// the file has a balance column (the balance on the latest date; of several rows on that date,
/// the last in date order, whichever way the file runs). Opening and closing balance rows inside
/// the table (`Saldo iniziale`, `Closing balance`) give the balances instead, when there are any.
///
/// Every row may be the last, so each candidate's balance text is kept (in reused buffers) and only
/// the winner's is parsed, at the end; with whether the balance's own debit/credit column called
/// it overdrawn (Kotak's `DR` after `Balance`), which makes an unsigned balance negative.
struct CSVStatements {
    private final class Track {
        @exclusivity(unchecked) var first: LocalDate
        @exclusivity(unchecked) var start: LocalDate
        @exclusivity(unchecked) var end: LocalDate
        @exclusivity(unchecked) var last: LocalDate
        let currency: CurrencyCode?
        let balanceAtFirstOfEnd = ByteBuffer(capacity: 32)
        let balanceAtLastOfEnd = ByteBuffer(capacity: 32)
        @exclusivity(unchecked) var overdrawnAtFirstOfEnd = false
        @exclusivity(unchecked) var overdrawnAtLastOfEnd = false

        init(date: LocalDate, currency: CurrencyCode?, balance: UnsafeBufferPointer<UInt8>?, overdrawn: Bool) {
            first = date; start = date; end = date; last = date
            self.currency = currency
            if let balance {
                balanceAtFirstOfEnd.append(balance)
                balanceAtLastOfEnd.append(balance)
                overdrawnAtFirstOfEnd = overdrawn
                overdrawnAtLastOfEnd = overdrawn
            }
        }

        /// Takes in a later row of the account.
        func note(date: LocalDate, balance: UnsafeBufferPointer<UInt8>?, overdrawn: Bool) {
            if date < start { start = date }
            if date > end {
                end = date
                balanceAtFirstOfEnd.removeAll()
                balanceAtLastOfEnd.removeAll()
                if let balance {
                    balanceAtFirstOfEnd.append(balance)
                    balanceAtLastOfEnd.append(balance)
                }
                overdrawnAtFirstOfEnd = overdrawn
                overdrawnAtLastOfEnd = overdrawn
            } else if date == end {
                balanceAtLastOfEnd.removeAll()
                if let balance { balanceAtLastOfEnd.append(balance) }
                overdrawnAtLastOfEnd = overdrawn
            }
            last = date
        }

        /// Takes in the rows of a later part of the file, as `note` would have one by one.
        func note(later: Track) {
            if later.start < start { start = later.start }
            if later.end > end {
                end = later.end
                balanceAtFirstOfEnd.removeAll()
                later.balanceAtFirstOfEnd.withBytes { balanceAtFirstOfEnd.append($0) }
                overdrawnAtFirstOfEnd = later.overdrawnAtFirstOfEnd
            }
            if later.end >= end {
                balanceAtLastOfEnd.removeAll()
                later.balanceAtLastOfEnd.withBytes { balanceAtLastOfEnd.append($0) }
                overdrawnAtLastOfEnd = later.overdrawnAtLastOfEnd
            }
            last = later.last
        }
    }

    /// A balance row: its amount, and its date when the row has one.
    private struct StatedBalance {
        var amount: Money
        var date: LocalDate?
    }

    private var keys: [String] = []
    private var tracks: [String: Track] = [:]
    /// Balance rows per account (`nil` account as `""`), and the accounts that have only those.
    private var openings: [String: StatedBalance] = [:]
    private var closings: [String: StatedBalance] = [:]
    private var balanceOnlyKeys: [String] = []
    /// The account of the previous row as given (`nil` and `""` are one key, but only equal
    /// accounts take the fast path) and its track, which `tracks` keeps alive: consecutive rows
    /// almost always share an account, and this spares them the dictionary and any reference
    /// counting.
    private var lastAccount: String?
    private var lastTrack: Unmanaged<Track>?

    /// Takes in a row; `true` when it is the first row of its account. `overdrawn`: the balance's
    /// own debit/credit column says `DR` (`CSVRowMapper.balanceSide`).
    @discardableResult
    mutating func note(
        account: String?, date: LocalDate, currency: CurrencyCode?, balance: UnsafeBufferPointer<UInt8>?, overdrawn: Bool = false
    ) -> Bool {
        if let lastTrack, account == lastAccount {
            lastTrack._withUnsafeGuaranteedRef { $0.note(date: date, balance: balance, overdrawn: overdrawn) }
            return false
        }
        let key = account ?? ""
        lastAccount = account
        if let known = tracks[key] {
            lastTrack = Unmanaged.passUnretained(known)
            known.note(date: date, balance: balance, overdrawn: overdrawn)
        } else {
            let track = Track(date: date, currency: currency, balance: balance, overdrawn: overdrawn)
            tracks[key] = track
            keys.append(key)
            lastTrack = Unmanaged.passUnretained(track)
            return true
        }
        return false
    }

    /// Takes in what a later part of the file noted (read apart, with `note` only: no balance
    /// rows), as if its rows had been noted here; returns the accounts whose first row it holds,
    /// with that row's currency.
    mutating func merge(later: CSVStatements) -> [(account: String, currency: CurrencyCode?)] {
        var new: [(account: String, currency: CurrencyCode?)] = []
        for key in later.keys {
            guard let track = later.tracks[key] else { continue }
            if let known = tracks[key] {
                known.note(later: track)
            } else {
                tracks[key] = track
                keys.append(key)
                new.append((key, track.currency))
            }
        }
        lastAccount = nil
        lastTrack = nil
        return new
    }

    /// The accounts with transactions, in the order of their first row (`""` for rows without one).
    var accounts: [String] { keys }

    /// The first and last day of an account's transactions.
    func period(of account: String) -> (start: LocalDate, end: LocalDate)? {
        tracks[account].map { ($0.start, $0.end) }
    }

    /// Takes in an opening or closing balance row. Of several, the earliest opening and the
    /// latest closing count (by date, then by their order in the file). A balance in another
    /// currency than the account's rows and balances so far is another statement's (Swedbank
    /// lists each currency's balance rows of one account number): `false`, not taken.
    @discardableResult
    mutating func noteBalance(account: String?, opening: Bool, amount: Money, date: LocalDate?) -> Bool {
        let key = account ?? ""
        if let currency = amount.currency,
            let known = tracks[key]?.currency ?? openings[key]?.amount.currency ?? closings[key]?.amount.currency, known != currency
        {
            return false
        }
        if tracks[key] == nil && openings[key] == nil && closings[key] == nil { balanceOnlyKeys.append(key) }
        let stated = StatedBalance(amount: amount, date: date)
        if opening {
            if let known = openings[key] {
                guard let knownDate = known.date, let date, date < knownDate else { return true }
            }
            openings[key] = stated
        } else {
            if let known = closings[key], let knownDate = known.date, let date, date < knownDate { return true }
            closings[key] = stated
        }
        return true
    }

    func infos(kind: AccountKind?, currency: CurrencyCode?, decimalMark: UInt8, inverted: Bool, source: SourceLocation) -> [StatementInfo] {
        var infos: [StatementInfo] = keys.compactMap { key in
            guard let track = tracks[key] else { return nil }
            let ascending = track.last >= track.first
            let text = ascending ? track.balanceAtLastOfEnd : track.balanceAtFirstOfEnd
            let overdrawn = ascending ? track.overdrawnAtLastOfEnd : track.overdrawnAtFirstOfEnd
            var closing: Money?
            if text.count > 0, case .success(let parsed) = text.withBytes({ AmountParser.parse(CSVRecord.trimmed($0), decimalMark: decimalMark) }) {
                var money = Money(units: parsed.units, scale: parsed.scale, currency: parsed.currency(else: track.currency ?? currency))
                if overdrawn, !parsed.isSigned { money.units = -money.units }
                if inverted, let flipped = money.negated { money = flipped }
                closing = money
            }
            let ledger =
                closings[key].map { balance($0, orDate: track.end, currency: track.currency ?? currency, inverted: inverted) }
                ?? closing.map { Balance(amount: $0, date: track.end) }
            let openingBalance = openings[key].map { balance($0, orDate: track.start, currency: track.currency ?? currency, inverted: inverted) }
            return StatementInfo(
                account: Account(id: key, kind: kind), currency: ledger?.amount.currency ?? track.currency ?? currency,
                openingBalance: openingBalance, ledgerBalance: ledger,
                start: track.start, end: track.end, source: source)
        }
        // Accounts the file gives balances for and no transactions: only dated balances count.
        for key in balanceOnlyKeys where tracks[key] == nil {
            let opening = openings[key].flatMap { stated in stated.date.map { balance(stated, orDate: $0, currency: currency, inverted: inverted) } }
            let closing = closings[key].flatMap { stated in stated.date.map { balance(stated, orDate: $0, currency: currency, inverted: inverted) } }
            guard opening != nil || closing != nil else { continue }
            infos.append(
                StatementInfo(
                    account: Account(id: key, kind: kind), currency: (closing ?? opening)?.amount.currency ?? currency,
                    openingBalance: opening, ledgerBalance: closing, start: opening?.date, end: closing?.date,
                    source: source))
        }
        return infos
    }

    private func balance(_ stated: StatedBalance, orDate date: LocalDate, currency: CurrencyCode?, inverted: Bool) -> Balance {
        var amount = stated.amount
        if amount.currency == nil { amount.currency = currency }
        if inverted, let flipped = amount.negated { amount = flipped }
        return Balance(amount: amount, date: stated.date ?? date)
    }
}
