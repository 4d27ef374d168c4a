import FinanceCore

extension CSVStatementReader {
    /// Reads the rest of `input` in parts (see `PartReading`), from where `mapper` and
    /// `tokenizer` are: past the header, with `text` holding what was read and not yet mapped.
    /// Returns at the end of the input with `text` holding what is left for the final call.
    ///
    /// `inOrder` maps what `text` holds on this thread, as a reading without parts does.
    func readParts<Sink: ActivitySink, Part: AnyObject>(
        _ input: ByteInput, mapper: CSVRowMapper, tokenizer: CSVTokenizer, text: ByteBuffer,
        into sink: inout Sink, parts plan: PartReading<Sink, Part>, inOrder: @escaping (inout Sink) throws -> Void
    ) throws {
        let reading = InOrderReading<Sink, CSVRowMapper>(
            text: text, line: { tokenizer.line }, setLine: { tokenizer.line = $0 }, isAtRecordStart: { text.count == 0 },
            makeMapper: { mapper.partReader() }, beginPart: { $0.beginPart(after: mapper) },
            adopt: { part, sink in try mapper.adopt(part, into: &sink) }, mapText: inOrder, lineBreak: Self.lineBreak(in:))
        try PartsDriver.read(input, into: &sink, parts: plan, reading: reading)
    }

    /// The byte that ends lines in `bytes`: a line feed (LF or CRLF), or a carriage return when
    /// there is none (classic Mac line ends).
    static func lineBreak(in bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        return ByteScan.afterLast(lf, in: bytes) == 0 && ByteScan.afterLast(cr, in: bytes) > 0 ? cr : lf
    }
}
