/// Thai banks' headers (KBank, SCB, Bangkok Bank, Krungthai: `วันที่`, `รายการ`, `ถอนเงิน`,
/// `ฝากเงิน`, `ยอดคงเหลือ`), as `TextFolding` keeps Thai: letters and marks as they are, a
/// bracketed `(บาท)` (baht) a word of its own.
extension HeaderVocabulary {
    static func addThai(_ add: (ColumnRole, Int, [String]) -> Void) {
        add(.date, 1, ["วันที่บันทึกรายการ", "วันที่ลงบัญชี"])
        add(.date, 2, ["วันที่"])
        add(.date, 3, ["วันที่ทำรายการ", "วันที่ทํารายการ", "วันที่รายการ"])
        add(.valueDate, 1, ["วันที่มีผล"])
        // `รายละเอียด` (details) names the counterparty; `รายการ` (the entry) is the kind of booking
        // where both are there (`ถอนเงิน`, `โอนเงิน`).
        add(.name, 1, ["รายละเอียด", "คำอธิบาย", "คําอธิบาย"])
        add(.name, 2, ["รายการ"])
        add(.memo, 4, ["ประเภทรายการ", "ช่องทาง"])
        add(.amount, 1, ["จำนวนเงิน", "จํานวนเงิน", "จำนวนเงิน บาท", "จํานวนเงิน บาท"])
        add(.debit, 1, ["ถอนเงิน", "ถอน", "เดบิต", "จำนวนเงินที่ถอน", "ถอนเงิน บาท"])
        add(.credit, 1, ["ฝากเงิน", "ฝาก", "เครดิต", "จำนวนเงินที่ฝาก", "ฝากเงิน บาท"])
        add(.balance, 1, ["ยอดคงเหลือ", "คงเหลือ", "ยอดเงินคงเหลือ", "ยอดคงเหลือ บาท"])
        add(.currency, 1, ["สกุลเงิน"])
        add(.category, 1, ["หมวดหมู่"])
    }
}
