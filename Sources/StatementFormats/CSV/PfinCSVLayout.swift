import FinanceCore

/// pfin's own CSV (`convert --to csv`, `list --format csv`), recognised by its header: the
/// dialect that reads back every column `CSVActivityWriter` writes.
///
/// The header is the evidence, and it must be exact: the twelve columns of files written before
/// the `source` column was added, the thirteen with it, the sixteen with the `original…`
/// columns, or the seventeen with `rawName`, on the first line, comma-separated.
enum PfinCSVLayout {
    /// The roles of the writer's columns, in its order, named by its header.
    static let roles: [(ColumnRole, String)] = [
        (.id, "id"), (.account, "account"), (.date, "date"), (.name, "name"), (.address, "address"),
        (.amount, "amount"), (.currency, "currency"), (.memo, "memo"), (.type, "type"), (.category, "category"),
        (.transactionID, "fitid"), (.checkNumber, "checkNumber"), (.source, "source"),
        (.originalAmount, "originalAmount"), (.originalCurrency, "originalCurrency"), (.exchangeRate, "exchangeRate"),
        (.rawName, "rawName"),
    ]

    /// Which of the writer's headers the text starts with: the header line, `nil` for neither.
    static func header(of text: UnsafeBufferPointer<UInt8>) -> String? {
        // A spreadsheet or editor that saved the file again may have put a byte-order mark first.
        let text = text.starts(with: [0xEF, 0xBB, 0xBF]) ? UnsafeBufferPointer(rebasing: text[3...]) : text
        for header in [
            CSVActivityWriter.header, CSVActivityWriter.headerWithoutRawName, CSVActivityWriter.headerWithoutOriginal,
            CSVActivityWriter.headerWithoutSource,
        ] {
            let bytes = Array(header.utf8)
            guard text.count >= bytes.count, text.prefix(bytes.count).elementsEqual(bytes) else { continue }
            let next = text.count > bytes.count ? text[bytes.count] : 0x0A
            if next == 0x0A || next == 0x0D { return header }
        }
        return nil
    }

    /// The evidence `pfin identify` shows, when `text` starts with one of pfin's headers.
    static func evidence(_ text: [UInt8]) -> String? {
        text.withUnsafeBufferPointer { header(of: $0) }.map { header in
            "line 1 is the header pfin writes ('\(header.prefix(24))…'): pfin's own CSV, read back with every column"
        }
    }

    /// The dialect of a file that starts with one of pfin's headers, with `pinned`'s settings
    /// over it; `nil` when the text does not start so, or the profile pins other columns.
    static func dialect(_ text: [UInt8], pinned: CSVProfile, encoding: TextEncoding) -> CSVDialect? {
        guard pinned.columns == nil, pinned.delimiter == nil || pinned.delimiter == UInt8(ascii: ","),
            pinned.skip == nil || pinned.skip == 0, pinned.hasHeader != false,
            let header = text.withUnsafeBufferPointer({ header(of: $0) })
        else { return nil }
        let named = Set(header.split(separator: ",").map(String.init))
        var columns: [ColumnRole: ColumnReference] = [:]
        for (role, name) in roles where named.contains(name) { columns[role] = .name(name) }
        return CSVDialect(
            encoding: pinned.encoding ?? encoding, delimiter: UInt8(ascii: ","), skip: 0, hasHeader: true,
            dateFormat: pinned.dateFormat ?? DateFormat("yyyy-mm-dd")!, decimalMark: pinned.decimalMark ?? UInt8(ascii: "."),
            columns: columns, account: pinned.account, currency: pinned.currency,
            amountSign: pinned.amountSign ?? .asIs, accountKind: pinned.accountKind, writtenByPfin: pinned.writtenByPfin ?? true)
    }
}
