/// The steps of payee normalisation, in the order they run, each with its name (what
/// `pfin rules explain` shows) and the data it works from. Words are compared without regard to
/// case; a phrase is words separated by spaces.
///
/// The tables are pfin's, written from what banks print (see the sample statements and the cases
/// in `PayeeNormaliserTests`); a rules file adds spellings with `spelling "eBay"`.
public enum PayeeStep: String, CaseIterable, Sendable {
    /// A card payment named only by its date and masked card (`130722 CB****6516`: Banque
    /// Populaire, Caisse d'Epargne) is named by the merchant in its memo (`PayeeCardMemo`).
    case cardMemo = "card-memo"
    /// The counterparty's name field of a text that lists a payment's fields: `/NAME/ACME BV/`
    /// after `/TRTP/…`, `Naam: ACME BV`, `Auftraggeber: ACME GmbH` (`PayeeFields`).
    case nameField = "name-field"
    /// Booking-type words at the front: "Lastschrift", "Kauf/Dienstleistung vom", "POS PURCHASE";
    /// a reference announced after the payee: "… with reference SALARY APR 2024"; a British
    /// bank's payment-type code at the end: "… BCC".
    case bookingWords = "booking-words"
    /// A payment processor's prefix before the merchant: `SQ *`, `PAYPAL *`, `SumUp *`.
    case processorPrefix = "processor-prefix"
    /// A merchant's reference after a star: `AMAZON MKTPL*AB12C3DE4`, `UBER *TRIP`.
    case starReference = "star-reference"
    /// An amount and currency after the payee, with what follows: `,57.12 GBP, RATE 1.00/GBP ON …`
    /// (`PayeeAmountTail`).
    case amountTail = "amount-tail"
    /// Card numbers, masked or not, with the words that announce them: "Karte Nr. XXXX1234".
    case cardNumbers = "card-numbers"
    /// Value-date notes: "Value Date: 04/05/2024", "Valuta 03.05.".
    case valueDate = "value-date"
    /// Dates and times inside the text: `02.05.2024`, `13/04`, `2024-05-27T11:45`, `11 MAY`, with a
    /// word announcing one (`ON 30 SEP`).
    case datesAndTimes = "dates-and-times"
    /// Reference, store and terminal numbers: `#0112`, `0272304417721`, `PPD ID: 1911234567`; the
    /// counterparty's IBAN, even first (`NL47INGB0001234567 hr j jansen`).
    case referenceNumbers = "reference-numbers"
    /// A city and region or country code after the merchant: `SEATTLE WA`, `Melbourne AU AUS`; in a
    /// card payment, a known city and what follows it.
    case location = "location"
    /// A word printed twice in a row is written once: `NETFLIX.COM NETFLIX.COM`.
    case repeatedWords = "repeated-words"
    /// Known names written the way their owners write them: `AMZN Mktp` is "Amazon Marketplace".
    case brandNames = "brand-names"
    /// Text in capitals only becomes title case, keeping acronyms and known spellings.
    case titleCase = "title-case"
}

