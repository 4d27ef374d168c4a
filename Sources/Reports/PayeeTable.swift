/// Every payee name the builder has seen in the report's months, numbered, with a one-entry
/// cache of where each payee's sum lives.
///
/// Statements are mostly in date order, so a payee's transactions of one month arrive while that
/// month is the current one: remembering the month and slot it last used turns the per-month
/// lookup into two array reads for all but its first transaction of the month.
struct PayeeTable {
    private var numbers = StringNumbering()
    /// The month accumulator (by index) each payee was last added to, or -1.
    private var lastMonth: [Int] = []
    /// The slot of the payee's sum in that accumulator.
    private var lastSlot: [Int] = []

    /// The number of the payee called `name`, numbering it on first sight.
    @inline(__always)
    mutating func number(of name: String) -> Int {
        let number = numbers.number(of: name)
        if number == lastMonth.count {
            lastMonth.append(-1)
            lastSlot.append(0)
        }
        return number
    }

    /// The payees' names by number.
    var names: [String] { numbers.strings }

    /// The slot the payee used in accumulator `month` when it was the last one it was added to.
    @inline(__always)
    func cachedSlot(of payee: Int, month: Int) -> Int? {
        lastMonth[payee] == month ? lastSlot[payee] : nil
    }

    mutating func remember(slot: Int, of payee: Int, month: Int) {
        lastMonth[payee] = month
        lastSlot[payee] = slot
    }
}
