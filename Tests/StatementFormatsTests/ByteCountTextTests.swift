import Testing

@testable import StatementFormats

/// Byte limits in messages: whole MiB or KiB when they are, bytes otherwise (never "0 KiB").
struct ByteCountTextTests {
    @Test(arguments: [
        (1 << 20, "1 MiB"), (64 << 20, "64 MiB"), (1 << 16, "64 KiB"), (1536, "1536 bytes"),
        (100, "100 bytes"), (1, "1 byte"), (1024, "1 KiB"), ((1 << 20) + 1024, "1025 KiB"),
    ])
    func describes(_ bytes: Int, _ text: String) {
        #expect(ByteCountText.describe(bytes) == text)
    }
}
