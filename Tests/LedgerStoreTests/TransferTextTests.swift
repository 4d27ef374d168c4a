import Testing

@testable import LedgerStore

@Suite struct TransferTextTests {
    @Test(arguments: [
        ("SEPA-Überweisung an Sparkonto", "uberweisung"),
        ("UMBUCHUNG TAGESGELD", "umbuchung"),
        ("VIREMENT PERMANENT Livret A", "virement"),
        ("VIR Livret A", "vir"),
        ("Transferencia a cuenta ahorro", "transferencia"),
        ("Bonifico a favore di", "bonifico"),
        ("AUTOPAY PAYMENT THANK YOU", "autopay"),
        ("Payment - Thank You", "payment thank you"),
        ("Zahlung Kreditkarte 05/24", "zahlung kreditkarte"),
        ("CREDIT CARD PAYMENT ONLINE", "credit card payment"),
        // Beyond Western Europe: folded Latin, other scripts in lower case, CJK by character.
        ("PRZELEW WŁASNY na rachunek oszczędnościowy", "przelew"),
        ("Převod na spořicí účet", "prevod"),
        ("Överföring sparkonto", "overforing"),
        ("Перевод между счетами", "перевод"),
        ("Переказ на власну картку", "переказ"),
        ("העברה לחשבון חסכון", "העברה"),
        ("信用卡转账还款", "转 账"),
    ])
    func transferWords(_ text: String, word: String) {
        #expect(TransferText.transferWord(in: TransferText.tokens(text)) == word)
    }

    @Test(arguments: [
        "CARD PAYMENT TESCO STORES", "Transferwise fees", "VIREMENTS", "Rücklastschrift Abo Mai", "Le Petit Garçon", "Переводчик онлайн",
        "转运中心",
    ])
    func notTransferWords(_ text: String) {
        #expect(TransferText.transferWord(in: TransferText.tokens(text)) == nil)
    }

    @Test(arguments: [
        ("PAYMENT TO CARD ...1234", "Visa 4000001234", "…1234"),
        ("ONLINE PMT XXXX1234", "4000001234", "…1234"),
        ("Umbuchung auf DE12 1203 0000 1234 5678 90", "DE12120300001234567890", "…34567890"),
        ("Transfer to Tagesgeld", "Tagesgeld", "tagesgeld"),
        ("Transfer to Savings", "Savings", "savings"),
    ])
    func naming(_ text: String, account: String, what: String) {
        #expect(TransferText.naming(account, in: TransferText.tokens(text), raw: text) == what)
    }

    @Test(arguments: [
        ("PAYMENT TO CARD ...123", "Visa 4000000123"),  // three digits are too few
        ("CARTE X4721 11/05 LYON", "DE44500105175407324931"),
        ("Transfer to Gi", "Gi"),  // a two-letter account name never matches
        ("Savingsplan", "Savings"),
    ])
    func notNaming(_ text: String, account: String) {
        #expect(TransferText.naming(account, in: TransferText.tokens(text), raw: text) == nil)
    }
}
