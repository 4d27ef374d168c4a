import FinanceCore
import Testing

@testable import StatementFormats

/// The HTML table reader: which table a page's rows come from, how cells become CSV fields, and
/// where diagnostics point.
@Suite struct HTMLTableTests {
    static func rendered(_ html: String) throws -> (csv: String, lines: [Int])? {
        switch try HTMLTableReader().render(ByteInput(bytes: Array(html.utf8), displayName: "t.html")) {
        case .success(let (table, _)): return (String(decoding: table.csv, as: UTF8.self), table.lines)
        case .failure: return nil
        }
    }

    static func read(_ html: String) throws -> StatementCollector {
        var collector = StatementCollector()
        try HTMLTableReader().read(ByteInput(bytes: Array(html.utf8), displayName: "t.html"), options: ReadOptions(), into: &collector)
        return collector
    }

    @Test func cellsBecomeFieldsWithTheirTextCollapsed() throws {
        let table = try #require(
            try Self.rendered(
                "<table><tr><th>Date</th><th>Text</th><th>Amount</th></tr>\n<tr><td>2025-11-01</td><td> <b>Coffee</b>&nbsp;&amp;\n  <i>Cake</i><br>Shop </td><td>-4,50</td></tr></table>"
            ))
        #expect(table.csv == "Date,Text,Amount\n2025-11-01,Coffee & Cake Shop,\"-4,50\"\n")
        #expect(table.lines == [1, 2])
    }

    @Test func aCellSpanningColumnsIsFollowedByEmptyOnesAndShortRowsArePadded() throws {
        let table = try #require(
            try Self.rendered("<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td colspan=\"2\">x</td><td>y</td></tr><tr><td>z</td></tr></table>"))
        #expect(table.csv == "a,b,c\nx,,y\nz,,\n")
    }

    @Test func theInnermostTableWithTheMostRowsIsRead() throws {
        let html =
            "<table><tr><td><table><tr><td>Account</td><td>1</td></tr></table></td></tr>"
            + "<tr><td><table><tr><td>d</td></tr><tr><td>e</td></tr><tr><td>f</td></tr></table></td></tr></table>"
            + "<table><tr><td>g</td></tr><tr><td>h</td></tr></table>"
        let table = try #require(try Self.rendered(html))
        #expect(table.csv == "d\ne\nf\n")
    }

    @Test func cellsOutsideARowStartOne() throws {
        let table = try #require(try Self.rendered("<table><td>a</td><td>b</td><tr><td>c</td><td>d</td></table>"))
        #expect(table.csv == "a,b\nc,d\n")
    }

    @Test func aPageWithoutTableRowsIsAnError() throws {
        #expect(try Self.rendered("<html><body><p>Your session has expired</p></body></html>") == nil)
        let read = try Self.read("<html><body><p>Your session has expired</p></body></html>")
        #expect(read.errors.map(\.code) == ["html.no-table"])
    }

    @Test func diagnosticsAndSourcesGiveTheRowsHTMLLine() throws {
        let html =
            "<html>\n<body>\n<table>\n<tr><th>Date</th><th>Payee</th><th>Amount</th></tr>\n<tr><td>2025-11-01</td><td>Shop</td><td>-1.00</td></tr>\n\n<tr>\n<td>2025-11-02</td><td>Bad</td><td>abc</td></tr>\n</table></body></html>\n"
        let read = try Self.read(html)
        #expect(read.activities.map(\.source.line) == [5])
        #expect(read.errors.map(\.location.line) == [7])
        #expect(read.errors.map(\.location.column) == [nil])
    }

    @Test func rowsOnLinesOfTheirOwnKeepThoseLinesInTheTextAndInMessages() throws {
        let html =
            "<table>\n<tr><th>Date</th><th>Text</th><th>Amount</th></tr>\n\n<tr><td>2025-11-01</td><td>Shop</td><td>-1.00</td></tr>\n"
            + "<tr><td></td><td>Closing balance</td><td>99.00</td></tr>\n</table>\n"
        let table = try #require(try Self.rendered(html))
        #expect(table.csv == "\nDate,Text,Amount\n\n2025-11-01,Shop,-1.00\n,Closing balance,99.00\n")
        let read = try Self.read(html)
        #expect(read.diagnostics.map(\.location.line) == [5])
        #expect(read.diagnostics.first?.message.hasPrefix("line 5 ('Closing balance')") == true, "\(read.diagnostics)")
    }

    @Test func sniffingWantsDatedRows() {
        let page =
            "<html><body><table><tr><td>Date</td><td>Amount</td></tr><tr><td>03/11/2025</td><td>1</td></tr><tr><td>04/11/2025</td><td>2</td></tr></table></body></html>"
        #expect(HTMLTableReader.sniff(SniffInput(Array(page.utf8), isComplete: true)).score == 75)
        let layout = "<html><body><table><tr><td>Sign in</td></tr><tr><td>Password</td></tr></table></body></html>"
        #expect(HTMLTableReader.sniff(SniffInput(Array(layout.utf8), isComplete: true)).score == 0)
        let identified = StatementIdentification.identify(SniffInput(Array(layout.utf8), isComplete: true))
        #expect(identified.format == nil)
        #expect(identified.foreign?.kind == .html)
    }
}
