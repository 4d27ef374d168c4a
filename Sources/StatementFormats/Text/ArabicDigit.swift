/// Arabic-Indic digits (U+0660–U+0669, as Arabic locales write numbers) and Extended Arabic-Indic
/// ones (U+06F0–U+06F9: Persian and Urdu), two bytes each in UTF-8: the one test of them that the
/// amount parser, the column statistics and the date cells share.
enum ArabicDigit {
    /// The digit's value when `lead` and `next` are one of them, else `nil`.
    @inline(__always)
    static func value(lead: UInt8, next: UInt8) -> UInt8? {
        if lead == 0xD9 && next &- 0xA0 < 10 { return next &- 0xA0 }
        if lead == 0xDB && next &- 0xB0 < 10 { return next &- 0xB0 }
        return nil
    }
}
