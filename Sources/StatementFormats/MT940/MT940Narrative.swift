import FinanceCore
import Glibc

/// Reads `:86:` narratives: the counterparty, the remittance text, the SEPA end-to-end reference
/// and the booking text. Buffers are reused from one transaction to the next, and text becomes a
/// `String` only when asked for.
///
/// Three layouts:
/// - Structured, as German banks write it (DFÜ-Abkommen, Anlage 3): a three-digit business
///   transaction code (GVC), then subfields `?NN`: `?00` booking text, `?10` primanota,
///   `?20`–`?29` and `?60`–`?63` remittance lines, `?30` bank code and `?31` account of the
///   counterparty, `?32`–`?33` its name, `?34` text key extension. The name is `?32`+`?33`; the
///   memo is the remittance lines, where SEPA keywords (`EREF+`, `KREF+`, `MREF+`, `CRED+`,
///   `DEBT+`, `SVWZ+`, `ABWA+`, `ABWE+`, `IBAN+`, `BIC+`, …) starting a line or following a space
///   split it into parts: the memo is the `SVWZ+` part (after any text before the first keyword),
///   `EREF+` is kept as the end-to-end reference, and the other parts are dropped.
/// - The same with `>`, as Triodos writes it (`000>100987654321>20ALGEMENE…>310390123456`), and
///   as some Polish banks write it without the code (`>20Usługi księgowe…>31…>32BOOKING GROUP`):
///   a narrative that opens with `>` and two digits and holds no `?`.
/// - The same with another separator, as Polish banks write it: PKO BP `~` (`020~00152~20…~32…`),
///   Pekao `^`, mBank and the banks that follow the Polish banks' association (ZBP) `<`, after a
///   code of three or four digits (`0300<00PRZELEW…<20…<27…`). The name is `32`+`33`, else `27`+`28`
///   (the ZBP layout's name lines); the memo is `20`–`26`; `29` and `60`–`63`, which hold the
///   counterparty's address in these layouts, are dropped.
/// - Structured with slashes, as Dutch banks write it (`/TRTP/…/NAME/…/REMI/…`): see
///   `MT940SlashNarrative`.
/// - Labelled, as ABN AMRO writes it (`SEPA OVERBOEKING   IBAN: …   NAAM: …   OMSCHRIJVING: …`),
///   and its card lines (`BEA, BETAALPAS   JUMBO UTRECHT 4211,PAS201`): see
///   `MT940LabelledNarrative`.
/// - Free text (any other `:86:`): the first line is the counterparty's name and the other lines,
///   joined with spaces, are the memo.
///
/// Subfields hold 27 characters; banks cut longer text at that width wherever it falls, even
/// inside a word. So a line of 27 characters or more is continued by the next one without a
/// space, while a shorter line ended where its writer ended it and is followed by a space.
final class MT940NarrativeReader {
    private let nameText = ByteBuffer(capacity: 128)
    private let alternativeNameText = ByteBuffer(capacity: 128)
    private let plainText = ByteBuffer(capacity: 256)
    private let remittanceText = ByteBuffer(capacity: 256)
    private let referenceText = ByteBuffer(capacity: 64)
    /// The remittance lines joined, before they are split into parts.
    private let remittanceLines = ByteBuffer(capacity: 512)
    private let bookingText = ByteBuffer(capacity: 64)
    /// The text of a second `:86:` (see `appendText(of:)`).
    private let extraText = ByteBuffer(capacity: 128)
    private let slashNarrative = MT940SlashNarrative()

    /// Subfields this long were cut by the width limit, not by their writer.
    static let subfieldWidth = 27

    /// Where each remittance subfield after the first starts in `remittanceLines`, and whether a
    /// space was put before it; reused from one narrative to the next.
    private var joins: [(at: Int, spaced: Bool)] = []

    private enum Part {
        case plain, remittance, reference, dropped
    }

