import Foundation

/// Headless Chromium as a test instrument: lays pages out at a given width and reports what a
/// reader would see, and takes screenshots. A target of its own, shared by the renderer's tests
/// (a fixture report) and the CLI's (the batch over Samples/).
///
/// Headless `--dump-dom` ignores `--window-size` below 500 px, so pages are measured inside
/// iframes of the wanted width in a wrapper page, whose script writes the findings (as base64
/// JSON, which needs no escaping) into an attribute of its body; `--dump-dom` prints it.
public enum BrowserCheck {
    /// The first Chromium-like browser on `PATH`, or nil (tests using it are then skipped).
    public static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// What one page looked like at one width.
    public struct Layout: Decodable, Sendable {
        public var page: String
        /// The document's full width and the viewport's: a larger `scrollWidth` means the page
        /// scrolls sideways.
        public var scrollWidth: Double
        public var innerWidth: Double
        /// Every element marked `data-total` (and `data-empty`), in document order.
        public var marked: [Marked]
        /// The elements the `selecting` CSS selectors found, in order, each with the selector as its `kind`.
        public var selected: [Marked] = []
        /// Whether the page saw `prefers-color-scheme: dark`.
        public var dark = false

        public var scrollsSideways: Bool { scrollWidth > innerWidth + 0.5 }
    }

    public struct Marked: Decodable, Sendable, CustomStringConvertible {
        /// The `data-total` value (`net`, `income`, `expense`), or `empty`.
        public var kind: String
        public var text: String
        public var left: Double
        public var right: Double
        public var width: Double
        public var height: Double
        public var visibility: String
        /// For a selected element: whether its text runs past its box (cut by an ellipsis or
        /// hidden overflow) rather than wrapping; `nil` for marked ones.
        public var clipped: Bool?

        /// Laid out, not hidden, and inside the viewport horizontally.
        public func isVisible(within innerWidth: Double) -> Bool {
            width > 0 && height > 0 && visibility == "visible" && left >= -0.5 && right <= innerWidth + 0.5
        }

        public var description: String { "\(kind) '\(text)' at \(left)…\(right) (\(width)×\(height), \(visibility))" }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Lays out each of `pages` (file names in `directory`) at `width` CSS pixels, all in one
    /// browser run, in dark mode with `dark`; `selecting` names more elements to measure
    /// (`Layout.selected`).
    public static func layout(pages: [String], in directory: URL, width: Int, dark: Bool = false, selecting: [String] = []) throws -> [Layout] {
        let selectors = String(decoding: try JSONEncoder().encode(selecting), as: UTF8.self)
        let frames = pages.enumerated().map { index, page in
            "<iframe id=\"f\(index)\" data-page=\"\(page)\" src=\"\(page)\" style=\"width:\(width)px;height:900px;border:0\"></iframe>"
        }.joined(separator: "\n")
        let wrapper = """
            <!doctype html><html><head><meta charset="utf-8"></head><body>
            \(frames)
            <script>
            window.addEventListener('load', function () {
              var results = [];
              document.querySelectorAll('iframe').forEach(function (frame) {
                var doc = frame.contentDocument, win = frame.contentWindow;
                var marked = [];
                doc.querySelectorAll('[data-total], [data-empty]').forEach(function (el) {
                  var r = el.getBoundingClientRect();
                  marked.push({kind: el.getAttribute('data-total') || 'empty', text: el.textContent.trim(),
                    left: r.left, right: r.right, width: r.width, height: r.height,
                    visibility: win.getComputedStyle(el).visibility});
                });
                var selected = [];
                \(selectors).forEach(function (selector) {
                  doc.querySelectorAll(selector).forEach(function (el) {
                    var r = el.getBoundingClientRect();
                    selected.push({kind: selector, text: el.textContent.trim(), left: r.left, right: r.right, width: r.width,
                      height: r.height, visibility: win.getComputedStyle(el).visibility,
                      clipped: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1});
                  });
                });
                results.push({page: frame.getAttribute('data-page'), scrollWidth: doc.documentElement.scrollWidth,
                  innerWidth: win.innerWidth, marked: marked, selected: selected,
                  dark: win.matchMedia('(prefers-color-scheme: dark)').matches});
              });
              var json = JSON.stringify(results);
              document.body.setAttribute('data-result', btoa(unescape(encodeURIComponent(json))));
            });
            </script>
            </body></html>
            """
        let wrapperURL = directory.appendingPathComponent("layout-\(width)\(dark ? "-dark" : "").html")
        try Data(wrapper.utf8).write(to: wrapperURL)
        let dom = try run(
            (dark ? ["--force-dark-mode"] : []) + [
                "--allow-file-access-from-files", "--window-size=1280,900", "--virtual-time-budget=3000",
                "--dump-dom", wrapperURL.absoluteString,
            ])
        return try decoded([Layout].self, from: dom, what: "layout result")
    }

