import Glibc

/// `text` written in a legacy encoding by glibc's iconv (`CP932`, `GB18030`, `BIG5`, `CP949`,
/// `WINDOWS-1254`): the bytes a bank's Windows software writes. `nil` when a character has no
/// code in it.
func legacyBytes(_ text: String, _ charset: String) -> [UInt8]? {
    guard let descriptor = iconv_open(charset, "UTF-8"), Int(bitPattern: descriptor) != -1 else { return nil }
    defer { iconv_close(descriptor) }
    var input = Array(text.utf8)
    var output = [UInt8](repeating: 0, count: input.count * 2 + 16)
    let left = input.withUnsafeMutableBytes { inBytes in
        output.withUnsafeMutableBytes { outBytes -> Int? in
            var inPointer = inBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            var outPointer = outBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            var inLeft = inBytes.count, outLeft = outBytes.count
            guard iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft) != -1 else { return nil }
            return outLeft
        }
    }
    guard let left else { return nil }
    return Array(output.dropLast(left))
}
