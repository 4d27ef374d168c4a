import FinanceCore
import Glibc
import StatementFormats

/// Where a reading's activities come from: a file (or `-`, standard input) read with the reader
/// its content calls for, or the one `format` names.
///
/// The policy every command shares: a file that cannot be opened, and one no reader can read
/// (named for what it is: a PDF, an HTML page…), are errors reported to the sink at the file, not
/// thrown, so that a batch over many files goes on to the next one. A ZIP archive of statement
/// files is read file by file (`StatementArchive`), unless `format` pins a reader.
public struct InputSource: Sendable {
    public var path: String
    /// `--from`: read as this format instead of identifying the content.
    public var format: StatementFormat?

    public init(_ path: String, format: StatementFormat? = nil) {
        self.path = path
        self.format = format
    }

    /// Reads the input into `sink`. Throws only what the sink or reader throws past its
    /// diagnostics (a sink that stops, an input error in the middle of reading).
    ///
    /// - Parameters:
    ///   - options: the reader's options (profile, account, currency, strictness).
    ///   - sink: receives the activities and diagnostics, including the error for a file that
    ///     cannot be opened or read.
    ///   - opened: called with the input once it is open, before reading (a progress line
    ///     watches its `bytesRead` against its `size`).
    public func read(options: ReadOptions, into sink: inout some ActivitySink, opened: (ByteInput) -> Void = { _ in }) throws {
        let input: ByteInput
        do {
            input = try ByteInput(path: path)
        } catch {
            // `camt.zip/2024-03-01.xml`: a file in an archive, as pfin names it.
            if error.errno == ENOTDIR, let member = StatementArchive.member(atPath: path) {
                opened(member)
                return try read(member, options: options, into: &sink)
            }
            try sink.report(
                Diagnostic(
                    .error, code: "input.unreadable", at: SourceLocation(file: path, line: 0),
                    "cannot read the file: \(String(cString: strerror(error.errno)).lowercased())"))
            return
        }
        opened(input)
        try read(input, options: options, into: &sink)
    }

    /// Reads an input already open (`ByteInput(bytes:displayName:)` for bytes in memory).
    public func read(_ input: ByteInput, options: ReadOptions, into sink: inout some ActivitySink) throws {
        let reader: any StatementReader
        if let format, let pinned = StatementReaders.reader(for: format) {
            reader = pinned
        } else {
            let identification = try StatementIdentification.identify(input)
            if case .zip = identification.foreign?.kind {
                return try StatementArchive.read(input, identification, options: options, into: &sink)
            }
            guard let format = identification.format, let found = StatementReaders.reader(for: format) else {
                try sink.report(identification.unreadable(file: input.displayName))
                return
            }
            reader = found
        }
        try reader.read(input, options: options, into: &sink)
    }
}
