/// The letters beyond ASCII that the languages of European bank exports use, lower case: a
/// decoding whose letters no one language covers is likely the wrong code page. Czech read as
/// Windows-1252 mixes Danish `ø` with Italian `ì` and `ù` (`Øeznictví`, `Lékárna U Andìla`);
/// Czech read from ISO 8859-2 as Windows-1250 adds Polish `ą` to Czech `ř` (`Poątovné`).
enum LanguageAlphabets {
    static let all: [Set<UInt32>] = [
        // Western (Windows-1252, ISO 8859-1/15)
        "äöüßé", "àâæçéèêëîïôœùûüÿ", "áéíñóúüàèòçï", "áâãàçéêíóôõúü", "àèéìíîòóùú", "áéèëïóöü", "åäöæøéü",
        "áðéíóúýþæö", "çë",
        // Central European (Windows-1250, ISO 8859-2)
        "áčďéěíňóřšťúůýž", "áäčďéíĺľňóôŕšťúýž", "ąćęłńóśźż", "áéíóöőúüű", "čćđšž", "ăâîșşțţ",
        // Baltic (Windows-1257)
        "ąčęėįšųūž", "āčēģīķļņšūž", "äõöüšž",
        // Turkish (Windows-1254); `i` is what `İ` lower-cases to, `â î û` stand in loanwords
        "çğıiöşüâîû",
        // Cyrillic (Windows-1251): Russian and Bulgarian, Ukrainian, Belarusian, Serbian and Macedonian
        cyrillic + "ё", cyrillic + "ґєії", cyrillic + "ёіў", cyrillic + "ђјљњћџѓќѕ",
    ].map { Set($0.unicodeScalars.map(\.value)) }

    private static let cyrillic = String(String.UnicodeScalarView((0x430...0x44F).compactMap(Unicode.Scalar.init)))

    /// How many of `letters` (lower-case scalars) the language that covers most of them lacks.
    static func uncovered(_ letters: Set<UInt32>) -> Int {
        guard !letters.isEmpty else { return 0 }
        return all.map { letters.subtracting($0).count }.min() ?? letters.count
    }
}
