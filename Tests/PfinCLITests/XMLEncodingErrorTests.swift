import Foundation
import Testing

/// A document whose bytes do not match the encoding its XML declaration names: libxml2 raises
/// those errors without a parser context, and used to print them on standard error itself
/// (`encoding error : input conversion failed…`, issue 15). Every line on standard error must be
/// pfin's own, the error located at the declaration.
struct XMLEncodingErrorTests {
    static let files = [
        "xml-encoding/declares-ucs4.ofx",
        "xml-encoding/declares-iso-2022-jp.ofx",
        "xml-encoding/declares-utf7.camt.xml",
        "xml-encoding/sheet-declares-utf7.xlsx",
    ]

    @Test(arguments: files)
    func libxml2PrintsNothingAndTheErrorIsPfins(_ file: String) throws {
        let path = Repository.fixture(file)
        let result = try PfinProcess.run(["convert", path])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("\(path):1: ") || line.hasPrefix("pfin: "), "a line not from pfin: \(line)")
        }
        #expect(result.stderr.contains("\(path):1: error: "))
        #expect(result.stderr.contains("the text is not in the encoding its XML declaration names"))
    }
}
