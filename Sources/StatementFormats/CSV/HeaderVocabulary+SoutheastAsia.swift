/// Southeast Asian banks' headers in their own languages, as `TextFolding` spells them (accents
/// and Vietnamese marks dropped: `Số dư` is `so du`):
/// - Vietnamese (Vietcombank, Techcombank, VietinBank: `Ngày giao dịch`, `Nội dung`, `Ghi nợ`,
///   `Ghi có`, `Số dư`; Vietcombank's `Phát sinh nợ`/`Phát sinh có`);
/// - Indonesian (BCA, Mandiri, BNI: `Tanggal`, `Keterangan`, `Debet`, `Kredit`, `Saldo`, `Mutasi`);
/// - Malay (Maybank, CIMB: `Tarikh`, `Butiran`, `Jumlah`, `Debit`, `Kredit`, `Baki`).
extension HeaderVocabulary {
    static func addSoutheastAsian(_ add: (ColumnRole, Int, [String]) -> Void) {
        add(.date, 1, ["ngay hach toan", "tanggal posting", "tarikh pos"])
        add(.date, 2, ["ngay", "tanggal", "tarikh"])
        add(.date, 3, ["ngay giao dich", "tanggal transaksi", "tarikh transaksi", "ngay gd"])
        add(.valueDate, 1, ["ngay hieu luc", "tanggal efektif", "tarikh nilai"])
        add(.name, 1, ["noi dung", "dien giai", "noi dung giao dich", "mo ta", "keterangan", "butiran", "butiran transaksi", "deskripsi"])
        add(.memo, 4, ["loai giao dich", "jenis transaksi", "jenis"])
        add(.amount, 1, ["so tien", "so tien giao dich", "jumlah", "nominal", "mutasi", "amaun"])
        add(.debit, 1, ["ghi no", "so tien ghi no", "phat sinh no", "tien ra", "debet", "penarikan", "pengeluaran"])
        add(.credit, 1, ["ghi co", "so tien ghi co", "phat sinh co", "tien vao", "kredit", "setoran", "pemasukan"])
        add(.balance, 1, ["so du", "so du cuoi", "saldo akhir", "baki", "baki akhir"])
        add(.currency, 1, ["loai tien", "mata uang", "matawang"])
    }
}