    /// Reads `field`, replacing what the last narrative said.
    func read(_ field: MT940Field) {
        nameText.removeAll()
        plainText.removeAll()
        remittanceText.removeAll()
        referenceText.removeAll()
        bookingText.removeAll()
        extraText.removeAll()
        // A space after the tag (`:86: 020?00…`, a Polish bank's export) does not hide the layout.
        var lead = 0
        while lead < field.value.count && field.value[lead] == 0x20 { lead += 1 }
        let value = UnsafeBufferPointer(rebasing: field.value[lead...])
        if value.count >= 4, Self.isDigit(value[0]), Self.isDigit(value[1]), Self.isDigit(value[2]), value[3] == UInt8(ascii: "?") {
            readStructured(value, separator: UInt8(ascii: "?"), from: 3)
        } else if let (separator, start) = Self.polishSeparator(value) {
            readStructured(value, separator: separator, from: start)
        } else if Self.startsWithAngleSubfield(value) {
            readStructured(value, separator: UInt8(ascii: ">"), from: 0)
        } else if MT940SlashNarrative.applies(to: value) {
            slashNarrative.read(field, name: nameText, remittance: remittanceText, reference: referenceText, booking: bookingText)
            // HSBC opens with `/OCMT/USD2853,12/` and goes on in free text: no keyword gave a
            // name, a memo or a booking text, so the text is read as free text, after the lines of
            // codewords alone (the original amount is read from them apart).
            if nameText.count == 0 && remittanceText.count == 0 && bookingText.count == 0 { readFreeText(afterCodewords: field) }
        } else if MT940LabelledNarrative.applies(to: field) {
            MT940LabelledNarrative.read(field, name: nameText, remittance: remittanceText, booking: bookingText)
        } else {
            readFreeText(field)
        }
    }

    /// `?32`+`?33` (Polish layouts: else `27`+`28`), `NAME`, `NAAM:`, or the first line of free text.
    var name: String? { Self.text(nameText) }
    /// The remittance information, then a second `:86:`'s text.
    var memo: String? {
        var text = Self.text(remittanceText)
        if let plain = Self.text(plainText) { text = text.map { plain + " " + $0 } ?? plain }
        if extraText.count > 0, let extra = Self.text(extraText) { text = text.map { $0 + " " + extra } ?? extra }
        return text
    }

    /// Adds the lines of `field`, a second `:86:` of the same statement line, to the memo, joined
    /// with spaces.
    func appendText(of field: MT940Field) {
        let value = field.value
        for k in 0...field.lineStarts.count {
            let start = k == 0 ? 0 : field.lineStarts[k - 1]
            let end = k < field.lineStarts.count ? field.lineStarts[k] : value.count
            let line = MT940Values.trimmed(UnsafeBufferPointer(rebasing: value[start..<end]))
            guard !line.isEmpty else { continue }
            if extraText.count > 0 { extraText.append(0x20) }
            MT940Values.append(line, to: extraText)
        }
    }
    /// `EREF+` or `EREF`, unless `NOTPROVIDED`.
    var endToEndReference: String? {
        guard let reference = Self.text(referenceText), reference != "NOTPROVIDED" else { return nil }
        return reference
    }
    /// `?00`, such as `SEPA-UEBERWEISUNG` or `ENTGELTABSCHLUSS`, or `TRTP`, such as `SEPA OVERBOEKING`.
    var booking: String? { Self.text(bookingText) }

    /// The separator of a Polish (or Triodos') structured `:86:` and where its first subfield
    /// starts: `~`, `^`, `<` or `>` after three or four digits, followed by a two-digit subfield code.
    private static func polishSeparator(_ value: UnsafeBufferPointer<UInt8>) -> (UInt8, Int)? {
        guard value.count >= 6, isDigit(value[0]), isDigit(value[1]), isDigit(value[2]) else { return nil }
        let at = isDigit(value[3]) ? 4 : 3
        guard at + 3 <= value.count, MT940Values.twoDigits(value, at + 1) != nil else { return nil }
        let separator = value[at]
        guard separator == UInt8(ascii: "~") || separator == UInt8(ascii: "^") || separator == UInt8(ascii: "<") || separator == UInt8(ascii: ">")
        else { return nil }
        return (separator, at)
    }

