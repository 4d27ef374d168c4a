import StatementFormats

/// The identification check (`pfin identify`): every reader answers, with a score in 0...100;
/// the chosen format is the surest reader's, or none for a foreign file; a NUL offset is inside
/// the input; the error for an unreadable input is located at a line of it.
enum IdentificationCheck {
    static func run(_ bytes: [UInt8]) -> [String] {
        let prefix = Array(bytes.prefix(SniffInput.window))
        let result = StatementIdentification.identify(SniffInput(prefix, isComplete: prefix.count == bytes.count))
        var found: [String] = []
        if result.candidates.count != StatementReaders.all.count {
            found.append("\(result.candidates.count) candidates for \(StatementReaders.all.count) readers")
        }
        for c in result.candidates where !(0...100).contains(c.sniff.score) { found.append("\(c.format) scores \(c.sniff.score)") }
        if let format = result.format {
            if result.foreign != nil { found.append("a foreign file is read as \(format)") }
            if result.candidates.first?.sniff.score != result.chosen?.sniff.score { found.append("\(format) is chosen over a surer reader") }
        }
        if let nul = result.binaryOffset {
            if nul.offset >= prefix.count || prefix[nul.offset] != 0 { found.append("NUL offset \(nul.offset) is not a NUL of the input") }
        }
        if result.format == nil {
            let diagnostic = result.unreadable(file: FuzzTarget.inputName)
            if let problem = InputShape(prefix).problem(with: diagnostic.location) { found.append("\(diagnostic.code): \(problem)") }
        }
        return found
    }
}
