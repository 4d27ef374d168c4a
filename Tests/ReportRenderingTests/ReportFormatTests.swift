import ReportRendering
import Testing

@Test func everyFormatHasAnExtension() {
    #expect(ReportFormat.allCases.map(\.fileExtension) == ["txt", "csv", "json", "html"])
}
