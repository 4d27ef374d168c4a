/// Builds the ids of the activities of one file, numbering identical rows so that they stay distinct.
///
/// It keeps a counter per distinct row. Identical rows share a date, so a file in date order only
/// needs the counters of the last few days: once a sorted file has more than `sortedRowLimit`
/// distinct rows, counters more than a week behind are released, which keeps the table small
/// enough to stay in cache. A file out of date order keeps every counter up to `unsortedRowLimit`
/// rows (any real export), so numbering is exact in any order; beyond that it releases too, and
/// if a row then returns to a released date, `lostTrackOfDate` tells the reader to warn.
public final class ActivityIDBuilder {
    private let scratch = ByteBuffer(capacity: 256)
    private let seen = OccurrenceTable()
    @exclusivity(unchecked) private var newest: LocalDate?
    @exclusivity(unchecked) private var oldest: LocalDate?
    /// A row came more than a week before the newest date seen (so the file is not ascending).
    @exclusivity(unchecked) private var jumpedBack = false
    /// A row came more than a week after the oldest date seen (so the file is not descending).
    @exclusivity(unchecked) private var jumpedForward = false
    /// Date changes forward and backward between consecutive rows, for files out of order.
    @exclusivity(unchecked) private var ascendingSteps = 0
    @exclusivity(unchecked) private var descendingSteps = 0
    @exclusivity(unchecked) private var releasedBefore: LocalDate?
    @exclusivity(unchecked) private var releasedAfter: LocalDate?
    @exclusivity(unchecked) private var sortedRowLimit: Int
    @exclusivity(unchecked) private var unsortedRowLimit: Int
    /// The SipHash key, kept per builder so the hot path does not go through a lazy global.
    private let key = ActivityIDBuilder.key
    /// With a log, ids are logged for numbering later (`ActivityIDLog`) instead of numbered here.
    public let log: ActivityIDLog?

    /// The first date that arrived after its counters had been released, if any.
    @exclusivity(unchecked) @usableFromInline var lostDate: LocalDate?
    /// Read from other modules through this inlined body: there Swift would check exclusivity on
    /// the stored property at run time, once a row (see `ByteBuffer`).
    @inlinable public var lostTrackOfDate: LocalDate? { lostDate }

    /// - Parameters:
    ///   - sortedRowLimit: distinct rows kept before a file in date order releases old counters.
    ///   - unsortedRowLimit: the same for a file out of date order.
    ///   - log: for a part of a file read apart, where each id is logged (see `ActivityIDLog`).
    public init(sortedRowLimit: Int = 1 << 13, unsortedRowLimit: Int = 1 << 16, log: ActivityIDLog? = nil) {
        self.sortedRowLimit = sortedRowLimit
        self.unsortedRowLimit = unsortedRowLimit
        self.log = log
    }

    private var isSorted: Bool { !jumpedBack || !jumpedForward }
    private var retainedRowLimit: Int { isSorted ? sortedRowLimit : unsortedRowLimit }

    /// The id of a row identified by the bank's own transaction id.
    public func id(account: String?, bankID: String, date: LocalDate) -> ActivityID {
        scratch.removeAll()
        scratch.append(UInt8(ascii: "b"))
        appendField(account)
        appendField(bankID)
        return numbered(date: date, dated: false)
    }

    /// The id of a row without a bank id, from what the bank wrote about it.
    public func id(account: String?, date: LocalDate, amount: Money, name: String) -> ActivityID {
        name.withUTF8Bytes { id(account: account, date: date, amount: amount, nameUTF8: $0) }
    }

    /// The same id, with the name given as its UTF-8 bytes: a reader that holds the cell's bytes
    /// hashes them as they are instead of reading them back out of the `String` it made.
    public func id(account: String?, date: LocalDate, amount: Money, nameUTF8 name: UnsafeBufferPointer<UInt8>) -> ActivityID {
        scratch.removeAll()
        // `r`, four separators, the date, the amount, the currency and the two text fields.
        scratch.reserve(8 + 10 + Money.maximumDecimalLength + 3 + name.count + (account?.utf8.count ?? 0))
        scratch.appendReserved(UInt8(ascii: "r"))
        appendField(account)
        let canonical = amount.canonical
        scratch.write(maximum: 12 + Money.maximumDecimalLength + 3) { out in
            out[0] = 0x1F
            var i = 1 + date.writeISO(to: out + 1)
            out[i] = 0x1F
            i += 1 + canonical.writeDecimal(to: out + i + 1)
            out[i] = 0x1F
            i += 1
            if let currency = amount.currency {
                out[i] = UInt8(truncatingIfNeeded: currency.packed >> 16)
                out[i + 1] = UInt8(truncatingIfNeeded: currency.packed >> 8)
                out[i + 2] = UInt8(truncatingIfNeeded: currency.packed)
                i += 3
            }
            out[i] = 0x1F
            return i + 1
        }
        scratch.append(name)
        return numbered(date: date, dated: true)
    }

