import FinanceCore

/// ISO 4217 numeric currency codes, as Norma 43 records write them (`978`), to alphabetic ones.
///
/// The currencies Spanish banks keep accounts or pay in, and their neighbours'; `724`, the
/// peseta, for files from before 2002.
enum Norma43Currency {
    static func code(_ numeric: Int64) -> CurrencyCode? {
        table[Int(numeric)].flatMap { CurrencyCode($0) }
    }

    private static let table: [Int: String] = [
        8: "ALL", 12: "DZD", 32: "ARS", 36: "AUD", 48: "BHD", 51: "AMD", 68: "BOB", 124: "CAD", 152: "CLP", 156: "CNY",
        170: "COP", 188: "CRC", 203: "CZK", 208: "DKK", 214: "DOP", 320: "GTQ", 340: "HNL", 344: "HKD", 348: "HUF",
        352: "ISK", 356: "INR", 360: "IDR", 376: "ILS", 392: "JPY", 398: "KZT", 404: "KES", 410: "KRW", 414: "KWD",
        458: "MYR", 484: "MXN", 504: "MAD", 554: "NZD", 558: "NIO", 566: "NGN", 578: "NOK", 586: "PKR", 590: "PAB",
        600: "PYG", 604: "PEN", 608: "PHP", 634: "QAR", 643: "RUB", 682: "SAR", 702: "SGD", 704: "VND", 710: "ZAR",
        724: "ESP", 752: "SEK", 756: "CHF", 764: "THB", 784: "AED", 788: "TND", 818: "EGP", 826: "GBP", 840: "USD",
        858: "UYU", 901: "TWD", 933: "BYN", 937: "VES", 941: "RSD", 944: "AZN", 946: "RON", 949: "TRY", 975: "BGN",
        978: "EUR", 980: "UAH", 981: "GEL", 985: "PLN", 986: "BRL",
    ]
}