/// The data the steps use.
enum PayeeTables {
    /// Booking-type phrases that open a bank's text; the longest that matches is removed, when a
    /// name remains after it. Those marked `card` say the rest is a card payment's merchant and place.
    static let bookingPhrases: [(phrase: String, card: Bool)] = [
        // German, Swiss, Austrian
        ("Kauf/Dienstleistung vom", true), ("Kauf/Dienstleistung", true), ("Bargeldbezug vom", false),
        ("Lastschrift", false), ("SEPA-Lastschrift", false), ("SEPA Lastschrift", false), ("Basislastschrift", false),
        ("Gutschrift", false), ("SEPA-Gutschrift", false), ("Dauerauftrag", false), ("Überweisung", false),
        ("SEPA-Überweisung", false), ("Kartenzahlung", true), ("Kartenzahlung girocard", true), ("girocard", true),
        ("Debitk.", true), ("TWINT Kauf/Dienstleistung vom", true), ("TWINT Kauf/Dienstleistung", true),
        ("Zahlung an", false), ("Zahlung von", false), ("E-Commerce", true), ("Einkauf", true), ("E-Banking Auftrag an", false),
        ("E-Banking Auftrag", false),
        // French
        ("Achat CB", true), ("CB", true), ("Paiement par carte", true), ("Paiement CB", true), ("PRLV SEPA", false),
        // Crédit Mutuel's and CIC's contactless payments (paiement sans contact)
        ("Paiement PSC", true), ("Paiement sans contact", true),
        ("Prélèvement", false), ("Prelevement", false), ("VIR SEPA", false), ("VIR", false), ("VIR DE", false), ("VIR INST", false), ("Virement", false),
        ("Virement SEPA", false),
        ("Achat", true), ("Carte", true), ("Avoir carte", true), ("Retrait DAB", false), ("Virement émis", false),
        ("Virement en votre faveur", false), ("Virement reçu", false), ("Virement emis", false),
        ("Virement recu", false),
        // Spanish
        ("Compra en", true), ("Compra tarj.", true), ("Compra tarjeta", true), ("Compra", true), ("Pago con tarjeta", true),
        ("Adeudo recibo", false), ("Recibo", false), ("Transferencia a", false), ("Transferencia de", false),
        ("Transferencia a favor de", false), ("Transferencia recibida de", false), ("Transferencia emitida a", false),
        ("Bizum de", false), ("Bizum a", false),
        // Italian
        ("Pagamento POS", true), ("Pagamento carta", true), ("Addebito diretto", false), ("Addebito SDD", false),
        ("Bonifico a vostro favore da", false), ("Bonifico disposto a favore di", false), ("Bonifico a favore di", false),
        ("Bonifico da", false), ("Accredito", false), ("Acquisto", true),
        // Swiss banks' Italian texts (Raiffeisen, PostFinance): an e-banking order, a direct debit (LSV)
        ("E-banking Ordine a", false), ("E-banking Ordine", false), ("Ordine e-banking", false),
        ("Sistema di addebitamento diretto", false), ("Ordre e-banking", false),
        // Dutch
        ("Betaalautomaat", true), ("BEA", true), ("Incasso", false), ("Overboeking", false), ("iDEAL", false),
        // English
        ("POS purchase", true), ("POS refund", true), ("POS return", true), ("POS ref", true), ("POS", true),
        ("Card purchase", true), ("Debit card purchase", true), ("Visa purchase", true), ("VISA", true),
        ("VISA Debit", true), ("Mastercard", true), ("Contactless", true), ("Contactless payment", true),
        ("Direct debit", false), ("Debit order", false), ("ACH debit", false), ("ACH credit", false),
        ("ACH deposit", false), ("Standing order", false), ("Bill payment", false), ("Faster payment", false),
        ("Recurring payment", false), ("Recurring", false),
        // Santander UK's texts
        ("Card payment to", true), ("Card payment", true), ("Direct debit payment to", false),
        ("Bill payment via faster payment to", false), ("Standing order via faster payment to", false),
        ("Faster payments receipt", false), ("Bank giro credit", false), ("Bank giro credit ref", false),
        ("Cash withdrawal at", false),
        // Payment services (Wise, Revolut): who the money went to or came from follows
        ("Sent money to", false), ("Received money from", false), ("Money sent to", false),
        // M-Pesa's statements: `Pay Bill to 888880 - KPLC`, `Customer Transfer to 0712…123 - JOHN DOE`
        ("Pay Bill to", false), ("Pay Bill Online to", false), ("Merchant Payment to", false),
        ("Merchant Payment Online to", false), ("Customer Transfer to", false), ("Funds received from", false),
        ("Business Payment from", false), ("Received from", false),
    ]

