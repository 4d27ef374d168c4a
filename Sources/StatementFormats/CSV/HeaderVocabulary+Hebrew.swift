/// Israeli banks' and card issuers' headers (`HeaderVocabulary`), as `TextFolding` keeps Hebrew:
/// letters as they are, the gershayim of `ש"ח` (shekels) a space.
extension HeaderVocabulary {
    /// Bank exports (Hapoalim, Leumi, Discount: `תאריך;תיאור הפעולה;פרטים;אסמכתא;תאריך ערך;חובה;
    /// זכות;יתרה`) and card statements (Max, Isracard, Cal: `תאריך עסקה;שם בית העסק;סכום חיוב;
    /// מטבע חיוב;סכום עסקה מקורי;מטבע עסקה מקורי;תאריך חיוב`).
    static func addHebrew(_ add: (ColumnRole, Int, [String]) -> Void) {
        // The date the card's charge is booked outranks the purchase's, as `Posting Date` does
        // `Transaction Date`; a bare `תאריך` (date) outranks `תאריך ערך` (value date).
        add(.date, 1, ["תאריך חיוב"])
        add(.date, 2, ["תאריך"])
        add(.date, 3, ["תאריך עסקה", "תאריך העסקה", "תאריך רכישה"])
        add(.valueDate, 1, ["תאריך ערך"])
        // `תיאור הפעולה` (the transaction's description) names the payee; `פרטים` (details,
        // `כרטיס דביט 4580`) is the memo.
        add(.name, 1, ["שם בית העסק", "שם בית עסק", "תיאור הפעולה", "שם העסק"])
        add(.name, 2, ["תיאור", "הפעולה"])
        add(.memo, 1, ["פרטים", "הערות", "פירוט נוסף"])
        add(.memo, 4, ["סוג עסקה", "סוג העסקה"])
        add(.amount, 1, ["סכום", "סכום חיוב", "סכום החיוב"])
        add(.originalAmount, 1, ["סכום עסקה מקורי", "סכום העסקה המקורי", "סכום מקורי"])
        add(.originalCurrency, 1, ["מטבע עסקה מקורי", "מטבע מקור", "מטבע עסקה"])
        add(.currency, 1, ["מטבע", "מטבע חיוב"])
        add(.debit, 1, ["חובה", "בחובה"])
        add(.credit, 1, ["זכות", "בזכות"])
        add(.balance, 1, ["יתרה", "היתרה", "יתרה בש ח", "היתרה בש ח", "יתרה בשח"])
        add(.category, 1, ["קטגוריה", "ענף"])
    }
}
