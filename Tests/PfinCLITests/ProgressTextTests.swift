import Testing

@testable import PfinCLI

/// What the progress line says, from the numbers.
struct ProgressTextTests {
    @Test func aFileOfKnownSizeGetsPercentRateAndTimeLeft() {
        #expect(
            ProgressLine.text(label: "giro.csv", read: 45_200_000, size: 120_000_000, rows: 1_624_000, seconds: 2)
                == "giro.csv: 45.2 MB of 120.0 MB (37 %), 812,000 rows/s, 4 s left")
    }

    @Test func standardInputGetsWhatWasRead() {
        #expect(ProgressLine.text(label: "<stdin>", read: 1_049_999, size: nil, rows: 0, seconds: 1.5) == "<stdin>: 1.0 MB")
    }
}
