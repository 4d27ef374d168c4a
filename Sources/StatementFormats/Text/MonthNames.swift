/// Month names and abbreviations in the languages of the banks we read: English, German, French,
/// Spanish, Dutch, Italian and Afrikaans (FNB's `Mrt`, `Des`, `Februarie`). Keys are lower case with accents folded (`fevr`, `marz`, `aout`).
enum MonthNames {
    /// The month (1...12) a folded name stands for.
    static func month(_ folded: String) -> Int? {
        table[folded]
    }

    private static let table: [String: Int] = {
        let names: [[String]] = [
            ["jan", "january", "januar", "janner", "jaenner", "janv", "janvier", "ene", "enero", "januari", "gen", "gennaio", "januarie"],
            ["feb", "february", "februar", "fev", "fevr", "fevrier", "febrero", "februari", "febbraio", "februarie"],
            ["mar", "march", "marz", "maerz", "mrz", "mars", "marzo", "mrt", "maart"],
            ["apr", "april", "avr", "avril", "abr", "abril", "aprile"],
            ["may", "mai", "mayo", "mei", "mag", "maggio"],
            ["jun", "june", "juni", "juin", "junio", "giu", "giugno", "junie"],
            ["jul", "july", "juli", "juil", "juillet", "julio", "lug", "luglio", "julie"],
            ["aug", "august", "aout", "ago", "agosto", "augustus"],
            ["sep", "sept", "september", "septembre", "septiembre", "setiembre", "set", "settembre"],
            ["oct", "october", "okt", "oktober", "octobre", "octubre", "ott", "ottobre"],
            ["nov", "november", "novembre", "noviembre"],
            ["dec", "december", "dez", "dezember", "decembre", "dic", "diciembre", "dicembre", "des", "desember"],
        ]
        var table: [String: Int] = [:]
        for (index, list) in names.enumerated() {
            for name in list { table[name] = index + 1 }
        }
        return table
    }()
}
