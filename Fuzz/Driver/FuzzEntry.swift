import FuzzChecks
import Glibc

/// The target this process fuzzes, from `PFIN_FUZZ_TARGET` (Scripts/fuzz sets it).
let target: FuzzTarget = {
    guard let name = getenv("PFIN_FUZZ_TARGET").map({ String(cString: $0) }), let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: " ")
        printError("pfin-fuzz: set PFIN_FUZZ_TARGET to one of: \(names)\n")
        exit(2)
    }
    return target
}()

/// libFuzzer's entry: one input through the target's check. A broken property is a crash, so
/// that libFuzzer saves and minimises the input like any other.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = target.check(bytes)
    if !violations.isEmpty {
        printError("pfin-fuzz: \(target.rawValue): property broken:\n" + violations.map { "  - \($0)\n" }.joined())
        fatalError("property broken")
    }
    return 0
}

/// Writes to standard error unbuffered (libFuzzer aborts right after).
func printError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
