import Mustache
import Testing

@Test func templateKeepsItsName() {
    #expect(MustacheTemplate(name: "month.mustache").name == "month.mustache")
}