    /// Whether the narrative opens with a `>` subfield and no code before it (`>20Usługi…>32…`),
    /// as some Polish banks write it, and holds no `?` (where `>` could be text of a German one).
    private static func startsWithAngleSubfield(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard value.count >= 3, value[0] == UInt8(ascii: ">"), MT940Values.twoDigits(value, 1) != nil, let base = value.baseAddress else { return false }
        return memchr(base, Int32(UInt8(ascii: "?")), value.count) == nil
    }

    /// Reads the subfields, each opened by `separator` and a two-digit code, from `start`.
    private func readStructured(_ value: UnsafeBufferPointer<UInt8>, separator: UInt8, from start: Int) {
        let base = value.baseAddress!
        let count = value.count
        // The German layout (`?`, and Triodos' `>`) has remittance lines up to `?29` and from
        // `?60`; the Polish ones name the counterparty in 27–28 and its address in 29 and 60–63.
        let isPolish = separator != UInt8(ascii: "?") && separator != UInt8(ascii: ">")
        var nameWidth = 0
        var alternativeNameWidth = 0
        alternativeNameText.removeAll()
        remittanceLines.removeAll()
        joins.removeAll(keepingCapacity: true)
        var remittanceWidth = 0
        // A remittance subfield that starts or ends with a space (DK's rules trim its end).
        var edgeSpace = false
        // `base[i]` is the separator of a subfield.
        var i = start
        while i < count {
            let code = MT940Values.twoDigits(value, i + 1) ?? -1
            let start = min(i + 3, count)
            var end = start
            while end < count {
                guard let hit = memchr(base + end, Int32(separator), count - end) else {
                    end = count
                    break
                }
                end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if MT940Values.twoDigits(value, end + 1) != nil { break }
                end += 1
            }
            let content = UnsafeBufferPointer(start: base + start, count: end - start)
            i = end
            switch code {
            case 0:
                MT940Values.append(content, to: bookingText)
            case 32, 33:
                Self.join(content, to: nameText, previousWidth: nameWidth)
                nameWidth = Self.width(content)
            case 27 where isPolish, 28 where isPolish:
                Self.join(content, to: alternativeNameText, previousWidth: alternativeNameWidth)
                alternativeNameWidth = Self.width(content)
            case 29 where isPolish, 60...63 where isPolish:
                break
            case 20...29, 60...63:
                if content.first == 0x20 || content.last == 0x20 { edgeSpace = true }
                // A keyword opening a subfield opens a part even after a full one.
                if remittanceLines.count > 0, remittanceLines[remittanceLines.count - 1] != 0x20, Self.keyword(at: content) != nil {
                    remittanceLines.append(0x20)
                    MT940Values.append(content, to: remittanceLines)
                } else {
                    let before = remittanceLines.count
                    let spaced = Self.join(content, to: remittanceLines, previousWidth: remittanceWidth)
                    if before > 0 { joins.append((spaced ? before + 1 : before, spaced)) }
                }
                remittanceWidth = Self.width(content)
            default:
                break
            }
        }
        if nameText.count == 0 { alternativeNameText.withBytes { MT940Values.append($0, to: nameText) } }
        // The SEPA parts (`SVWZ+…`) are one text each, which goes on in the next subfield when it
        // is too long for its own (DFÜ-Abkommen, Anlage 3): a bank that keeps the spaces at its
        // cuts there cut it anywhere (a Volksbank), so the subfields join as written. A bank's own
        // texts, without keywords, keep the width rule (Helaba starts lines with a space, ` ABSCHL…`).
        if edgeSpace && !joins.isEmpty && remittanceLines.withBytes({ Self.holdsKeyword($0) }) { joinAsWritten() }
        remittanceLines.withBytes { splitAtKeywords($0) }
    }

    /// Whether a SEPA keyword starts `text` or follows a space in it.
    private static func holdsKeyword(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for i in 0..<text.count where i == 0 || text[i - 1] == 0x20 {
            if keyword(at: UnsafeBufferPointer(rebasing: text[i...])) != nil { return true }
        }
        return false
    }

