import FinanceCore

/// What a CSV file says about each account it covers: the period, and the closing balance when
/// the file has a balance column (the balance on the latest date; of several rows on that date,
/// the last in date order, whichever way the file runs).
///
/// Every row may be the last, so each candidate's balance text is kept (in reused buffers) and only
/// the winner's is parsed, at the end.
struct CSVStatements {
    private final class Track {
        @exclusivity(unchecked) var first: LocalDate
        @exclusivity(unchecked) var start: LocalDate
        @exclusivity(unchecked) var end: LocalDate
        @exclusivity(unchecked) var last: LocalDate
        let currency: CurrencyCode?
        let balanceAtFirstOfEnd = ByteBuffer(capacity: 32)
        let balanceAtLastOfEnd = ByteBuffer(capacity: 32)

        init(date: LocalDate, currency: CurrencyCode?, balance: UnsafeBufferPointer<UInt8>?) {
            first = date; start = date; end = date; last = date
            self.currency = currency
            if let balance {
                balanceAtFirstOfEnd.append(balance)
                balanceAtLastOfEnd.append(balance)
            }
        }

        /// Takes in a later row of the account.
        func note(date: LocalDate, balance: UnsafeBufferPointer<UInt8>?) {
            if date < start { start = date }
            if date > end {
                end = date
                balanceAtFirstOfEnd.removeAll()
                balanceAtLastOfEnd.removeAll()
                if let balance {
                    balanceAtFirstOfEnd.append(balance)
                    balanceAtLastOfEnd.append(balance)
                }
            } else if date == end {
                balanceAtLastOfEnd.removeAll()
                if let balance { balanceAtLastOfEnd.append(balance) }
            }
            last = date
        }
    }

    private var keys: [String] = []
    private var tracks: [String: Track] = [:]
    /// The account of the previous row as given (`nil` and `""` are one key, but only equal
    /// accounts take the fast path) and its track, which `tracks` keeps alive: consecutive rows
    /// almost always share an account, and this spares them the dictionary and any reference
    /// counting.
    private var lastAccount: String?
    private var lastTrack: Unmanaged<Track>?

    mutating func note(account: String?, date: LocalDate, currency: CurrencyCode?, balance: UnsafeBufferPointer<UInt8>?) {
        if let lastTrack, account == lastAccount {
            lastTrack._withUnsafeGuaranteedRef { $0.note(date: date, balance: balance) }
            return
        }
        let key = account ?? ""
        lastAccount = account
        if let known = tracks[key] {
            lastTrack = Unmanaged.passUnretained(known)
            known.note(date: date, balance: balance)
        } else {
            let track = Track(date: date, currency: currency, balance: balance)
            tracks[key] = track
            keys.append(key)
            lastTrack = Unmanaged.passUnretained(track)
        }
    }

    func infos(kind: AccountKind?, currency: CurrencyCode?, decimalMark: UInt8, inverted: Bool, source: SourceLocation) -> [StatementInfo] {
        keys.compactMap { key in
            guard let track = tracks[key] else { return nil }
            let ascending = track.last >= track.first
            let text = ascending ? track.balanceAtLastOfEnd : track.balanceAtFirstOfEnd
            var closing: Money?
            if text.count > 0, case .success(let parsed) = AmountParser.parse(CSVRecord.trimmed(text.buffer), decimalMark: decimalMark) {
                var money = Money(units: parsed.units, scale: parsed.scale, currency: parsed.currency ?? track.currency ?? currency)
                if inverted, let flipped = money.negated { money = flipped }
                closing = money
            }
            return StatementInfo(account: Account(id: key, kind: kind), currency: closing?.currency ?? track.currency ?? currency,
                                 ledgerBalance: closing.map { Balance(amount: $0, date: track.end) },
                                 start: track.start, end: track.end, source: source)
        }
    }
}
