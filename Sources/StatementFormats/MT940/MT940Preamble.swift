/// A line some banks' MT940 exports put before a message's first field (`:20:`), outside SWIFT's
/// field syntax: the file transfer's envelope, not statement data, so it is skipped silently.
///
/// SWIFT's own envelope (`{1:…}{2:…}{3:…}{4:`) is handled by the field assembler.
enum MT940Preamble: Equatable {
    /// The sending bank's BIC alone on a line: `ABNANL2A`, `COBADEFFXXX` (ISO 9362: four letters
    /// of the bank, two of the country, two letters or digits of the location, an optional
    /// three-character branch).
    case bic
    /// The message type alone on a line, `940`, `942`, or with a two-digit number after a space,
    /// `940 00` (ING's InsideBusiness Payments exports, after their `0000 01` records).
    case messageType
    /// The message type written like a field tag: `:940:`, `:942:` (Dutch banks' exports).
    case messageTypeTag
    /// A fixed-width transmission header record, `0000 01` and the bank's BIC, as MultiCash-style
    /// exports put first.
    case transmissionHeader

    /// What `line` (without its line break) is, when it is one of the above.
    static func classify(_ line: UnsafeBufferPointer<UInt8>) -> MT940Preamble? {
        let t = MT940Values.trimmed(line)
        guard t.count >= 3 else { return nil }
        if t.count == 3 { return isMessageType(t) ? .messageType : nil }
        if t.count == 5 {
            guard t[0] == UInt8(ascii: ":"), t[4] == UInt8(ascii: ":"), isMessageType(UnsafeBufferPointer(rebasing: t[1...])) else { return nil }
            return .messageTypeTag
        }
        if t.count == 6, isMessageType(t), t[3] == 0x20, MT940Values.twoDigits(t, 4) != nil { return .messageType }
        if t.count == 8 || t.count == 11, isBIC(t) { return .bic }
        return isTransmissionHeader(t) ? .transmissionHeader : nil
    }

    /// What the sniffer says it found, quoting `text`, the line.
    func evidence(_ text: String, line: Int) -> String {
        switch self {
        case .bic: return "the bank's BIC '\(text)' at line \(line) before the fields"
        case .messageType: return "the message type '\(text)' at line \(line) before the fields"
        case .messageTypeTag: return "the message type tag '\(text)' at line \(line) before the fields"
        case .transmissionHeader: return "a transmission header record '\(text)' at line \(line) before the fields"
        }
    }

    /// Whether `t` starts with `940` or `942`.
    private static func isMessageType(_ t: UnsafeBufferPointer<UInt8>) -> Bool {
        t.count >= 3 && t[0] == UInt8(ascii: "9") && t[1] == UInt8(ascii: "4") && (t[2] == UInt8(ascii: "0") || t[2] == UInt8(ascii: "2"))
    }

    /// ISO 9362 BIC8 or BIC11, upper case.
    private static func isBIC(_ t: UnsafeBufferPointer<UInt8>) -> Bool {
        for k in 0..<t.count {
            let c = t[k]
            let isUpper = c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")
            let isDigit = c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
            if k < 6 ? !isUpper : !(isUpper || isDigit) { return false }
        }
        return true
    }

    /// `0000`, spaces, `01`, then at least the six letters of a BIC's bank and country.
    private static func isTransmissionHeader(_ t: UnsafeBufferPointer<UInt8>) -> Bool {
        guard t.count >= 13, t[0] == 0x30, t[1] == 0x30, t[2] == 0x30, t[3] == 0x30, t[4] == 0x20 else { return false }
        var i = 5
        while i < t.count && t[i] == 0x20 { i += 1 }
        guard i + 8 <= t.count, t[i] == 0x30, t[i + 1] == 0x31 else { return false }
        return t[(i + 2)..<(i + 8)].allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    }
}