    /// Phrases after the payee that open the payment's reference, removed with everything after
    /// them when a name stays before: "Harbour Analytics Ltd with reference SALARY APR 2024",
    /// "MARIA LOPEZ CONCEPTO CENA", "ENDESA ENERGIA S.A.U. Nº RECIBO 0049 1234".
    static let referenceTails = [
        "with reference", "with ref", "concepto", "nº recibo", "reference", "mandate no",
        // mBank's kind of booking after the payee (`NETTO  ZAKUP PRZY UŻYCIU KARTY W KRAJU`,
        // `JAN KOWALSKI, PRZELEW WEWNĘTRZNY PRZYCHODZĄCY`).
        "zakup przy użyciu karty", "przelew wewnętrzny", "przelew zewnętrzny", "przelew mtransfer", "przelew na telefon",
        "przelew własny", "płatność kartą", "wypłata z bankomatu", "wypłata w bankomacie", "zakup blik", "płatność blik",
    ]

    /// Words that only name a kind of booking: a booking phrase before one of them alone is the
    /// name (`Visa payment`), as nothing else would name the payee.
    static let bookingKinds = [
        "payment", "payments", "purchase", "purchases", "bill", "zahlung", "einkauf", "paiement", "achat", "pago", "compra",
        "pagamento", "acquisto", "betaling",
    ]

    /// Words that announce a date inside a bank's text, removed with it.
    static let datePrepositions = ["on", "am", "op", "le", "el", "il"]

    /// Payment-type codes British banks print after the payee (Barclays' `BCC`, `DDR`), removed by
    /// the booking-words step when in capitals after a name.
    static let trailingPaymentCodes = ["bcc", "clp", "bgc", "ddr", "fpi", "fpo", "tfr", "cpt", "sto", "chq", "mpi", "mpo"]

    /// Words that announce a card number (removed with it) and a card number's own form.
    static let cardWords = [
        "Karte Nr.", "Karte", "Kartennr.", "Card", "Card No.", "Carte", "Carte N°", "Carte no", "Tarjeta", "Tarj.", "Carta",
        "N. carta", "N. carta Maestro", "Carta Maestro", "Karte Maestro", "Kaart", "Pas",
    ]

    /// Words that announce a value date (removed with the date after them).
    static let valueDateWords = [
        "Value Date:", "Value Date", "Valuta", "Valuta:", "Wertstellung", "Wertstellung:", "Wert:", "Date valeur",
        "Date valeur:", "Fecha valor", "Fecha valor:", "Data valuta", "Valutadatum", "Valutadatum:",
    ]

    /// Words that announce a reference number (removed with it).
    static let referenceWords = [
        "PPD ID:", "WEB ID:", "CCD ID:", "ID:", "Ref.", "Ref:", "Ref", "Reference:", "Referenz:", "Nr.", "No.", "N°",
        "Trans.", "Auth.", "Beleg", "Terminal", "Term.", "TID", "REF",
    ]

    /// Words for a check, whose number tells one check from another and so is never removed.
    static let checkWords = ["Check", "Cheque", "Chèque", "Chq", "Scheck", "Assegno", "Cheque:", "Check#", "Chk"]

    /// Payment processors whose prefix stands before the merchant, up to their star or separator.
    static let processorPrefixes = [
        "SQ", "TST", "SumUp", "PAYPAL", "PP", "ZETTLE", "IZ", "SP", "PY", "GRUBHUB", "DD", "CKO", "WPY", "FS",
        // Brazil's card texts (Nubank, Itaú): iFood, dLocal (foreign services: `DM *Spotify`, `DL*Google`), EBANX,
        // PagSeguro, Mercado Pago.
        "IFD", "DM", "DL", "EBN", "EBANX", "PAG", "MERCADOPAGO",
    ]

