/// The header words of banks in regions whose words need a function of their own (`HeaderVocabulary`).
extension HeaderVocabulary {
    /// Czech, Slovak, Polish, Hungarian, Croatian, Slovene, Romanian (Windows-1250, ISO 8859-2),
    /// Russian, Bulgarian, Ukrainian (Windows-1251), Lithuanian, Latvian, Estonian (Windows-1257):
    /// besides reading such headers, these words tell the code pages apart (`CodePageDetection`).
    static func addCentralAndEasternEuropean(_ add: (ColumnRole, Int, [String]) -> Void) {
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
    static func addDanish(_ add: (ColumnRole, Int, [String]) -> Void) {
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
    static func addTurkish(_ add: (ColumnRole, Int, [String]) -> Void) {
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
    static func addEastAsian(_ add: (ColumnRole, Int, [String]) -> Void) {
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
        // Rakuten Bank's `入出金先内容` (who the money went to or came from); Japanese banks' `摘要`
        // (`振込 ヤマダ タロウ`) names the payee where no column says more.
        add(.name, 1, ["入出金先内容"])
        add(.name, 2, ["摘要"])
        add(.name, 2, ["商品名称", "お取引内容", "お取り扱い内容", "お取扱内容", "取引内容", "内容", "거래내용", "기재내용", "내용"])
        add(.memo, 1, ["备注", "交易备注", "備註", "備考", "メモ", "메모", "송금메모", "附言", "用途"])
        add(.memo, 3, ["摘要", "交易摘要", "적요", "交易类型", "交易類型", "类型"])
        // China Merchants Bank's card statement: `人民币金额` the amount (in renminbi, `HeaderMatching`),
        // `美元金额` the amount in dollars of a payment in dollars, `交易币种` that payment's currency.
        add(.originalAmount, 1, ["美元金额"])
        add(.originalCurrency, 1, ["交易币种"])
        add(.amount, 1, ["利用金額", "ご利用金額", "利用金額 円", "ご利用金額 円", "ご利用金額 ￥", "ご利用金額 ¥", "이용금액", "이용금액 원"])
        add(.amount, 1, ["金额", "金額", "交易金额", "交易金額", "取引金額", "거래금액", "금액", "金额 元", "金額 元", "金額 円", "금액 원"])
        // Rakuten Bank's `入出金(円)`: money in and out in one signed column.
        add(.amount, 1, ["入出金", "入出金額", "お取引金額"])
        add(
            .debit, 1,
            [
                "支出", "支出金额", "支出金額", "出金", "出金額", "お引出し", "お支払金額", "支払い金額", "支払金額", "借方",
                "借方金额", "출금", "출금액", "출금액 원", "찾으신금액", "出金額 円",
                "出金金額", "お引出し金額", "引出", "引出し", "引出金額", "取出", "取出金额", "借方发生额",
                // ICBC's booked amounts (`记账金额(支出)`), beside the same in the payment's currency.
                "记账金额 支出",
            ])
        add(
            .credit, 1,
            [
                "收入", "收入金额", "存入", "存入金額", "入金", "入金額", "お預入れ", "お預入金額", "預かり金額", "預入金額",
                "贷方", "贷方金额", "입금", "입금액", "입금액 원", "맡기신금액", "入金額 円",
                "入金金額", "お預入れ金額", "預入", "預入れ", "贷方发生额", "记账金额 收入",
            ])
        add(.balance, 1, ["余额", "餘額", "账户余额", "帳戶餘額", "残高", "差引残高", "잔액", "잔액 원", "거래후잔액", "거래후 잔액", "残高 円"])
        add(.currency, 1, ["币种", "幣別", "币别", "通貨", "통화", "货币", "貨幣", "记账币种", "記帳幣別", "币种名称"])
        add(.direction, 1, ["收 支", "收支", "入払区分", "입출구분"])
        add(.status, 1, ["交易状态", "交易狀態"])
    }
}
