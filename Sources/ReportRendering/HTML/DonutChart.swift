import FinanceCore
import Mustache
import Reports

/// The geometry of the spending donut: one stroked circle per slice, its length set with
/// `stroke-dasharray` on a circle whose circumference is exactly 100, so that a slice's length
/// is its percentage.
///
/// Everything is integer arithmetic in basis points: slice boundaries are the rounded running
/// totals, so the slices always add up to the whole circle and the same report always gives the
/// same bytes. Every top-level category with positive spending is a slice, in its colour across the
/// report (`CategoryColours`), so that no category hides in an unlabelled grey. No slice is too
/// thin to see: each is drawn at least `minimumLength` of the circle (its colour showing past the
/// gaps), the larger ones giving up that room in proportion; its tooltip and its line in the
/// table, the chart's legend, keep the true share.
struct DonutChart {
    /// `100 / 2π`: the radius whose circumference is 100.
    static let radius = "15.9155"
    /// The gap left between neighbouring slices, in basis points of the circle.
    static let gap = 60
    /// The least a slice is drawn, gap included, in basis points: 1.4 % of the circle shows
    /// after its gap (some 7 px on a desktop's donut, 4 on a phone's).
    static let minimumLength = 200

    struct Slice {
        var label: String
        var colour: String
        /// Basis points of the circle where the slice starts, and its length.
        var start: Int
        var length: Int
        var share: Share?
    }

    private(set) var slices: [Slice] = []
    /// The colour class of each top-level category path with a slice.
    private(set) var colours: [String: String] = [:]

    /// Slices for `lines` (a `MonthlySummary`'s category lines, tree order, largest first).
    init(lines: [CategoryLine], colours palette: CategoryColours) {
        let top = lines.filter { $0.depth == 0 && $0.amount.units > 0 }
        guard let scale = top.map(\.amount.scale).max() else { return }
        var units: [Int64] = []
        for line in top {
            guard let rescaled = line.amount.rescaled(to: scale) else { return }
            units.append(rescaled.units)
        }
        var total: Int64 = 0
        for value in units {
            let (sum, overflow) = total.addingReportingOverflow(value)
            guard !overflow else { return }
            total = sum
        }
        var running: Int64 = 0, previousBoundary = 0
        var lengths: [Int] = []
        for value in units {
            running += value
            let boundary = Int(Share(part: running, of: total)?.basisPoints ?? 10_000)
            lengths.append(boundary - previousBoundary)
            previousBoundary = boundary
        }
        lengths = Self.atLeastMinimum(lengths)
        var start = 0
        for (index, value) in units.enumerated() {
            let colour = palette.colour(of: top[index])
            slices.append(
                Slice(label: top[index].name, colour: colour, start: start, length: lengths[index], share: Share(part: value, of: total)))
            colours[top[index].path] = colour
            start += lengths[index]
        }
    }

    /// `lengths` (basis points adding up to the circle) with every slice at least
    /// `minimumLength` when there are two or more, the others shrunk in proportion to make room
    /// (boundaries rounded from running totals, so they still add up to 10,000); unchanged when
    /// the small ones would not leave the others room.
    static func atLeastMinimum(_ lengths: [Int]) -> [Int] {
        guard lengths.count > 1 else { return lengths }
        let small = lengths.filter { $0 < minimumLength }.count
        let large = lengths.filter { $0 >= minimumLength }.reduce(0, +)
        let room = 10_000 - small * minimumLength
        guard small > 0, large > 0, room >= large / 2 else { return lengths }
        var result: [Int] = [], runningLarge = 0, placed = 0
        for length in lengths {
            if length < minimumLength {
                result.append(minimumLength)
            } else {
                runningLarge += length
                // The large slices' share of `room`, up to this one, rounded.
                let end = (runningLarge * room + large / 2) / large
                result.append(end - placed)
                placed = end
            }
        }
        return result
    }

    /// `{radius, slices: [{label, colour, dash, offset, share}]}`, or `.null` without slices.
    /// `dash` and `offset` go straight into `stroke-dasharray` and `stroke-dashoffset` of a
    /// circle turned so that the first slice starts at twelve o'clock.
    var value: MustacheValue {
        guard !slices.isEmpty else { return .null }
        let gap = slices.count > 1 ? Self.gap : 0
        let items: [MustacheValue] = slices.map { slice in
            let visible = max(slice.length - gap, min(slice.length, 20))
            return .object(
                MustacheObject([
                    ("label", .string(slice.label)),
                    ("colour", .string(slice.colour)),
                    ("dash", .string(SVGNumber.hundredths(visible) + " " + SVGNumber.hundredths(10_000 - visible))),
                    ("offset", .string(SVGNumber.hundredths(-slice.start))),
                    ("share", .string(slice.share?.percentText(decimals: 1) ?? "")),
                ]))
        }
        return .object(MustacheObject([("radius", .string(Self.radius)), ("slices", .list(items))]))
    }
}
