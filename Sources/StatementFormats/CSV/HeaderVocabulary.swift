/// Header names banks use, in English, German, French, Spanish, Dutch and Italian (and the main
/// words of Central and Eastern European and Baltic banks), and the column role each suggests
/// with a strength (1 strongest).
///
/// Names are matched after `TextFolding.fold` (lower case, accents folded, punctuation as spaces),
/// once with umlauts folded to a single letter and once as `ae oe ue`, and with a currency in
/// parentheses removed (`Betrag (EUR)` is `betrag`). Several roles per name let the column's values
/// decide: German `Valuta` is a value date, Italian `Valuta` a currency.
enum HeaderVocabulary {
    struct Candidate: Equatable {
        var role: ColumnRole
        var strength: Int
    }

    static func candidates(forFolded name: String) -> [Candidate] {
        table[name] ?? []
    }

    private static let table: [String: [Candidate]] = {
        var table: [String: [Candidate]] = [:]
        func add(_ role: ColumnRole, _ strength: Int, _ names: [String]) {
            for name in names { table[name, default: []].append(Candidate(role: role, strength: strength)) }
        }
        add(
            .date, 1,
            [
                "buchungstag", "buchungsdatum", "booking date", "posting date", "post date", "posted date",
                "date posted", "boekdatum", "boekingsdatum", "date comptable", "date de comptabilisation",
                "fecha contable", "data contabile", "data registrazione", "clearing date", "completed date",
                "date completed", "date completed utc",
                // Swedish (Handelsbanken's `Reskontradatum`, SEB's `Bokföringsdag`), Finnish (OP's
                // `Kirjauspäivä`), Romanian (Raiffeisen's `Data inregistrare`): the booking date.
                "reskontradatum", "bokforingsdatum", "bokforingsdag", "kirjauspaiva", "data inregistrare",
            ])
        add(
            .date, 2,
            [
                "date", "datum", "fecha", "data", "date operation", "date de l operation", "date d operation",
                "fecha operacion", "fecha de operacion", "data operazione", "transactiedatum", "tag",
                "datetime", "date time", "date and time",
            ])
        add(
            .date, 3,
            [
                "transaction date", "trans date", "date of transaction", "started date", "date started utc", "txn date",
                "tran date", "transaktionsdatum", "data tranzactie",
            ])
        add(
            .valueDate, 1,
            [
                "value date", "valuta", "valutadatum", "wertstellung", "wertstellungsdatum",
                "date de valeur", "date valeur", "fecha valor", "data valuta", "rentedatum", "value dt",
                "valutadag", "arvopaiva",
            ])
        add(
            .name, 1,
            [
                "payee", "merchant", "merchant name", "beguenstigter zahlungspflichtiger",
                // Deutsche Bank's `Begünstigter / Auftraggeber`: the other party, whichever way the money went.
                "begunstigter auftraggeber", "beguenstigter auftraggeber", "begunstigter", "beguenstigter",
                "begunstigter zahlungspflichtiger", "auftraggeber begunstigter", "auftraggeber beguenstigter",
                "auftraggeber empfanger", "auftraggeber empfaenger", "empfanger", "empfaenger",
                "zahlungsempfanger", "zahlungsempfaenger", "zahlungsempfanger in", "zahlungsempfaenger in",
                "name zahlungsbeteiligter", "beneficiaire", "tiers", "beneficiario",
                "ordenante beneficiario", "naam", "naam omschrijving", "tegenpartij", "naam tegenpartij",
                "tegenrekeninghouder", "naam tegenrekeninghouder", "tegenrekening houder", "naam tegenrekening",
                "counterparty", "counter party", "counterparty name", "name", "recipient", "beneficiary",
                "payee name", "destinatario", "ordinante beneficiario",
                // SEB Estonia's `Beneficiary's name`, beside `Description` (the memo) and `Type` (a code).
                "beneficiary s name", "beneficiarys name", "beneficiary name",
                // N26's current export: `Partner Name`, beside `Partner Iban` (the counterparty's account).
                "partner name",
                // The other party whichever way the money went: Swedbank's `Beneficiary/Payer`, OP's
                // `Saaja/Maksaja`, Swedish banks' `Mottagare/Avsändare`; before the bank's details.
                "beneficiary payer", "payer beneficiary", "payee payer", "payer payee", "saaja maksaja",
                "maksaja saaja", "mottagare", "mottagare avsandare", "avsandare mottagare",
            ])
        // A payer column with no payee column beside it is the name column (`ColumnAssignment`).
        add(
            .payer, 1,
            [
                "zahlungspflichtige r", "zahlungspflichtiger", "zahlungspflichtige", "auftraggeber", "payer", "payer name",
                "sender", "sender name", "from", "donneur d ordre", "emetteur", "ordenante", "ordinante", "opdrachtgever",
                "betaler", "remitter", "avsandare", "maksaja",
            ])
        add(
            .name, 2,
            [
                "description", "transaction description", "narration", "libelle",
                "libelle operation", "libelle de l operation", "concepto", "descripcion", "omschrijving",
                "descrizione", "descrizione operazione", "beschreibung", "text", "details description",
                "transaction details", "descripcion operacion",
            ])
        // FNB's numbered descriptions (`Description1`, `Description2`, `Description3`; Afrikaans
        // `Beskrywing1…3`): the first says the kind of payment (`Gereeld Bet Na`, a standing order;
        // `POS Transaction`), the second names the counterparty when it is filled (`Rent`). So the
        // second is the name and the first the memo, which stands in for an empty name
        // (`#Monthly Bank Fee`); the third (a town, a reference) is left unread.
        add(.name, 1, ["description2", "beskrywing2"])
        add(.memo, 1, ["description1", "beskrywing1"])
        // Weaker names: Indian banks' `Particulars` is the narration, but New Zealand banks' is a
        // payment's reference field beside the payee (ANZ's `Details`, BNZ's `Payee`); Chase's
        // `Details` says debit or credit beside its `Description`. In column order.
        add(.name, 3, ["particulars", "details"])
        add(
            .memo, 1,
            [
                "memo", "verwendungszweck", "mededelingen", "notes", "note", "reference", "ref", "purpose",
                "remittance information", "communication", "referencia", "observaciones", "causale",
                "informazioni", "extended details", "message", "omschrijving 2",
                "zahlungsreferenz", "motif", "commentaire", "notas", "dettagli", "meddelande", "viesti",
                // Rabobank's description in three numbered columns, read as one (`ResolvedColumns.memoMore`);
                // GLS Bank's purpose (`Verwendungszweck`) over `VWZ1`…`VWZ14`; Neon's `Subject`.
                "omschrijving 1", "vwz1", "vwz 1", "subject",
            ])
        add(.memo, 3, ["description", "omschrijving", "concepto", "descrizione", "libelle"])
        // N26's `Payment Reference`, the memo beside its `Type`; Wise's, beside its `Description`, is
        // not (the description says more, the reference too when there is one).
        add(.memo, 3, ["payment reference"])
        // ZKB's `Booking text` (`Debit TWINT: Test Merchant`), beside a `Details` column filled
        // only for some payments.
        add(.name, 2, ["booking text"])
        add(.memo, 4, ["booking text"])
        // RBC's export: `Description 1` the kind of payment (`IDP PURCHASE - 1234`, `INTERAC
        // E-TRF- 1234`), `Description 2` the payee (`LOBLAWS #1089`), empty on card rows, which
        // are then named by `Description 1` (an empty name falls back to the memo).
        add(.name, 1, ["description 2"])
        add(.memo, 2, ["description 1"])
        add(.name, 3, ["description 1"])
        add(
            .memo, 4,
            [
                "buchungstext", "transaction type", "type", "umsatztyp", "umsatzart", "mutatiesoort",
                "movimiento", "tipo", "type d operation", "tipo movimiento", "code", "selitys",
            ])
        add(
            .amount, 1,
            [
                "amount", "betrag", "umsatz", "montant", "importe", "bedrag", "importo", "transaction amount",
                "net", "net amount", "amount in account currency", "montant de l operation", "importe operacion",
                "amount total", "total amount", "belopp", "maara",
                // Degiro's `Mutatie` (the change), over its currency, the number beside it.
                "mutatie",
            ])
        add(.amount, 2, ["gross", "value", "valor", "wert", "sum"])
        add(
            .status, 1,
            [
                "status", "state", "transaction status", "posting status", "buchungsstatus", "umsatzstatus", "info",
                "statut", "etat", "estado", "stato", "stav", "status transakcji", "status operacji", "статус",
            ])
        add(.fee, 1, ["fee", "fees", "fee amount", "frais", "gebuhr", "gebuehr", "comision", "commissione"])
        add(
            .debit, 1,
            [
                "debit", "debits", "debit amount", "withdrawal", "withdrawals", "withdrawal amt",
                "withdrawal amount", "withdrawn", "paid out", "money out", "out", "outflow", "spent", "soll", "ausgang",
                "ausgaben", "debit euros", "debito", "debitos", "cargo", "cargos", "debe", "uscite", "addebiti", "dare",
                "charge", "charges", "afschrijving", "belastung", "lastschrift betrag", "belastungen",
                "expense amount",
                // Axis Bank's `DR`/`CR` over the two amount columns; Romanian `Suma debit`; Swedish `Uttag`.
                "dr", "suma debit", "sume debit", "rulaj debit", "uttag",
            ])
        add(
            .credit, 1,
            [
                "credit", "credits", "credit amount", "deposit", "deposits", "deposit amt", "deposit amount",
                "paid in", "money in", "in", "inflow", "received", "haben", "eingang", "einnahmen",
                "credit euros", "credito", "creditos", "abono", "abonos", "haber", "entrate", "accrediti", "avere",
                "bijschrijving", "gutschrift betrag", "gutschrift", "gutschriften", "income amount",
                "cr", "suma credit", "sume credit", "rulaj credit", "insattning",
            ])
        add(
            .direction, 1,
            [
                "af bij", "soll haben", "s h", "debit credit", "credit debit", "dr cr", "cr dr",
                "credit debit indicator", "debit credit indicator", "cdt dbt ind", "debet credit",
                "d c", "c d", "d k", "k d", "debet kredit", "kredit debet", "debit kredit",
                // ICICI's card statement: `BillingAmountSign`, `CR` beside a credit, empty beside a charge.
                "billingamountsign", "billing amount sign", "amount sign",
            ])
        add(.direction, 3, ["details", "transaction type", "type", "tipo"])
        add(
            .balance, 1,
            [
                "balance", "running balance", "saldo", "kontostand", "solde", "saldo contable",
                "disponible", "closing balance", "running bal", "saldo na mutatie", "saldo dopo",
                // Schwab's `RunningBalance` (one word when folded), DCU's `CURRENT BALANCE`.
                "runningbalance", "current balance", "account balance", "ledger balance",
                // Rabobank's balance after the transaction.
                "saldo na trn",
                // Romanian `Sold` (Raiffeisen's `Sold final`).
                "sold", "sold final",
            ])
        add(
            .currency, 1,
            [
                "currency", "wahrung", "waehrung", "devise", "moneda", "divisa", "munt", "currency code",
                "ccy", "curr", "valuta", "payment currency", "account currency", "valuta rekening", "rekeningvaluta",
                "devise du compte", "kontowahrung", "kontowaehrung", "moeda",
            ])
        add(
            .category, 1,
            [
                "category", "kategorie", "categorie", "categoria", "category name", "rubrique",
                "categoria operacion",
            ])
        // YNAB's group and category in one column (`Inflow: Ready to Assign`), beside each alone.
        add(.category, 0, ["category group category", "master category sub category"])
        add(
            .checkNumber, 1,
            [
                "check number", "check or slip", "check no", "check", "cheque number", "cheque no",
                "cheque", "chq no", "chq ref no", "schecknummer", "numero de cheque", "numero cheque",
                "chequenummer", "numero assegno", "num cheque", "check num",
            ])
        add(
            .transactionID, 1,
            [
                "transaction id", "transaction number", "trans id", "id", "fitid", "unique id",
                "transaktions id", "transaktionsnummer", "id transaction", "identifiant",
                "id transaccion", "transactie id", "id transazione", "reference number",
                "transaction reference number", "transferwise id", "journal id",
            ])
        add(
            .account, 1,
            [
                "account", "account number", "account name", "account no", "auftragskonto", "rekening",
                "rekeningnummer", "compte", "numero de compte", "cuenta", "numero de cuenta", "conto",
                "numero conto", "mijn rekening", "wallet", "iban bban", "bank account",
                // Finom's wallet (the account) beside its `Kartennummer` (the card that paid).
                "wallet iban",
                // UBS's `Produit` (`0123 45678901.23A`, the account on every row).
                "produit", "produkt", "prodotto",
            ])
        add(.account, 2, ["card no", "card number", "card", "karte", "kartennummer", "wallet name", "kontoname"])
        add(
            .address, 1,
            [
                "address", "adresse", "direccion", "indirizzo", "adres", "merchant address",
                "city state", "location",
            ])
        add(
            .originalAmount, 1,
            [
                "original amount", "foreign amount", "amount in original currency", "original currency amount",
                "foreign currency amount", "amount in foreign currency", "amount foreign currency", "local amount", "orig amount",
                "exchange to amount", "ursprungsbetrag", "originalbetrag",
                "betrag in fremdwahrung", "betrag in fremdwaehrung", "fremdwahrungsbetrag", "fremdwaehrungsbetrag",
                "betrag fremdwahrung", "betrag fremdwaehrung", "montant d origine", "montant original",
                "montant en devise", "montant devise", "importe original", "importe en divisa", "importe divisa",
                "oorspronkelijk bedrag", "bedrag in vreemde valuta", "origineel bedrag", "importo originale",
                "importo in valuta", "importo valuta originale", "oorspr bedrag",
            ])
        add(
            .originalCurrency, 1,
            [
                "original currency", "foreign currency", "foreign currency code", "currency of original amount", "type foreign currency",
                "foreign currency type", "local currency", "orig currency", "exchange to", "ursprungswahrung",
                "ursprungswaehrung", "originalwahrung", "originalwaehrung", "fremdwahrung", "fremdwaehrung",
                "devise d origine", "devise originale", "devise etrangere", "divisa original", "moneda original",
                "divisa extranjera", "originele valuta", "oorspronkelijke valuta", "vreemde valuta",
                "valuta originale", "divisa originale", "valuta estera", "oorspr munt",
            ])
        add(
            .exchangeRate, 1,
            [
                "exchange rate", "fx rate", "conversion rate", "rate of exchange", "wechselkurs", "umrechnungskurs",
                "devisenkurs", "taux de change", "taux de conversion", "tipo de cambio", "tasa de cambio", "wisselkoers",
                "tasso di cambio", "cambio applicato", "koers",
            ])
        addDanish(add)
        addCentralAndEasternEuropean(add)
        addTurkish(add)
        addEastAsian(add)
        addHebrew(add)
        addArabic(add)
        addThai(add)
        addSoutheastAsian(add)
        addSecurities(add)
        addRowValueWords(add)
        return table
    }()
}