    /// Joins the remittance subfields as the bank wrote them, as one text cut anywhere
    /// (`?21 IBAN: DE16500105?22178726218653`, `?21RIDA inklusi?22ve 1 CD`: a Volksbank): the
    /// spaces `join` put between them go, and where spaces meet at a cut one is kept.
    private func joinAsWritten() {
        var kept = 0
        remittanceLines.withMutableBytes { bytes in
            var next = 0
            for i in 0..<bytes.count {
                var drop = false
                while next < joins.count && joins[next].at <= i {
                    if joins[next].at == i && kept > 0 && bytes[kept - 1] == 0x20 && bytes[i] == 0x20 { drop = true }
                    next += 1
                }
                if next < joins.count, joins[next].spaced, joins[next].at == i + 1 { drop = true }
                guard !drop else { continue }
                bytes[kept] = bytes[i]
                kept += 1
            }
        }
        remittanceLines.removeLast(remittanceLines.count - kept)
    }

    /// Splits the joined remittance lines into parts at the SEPA keywords that start them or
    /// follow a space: Commerzbank and Deutsche Bank write the keywords inside the lines
    /// (`?20EREF+4711 MREF+M-1?21 CRED+… SVWZ+Miete`), even cut across two of them.
    private func splitAtKeywords(_ text: UnsafeBufferPointer<UInt8>) {
        var part = Part.plain
        var start = 0
        var i = 0
        while i < text.count {
            if i == 0 || text[i - 1] == 0x20, let (length, next) = Self.keyword(at: UnsafeBufferPointer(rebasing: text[i...])) {
                take(UnsafeBufferPointer(rebasing: text[start..<i]), as: part)
                part = next
                start = i + length
                i = start
            } else {
                i += 1
            }
        }
        take(UnsafeBufferPointer(rebasing: text[start...]), as: part)
    }

    private func take(_ text: UnsafeBufferPointer<UInt8>, as part: Part) {
        let t = MT940Values.trimmed(text)
        guard !t.isEmpty else { return }
        let buffer: ByteBuffer
        switch part {
        case .plain: buffer = plainText
        case .remittance: buffer = remittanceText
        case .reference: buffer = referenceText
        case .dropped: return
        }
        if buffer.count > 0 { buffer.append(0x20) }
        MT940Values.append(t, to: buffer)
    }

    private func readFreeText(_ field: MT940Field) {
        MT940Values.append(Self.withoutLeadingAccount(Self.withoutFreeTextCode(field.firstLine)), to: nameText)
        let starts = field.lineStarts
        for k in 0..<starts.count {
            let end = k + 1 < starts.count ? starts[k + 1] : field.value.count
            let line = MT940Values.trimmed(UnsafeBufferPointer(rebasing: field.value[starts[k]..<end]))
            guard !line.isEmpty else { continue }
            if plainText.count > 0 { plainText.append(0x20) }
            MT940Values.append(line, to: plainText)
        }
    }

    /// `line` without a leading `999`, the DFÜ-Abkommen's code for a narrative of free text with no
    /// subfields (`:86:999PN5477SCHECK-NR. …`: a Sparkasse).
    private static func withoutFreeTextCode(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard line.count > 3, line[0] == 0x39, line[1] == 0x39, line[2] == 0x39, !isDigit(line[3]) else { return line }
        return MT940Values.trimmed(UnsafeBufferPointer(rebasing: line[3...]))
    }

