import FinanceCore
import Glibc
import StatementFormats

/// `pfin identify FILE… [--format text|json]`: the format each file is read as, with the evidence
/// and every reader's score; for a CSV the detected profile.
enum IdentifyCommand {
    static let format = TextOrJSON.option(help: "text (the default) or json, one object per file in an array.")

    static let spec = CommandSpec(
        name: "identify",
        arguments: "[FILE…]",
        summary: "Show what format each file is read as, and why.",
        details: """
            For each FILE (standard input when none, or '-'), prints the format pfin reads it as, the
            encoding of its text, and the score (0 to 100) and evidence of every reader that looked at
            its first 64 KiB; for a CSV export (or an XLSX sheet) also the profile detection settled
            on, which 'pfin convert --profile' takes, and what became of each line read with it:
            transactions, rows in error, and lines skipped with the reason (preamble, header,
            balance rows, footer). A ZIP archive of statements is followed by each of its files,
            identified as a file of its own. A file that is not a statement (a PDF, an HTML page)
            is named for what it is. Exits 1 when some file cannot be read as a statement.
            """,
        options: [
            format.spec
        ] + InputOptions.specs,
        examples: [
            "pfin identify Samples/*",
            "pfin identify download.ofx --format json",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var printer = DiagnosticPrinter()
        let json = arguments[format] == .json
        guard let options = InputOptions.parse(arguments, printer: &printer) else { return ExitStatus.inputErrors }
        var reports: [FileIdentity] = []
        var unreadable = 0
        for path in options.files {
            do {
                let input = try open(path)
                var identity = try FileIdentity(input, options: options)
                // A ZIP archive of statements: its files follow it, each identified as a file of
                // its own (identification only peeked at the archive's first bytes).
                var members: [FileIdentity] = []
                if case .zip = identity.identification.foreign?.kind, options.format == nil {
                    switch try StatementArchive.open(input) {
                    case .failure(let diagnostic): printer.print(diagnostic)
                    case .success(let archive):
                        identity.members = archive.members.map(\.displayName)
                        for index in archive.members.indices {
                            switch archive.input(index) {
                            case .failure(let diagnostic): printer.print(diagnostic)
                            case .success(let member):
                                let found = try FileIdentity(member, options: options)
                                if !found.cannotBeRead { identity.holdsStatements = true }
                                members.append(found)
                            }
                        }
                    }
                }
                if identity.cannotBeRead { unreadable += 1 }
                reports.append(identity)
                reports += members
            } catch {
                printer.fail(error.description)
                unreadable += 1
            }
        }
        let text = json ? FileIdentity.json(reports) : reports.map(\.text).joined(separator: "\n")
        Terminal.out(text)
        return unreadable > 0 || printer.errors > 0 ? ExitStatus.inputErrors : ExitStatus.success
    }

    /// Opens `path`, or the file in an archive it names as pfin does (`camt.zip/2024-03-01.xml`).
    private static func open(_ path: String) throws(InputError) -> ByteInput {
        do {
            return try ByteInput(path: path)
        } catch {
            if error.errno == ENOTDIR, let member = StatementArchive.member(atPath: path) { return member }
            throw error
        }
    }
}
