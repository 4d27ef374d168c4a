/// Whether text is Persian, which says its dates are Solar Hijri: Iranian banks write
/// `1402/12/24`, and an Arabic bank's `1445/09/05` (a Hijri date, a lunar calendar) is the same shape.
/// The letters Persian adds to the Arabic alphabet (`پ چ ژ گ`, and `ک ی` as Persian writes kaf and
/// yeh) and the Persian digits (`۱۴۰۲`) tell it apart; Arabic text has neither.
enum PersianText {
    static func holdsPersian(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { holdsPersian($0) }
    }

    static func holdsPersian(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 1 < bytes.count {
            let (lead, next) = (bytes[i], bytes[i + 1])
            if lead == 0xDA, next == 0xBE || next == 0x86 || next == 0x98 || next == 0xA9 || next == 0xAF { return true }  // پ چ ژ ک گ
            if lead == 0xDB, next == 0x8C || (next >= 0xB0 && next <= 0xB9) { return true }  // ی, ۰–۹
            i += 1
        }
        return false
    }
}
