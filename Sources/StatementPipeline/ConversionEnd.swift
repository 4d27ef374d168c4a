import StatementFormats

/// How a conversion ends, once its inputs are read: the all-or-nothing policy of `pfin convert`,
/// for any app that writes what it read.
///
/// - Bad rows are reported and skipped; the others are written (`partial`), because a row the
///   user fixes can be converted again, and the rest is not wrong.
/// - When nothing could be written, or the reading stopped at the first error (`--strict`),
///   nothing is committed: an earlier file of the same name stays as it was.
/// - A write error (a full disk, a closed pipe) is not a bad row: nothing is committed and no
///   count is claimed.
public enum ConversionEnd: Equatable, Sendable {
    /// Every row written.
    case complete(written: Int)
    /// `errors` bad rows skipped, the other `written` rows written.
    case partial(written: Int, errors: Int)
    /// Errors and no row written: the output is dropped.
    case nothingWritten(errors: Int)
    /// Stopped at the first error (`stopsAtFirstError`): the output is dropped.
    case stoppedAtFirstError
    /// Writing failed: the output is dropped.
    case outputFailed(OutputError)

    public init(written: Int, errors: Int, stoppedAtFirstError: Bool = false, outputFailure: OutputError? = nil) {
        if let outputFailure {
            self = .outputFailed(outputFailure)
        } else if stoppedAtFirstError {
            self = .stoppedAtFirstError
        } else if errors > 0 {
            self = written == 0 ? .nothingWritten(errors: errors) : .partial(written: written, errors: errors)
        } else {
            self = .complete(written: written)
        }
    }

    /// Whether the output is committed (a file renamed into place, held standard output let out).
    public var commits: Bool {
        switch self {
        case .complete, .partial: true
        case .nothingWritten, .stoppedAtFirstError, .outputFailed: false
        }
    }

    /// Commits or discards `output` as this end calls for. A failure to commit (the rename, the
    /// last flush) is thrown, and the output is then discarded.
    public func finish(_ output: ByteOutput) throws(OutputError) {
        guard commits else { return output.discard() }
        do {
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }
}
