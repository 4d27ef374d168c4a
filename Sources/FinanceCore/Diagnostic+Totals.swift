extension Diagnostic {
    /// The error for a total that an `ExactSum` had to clamp: `what` (such as "the totals of May
    /// 2024 in EUR") is beyond the 64-bit amounts at `scale` decimals. Every output that totals
    /// amounts refuses to show such a total rather than show a wrong one. `largest`, when known, is
    /// the amount most likely to be misread, and `location` is then where it came from.
    public static func totalOutOfRange(_ what: String, scale: UInt8, at location: SourceLocation, largest: Money? = nil) -> Diagnostic {
        let limit = Money(units: .max, scale: min(scale, Money.maximumScale)).decimalString
        var notes: [String] = []
        if let largest {
            notes.append("the largest amount among them, \(largest.decimalString), is on this line; check the file's amount column and its decimal separator")
        } else {
            notes.append("check the amounts of the period for one read with the wrong decimal separator or column")
        }
        return Diagnostic(
            .error, code: "total.out-of-range", at: location,
            "\(what) are beyond what pfin's 64-bit amounts hold (at most \(limit) with \(scale) decimals)",
            notes: notes)
    }
}
