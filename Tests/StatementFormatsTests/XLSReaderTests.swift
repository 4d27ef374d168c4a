import FinanceCore
import Foundation
import Testing

@testable import StatementFormats

/// The Excel 97–2003 reader (BIFF8 in an OLE2 compound file) on the workbooks of
/// `Fixtures/quirks/xls` (written by xlwt, see `make-fixtures.py` there), on RK numbers as the
/// specification gives them, and on damaged and hostile containers.
@Suite struct XLSReaderTests {
    static func path(_ name: String) -> String {
        Repository.fixtures.appendingPathComponent("quirks/xls").appendingPathComponent(name).path
    }

    static func read(_ bytes: [UInt8], options: ReadOptions = ReadOptions()) throws -> Collector {
        var collector = Collector()
        try XLSStatementReader().read(ByteInput(bytes: bytes, displayName: "x.xls"), options: options, into: &collector)
        return collector
    }

    static func bytes(_ name: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(name)))) }

    @Test func aBankExportReadsAsItsSheetSavedAsCSVWould() throws {
        let read = try Self.read(try Self.bytes("bank-export.xls"))
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(
            read.activities.map(\.name) == [
                "Nómina Marzo", "Mercadona Valencia", "Recibo Iberdrola", "Bizum de José Pérez", "Transferencia a ahorro", "Comisión mantenimiento",
            ])
        #expect(read.activities.map(\.amount.decimalString) == ["2450.75", "-54.20", "-61.03", "15.00", "-500.00", "-0.10"])
        #expect(read.activities.map(\.date.description) == ["2024-03-01", "2024-03-02", "2024-03-04", "2024-03-04", "2024-03-15", "2024-03-29"])
        // Sources are sheet rows, as for .xlsx.
        #expect(read.activities.map(\.source.line) == [5, 6, 7, 8, 9, 10])
    }

    @Test func sharedStringsCutAcrossContinueRecordsKeepEveryCharacter() throws {
        let read = try Self.read(try Self.bytes("many-strings.xls"))
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.activities.count == 600)
        for (k, activity) in read.activities.enumerated() {
            let expected = "Pago en comercio número " + (k < 10 ? "000" : k < 100 ? "00" : "0") + "\(k)"
            #expect(activity.rawName?.hasPrefix(expected) ?? activity.name.hasPrefix(expected), "row \(k): \(activity.name)")
            let city = Array("ÁÉÍÓÚñ")[k % 6]
            #expect((activity.rawName ?? activity.name).hasSuffix("Ciudad \(city)"), "row \(k): \(activity.name)")
        }
    }

    @Test func theSheetIsChosenByName() throws {
        var options = ReadOptions()
        options.sheet = "movimientos"
        let read = try Self.read(try Self.bytes("date1904-second-sheet.xls"), options: options)
        #expect(read.activities.count == 6, "a name without regard to case: \(read.errors)")
        options.sheet = "Saldos"
        let missing = try Self.read(try Self.bytes("date1904-second-sheet.xls"), options: options)
        #expect(missing.errors.map(\.code) == ["xls.no-sheet"])
        #expect(missing.errors.first?.message == "no worksheet named 'Saldos'; the workbook has 'Resumen', 'Movimientos'")
    }

    /// [MS-XLS] §2.5.217: whole numbers in the top 30 bits, or the top 30 bits of a double; bit 0
    /// divides by 100.
    @Test func rkNumbers() {
        func value(_ rk: UInt32) -> String {
            switch BIFFWorkbook.rk(rk) {
            case .hundredths(let h): return "h\(h)"
            case .number(let d): return "d\(d)"
            case .text(let t): return t
            }
        }
        #expect(value(123 << 2 | 2) == "h12300")
        #expect(value(123_456 << 2 | 3) == "h123456", "1234.56: an integer of hundredths")
        #expect(value(UInt32(bitPattern: -5 << 2) | 2) == "h-500")
        #expect(value(UInt32(bitPattern: -1_001 << 2) | 3) == "h-1001")
        #expect(value(0x3FF0_0000) == "d1.0", "the high bits of the double 1.0")
        #expect(value(0x3FF0_0000 | 1) == "d0.01")
    }

    @Test func damagedContainersAreErrorsThatSaySo() throws {
        let whole = try Self.bytes("bank-export.xls")
        // Cut anywhere, a byte changed anywhere: an error or a reading, never a crash or a hang.
        for cut in stride(from: 0, to: whole.count, by: 97) {
            let read = try Self.read(Array(whole.prefix(cut)))
            #expect(!read.activities.isEmpty || !read.errors.isEmpty, "cut at \(cut)")
        }
        for at in stride(from: 0, to: whole.count, by: 13) {
            var changed = whole
            changed[at] ^= 0xA5
            _ = try Self.read(changed)
        }
        let cut = try Self.read(Array(whole.prefix(600)))
        #expect(cut.errors.map(\.code) == ["xls.damaged"])
        #expect(cut.errors.first?.message.hasPrefix("the workbook cannot be read: ") == true, "\(cut.errors)")
    }

    /// A chain that loops is read up to the size it must have, never round and round.
    @Test func aLoopingSectorChainEnds() throws {
        var bytes = try Self.bytes("bank-export.xls")
        // The directory's first sector, chained to itself in the FAT.
        let directory = Int(bytes[48]) | Int(bytes[49]) << 8
        let fatSector = Int(bytes[76]) | Int(bytes[77]) << 8
        let slot = (fatSector + 1) * 512 + 4 * directory
        (bytes[slot], bytes[slot + 1], bytes[slot + 2], bytes[slot + 3]) = (UInt8(directory & 0xFF), UInt8(directory >> 8), 0, 0)
        let read = try Self.read(bytes)
        #expect(read.activities.count == 6, "the directory read again from its one sector: \(read.errors)")
        // The FAT chaining its own sector to itself, and every sector to the first.
        var looped = try Self.bytes("bank-export.xls")
        for k in 0..<128 { (looped[(fatSector + 1) * 512 + 4 * k], looped[(fatSector + 1) * 512 + 4 * k + 1]) = (0, 0) }
        (looped[(fatSector + 1) * 512 + 2], looped[(fatSector + 1) * 512 + 3]) = (0, 0)
        let broken = try Self.read(looped)
        #expect(broken.activities.isEmpty)
        #expect(broken.errors.map(\.code) == ["xls.damaged"], "\(broken.errors)")
    }

    @Test func identificationNamesTheWorkbook() throws {
        let identification = try StatementIdentification.identify(ByteInput(path: Self.path("bank-export.xls")))
        #expect(identification.format == .xls)
        #expect(identification.chosen?.sniff.evidence == ["an OLE2 compound file with a 'Workbook' stream (Excel 97–2003)"])
        #expect(identification.foreign == nil)
    }
}