    @inline(__always)
    private func appendField(_ text: String?) {
        scratch.append(0x1F)
        guard let text else { return }
        text.withUTF8Bytes { scratch.append($0) }
    }

    /// `dated`: the hashed text includes the date (a row without a bank id), which lets the
    /// counter table keep the current date's rows apart.
    private func numbered(date: LocalDate, dated: Bool) -> ActivityID {
        let base = scratch.withBytes { SipHash24.hash($0, key: key) }
        if let log {
            scratch.withBytes { log.append(base: base, date: date, dated: dated, text: $0) }
            return ActivityID(value: base)
        }
        let occurrence = count(base, date: date, dated: dated)
        return occurrence == 0 ? ActivityID(value: base) : numbered(occurrence)
    }

    /// Counts a row whose text hashes to `base`: how many identical rows came before it.
    private func count(_ base: UInt64, date: LocalDate, dated: Bool) -> UInt32 {
        track(date)
        let occurrence = seen.increment(base, date: date, dated: dated)
        if seen.count > retainedRowLimit { releaseOldDates() }
        return occurrence
    }

    /// The id of a row that is not the first of its kind: its text (in `scratch`) and its number.
    private func numbered(_ occurrence: UInt32) -> ActivityID {
        scratch.append(0x1F)
        scratch.append(UInt8(ascii: "#"))
        scratch.appendDecimal(Int(occurrence))
        return ActivityID(value: scratch.withBytes { SipHash24.hash($0, key: key) })
    }

    /// Numbers a part's logged ids as if this builder had read its rows, after everything it read
    /// before: the ids that differ from those the part gave, and where track of a date was lost.
    public func renumber(_ part: ActivityIDLog) -> RenumberedIDs {
        var result = RenumberedIDs()
        var start = 0
        for entry in part.entries {
            let end = Int(entry.textEnd)
            defer { start = end }
            let wasLost = lostDate != nil
            let occurrence = count(entry.base, date: entry.date, dated: entry.dated)
            if !wasLost, let date = lostDate { result.lostTrack = (Int(entry.row), Int(entry.line), date) }
            guard occurrence > 0 else { continue }
            scratch.removeAll()
            part.texts.withBytes { scratch.append(UnsafeBufferPointer(rebasing: $0[start..<end])) }
            result.changed.append((Int(entry.row), numbered(occurrence)))
        }
        return result
    }

    @exclusivity(unchecked) private var lastTracked: LocalDate?

    private func track(_ date: LocalDate) {
        guard date != lastTracked else { return }
        if let previous = lastTracked {
            if date > previous { ascendingSteps += 1 } else { descendingSteps += 1 }
        }
        lastTracked = date
        if let newest, let oldest {
            let day = date.daysSinceEpoch
            if day - oldest.daysSinceEpoch > 7 { jumpedForward = true }
            if newest.daysSinceEpoch - day > 7 { jumpedBack = true }
            if date > newest { self.newest = date }
            if date < oldest { self.oldest = date }
        } else {
            newest = date
            oldest = date
        }
        if lostDate == nil,
            (releasedBefore.map { date < $0 } ?? false) || (releasedAfter.map { date > $0 } ?? false)
        {
            lostDate = date
        }
    }

    /// Releases the counters of dates more than a week behind the file's direction of travel;
    /// raises the limit when that frees too little (a huge number of rows in one week).
    private func releaseOldDates() {
        guard let newest, let oldest else { return }
        // A sorted file releases behind its direction; an unsorted one behind its main direction.
        let ascending = isSorted ? !jumpedBack : ascendingSteps >= descendingSteps
        let bound = ascending ? newest.adding(days: -7) : oldest.adding(days: 7)
        seen.keepDates { ascending ? $0 >= bound : $0 <= bound }
        if ascending { releasedBefore = max(releasedBefore ?? bound, bound) } else { releasedAfter = min(releasedAfter ?? bound, bound) }
        if seen.count > retainedRowLimit / 2 {
            sortedRowLimit *= 2
            unsortedRowLimit = max(unsortedRowLimit, sortedRowLimit)
        }
    }

    /// `pfin activity id` as two little-endian 64-bit words.
    static let key: (UInt64, UInt64) = {
        let bytes = Array("pfin activity id".utf8)
        func word(_ offset: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        }
        return (word(0), word(8))
    }()
}