    /// Month names and abbreviations that a day before them makes a date (`11 MAY`).
    static let months = [
        "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "SEPT", "OCT", "NOV", "DEC",
        "MÄR", "MAI", "OKT", "DEZ", "JANV", "FÉVR", "AVR", "MAI", "JUIN", "JUIL", "AOÛT", "ENE", "ABR", "AGO", "DIC",
        "GEN", "MAG", "GIU", "LUG", "SET", "OTT",
    ]

    /// The first three letters of month names (English, German, French, Spanish, Italian, Dutch,
    /// Russian): a year after such a word is part of a date, not a reference (`July 2nd, 2025`).
    static let monthStems = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "mär", "mai", "okt", "dez",
        "fév", "fev", "avr", "jui", "aoû", "aou", "déc", "ene", "abr", "ago", "dic", "gen", "giu", "lug", "set", "ott",
        "mei", "янв", "фев", "мар", "апр", "май", "мая", "июн", "июл", "авг", "сен", "окт", "ноя", "дек",
    ]

    /// Words for "year" that follow one (`2017 г.`, `2017 r.`).
    static let yearWords = ["г.", "г", "гг.", "год", "года", "r.", "year"]

    /// Region codes after a city: US states, Canadian provinces, Australian states, and ISO 3166
    /// country codes that banks print, two and three letters. Left out: codes that are also common
    /// words at a text's end (`IN`, `TO`, `AT`, `BE`, `NO`, `ME`, `MY`, `IS`, `AM`, `AS`, `BY`, `DE`,
    /// `IT`, `ON`), and legal forms (`AB`, `BV`, `SA`), which `legalForms` keeps.
    static let regionCodes = [
        // US states
        "AK", "AL", "AR", "AZ", "CA", "CO", "CT", "DC", "FL", "GA", "HI", "IA", "ID", "IL", "KS", "KY", "LA", "MA", "MD",
        "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH", "NJ", "NM", "NV", "NY", "OH", "OK", "OR", "PA", "RI", "SC",
        "SD", "TN", "TX", "UT", "VA", "VT", "WA", "WI", "WV", "WY",
        // Canada and Australia
        "BC", "QC", "MB", "SK", "NS", "NB", "NL", "PE", "NSW", "VIC", "QLD", "TAS", "ACT", "WA",
        // countries
        "US", "USA", "GB", "GBR", "UK", "AU", "AUS", "CH", "CHE", "DEU", "FR", "FRA", "ES", "ESP", "ITA", "NLD", "BEL",
        "AUT", "IE", "IRL", "LU", "LUX", "SE", "SWE", "DK", "DNK", "FI", "FIN", "NZ", "NZL", "CAN", "ZA", "ZAF", "IND",
        "SG", "SGP", "HK", "HKG", "JP", "JPN", "PT", "PRT", "PL", "POL", "CZ", "CZE", "HU", "HUN", "GR", "GRC", "MX", "MEX",
        "BR", "BRA", "CN", "CHN", "AE", "ARE", "TR", "TUR", "ISL",
    ]

    /// Legal forms and company words that stay in capitals and are never a region code.
    static let legalForms = [
        "AG", "SA", "S.A.", "SAS", "SARL", "SCI", "S.A.R.L.", "SL", "S.L.", "SRL", "SPA", "S.P.A.", "BV", "B.V.", "NV", "N.V.",
        "AB", "AS", "A/S", "ASA", "OY", "OYJ", "SE", "KG", "OHG", "EG", "E.V.", "LLC", "LLP", "LP", "INC", "PLC", "PTY",
        "LTD", "CO", "CORP", "GMBH", "UG", "SAU", "S.A.U.", "SCA", "SNC", "CV", "KFT", "ZRT", "SP", "ZOO", "AD", "DOO",
    ]

    /// Spellings that title case keeps as written here (matched without regard to case): acronyms,
    /// legal forms and brands whose owners mix the case.
    static let spellings = [
        // legal forms as they are written
        "AG", "SA", "SAS", "SARL", "SCI", "SL", "SRL", "SpA", "BV", "B.V.", "NV", "N.V.", "AB", "AS", "A/S", "ASA", "OY", "Oyj",
        "SE", "KG", "OHG", "eG", "e.V.", "LLC", "LLP", "LP", "Inc", "PLC", "Pty", "(Pty)", "Pvt", "(Pvt)", "Ltd", "Co", "Corp", "GmbH", "UG", "SAU",
        "S.A.", "S.L.", "S.A.U.", "S.p.A.", "S.à r.l.", "S.à.r.l.",
        // acronyms
        "ATM", "ACH", "ATW", "IMPS", "NEFT", "RTGS", "UPI", "POS", "SEPA", "EU", "UK", "USA", "US", "UAE", "HB", "SBB",
        "CFF", "FFS", "ÖBB", "DB", "BVG", "KVB", "MVG", "RATP", "SNCF", "TGV", "NS", "TfL", "BP", "ESSO", "ARAL", "OMV",
        "IKEA", "H&M", "C&A", "AT&T", "KFC", "CVS", "REI", "PCC", "UPS", "DHL", "DPD", "GLS", "TNT", "BMW", "VW", "IBM",
        "HP", "TV", "AXA", "CSS", "ING", "ABN", "AMRO", "DKB", "BBVA", "HDFC", "ICICI", "SBI", "SBIN", "TIM", "ENEL",
        "EDF", "EWZ", "BKW", "TSB", "HSBC", "RBS", "NAB", "ANZ", "FNB", "ABSA", "UBS", "ZKB", "LIDL", "ALDI", "DM", "OBI",
        "TK", "AOK", "HUK", "ADAC", "ARD", "ZDF", "GEZ", "BBC", "NHS", "HMRC", "DVLA", "IRS", "USPS", "PG&E", "AEP",
        "BSE", "LIC", "DMart", "IZ", "SLU", "XXI", "NK", "OG", "II", "III", "IV", "XL", "XXL", "24H", "7-Eleven",
        // abbreviations without a vowel that are no acronyms
        "Mkt", "Mkts", "Pmt", "Pmts", "Svc", "Svcs", "Blvd", "Hwy", "Pkwy", "Dr", "St", "Rd", "Mgmt", "Str", "Ctr", "Pl",
        "Txn", "Pymt", "Whs", "Bldg", "Mr", "Mrs", "Ms", "Nr", "Hr", "Fr", "Sr", "Jr", "Std", "Wk", "Mth", "Yr", "Ln",
        // brands that mix the case
        "eBay", "PayPal", "iTunes", "iCloud", "iPhone", "YouTube", "LinkedIn", "WhatsApp", "McDonald's", "McDonalds",
        "easyJet", "JetBlue", "FedEx", "DoorDash", "GitHub", "OpenAI", "SumUp", "AliExpress", "BlaBlaCar", "TripAdvisor",
        "PlayStation", "HelloFresh", "ParkNow", "PayByPhone", "Booking.com", "Hotels.com", "Amazon.com", "Netflix.com",
        "DAZN", "MediaMarkt", "OranjePakket", "BigBasket", "MoneyGram",
    ]

    /// Words that announce an object after them (`TRANSFER TO 98-765432-1`, `Bought 30 BP @ 27.71`):
    /// left last by a step that removed their object, they give it back (`restoreConnectorObject`).
    static let connectors = [
        "to", "from", "for", "at", "@", "via", "van", "naar", "von", "an", "nach", "zu", "à", "au", "de", "du",
        "pour", "para", "per", "till", "från", "til", "fra", "na", "do", "od", "на", "до", "от", "для",
    ]

    /// Short words that title case writes in lower case inside a name ("Café de la Paix").
    static let particles = [
        "de", "la", "le", "les", "du", "des", "da", "di", "del", "della", "van", "der", "den", "von", "zu", "zum", "zur",
        "und", "y", "e", "et", "and", "of", "the", "am", "im", "an", "bei", "en", "het", "op", "für", "à", "au", "aux",
    ]

    /// Cities whose name a card payment's text carries after the merchant's, and the words that
    /// begin a city's name of several words (`SAN`, `NEW`), removed with a city they precede.
    static let cities = [
        "Zürich", "Zurich", "Genève", "Geneve", "Geneva", "Basel", "Bern", "Lausanne", "Luzern", "Lugano", "Winterthur",
        "St. Gallen", "Neuchâtel", "Neuchatel", "Berlin", "Hamburg", "München", "Munich", "Köln", "Koeln", "Frankfurt",
        "Stuttgart", "Düsseldorf", "Leipzig", "Dresden", "Hannover", "Nürnberg", "Bremen", "Wien", "Vienna", "Graz",
        "Salzburg", "Innsbruck", "Paris", "Lyon", "Marseille", "Toulouse", "Nice", "Nantes", "Strasbourg", "Bordeaux",
        "Lille", "Annecy", "Madrid", "Barcelona", "Valencia", "Sevilla", "Bilbao", "Málaga", "Luxembourg", "Luxemburgo",
        "Milano", "Milan", "Roma", "Rome", "Torino", "Napoli", "Firenze", "Bologna", "Amsterdam", "Rotterdam",
        "Den Haag", "Utrecht", "Eindhoven", "Brussels", "Bruxelles", "Antwerpen", "Dublin", "London", "Manchester",
        "Leeds", "Birmingham", "Glasgow", "Edinburgh", "Bristol", "Liverpool", "Stockholm", "Oslo", "Copenhagen",
        "København", "Helsinki", "Warszawa", "Praha", "Prague", "Budapest", "Lisboa", "Lisbon", "Porto", "Athens",
        "Seattle", "Portland", "San Francisco", "Los Angeles", "Los Gatos", "San Jose", "San Diego", "New York",
        "Chicago", "Boston", "Austin", "Dallas", "Houston", "Denver", "Miami", "Atlanta", "Columbus", "Cupertino",
        "Mountain View", "Menlo Park", "Palo Alto", "Redmond", "Bellevue", "Kirkland", "Renton", "Tacoma", "Beaverton",
        "Toronto", "Vancouver", "Montreal", "Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide", "Auckland",
        "Johannesburg", "Cape Town", "Sandton", "Rosebank", "Mumbai", "Delhi", "Bangalore", "Bengaluru", "Singapore",
        "Tokyo", "Hong Kong", "Dubai",
    ]
    /// Words that end place names of two words (`ROSE BAY`, `SURRY HILLS`), so that an unknown city
    /// before a region code is removed whole.
    static let citySuffixes = [
        "Bay", "Beach", "Hills", "Hill", "Heights", "Park", "Springs", "Falls", "City", "Town", "Village", "Creek",
        "Valley", "Point", "Harbour", "Harbor", "Lake", "Island", "Junction", "Gardens", "Grove", "Ridge", "Vale",
    ]
    static let cityPrefixes = ["San", "Santa", "Los", "Las", "New", "St.", "St", "Saint", "Fort", "Port", "El", "La", "North", "South", "East", "West"]

    /// Known names and how their owners write them, matched as phrases at the start.
    static let brands: [(text: String, name: String)] = [
        ("AMZN Mktp", "Amazon Marketplace"), ("AMAZON MKTPL", "Amazon Marketplace"), ("AMAZON MKTPLACE", "Amazon Marketplace"),
        ("Amazon Mktp", "Amazon Marketplace"), ("AMZN Digital", "Amazon Digital"), ("AMZN", "Amazon"),
        ("AMAZON.COM", "Amazon.com"), ("Prime Video", "Prime Video"), ("APPLE.COM/BILL", "Apple"),
    ]
}
