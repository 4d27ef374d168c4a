/// What a CSV row's status cell (Revolut's `State`, Citi's and USAA's `Status`, DKB's `Status`,
/// Sparkasse's `Info`, VTB's `Статус`) says about the row's money.
///
/// Only two answers change anything: a row the bank has not booked yet (`PENDING`, `Vorgemerkt`,
/// `Umsatz vorgemerkt`, `В обработке`) and a payment that never went through (`DECLINED`, `FAILED`, Revolut's
/// `REVERTED`, whose balance cell is empty because the balance never moved). Neither is a
/// transaction of the statement: each is skipped with a warning, as CAMT's pending entries are.
/// A status that says the money was later given back (`Refunded`: PayPal lists the return as a
/// row of its own) is booked, and so is any word not listed here. `Reversed` is either: PayPal
/// books the payment and lists its reversal below it, M-Pesa marks a reversal that never moved
/// the balance; the row's balance cell tells them apart (`CSVRowMapper.reversedRowLeftOut`).
///
/// The words are those of the banks' and apps' exports: T-Bank's `OK`/`FAILED`, Alipay's and
/// WeChat's `交易成功`/`交易关闭`/`支付成功`, Brazilian `Concluída`/`Pendente`, Finnish `Tila`
/// values, Ukrainian `Виконано`/`Відхилено`.
enum RowStatus: Equatable {
    case booked
    case pending
    case notExecuted
    /// Reversed: booked when the row's balance counts it, not executed when it leaves it out.
    case reversed

    /// The status a cell's text (after `TextFolding.fold`) states, or `nil` when it is no status word.
    static func of(folded text: String) -> RowStatus? {
        if notExecutedWords.contains(text) { return .notExecuted }
        if reversedWords.contains(text) { return .reversed }
        if pendingWords.contains(text) || PendingDateWords.words.contains(text) { return .pending }
        if bookedWords.contains(text) { return .booked }
        return nil
    }

    /// Whether a column holds statuses: at least four in five of its sampled values are status
    /// words (a `State` column of `WA`s and `OR`s is an address's).
    static func isStatusColumn(_ values: some Collection<String>) -> Bool {
        guard !values.isEmpty else { return false }
        let statuses = values.count { of(folded: TextFolding.fold($0)) != nil }
        return statuses * 5 >= values.count * 4
    }

    /// The sampled rows (their indexes in the sample) whose status is not booked.
    static func unbookedRows(_ column: ColumnStats) -> Set<Int> {
        var rows = Set<Int>()
        for (k, row) in column.valueRows.enumerated() where k < column.values.count {
            if let status = of(folded: TextFolding.fold(column.values[k])), status != .booked, status != .reversed { rows.insert(Int(row)) }
        }
        return rows
    }

    private static let pendingWords: Set<String> = [
        "umsatz vorgemerkt", "vorgemerkter umsatz", "nicht gebucht", "in progress", "not posted", "awaiting", "scheduled",
        "upcoming", "reserved", "reserviert", "authorisation", "authorization", "pre authorisation", "pre authorization",
        "en traitement", "a comptabiliser", "pendiente de liquidar", "da contabilizzare", "gepland", "nog niet verwerkt",
        "в обработке", "обрабатывается", "ожидает обработки", "в обробці", "обробляється", "очікує", "pendente",
        "em processamento", "agendado", "agendada", "in attesa", "odottaa", "varattu", "tulossa", "venter", "reserveret",
        "reservert", "处理中", "等待付款", "待支付", "待付款", "待入账",
    ]

    private static let notExecutedWords: Set<String> = [
        "declined", "failed", "reverted", "rejected", "cancelled", "canceled", "denied", "void", "voided", "expired",
        "abgelehnt", "fehlgeschlagen", "abgebrochen", "zuruckgewiesen", "zurueckgewiesen", "refuse", "rejete", "echoue",
        "annule", "expire", "rechazado", "rechazada", "fallido", "fallida", "cancelado", "cancelada", "anulado",
        "anulada", "rifiutato", "rifiutata", "fallito", "fallita", "annullato", "annullata", "geweigerd", "mislukt",
        "geannuleerd", "afgewezen", "odrzucona", "odrzucone", "anulowana", "zamitnuto", "zruseno",
        "отклонено", "отклонена", "отменено", "отменена", "отклонен", "отменен", "ошибка", "неуспешно",
        "відхилено", "відхилена", "скасовано", "скасована", "помилка", "recusado", "recusada", "rejeitado",
        "rejeitada", "falhou", "hylatty", "peruttu", "peruutettu", "epaonnistunut", "avvist", "afvist", "nekad",
        "misslyckad", "失败", "交易失败", "支付失败", "交易关闭",
        "已关闭", "已取消", "交易取消", "已撤销",
    ]

    private static let reversedWords: Set<String> = ["reversed", "extourne", "estornado", "estornada", "сторнировано"]

    private static let bookedWords: Set<String> = [
        "completed", "complete", "posted", "cleared", "booked", "settled", "executed", "done", "success", "successful",
        "paid", "processed", "finished", "ok", "refunded", "partially refunded", "returned", "gebucht",
        "umsatz gebucht", "ausgefuhrt", "ausgefuehrt", "erledigt", "abgeschlossen", "comptabilise", "execute", "effectue",
        "termine", "contabilizado", "liquidado", "realizado", "ejecutado", "completado", "contabilizzato", "eseguito",
        "completato", "geboekt", "uitgevoerd", "verwerkt", "voltooid", "zaksiegowana", "zaksiegowane", "zrealizowana",
        "wykonana", "zauctovano", "provedeno",
        "исполнено", "исполнена", "выполнено", "выполнена", "проведено", "проведена", "успешно", "виконано",
        "виконана", "успішно", "concluido", "concluida", "efetivado", "efetivada", "aprovado", "aprovada",
        "toteutunut", "kirjattu", "suoritettu", "genomford", "bokford", "gennemfort",
        "交易成功", "支付成功", "已完成", "成功", "已支付", "已收钱", "对方已收钱", "已存入零钱", "已全额退款", "退款成功",
        "已退款", "还款成功", "已入账",
    ]
}

/// The last status cells a file's rows held and what each says: statuses repeat from row to row
/// (`COMPLETED`, `COMPLETED`, …), so the words are looked up once per distinct cell.
struct StatusCellCache {
    private var memo = LastCellMemo<RowStatus>()

    /// The status in `cell` (trimmed); a cell that is no status word is booked.
    mutating func status(of cell: UnsafeBufferPointer<UInt8>) -> RowStatus {
        if let known = memo.value(of: cell) { return known }
        // Longer than any status word: a text, not a status.
        guard cell.count <= 32 else { return .booked }
        let status = RowStatus.of(folded: TextFolding.fold(String(decoding: cell, as: UTF8.self))) ?? .booked
        memo.store(status, for: cell)
        return status
    }
}