    /// How long `page` took to load in a 1280-pixel frame (navigation start to the end of its
    /// load event, in milliseconds, as the page's own Navigation Timing reports it), and how many
    /// elements match `selector` in it.
    public static func loadTime(of page: String, in directory: URL, counting selector: String) throws -> (milliseconds: Double, count: Int) {
        let wrapper = """
            <!doctype html><html><head><meta charset="utf-8"></head><body>
            <iframe id="f" src="\(page)" style="width:1280px;height:900px;border:0"></iframe>
            <script>
            window.addEventListener('load', function () {
              var frame = document.getElementById('f'), win = frame.contentWindow;
              var timing = win.performance.getEntriesByType('navigation')[0];
              var result = {milliseconds: timing.loadEventEnd - timing.startTime,
                count: frame.contentDocument.querySelectorAll('\(selector)').length};
              document.body.setAttribute('data-result', btoa(JSON.stringify(result)));
            });
            </script>
            </body></html>
            """
        let wrapperURL = directory.appendingPathComponent("load-\(UUID().uuidString).html")
        try Data(wrapper.utf8).write(to: wrapperURL)
        defer { try? FileManager.default.removeItem(at: wrapperURL) }
        let dom = try run(["--allow-file-access-from-files", "--window-size=1280,900", "--dump-dom", wrapperURL.absoluteString])
        struct Timing: Decodable {
            var milliseconds: Double
            var count: Int
        }
        let timing = try decoded(Timing.self, from: dom, what: "timing")
        return (timing.milliseconds, timing.count)
    }

