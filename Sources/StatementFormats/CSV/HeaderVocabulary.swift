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
                "tran date",
            ])
        add(
            .valueDate, 1,
            [
                "value date", "valuta", "valutadatum", "wertstellung", "wertstellungsdatum",
                "date de valeur", "date valeur", "fecha valor", "data valuta", "rentedatum", "value dt",
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
            ])
        // A payer column with no payee column beside it is the name column (`ColumnAssignment`).
        add(
            .payer, 1,
            [
                "zahlungspflichtige r", "zahlungspflichtiger", "zahlungspflichtige", "auftraggeber", "payer", "payer name",
                "sender", "sender name", "from", "donneur d ordre", "emetteur", "ordenante", "ordinante", "opdrachtgever",
                "betaler", "remitter",
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
                "zahlungsreferenz", "motif", "commentaire", "notas", "dettagli",
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
                "movimiento", "tipo", "type d operation", "tipo movimiento", "code",
            ])
        add(
            .amount, 1,
            [
                "amount", "betrag", "umsatz", "montant", "importe", "bedrag", "importo", "transaction amount",
                "net", "net amount", "amount in account currency", "montant de l operation", "importe operacion",
                "amount total", "total amount",
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
            ])
        add(
            .credit, 1,
            [
                "credit", "credits", "credit amount", "deposit", "deposits", "deposit amt", "deposit amount",
                "paid in", "money in", "in", "inflow", "received", "haben", "eingang", "einnahmen",
                "credit euros", "credito", "creditos", "abono", "abonos", "haber", "entrate", "accrediti", "avere",
                "bijschrijving", "gutschrift betrag", "gutschrift", "gutschriften", "income amount",
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
            ])
        add(
            .currency, 1,
            [
                "currency", "wahrung", "waehrung", "devise", "moneda", "divisa", "munt", "currency code",
                "ccy", "curr", "valuta", "payment currency", "account currency", "valuta rekening", "rekeningvaluta",
                "devise du compte", "kontowahrung", "kontowaehrung",
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
        return table
    }()

    /// Czech, Slovak, Polish, Hungarian, Croatian, Slovene, Romanian (Windows-1250, ISO 8859-2),
    /// Russian, Bulgarian, Ukrainian (Windows-1251), Lithuanian, Latvian, Estonian (Windows-1257):
    /// besides reading such headers, these words tell the code pages apart (`CodePageDetection`).
    private static func addCentralAndEasternEuropean(_ add: (ColumnRole, Int, [String]) -> Void) {
        add(
            .date, 1,
            [
                "datum zauctovani", "datum zauctovania", "data ksiegowania", "konyvelesi datum", "konyveles datuma",
                "datum knjizenja", "gramatosanas datums", "дата проводки", "дата обработки",
            ])
        add(
            .date, 2,
            [
                "datum provedeni", "data operacji", "data transakcji", "data tranzactiei", "operacijos data", "datums",
                "kuupaev", "дата", "дата операции", "дата на операцията",
            ])
        add(.valueDate, 1, ["datum splatnosti", "data waluty", "erteknap", "datum valute", "дата валютирования", "вальор"])
        add(
            .name, 1,
            [
                "nazev protiuctu", "nazov protiuctu", "protistrana", "odbiorca", "nadawca", "nadawca odbiorca",
                "odbiorca nadawca", "kontrahent", "dane kontrahenta", "partner neve", "primatelj", "platitelj",
                "prejemnik", "gavejas", "moketojas", "gavejas moketojas", "sanemejs", "maksatajs",
                "sanemejs maksatajs", "saaja", "maksja", "saaja maksja", "контрагент", "получатель",
                "получател", "наредител", "наименование контрагента",
            ])
        add(
            .name, 2,
            [
                "popis", "opis", "opis operacji", "descriere", "detalii tranzactie", "aprasymas", "apraksts",
                "описание", "опис",
            ])
        add(
            .memo, 1,
            [
                "zprava pro prijemce", "poznamka", "tytul", "tytul operacji", "kozlemeny", "namen", "mokejimo paskirtis",
                "paskirtis", "maksajuma merkis", "merkis", "selgitus", "назначение платежа", "призначення платежу",
                "основание", "paaiskinimai",
            ])
        add(.account, 1, ["saskaitos nr", "saskaitos numeris", "konto nr", "numer rachunku", "номер счета"])
        add(.transactionID, 1, ["iraso nr"])
        add(.memo, 3, ["popis", "opis", "aprasymas", "apraksts", "описание", "опис"])
        add(.memo, 4, ["typ transakce", "typ operacji", "rodzaj operacji", "tipas"])
        add(
            .amount, 1,
            [
                "castka", "suma", "kwota", "kwota operacji", "osszeg", "iznos", "znesek", "summa", "сумма", "сума",
                "сумма операции",
            ])
        // VTB states a payment twice: `Сумма операции` in the payment's own currency (`Валюта
        // операции`) and `Сумма пересчитанная в валюту счета` in the account's (`Валюта счета`).
        // The account's is the amount; the payment's, where both are there, its original amount.
        add(.amount, 0, ["сумма пересчитанная в валюту счета", "сумма в валюте счета"])
        add(.originalAmount, 2, ["сумма операции", "сумма в валюте операции"])
        add(.currency, 1, ["валюта счета"])
        add(.currency, 2, ["валюта операции"])
        add(.originalCurrency, 2, ["валюта операции"])
        add(.amount, 2, ["objem"])
        add(.debit, 1, ["obciazenia", "debetas", "debets", "deebet", "дебет", "расход", "списание"])
        add(.credit, 1, ["uznania", "kreditas", "kredits", "kreedit", "кредит", "приход", "зачисление", "поступление"])
        add(
            .balance, 1,
            [
                "zustatek", "zostatok", "saldo po operacji", "egyenleg", "stanje", "likutis", "atlikums", "остаток",
                "баланс", "салдо", "залишок",
            ])
        add(.currency, 1, ["mena", "waluta", "penznem", "deviza", "valiuta", "valuuta", "валюта", "валута"])
        add(.category, 1, ["kategoria", "kategorija", "категория"])
    }

    /// Danish banks' headers (BEC's `Dato;Tekst;Beløb;Saldo;Valørdato`, SDC's `Kontonr.;Dato;
    /// Valørdato;Beløb;Valuta;Oprindeligt beløb;Oprindelig valuta;…;Tekst`); `ø` folds to `o`.
    private static func addDanish(_ add: (ColumnRole, Int, [String]) -> Void) {
        add(.date, 1, ["bogforingsdato", "bogfort"])
        add(.date, 2, ["dato"])
        add(.valueDate, 1, ["valordato", "rentedato"])
        add(.name, 2, ["tekst", "beskrivelse"])
        add(.amount, 1, ["belob", "belob i dkk"])
        add(.account, 1, ["kontonr", "kontonummer"])
        add(.originalAmount, 1, ["oprindeligt belob", "originalt belob"])
        add(.originalCurrency, 1, ["oprindelig valuta", "original valuta"])
    }

    /// Turkish (Windows-1254: `İşlem Tarihi`, `Açıklama`); folded, `ı` and `İ` are `i`, `ş` `s`,
    /// `ğ` `g`. Besides reading such headers, the words with those letters tell Windows-1254 from
    /// Windows-1252 (`CodePageDetection`).
    private static func addTurkish(_ add: (ColumnRole, Int, [String]) -> Void) {
        add(.date, 1, ["islem tarihi", "tarih", "tarih saat", "islem tarih"])
        add(.valueDate, 1, ["valor", "valor tarihi"])
        add(.name, 1, ["alici", "gonderen alici", "karsi taraf"])
        add(.payer, 1, ["gonderen"])
        add(.name, 2, ["aciklama", "islem aciklamasi"])
        add(.memo, 3, ["aciklama"])
        add(.memo, 4, ["islem", "islem turu"])
        add(.amount, 1, ["tutar", "islem tutari", "tutar tl"])
        add(.debit, 1, ["borc", "cikan"])
        add(.credit, 1, ["alacak", "giren"])
        add(.balance, 1, ["bakiye", "kalan bakiye", "islem sonrasi bakiye"])
        add(.currency, 1, ["para birimi", "doviz", "doviz cinsi"])
        add(.category, 1, ["kategori"])
    }

    /// Chinese (simplified and traditional), Japanese and Korean headers, as `TextFolding` keeps
    /// them (a unit in brackets, `金额（元）`, after a space). A bank's `摘要`/`적요` is the kind of
    /// payment (`振込`, `급여`), its memo; the payee is `交易对方`, `摘要内容`, `보낸분/받는분`.
    private static func addEastAsian(_ add: (ColumnRole, Int, [String]) -> Void) {
        add(
            .date, 1,
            [
                "交易日期", "日期", "记账日期", "記帳日期", "入账日期", "交易日", "交易创建时间", "交易时间", "取引日", "日付",
                "年月日", "お取引日", "取扱日付", "거래일자", "거래일시", "거래일", "일자",
                // Japanese card statements (楽天カード, JCB, 三井住友カード, イオンカード)
                "利用日", "ご利用日", "利用年月日", "ご利用年月日", "ご利用日付", "이용일", "이용일자",
            ])
        // China Merchants Bank: `对手户名` the counterparty's name, beside `对手账号`, its account number.
        add(.name, 1, ["对手户名", "交易对方", "对方户名", "对方名称", "對方戶名", "摘要内容", "取引先", "お取引先", "보낸분 받는분", "받는분", "보낸분"])
        add(
            .name, 1,
            [
                "利用店名・商品名", "ご利用店名・商品名", "利用店名", "ご利用店名", "ご利用先など", "ご利用先", "利用先",
                "ご利用店名 商品名", "이용가맹점", "가맹점명",
            ])
        add(.name, 2, ["商品名称", "お取引内容", "お取り扱い内容", "お取扱内容", "取引内容", "内容", "거래내용", "기재내용", "내용"])
        add(.memo, 1, ["备注", "交易备注", "備註", "備考", "メモ", "메모", "송금메모", "附言", "用途"])
        add(.memo, 3, ["摘要", "交易摘要", "적요", "交易类型", "交易類型", "类型"])
        // China Merchants Bank's card statement: `人民币金额` the amount (in renminbi, `HeaderMatching`),
        // `美元金额` the amount in dollars of a payment in dollars, `交易币种` that payment's currency.
        add(.originalAmount, 1, ["美元金额"])
        add(.originalCurrency, 1, ["交易币种"])
        add(.amount, 1, ["利用金額", "ご利用金額", "利用金額 円", "ご利用金額 円", "ご利用金額 ￥", "ご利用金額 ¥", "이용금액", "이용금액 원"])
        add(.amount, 1, ["金额", "金額", "交易金额", "交易金額", "取引金額", "거래금액", "금액", "金额 元", "金額 元", "金額 円", "금액 원"])
        add(
            .debit, 1,
            [
                "支出", "支出金额", "支出金額", "出金", "出金額", "お引出し", "お支払金額", "支払い金額", "支払金額", "借方",
                "借方金额", "출금", "출금액", "출금액 원", "찾으신금액", "出金額 円",
            ])
        add(
            .credit, 1,
            [
                "收入", "收入金额", "存入", "存入金額", "入金", "入金額", "お預入れ", "お預入金額", "預かり金額", "預入金額",
                "贷方", "贷方金额", "입금", "입금액", "입금액 원", "맡기신금액", "入金額 円",
            ])
        add(.balance, 1, ["余额", "餘額", "账户余额", "帳戶餘額", "残高", "差引残高", "잔액", "잔액 원", "거래후잔액", "거래후 잔액", "残高 円"])
        add(.currency, 1, ["币种", "幣別", "币别", "通貨", "통화"])
        add(.direction, 1, ["收 支", "收支", "入払区分", "입출구분"])
        add(.status, 1, ["交易状态", "交易狀態"])
    }
}
