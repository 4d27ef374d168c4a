/// How a piece of a text report is highlighted on a colour terminal (ANSI SGR codes).
///
/// Only the CLI knows whether standard output is a terminal and whether `NO_COLOR` is set; the
/// renderer is told (`TextReportRenderer.Options.colour`) and never looks at the environment.
enum TextStyle {
    case heading, income, expense, note

    /// The escape sequence that turns the style on.
    var start: StaticString {
        switch self {
        case .heading: "\u{1B}[1m"
        case .income: "\u{1B}[32m"
        case .expense: "\u{1B}[31m"
        case .note: "\u{1B}[2m"
        }
    }

    /// Turns every style off.
    static let reset: StaticString = "\u{1B}[0m"
}