    /// Saves a PNG of `page` in a `width`×`height` window (screenshots honour any width).
    public static func screenshot(_ page: URL, width: Int, height: Int, to png: URL, dark: Bool = false) throws {
        try FileManager.default.createDirectory(at: png.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try run(
            (dark ? ["--force-dark-mode"] : []) + [
                "--window-size=\(width),\(height)", "--screenshot=\(png.path)",
                page.absoluteString,
            ])
        guard FileManager.default.fileExists(atPath: png.path) else {
            throw Failure(description: "Chromium wrote no screenshot at \(png.path)")
        }
    }

    /// Prints `page` to PDF as the browser prints it (print stylesheet, A4 or Letter by
    /// locale) and returns the PDF's text as `pdftotext -layout` reads it (in reading order
    /// without `layout`: columns one after the other), or nil when `pdftotext` is not installed.
    public static func printedText(_ page: URL, pdf: URL, layout: Bool = true) throws -> (text: String, pages: Int)? {
        try FileManager.default.createDirectory(at: pdf.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try run(["--no-pdf-header-footer", "--print-to-pdf=\(pdf.path)", page.absoluteString])
        guard FileManager.default.fileExists(atPath: pdf.path) else {
            throw Failure(description: "Chromium wrote no PDF at \(pdf.path)")
        }
        guard let text = try tool("pdftotext", (layout ? ["-layout"] : []) + [pdf.path, "-"]) else { return nil }
        // pdftotext ends every page with a form feed.
        return (text, text.filter { $0 == "\u{0C}" }.count)
    }

    /// How many pixels of two pictures of the same size differ, in any channel by more than
    /// `tolerance` (of 255), counted by the browser itself (both drawn on canvases); the pictures
    /// travel as `data:` URLs, which leave a canvas readable. Nil when their sizes differ.
    public static func differingPixels(_ a: URL, _ b: URL, in directory: URL, tolerance: Int = 24) throws -> (differing: Int, total: Int)? {
        func source(_ url: URL) throws -> String { "data:image/png;base64," + (try Data(contentsOf: url)).base64EncodedString() }
        let wrapper = """
            <!doctype html><html><head><meta charset="utf-8"></head><body>
            <img id="a" src="\(try source(a))"><img id="b" src="\(try source(b))">
            <script>
            window.addEventListener('load', function () {
              var a = document.getElementById('a'), b = document.getElementById('b'), result = {same: false};
              if (a.naturalWidth === b.naturalWidth && a.naturalHeight === b.naturalHeight) {
                function pixels(img) {
                  var c = document.createElement('canvas');
                  c.width = img.naturalWidth; c.height = img.naturalHeight;
                  var g = c.getContext('2d');
                  g.drawImage(img, 0, 0);
                  return g.getImageData(0, 0, c.width, c.height).data;
                }
                var p = pixels(a), q = pixels(b), differing = 0;
                for (var i = 0; i < p.length; i += 4) {
                  if (Math.abs(p[i] - q[i]) > \(tolerance) || Math.abs(p[i + 1] - q[i + 1]) > \(tolerance)
                      || Math.abs(p[i + 2] - q[i + 2]) > \(tolerance)) { differing++; }
                }
                result = {same: true, differing: differing, total: p.length / 4};
              }
              document.body.setAttribute('data-result', btoa(JSON.stringify(result)));
            });
            </script>
            </body></html>
            """
        let wrapperURL = directory.appendingPathComponent("pixels-\(UUID().uuidString).html")
        try Data(wrapper.utf8).write(to: wrapperURL)
        defer { try? FileManager.default.removeItem(at: wrapperURL) }
        let dom = try run(["--virtual-time-budget=5000", "--dump-dom", wrapperURL.absoluteString])
        struct Counted: Decodable {
            var same: Bool
            var differing: Int?
            var total: Int?
        }
        let counted = try decoded(Counted.self, from: dom, what: "pixel count")
        guard counted.same, let differing = counted.differing, let total = counted.total else { return nil }
        return (differing, total)
    }

    /// The page count of a PDF as `pdfinfo` reads it, or nil when `pdfinfo` is not installed.
    public static func pageCount(of pdf: URL) throws -> Int? {
        guard let info = try tool("pdfinfo", [pdf.path]) else { return nil }
        let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
        return line.flatMap { Int($0.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)) }
    }

    /// What a wrapper page's script left in its body's `data-result` (JSON in base64), decoded.
    private static func decoded<T: Decodable>(_ type: T.Type, from dom: String, what: String) throws -> T {
        guard let start = dom.range(of: "data-result=\"")?.upperBound, let end = dom[start...].firstIndex(of: "\""),
            let json = Data(base64Encoded: String(dom[start..<end]))
        else { throw Failure(description: "no \(what) in Chromium's DOM dump:\n\(dom.prefix(2000))") }
        return try JSONDecoder().decode(T.self, from: json)
    }

    /// Runs `name` from `PATH` with `arguments`; its standard output, or nil when it is not
    /// installed.
    private static func tool(_ name: String, _ arguments: [String]) throws -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let directory = path.split(separator: ":").first(where: { FileManager.default.isExecutableFile(atPath: $0 + "/" + name) })
        else { return nil }
        return try output(of: directory + "/" + name, arguments, named: name)
    }

    /// Runs the browser headless with `arguments`, giving up after a minute; its standard output.
    private static func run(_ arguments: [String]) throws -> String {
        guard let executable else { throw Failure(description: "no Chromium on PATH") }
        // A profile of its own per run, so that parallel runs do not lock each other out.
        let profile = NSTemporaryDirectory() + "pfin-chromium-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let browser = [
            "60", executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=" + profile,
        ]
        return try output(of: "/usr/bin/timeout", browser + arguments, named: "Chromium")
    }

    /// The standard output of `executable` run with `arguments` (its errors thrown away); a
    /// failure naming it when it exits with another status than 0.
    private static func output(of executable: String, _ arguments: [String], named name: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(name) exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
