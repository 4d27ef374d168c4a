import FinanceCore

/// Reads a record laid out as `JSONLinesWriter` writes it, and gives up on anything else.
///
/// `pfin report` reads back a history pfin wrote, a million lines and more, so nearly every line
/// has the writer's shape: the keys in the writer's order (some may be missing), no whitespace,
/// every value a string or `null`, and valid fields. For such a line this reads each key with one
/// or two 8-byte compares and each value straight into its field, with none of the general
/// scanner's per-value dispatch (`JSONValue`, then `JSONLinesFieldReader.set`).
///
/// It never reports a problem: anything unexpected (whitespace, another key order, an unknown
/// key, a number, a bad date, ill-formed UTF-8, a missing required field…) returns `false`, and
/// the caller reads the line again with the general path, which finds and words the problem. So
/// that both answer alike, values go through the same conversions (`JSONLinesFieldReader`,
/// `DecimalText`), and strings with escapes through the general scanner's `string()`.
final class JSONLinesFastPath {
    /// Each field's key with the `,` before it and the `:` after it (`,"date":`), by `rawValue`:
    /// inline in the object, so reading one is a load at a fixed offset.
    private let keys: InlineArray<17, QuotedKey>
    /// Where the general scanner unescapes strings with escapes.
    private let scratch: ByteBuffer

    init(scratch: ByteBuffer) {
        self.scratch = scratch
        let all = JSONLinesField.allCases
        precondition(all.count == 17, "JSONLinesFastPath.keys holds one key per JSON Lines field")
        keys = InlineArray { i in QuotedKey(all[i].separatedKey) }
    }

    /// Fills an empty `r` from `line` when the line has the writer's shape and valid fields;
    /// `false` otherwise, and then `r` holds part of the line and must be thrown away.
    func read(_ line: UnsafeBufferPointer<UInt8>, into r: inout JSONLinesRecord, fields: inout JSONLinesFieldReader) -> Bool {
        scratch.withUnusedCapacity(minimum: line.count) { room in
            var c = JSONLinesFastCursor(line, scratch: room)
            return read(&c, into: &r, fields: &fields)
        }
    }

    private func read(_ c: inout JSONLinesFastCursor, into r: inout JSONLinesRecord, fields: inout JSONLinesFieldReader) -> Bool {
        guard c.opensObject() else { return false }
        if c.member(keys[Int(JSONLinesField.id.rawValue)]) {
            if let id = c.string(ofLength: 16, JSONLinesFieldReader.activityID) {
                r.id = id
            } else if !c.null() {
                guard let t = c.string() else { return false }
                r.id = JSONLinesFieldReader.activityID(t)
            }
        }
        if c.member(keys[Int(JSONLinesField.account.rawValue)]) {
            if !c.null() {
                guard let t = c.string() else { return false }
                r.account = fields.account(t)
            }
        }
        if c.member(keys[Int(JSONLinesField.date.rawValue)]) {
            // Any other date string (escaped, or not a date) is for the general path.
            guard let date = c.string(ofLength: 10, JSONLinesFieldReader.date) else { return false }
            r.date = date
        }
        if c.member(keys[Int(JSONLinesField.name.rawValue)]) {
            guard let t = c.string() else { return false }
            r.name = String(decoding: t, as: UTF8.self)
        }
        if c.member(keys[Int(JSONLinesField.address.rawValue)]) {
            guard c.optionalText(&r.address) else { return false }
        }
        if c.member(keys[Int(JSONLinesField.amount.rawValue)]) {
            guard let t = c.string(), case .success(let amount) = DecimalText.parse(t) else { return false }
            r.amount = amount
        }
        if c.member(keys[Int(JSONLinesField.currency.rawValue)]) {
            if !c.null() {
                guard let t = c.string(), let code = JSONLinesFieldReader.currency(t) else { return false }
                r.currency = code
            }
        }
        if c.member(keys[Int(JSONLinesField.memo.rawValue)]) {
            guard c.optionalText(&r.memo) else { return false }
        }
        if c.member(keys[Int(JSONLinesField.type.rawValue)]) {
            if !c.null() {
                guard let t = c.string(), let type = JSONLinesFieldReader.paymentType(t) else { return false }
                r.type = type
            }
        }
        if c.member(keys[Int(JSONLinesField.category.rawValue)]) {
            if !c.null() {
                guard let t = c.string() else { return false }
                r.category = fields.category(t)
            }
        }
        if c.member(keys[Int(JSONLinesField.fitid.rawValue)]) {
            guard c.optionalText(&r.fitid) else { return false }
        }
        if c.member(keys[Int(JSONLinesField.checkNumber.rawValue)]) {
            guard c.optionalText(&r.checkNumber) else { return false }
        }
        if c.member(keys[Int(JSONLinesField.source.rawValue)]) {
            if !c.null() {
                guard let t = c.string() else { return false }
                r.source = fields.source(t)
            }
        }
        if c.member(keys[Int(JSONLinesField.rawName.rawValue)]) {
            guard c.optionalText(&r.rawName) else { return false }
        }
        return c.closesObject() && r.date != nil && r.amount != nil && r.name != nil
    }
}
