import Glibc
import StatementFormats

/// Where a command's one rendered document goes: standard output, or `-o FILE` written
/// atomically (the earlier file stays whole when the write fails).
enum DocumentOutput {
    /// `bytes` to `path`, or to standard output when there is none; an I/O error is printed and
    /// gives exit 1.
    static func write(_ bytes: [UInt8], to path: String?, printer: inout DiagnosticPrinter) -> Int32 {
        do throws(OutputError) {
            let output = try path.map { path throws(OutputError) in try ByteOutput.atomicFile(path) } ?? ByteOutput.standardOutput()
            do throws(OutputError) {
                try output.write(bytes)
                try output.commit()
            } catch {
                output.discard()
                throw error
            }
            return ExitStatus.success
        } catch {
            printer.fail(error.description)
            return ExitStatus.inputErrors
        }
    }

    /// Whether text going to `path` (standard output when nil) gets ANSI colour: only on a
    /// terminal, and never when `NO_COLOR` is set.
    static func colours(toFile path: String?) -> Bool {
        let noColour = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        return path == nil && isatty(1) == 1 && !noColour
    }
}
