import Mustache
import Testing

/// Behaviour beyond the spec's cases, or that the report templates rely on.
struct RenderingTests {
    private func render(_ template: String, _ context: MustacheValue, partials: [String: String] = [:]) throws -> String {
        try MustacheTemplate(template, partials: partials).render(context)
    }

    @Test func variablesAreHTMLEscaped() throws {
        #expect(try render("{{memo}}", ["memo": "<script>alert(1)</script>"]) == "&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(try render("{{s}}", ["s": "& < > \" '"]) == "&amp; &lt; &gt; &quot; &#39;")
        #expect(try render("{{s}}", ["s": "Müller & Söhne"]) == "Müller &amp; Söhne")
        #expect(try render("{{s}}|{{.}}", .string("a<b")) == "|a&lt;b", "the implicit iterator escapes too")
    }

    @Test func tripleMustacheAndAmpersandDoNotEscape() throws {
        let context: MustacheValue = ["html": "<b>Müller & Söhne</b>"]
        #expect(try render("{{{html}}}|{{&html}}", context) == "<b>Müller & Söhne</b>|<b>Müller & Söhne</b>")
    }

    /// A tree rendered by a partial that includes itself for each child. Every node has
    /// `children`, even empty: a leaf without it would find its parent's on the context stack.
    @Test func recursivePartials() throws {
        let tree: MustacheValue = [
            "name": "a",
            "children": [
                ["name": "b", "children": [["name": "d", "children": []]]],
                ["name": "c", "children": []],
            ],
        ]
        let output = try render("{{>node}}", tree, partials: ["node": "{{name}}{{#children}}({{>node}}){{/children}}"])
        #expect(output == "a(b(d))(c)")
    }

    /// A partial that always includes itself stops at the depth limit instead of crashing.
    @Test func unboundedPartialRecursionStops() throws {
        let output = try render("{{>loop}}", .null, partials: ["loop": "x{{>loop}}"])
        #expect(output == String(repeating: "x", count: 100))
    }

    @Test func namesAreFoundDownTheContextStack() throws {
        let context: MustacheValue = [
            "currency": "EUR",
            "accounts": [
                ["name": "Checking", "months": [["month": "2024-01", "rows": [["payee": "ACME"], ["payee": "Bäcker", "currency": "CHF"]]]]]
            ],
        ]
        let template = "{{#accounts}}{{#months}}{{#rows}}{{name}} {{month}} {{payee}} {{currency}};{{/rows}}{{/months}}{{/accounts}}"
        #expect(try render(template, context) == "Checking 2024-01 ACME EUR;Checking 2024-01 Bäcker CHF;")
    }

    @Test func dottedNamesLookInsideWhatTheFirstPartFinds() throws {
        let context: MustacheValue = ["account": ["bank": ["name": "GLS"]], "name": "outer"]
        #expect(try render("{{account.bank.name}}", context) == "GLS")
        #expect(try render("{{#account}}{{bank.name}}{{/account}}", context) == "GLS")
        #expect(try render("[{{account.name}}]", context) == "[]", "a broken chain does not fall back to the outer name")
    }

    /// The JavaScript truthiness the spec describes: empty text is falsey, "0" is text and truthy.
    @Test(arguments: [
        (MustacheValue.null, false), (.bool(false), false), (.bool(true), true), (.string(""), false),
        (.string("0"), true), (.list([]), false), (.list([.null]), true), (.object(MustacheObject([]) as MustacheObject), true),
    ])
    func truthiness(_ value: MustacheValue, _ truthy: Bool) throws {
        #expect(try render("{{#v}}yes{{/v}}{{^v}}no{{/v}}", ["v": value]) == (truthy ? "yes" : "no"))
    }

    @Test func aStandalonePartialIsIndentedLineByLine() throws {
        let output = try render(
            "<ul>\n  {{>items}}\n</ul>\n", ["items": ["a", "b"]],
            partials: ["items": "{{#items}}\n<li>{{.}}</li>\n{{/items}}\n"])
        #expect(output == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    @Test func layoutsWithBlocks() throws {
        let layout = "<html>\n<head><title>{{$title}}pfin{{/title}}</title></head>\n<body>\n  {{$body}}\n  {{/body}}\n</body>\n</html>\n"
        let page = "{{<layout}}\n{{$title}}March{{/title}}\n{{$body}}\n<p>{{total}}</p>\n{{/body}}\n{{/layout}}\n"
        let library = try MustacheLibrary(templates: ["layout": layout, "page": page])
        #expect(library.render("page", ["total": "1 & 2"]) == "<html>\n<head><title>March</title></head>\n<body>\n  <p>1 &amp; 2</p>\n</body>\n</html>\n")
    }

    @Test func unknownTopLevelTemplateRendersNothing() throws {
        let library = try MustacheLibrary(templates: ["a": "A"])
        #expect(library.render("b", .null) == nil)
        var buffer = Array("kept".utf8)
        #expect(!library.render("b", .null, into: &buffer))
        #expect(buffer == Array("kept".utf8))
        #expect(library.names == ["a"])
    }

    @Test func renderIntoAppendsToTheBuffer() throws {
        let template = try MustacheTemplate("{{n}};")
        var buffer: [UInt8] = []
        for n in ["1", "2", "3"] { template.render(["n": .string(n)], into: &buffer) }
        #expect(String(decoding: buffer, as: UTF8.self) == "1;2;3;")
    }

    @Test func objectsKeepTheFirstOfTwoEqualKeys() {
        let object = MustacheObject([("a", "first"), ("b", "x"), ("a", "second")])
        #expect(object.keys == ["a", "b", "a"])
        guard case .string(let text)? = object["a"] else { Issue.record("no a"); return }
        #expect(text == "first")
        #expect(object["missing"] == nil)
    }

    /// Objects above the scan threshold are looked up through a hash index; the answers are the same.
    @Test func largeObjectsFindEveryKey() throws {
        let pairs = (0..<100).map { ("field\($0)", MustacheValue.string("value \($0)")) }
        let object = MustacheObject(pairs)
        for (key, value) in pairs {
            guard case .string(let expected) = value, case .string(let found)? = object[key] else {
                Issue.record("\(key) not found")
                continue
            }
            #expect(found == expected)
        }
        #expect(try render("{{field0}} {{field99}}", .object(object)) == "value 0 value 99")
    }

    /// Rows built from one shape find their values like objects built from pairs.
    @Test func shapedObjectsMatchTheirKeys() throws {
        let shape = MustacheObject.Shape(["payee", "amount", "note"])
        let rows: MustacheValue = .list([
            .object(MustacheObject(shape, ["ACME", "-1.00", "x"])),
            .object(MustacheObject(shape, ["Shop", "-2.00"])),
        ])
        #expect(
            try render("{{#rows}}{{payee}} {{amount}}{{#note}} {{.}}{{/note}};{{/rows}}", ["rows": rows])
                == "ACME -1.00 x;Shop -2.00;")
        #expect(MustacheObject(shape, ["a", "b", "c", "ignored"]).values.count == 3)
    }

    @Test func dictionaryObjectsAreSortedByKey() {
        #expect(MustacheObject(["b": "2", "a": "1", "c": "3"] as [String: MustacheValue]).keys == ["a", "b", "c"])
    }
}
