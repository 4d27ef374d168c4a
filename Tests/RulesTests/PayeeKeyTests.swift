import Testing

@testable import Rules

/// The payee key recurring detection groups by: folded, the leading words up to one with a digit.
struct PayeeKeyTests {
    @Test(arguments: [
        ("NETFLIX.COM 866-579-7172 CA", "netflix.com"),
        ("Netflix.com", "netflix.com"),
        ("REWE Markt GmbH Filiale 4711", "rewe markt gmbh"),
        ("Zahnarztpraxis Dr. Wolf", "zahnarztpraxis dr wolf"),
        ("  Spotify   AB  ", "spotify ab"),
        ("CAFÉ KRANZLER", "café kranzler"),
        ("12345", "12345"),
        ("", ""),
    ])
    func keys(_ name: String, _ key: String) {
        #expect(PayeeKey.of(name, limit: 3) == key)
    }
}
