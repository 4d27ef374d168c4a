import Foundation
import FuzzChecks

// pfin-fuzz-replay TARGET PATH…: runs TARGET's check over each input file (directories: their
// files) without the sanitizers, and prints the time per input and the slowest inputs. For
// finding what makes a target slow (under callgrind too) and for replaying a corpus quickly.
let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
    FileHandle.standardError.write("usage: pfin-fuzz-replay TARGET PATH…\n".data(using: .utf8)!)
    exit(2)
}
var files: [String] = []
for path in arguments.dropFirst() {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
    if isDirectory.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files += names.sorted().map { "\(path)/\($0)" }
    } else {
        files.append(path)
    }
}
var timings: [(seconds: Double, file: String, size: Int)] = []
var broken = 0
let clock = ContinuousClock()
for file in files {
    guard let data = FileManager.default.contents(atPath: file) else { continue }
    let bytes = [UInt8](data)
    var violations: [String] = []
    let elapsed = clock.measure { violations = target.check(bytes) }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    timings.append((seconds, file, bytes.count))
    if !violations.isEmpty {
        broken += 1
        print("\(file): property broken:\n" + violations.map { "  - \($0)" }.joined(separator: "\n"))
    }
}
let total = timings.reduce(0) { $0 + $1.seconds }
let bytes = timings.reduce(0) { $0 + $1.size }
print(
    "\(timings.count) inputs, \(bytes) bytes, \(String(format: "%.3f", total)) s: \(String(format: "%.0f", Double(timings.count) / max(total, 1e-9))) inputs/s, \(broken) broken"
)
for slow in timings.sorted(by: { $0.seconds > $1.seconds }).prefix(5) {
    print(String(format: "  %8.2f ms  %6d bytes  %@", slow.seconds * 1000, slow.size, slow.file))
}
exit(broken == 0 ? 0 : 1)
