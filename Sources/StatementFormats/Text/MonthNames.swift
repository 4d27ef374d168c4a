/// Month names and abbreviations in the languages of the banks we read: English, German, French,
/// Spanish, Dutch, Italian and Afrikaans (FNB's `Mrt`, `Des`, `Februarie`), Portuguese, the
/// Scandinavian languages, Polish, Czech, Hungarian, Turkish and Indonesian, and Russian and
/// Ukrainian (nominative, genitive as in `15 марта 2024`, and abbreviated). Keys are folded
/// (`TextFolding.fold`): lower case with Latin accents removed (`fevr`, `marz`, `aout`, `pazdziernika`).
enum MonthNames {
    /// The month (1...12) a folded name stands for.
    static func month(_ folded: String) -> Int? {
        table[folded]
    }

    private static let table: [String: Int] = {
        let names: [[String]] = [
            [
                "jan", "january", "januar", "janner", "jaenner", "janv", "janvier", "ene", "enero", "januari", "gen", "gennaio", "januarie", "janeiro", "sty",
                "stycznia", "styczen", "ledna", "leden", "oca", "ocak", "январь", "января", "янв", "січень", "січня", "січ",
            ],
            [
                "feb", "february", "februar", "fev", "fevr", "fevrier", "febrero", "februari", "febbraio", "februarie", "fevereiro", "lut", "lutego", "luty",
                "unora", "unor", "febr", "sub", "subat", "февраль", "февраля", "фев", "февр", "лютий", "лютого", "лют",
            ],
            [
                "mar", "march", "marz", "maerz", "mrz", "mars", "marzo", "mrt", "maart", "marco", "marts", "marca", "marzec", "brezna", "brezen", "marc",
                "marcius", "mart", "maret", "март", "марта", "мар", "березень", "березня", "бер",
            ],
            [
                "apr", "april", "avr", "avril", "abr", "abril", "aprile", "kwi", "kwietnia", "kwiecien", "dubna", "duben", "aprilis", "nis", "nisan", "апрель",
                "апреля", "апр", "квітень", "квітня", "кві",
            ],
            [
                "may", "mai", "mayo", "mei", "mag", "maggio", "maio", "maj", "maja", "kvetna", "kveten", "majus", "mayis", "май", "мая", "травень", "травня",
                "тра",
            ],
            [
                "jun", "june", "juni", "juin", "junio", "giu", "giugno", "junie", "junho", "cze", "czerwca", "czerwiec", "cervna", "cerven", "junius", "haz",
                "haziran", "июнь", "июня", "июн", "червень", "червня", "чер",
            ],
            [
                "jul", "july", "juli", "juil", "juillet", "julio", "lug", "luglio", "julie", "julho", "lip", "lipca", "lipiec", "cervence", "cervenec",
                "julius", "tem", "temmuz", "июль", "июля", "июл", "липень", "липня", "лип",
            ],
            [
                "aug", "august", "aout", "ago", "agosto", "augustus", "augusti", "sie", "sierpnia", "sierpien", "srpna", "srpen", "augusztus", "agu", "agt",
                "agustus", "agustos", "август", "августа", "авг", "серпень", "серпня", "сер",
            ],
            [
                "sep", "sept", "september", "septembre", "septiembre", "setiembre", "set", "settembre", "setembro", "wrz", "wrzesnia", "wrzesien", "zari",
                "szept", "szeptember", "eyl", "eylul", "сентябрь", "сентября", "сен", "сент", "вересень", "вересня", "вер",
            ],
            [
                "oct", "october", "okt", "oktober", "octobre", "octubre", "ott", "ottobre", "out", "outubro", "paz", "pazdziernika", "pazdziernik", "rijna",
                "rijen", "eki", "ekim", "октябрь", "октября", "окт", "жовтень", "жовтня", "жов",
            ],
            [
                "nov", "november", "novembre", "noviembre", "novembro", "lis", "listopada", "listopad", "listopadu", "kas", "kasim", "nopember", "ноябрь",
                "ноября", "ноя", "нояб", "листопад", "листопада", "лис",
            ],
            [
                "dec", "december", "dez", "dezember", "decembre", "dic", "diciembre", "dicembre", "des", "desember", "dezembro", "gru", "grudnia", "grudzien",
                "prosince", "prosinec", "ara", "aralik", "декабрь", "декабря", "дек", "грудень", "грудня", "гру",
            ],
        ]
        var table: [String: Int] = [:]
        for (index, list) in names.enumerated() {
            for name in list { table[name] = index + 1 }
        }
        return table
    }()
}
