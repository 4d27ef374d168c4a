import FinanceCore

/// The departures from the OFX specification that pfin reads anyway, each for something banks
/// (or the tools between them and the user) do, with its wording. Each is said once per file
/// (`LeniencyLog`); those that change what the file means are refused under `--strict`.
enum OFXLeniency {
    /// A file declared OFX 2.x (`<?xml …?><?OFX …?>`) whose body is 1.x SGML, leaves unclosed
    /// (`<TRNAMT>-1.00` then `<FITID>`): banks change the header and not the body. Read with the
    /// 1.x parser, which may read what the bank meant or not, so refused under `--strict`.
    static func sgmlBody(element: String) -> Leniency {
        Leniency(
            code: "ofx.lenient.sgml-body",
            "the file declares OFX 2.x (XML) but its body is OFX 1.x SGML: <\(element)> has no end tag; read it as OFX 1.x",
            changesMeaning: true)
    }

    /// Several OFX documents one after another in one file: QFX downloads pasted together, or a
    /// bank's export of several accounts as several documents. Each is read.
    static let concatenated = Leniency(
        code: "ofx.lenient.concatenated",
        "the file holds several OFX documents one after another; read them all", changesMeaning: false)

    /// Amounts with thousands separators (`1.234,56`, `1,234.56`), which OFX 2.2 §3.2.9.1 does not
    /// allow: read with the file's decimal mark, which decides what `1.234` is.
    static func thousandsSeparators(element: OFXTag, example: String, decimalMark: UInt8) -> Leniency {
        let (radix, group) = decimalMark == UInt8(ascii: ",") ? (",", ".") : (".", ",")
        return Leniency(
            code: "ofx.lenient.thousands-separators",
            "\(element.name) values use '\(radix)' as the decimal mark and '\(group)' between thousands (\(example)); read them so for the whole file",
            changesMeaning: true)
    }

    /// Amounts written with `.` as the decimal mark and others with `,`: each is read by its own
    /// mark, as OFX 2.2 §3.2.9.1 defines a value with either radix, so nothing is read otherwise
    /// than the value says and `--strict` does not refuse it (French exporters mix them).
    static func mixedDecimalMarks(element: OFXTag, example: String) -> Leniency {
        Leniency(
            code: "ofx.lenient.mixed-decimal-marks",
            "\(element.name) values use both '.' and ',' as the decimal mark (\(example)); each value was read by its own mark",
            changesMeaning: false)
    }

    /// `STMTTRN` without a `FITID` or with an empty one (OFX 2.2 §11.4.3 requires it): banks'
    /// exporters and conversion tools leave it out.
    static let missingFITID = Leniency(
        code: "ofx.lenient.missing-fitid",
        "transactions without a <FITID>: each is identified by its account, date, amount, name and order in the file instead, and none are merged",
        notes: ["importing the same transactions again from a file with FITIDs will not recognise them"], changesMeaning: false)

    /// Texts that are not UTF-8 in a body meant as UTF-8: exporters that write Windows-1252 or
    /// Latin-1 bytes into a template that says UTF-8. Each such text is read as Windows-1252
    /// (Latin-1's letters are at the same bytes); texts that are UTF-8 stay so. libxml2 stopped a
    /// 2.x file at the first one; a 1.x file had them replaced with U+FFFD, unsaid.
    static func notUTF8(element: String, bytes: String, declared: String) -> Leniency {
        Leniency(
            code: "ofx.lenient.not-utf8",
            "<\(element)> holds bytes that are not UTF-8 (\(bytes)), though \(declared); it and any text like it were read as Windows-1252",
            notes: ["check the accented letters of this file's names and memos"], changesMeaning: false)
    }

    /// A header naming a single-byte character set (`CHARSET:1252`, `encoding="windows-1252"`) over
    /// a body whose bytes are UTF-8, accented letters and all: exporters fill a Windows-era template
    /// with UTF-8 text. Read as UTF-8 (text in Windows-1252 is almost never valid UTF-8 by chance;
    /// read as the header says, `Café` would come out `CafÃ©`).
    static func utf8DespiteCharset(declared: String, example: String) -> Leniency {
        Leniency(
            code: "ofx.lenient.utf8-despite-charset",
            "the header names \(declared), but the text is UTF-8 (\(example)); read as UTF-8",
            changesMeaning: false)
    }

    /// What says that an OFX body is UTF-8.
    enum UTF8Claim: String, Sendable, Equatable {
        case xmlDeclaration = "the XML declaration names UTF-8 (or nothing, which is UTF-8)"
        case header = "the OFX header names UTF-8"
        case firstBytes = "the header names no character set and the file's first 64 KiB are UTF-8"
        case byteOrderMark = "the file starts with a UTF-8 byte-order mark"
        case bytesOverHeader = "the file's first 64 KiB are UTF-8, whatever its header names"
    }

    /// End tags that close no open element where ignoring them loses nothing (`SGMLParser`): a file
    /// re-indented by a tool that closed every leaf as if it held the next one (`<CODE>0
    /// <SEVERITY>INFO </SEVERITY></CODE>`, American Express downloads passed through such tools),
    /// or an aggregate closed twice (`</BANKTRANLIST>` again after a transaction). `first` is the
    /// first one's name; the warning stands at its line.
    static func strayEndTags(count: Int, first: String) -> Leniency {
        Leniency(
            code: "ofx.lenient.stray-end-tags",
            count == 1
                ? "end tag </\(first)> closes no open element; ignored, nothing is lost"
                : "\(count) end tags close no open element (the first: </\(first)>); ignored, nothing is lost",
            notes: ["leaves closed after the elements that follow them, or an aggregate closed twice: every value was read where it stands"],
            changesMeaning: false)
    }

    /// `BANKACCTFROM` without `ACCTTYPE` (OFX 2.2 §11.3.1 requires it).
    static let missingAccountType = Leniency(
        code: "ofx.lenient.missing-accttype",
        "<BANKACCTFROM> has no <ACCTTYPE>; the account was read as a checking account",
        changesMeaning: false)

    /// A date outside the forms of OFX 2.2 §3.2.8.2: a time zone after the date alone
    /// (`20240131[-5:EST]`), a space or `T` before the time. Its calendar date is what is written.
    static func dateForm(element: OFXTag, text: String, date: LocalDate) -> Leniency {
        Leniency(
            code: "ofx.lenient.date-form",
            "<\(element.name)> '\(text)' \(OFXValues.oddity(text)); read as the date written, \(date)",
            changesMeaning: false)
    }
}

/// Thrown by the mapper after a leniency refused under `--strict`: the file is not read further.
struct OFXRefusal: Error {}

/// The leniencies a mapper has said, as bits (checked per transaction without hashing a code).
struct OFXLeniencySet: OptionSet {
    let rawValue: UInt8
    static let concatenated = OFXLeniencySet(rawValue: 1)
    static let thousandsSeparators = OFXLeniencySet(rawValue: 2)
    static let mixedDecimalMarks = OFXLeniencySet(rawValue: 4)
    static let missingFITID = OFXLeniencySet(rawValue: 8)
    static let missingAccountType = OFXLeniencySet(rawValue: 16)
    static let dateForm = OFXLeniencySet(rawValue: 32)
    static let notUTF8 = OFXLeniencySet(rawValue: 64)
}
