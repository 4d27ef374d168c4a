/// Text for standard output, written in large pieces rather than a system call a line.
final class TextOutput {
    private var pending = ""

    func write(_ text: String) {
        pending += text
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        Terminal.out(pending)
        pending = ""
    }
}
