/// Arabic headers (banks of the Gulf, Egypt, Jordan and the Levant in their Arabic exports) and
/// Persian ones (Iranian banks), as `TextFolding` spells them: alef forms as one alef, Persian yeh
/// and kaf as the Arabic letters, vowel marks dropped; so `تاریخ` and `تاريخ` are one word.
extension HeaderVocabulary {
    static func addArabic(_ add: (ColumnRole, Int, [String]) -> Void) {
        // The booking date outranks the transaction's, as `Posting Date` does `Transaction Date`.
        add(.date, 1, ["تاريخ القيد", "تاريخ الترحيل"])
        add(.date, 2, ["التاريخ", "تاريخ"])
        add(.date, 3, ["تاريخ العملية", "تاريخ المعاملة", "تاريخ الحركة", "تاريخ التعامل", "تاريخ الحركه"])
        add(.valueDate, 1, ["تاريخ القيمة", "تاريخ الاستحقاق", "تاريخ القيمه"])
        // `البيان` (the statement's line) and `الوصف` (description) name the payee; `التفاصيل`
        // (details) is the memo beside one of them.
        add(.name, 1, ["الوصف", "البيان", "وصف العملية", "بيان العملية", "وصف المعاملة", "الجهة", "اسم التاجر", "شرح"])
        add(.name, 2, ["التفاصيل", "تفاصيل العملية", "تفاصيل المعاملة", "الشرح", "البيان التفصيلي", "شرح عمليات"])
        add(.memo, 1, ["ملاحظات", "الملاحظات", "توضيحات"])
        add(.amount, 1, ["المبلغ", "مبلغ", "مبلغ العملية", "مبلغ المعاملة"])
        add(.debit, 1, ["مدين", "المدين", "سحب", "السحب", "مسحوبات", "المسحوبات", "برداشت", "بدهكار"])
        add(.credit, 1, ["دائن", "الدائن", "ايداع", "الايداع", "ايداعات", "الايداعات", "واريز", "بستانكار"])
        add(.balance, 1, ["الرصيد", "رصيد", "الرصيد المتاح", "مانده"])
        add(.currency, 1, ["العملة", "عملة", "العمله", "ارز"])
        add(.category, 1, ["الفئة", "التصنيف", "الفئه"])
    }
}