    /// The name in `line` after an account number that opens it (`0111111111 GPSEOUL`: ING's
    /// MT940 before SEPA, the counterparty's nine- or ten-digit account first), else `line`.
    private static func withoutLeadingAccount(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var digits = 0
        while digits < line.count && isDigit(line[digits]) { digits += 1 }
        guard digits == 9 || digits == 10, digits + 1 < line.count, line[digits] == 0x20 else { return line }
        let rest = MT940Values.trimmed(UnsafeBufferPointer(rebasing: line[(digits + 1)...]))
        return rest.contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) ? rest : line
    }

    /// Whether `line` is a party's keyword and its account alone, `/BENM/300000000000133` or
    /// `/ORDP/…` (Komercijalna Banka Skopje, whose next line is the name after a slash).
    private static func isPartyAccount(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.count > 6, line[0] == UInt8(ascii: "/"), line[5] == UInt8(ascii: "/") else { return false }
        let word = UInt32(line[1]) << 24 | UInt32(line[2]) << 16 | UInt32(line[3]) << 8 | UInt32(line[4])
        guard word == 0x4245_4E4D || word == 0x4F52_4450 else { return false }  // BENM ORDP
        return line[6...].allSatisfy { isDigit($0) || $0 == UInt8(ascii: "-") }
    }

    /// Free text after the leading lines that hold codewords alone, or a party's keyword and
    /// account alone: the first other line is the name, the rest the memo (after such a party
    /// line, each without the slash that opens it).
    private func readFreeText(afterCodewords field: MT940Field) {
        let value = field.value
        let starts = field.lineStarts
        var sawText = false
        var slashLines = false
        for k in 0...starts.count {
            let start = k == 0 ? 0 : starts[k - 1]
            let end = k < starts.count ? starts[k] : value.count
            var line = MT940Values.trimmed(UnsafeBufferPointer(rebasing: value[start..<end]))
            if !sawText && Self.isPartyAccount(line) {
                slashLines = true
                continue
            }
            if slashLines && line.first == UInt8(ascii: "/") { line = MT940Values.trimmed(UnsafeBufferPointer(rebasing: line.dropFirst())) }
            if line.isEmpty || !sawText && MT940Values.isCodewords(line) { continue }
            if !sawText {
                sawText = true
                MT940Values.append(line, to: nameText)
                continue
            }
            if plainText.count > 0 { plainText.append(0x20) }
            MT940Values.append(line, to: plainText)
        }
    }

    /// Appends `text` to `buffer`, with a space unless the previous line filled its width (as
    /// DFÜ-Abkommen, Anlage 3, says a text too long for its subfield goes on in the next);
    /// whether it put one.
    @inline(__always)
    @discardableResult
    private static func join(_ text: UnsafeBufferPointer<UInt8>, to buffer: ByteBuffer, previousWidth: Int) -> Bool {
        let spaced =
            buffer.count > 0 && previousWidth < subfieldWidth && buffer[buffer.count - 1] != 0x20 && !text.isEmpty && text[0] != 0x20
        if spaced { buffer.append(0x20) }
        MT940Values.append(text, to: buffer)
        return spaced
    }

    /// Characters (not bytes) in UTF-8 text, as far as the width limit needs to know.
    @inline(__always)
    private static func width(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        // Fewer bytes than the limit are fewer characters too.
        if text.count < subfieldWidth { return text.count }
        var n = 0
        for b in text where b & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// The SEPA keyword `text` starts with: its length and the part it opens (DFÜ-Abkommen,
    /// Anlage 3, "SEPA-Felder").
    private static func keyword(at text: UnsafeBufferPointer<UInt8>) -> (Int, Part)? {
        guard text.count >= 4 else { return nil }
        let word = UInt32(text[0]) << 24 | UInt32(text[1]) << 16 | UInt32(text[2]) << 8 | UInt32(text[3])
        if word == 0x4249_432B { return (4, .dropped) }  // BIC+
        guard text.count >= 5, text[4] == UInt8(ascii: "+") else { return nil }
        switch word {
        case 0x5356_575A: return (5, .remittance)  // SVWZ
        case 0x4552_4546: return (5, .reference)  // EREF
        case 0x4B52_4546, 0x4D52_4546, 0x4352_4544, 0x4445_4254,  // KREF MREF CRED DEBT
            0x4142_5741, 0x4142_5745, 0x4942_414E, 0x434F_414D,  // ABWA ABWE IBAN COAM
            0x4F41_4D54, 0x5351_5450, 0x5055_5250:  // OAMT SQTP PURP
            return (5, .dropped)
        default: return nil
        }
    }

    private static func text(_ buffer: ByteBuffer) -> String? {
        buffer.withBytes { MT940Values.text($0) }
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
