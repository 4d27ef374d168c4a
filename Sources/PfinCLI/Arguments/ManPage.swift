/// The manual, `pfin help --man`: a troff page for `man -l` (and `docs/pfin.1`), written from the
/// same declarations as `--help`: every command with its synopsis, summary, details, options and
/// examples, then the exit statuses, environment and files of the contract.
enum ManPage {
    static func render(commands: [Pfin.Command], version: String) -> String {
        var page = [
            ".\\\" The pfin manual, written by 'pfin help --man'; edit the command declarations, not this file.",
            ".TH PFIN 1 \"\" \"pfin \(version)\" \"User Commands\"",
            ".nh",
            ".ad l",
            ".SH NAME",
            "pfin \\- turn bank statement exports into clean, categorised transactions",
            ".SH SYNOPSIS",
            ".B pfin",
            ".I command",
            "[\\fIoption\\fR\\ ...] [\\fIfile\\fR\\ ...]",
            ".br",
            ".B pfin help",
            "[\\fIcommand\\fR | \\fB\\-\\-man\\fR]",
            ".SH DESCRIPTION",
            text(
                """
                pfin reads bank statement exports (CSV, XLSX and XLS in every bank's dialect, OFX and QFX 1.x \
                and 2.x, QIF, CAMT.052/053/054, MT940, Norma 43, Santander UK's text download and its own \
                JSON Lines), categorises \
                them with rules a person edits, and writes reports, other ledger formats, or an SQLite \
                ledger with undoable imports. Each command reads the files it is given, or standard \
                input when there is none or a file is named '-', and writes to standard output unless \
                told otherwise. Diagnostics go to standard error as FILE:LINE:COLUMN: error: MESSAGE.
                """),
            ".SH COMMANDS",
        ]
        for command in commands {
            page += section(command.spec)
            for sub in command.subcommands { page += section(sub.spec) }
        }
        page += [
            ".SS \"pfin help [\\fIcommand\\fR | \\fB\\-\\-man\\fR]\"",
            text("Show a command's help, the list of commands, or with --man this manual."),
            ".SH EXIT STATUS",
            ".TP", ".B 0", text("Success."),
            ".TP", ".B 1",
            text("The input had errors (the message says whether nothing or only a clean part was written), or a file could not be read or written."),
            ".TP", ".B 2",
            text("A usage error: an unknown command, option or value, or a missing argument; the message names it and suggests the closest spelling."),
            ".TP", ".B 3", text("--fail-uncategorized was given and some transactions got no category."),
            ".SH ENVIRONMENT",
            ".TP", ".B PFIN_DB", text("The ledger file, unless --db names one."),
            ".TP", ".B XDG_DATA_HOME", text("The ledger defaults to $XDG_DATA_HOME/pfin/ledger.sqlite, else ~/.local/share/pfin/ledger.sqlite."),
            ".TP", ".B XDG_CONFIG_HOME", text("The configuration file is $XDG_CONFIG_HOME/pfin/config, else ~/.config/pfin/config."),
            ".TP", ".B NO_COLOR", text("When set, or when TERM is dumb, no progress line is shown."),
            ".SH FILES",
            ".TP", ".I ~/.config/pfin/config", text("Defaults for rules, currency, ledger, and per-file account and profile; 'pfin config' shows them."),
            ".TP", ".I ~/.local/share/pfin/ledger.sqlite", text("The ledger."),
            ".SH SEE ALSO",
            ".BR hledger (1),",
            ".BR ledger (1),",
            ".BR bean-check (1)",
            "",
        ]
        return page.joined(separator: "\n")
    }

    private static func section(_ spec: CommandSpec) -> [String] {
        var lines = [".SS \(quoted("pfin \(spec.name)"))", text(spec.summary)]
        lines += [".PP", ".B pfin \(escape(spec.name))", text(spec.synopsis)]
        if !spec.details.isEmpty { lines += paragraphs(spec.details) }
        for option in spec.options {
            var label = option.short.map { "\\fB\(escape($0))\\fR, " } ?? ""
            label += "\\fB\(escape(option.long))\\fR"
            if let value = option.value { label += " \\fI\(escape(value))\\fR" }
            lines += [".TP", label, text(option.help + (option.repeatable ? " (repeatable)" : ""))]
        }
        if !spec.examples.isEmpty {
            lines += [".PP", "Examples:", ".RS 4", ".nf"]
            lines += spec.examples.map(line)
            lines += [".fi", ".RE"]
        }
        return lines
    }

    /// Prose, with indented lines kept as they are (the configuration example in `config`).
    private static func paragraphs(_ details: String) -> [String] {
        var lines: [String] = [".PP"]
        var verbatim = false
        for raw in details.split(separator: "\n", omittingEmptySubsequences: false) {
            let isVerbatim = raw.hasPrefix("    ")
            if raw.allSatisfy({ $0 == " " }) {
                if verbatim { lines += [".fi", ".RE"]; verbatim = false }
                lines.append(".PP")
                continue
            }
            if isVerbatim != verbatim {
                lines += isVerbatim ? [".RS 4", ".nf"] : [".fi", ".RE"]
                verbatim = isVerbatim
            }
            lines.append(line(isVerbatim ? String(raw.dropFirst(4)) : String(raw)))
        }
        if verbatim { lines += [".fi", ".RE"] }
        return lines
    }

    /// One text line: escaped, and never read as a request.
    private static func line(_ raw: String) -> String {
        let escaped = escape(raw)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Running text, one line (troff fills it).
    private static func text(_ raw: String) -> String {
        line(raw.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    private static func quoted(_ raw: String) -> String { "\"\(escape(raw).replacing("\"", with: "\\(dq"))\"" }

    /// Backslashes and dashes for troff; anything beyond ASCII as a named glyph (`\[u2026]`), so
    /// the page is ASCII and renders the same whatever the locale.
    static func escape(_ raw: String) -> String {
        var out = ""
        for scalar in raw.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }
}
