import FinanceCore
import StatementFormats

/// `pfin convert --show-dialect`: the detected CSV dialect of each file (of an XLSX workbook's
/// sheet, of an HTML page's table), as a profile.
enum ShowDialect {
    static func run(_ options: InputOptions, outputPath: String?, printer: inout DiagnosticPrinter) -> Int32 {
        var text = ""
        for path in options.files {
            let input: ByteInput
            do {
                input = try ByteInput(path: path)
            } catch {
                printer.fail(error.description)
                continue
            }
            do {
                var format = options.format
                if format == nil { format = try StatementIdentification.identify(input).format }
                let detected: Result<DialectDetection, Diagnostic>
                if let reader = format.flatMap(StatementReaders.renderedTableReader(for:)) {
                    detected = try reader.detect(input, options: options.read)
                } else {
                    detected = try CSVStatementReader().detect(input, options: options.read)
                }
                switch detected {
                case .failure(let diagnostic):
                    printer.print(diagnostic)
                case .success(let detection):
                    for warning in detection.warnings { printer.print(warning) }
                    if !text.isEmpty { text += "\n" }
                    text += detection.dialect.profileText(source: input.displayName)
                }
            } catch {
                printer.fail(error.description)
            }
        }
        guard printer.errors == 0 else { return ExitStatus.inputErrors }
        do {
            let output = try outputPath.map { path throws(OutputError) in try ByteOutput.atomicFile(path) } ?? .standardOutput()
            try output.write(Array(text.utf8))
            try output.commit()
        } catch {
            printer.fail(error.description)
            return ExitStatus.inputErrors
        }
        return ExitStatus.success
    }
}
