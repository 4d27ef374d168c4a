import FinanceCore

extension StatementArchive {
    /// Reads a ZIP archive of statement files into `sink`: each member as a file of its own, with
    /// the reader its content calls for (`pfin convert` and `import` on an archive). A member that
    /// is no statement (a PDF copy of the statement, a nested ZIP) is a warning once the archive
    /// has shown it holds statements; an archive of none is the error `identification` (the
    /// archive's own) gives, naming what it holds. A damaged member is an error at it, and the
    /// others are read.
    public static func read(
        _ input: ByteInput, _ identification: StatementIdentification, options: ReadOptions, into sink: inout some ActivitySink
    ) throws {
        let archive: StatementArchive
        switch try open(input) {
        case .failure(let diagnostic): return try sink.report(diagnostic)
        case .success(let opened): archive = opened
        }
        var statements = 0
        // Warnings about members that are no statements, held until a member is one.
        var held: [Diagnostic] = []
        for index in archive.members.indices {
            let member: ByteInput
            switch archive.input(index) {
            case .failure(let diagnostic):
                statements += 1
                try flush(&held, into: &sink)
                try sink.report(diagnostic)
                continue
            case .success(let opened): member = opened
            }
            let found = try StatementIdentification.identify(member)
            guard let format = found.format, let reader = StatementReaders.reader(for: format) else {
                held.append(passedOver(found, file: member.displayName, archive: input.displayName))
                if statements > 0 { try flush(&held, into: &sink) }
                continue
            }
            statements += 1
            try flush(&held, into: &sink)
            try reader.read(member, options: options, into: &sink)
        }
        if statements == 0 { try sink.report(identification.unreadable(file: input.displayName)) }
    }

    private static func flush(_ held: inout [Diagnostic], into sink: inout some ActivitySink) throws {
        for diagnostic in held { try sink.report(diagnostic) }
        held.removeAll()
    }

    /// The warning for a member that is no statement.
    static func passedOver(_ identification: StatementIdentification, file: String, archive: String) -> Diagnostic {
        let what: String
        var notes: [String] = []
        if case .zip = identification.foreign?.kind {
            what = "a ZIP archive inside the archive; pfin opens one level"
            notes.append("unzip it and pass the statements inside to pfin")
        } else {
            let unreadable = identification.unreadable(file: file)
            what = unreadable.message
            notes = unreadable.notes.filter { $0 != Diagnostic.identifyNote(file) }
        }
        notes.append("'pfin identify \(archive)' shows what each reader saw in each of its files")
        return Diagnostic(.warning, code: "zip.member-skipped", at: SourceLocation(file: file, line: 1), "skipped: \(what)", notes: notes)
    }
}
