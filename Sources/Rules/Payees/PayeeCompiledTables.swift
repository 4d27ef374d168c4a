/// `PayeeTables` compiled once for every normaliser: folded phrases and word sets.
final class PayeeCompiledTables: Sendable {
    let booking: PayeePhrases
    let cardBooking: Set<Int>
    let referenceTails: PayeePhrases
    let cardWords: PayeePhrases
    let valueDateWords: PayeePhrases
    let referenceWords: PayeePhrases
    let months: PayeePhrases
    let regions: PayeeWordSet
    let legalForms: PayeeWordSet
    let processors: PayeeWordSet
    let cities: PayeePhrases
    let cityPrefixes: PayeePhrases
    let citySuffixes: PayeeWordSet
    let checkWords: PayeeWordSet
    let trailingPaymentCodes: PayeeWordSet
    let bookingKinds: PayeeWordSet
    let monthStems: PayeeWordSet
    let yearWords: PayeeWordSet
    let datePrepositions: PayeeWordSet
    let connectors: PayeeWordSet
    let brands: PayeePhrases
    let brandNames: [[UInt8]]

    static let standard = PayeeCompiledTables()
    static let standardTitleCase = PayeeTitleCase(spellings: PayeeTables.spellings, particles: PayeeTables.particles)

    private init() {
        booking = PayeePhrases(PayeeTables.bookingPhrases.map(\.phrase))
        cardBooking = Set(PayeeTables.bookingPhrases.indices.filter { PayeeTables.bookingPhrases[$0].card })
        referenceTails = PayeePhrases(PayeeTables.referenceTails)
        cardWords = PayeePhrases(PayeeTables.cardWords)
        valueDateWords = PayeePhrases(PayeeTables.valueDateWords)
        referenceWords = PayeePhrases(PayeeTables.referenceWords)
        months = PayeePhrases(PayeeTables.months)
        regions = PayeeWordSet(PayeeTables.regionCodes.map { PayeeText.folded($0) })
        legalForms = PayeeWordSet(PayeeTables.legalForms.map { PayeeText.folded($0) })
        processors = PayeeWordSet(PayeeTables.processorPrefixes.map { PayeeText.folded($0) })
        cities = PayeePhrases(PayeeTables.cities)
        cityPrefixes = PayeePhrases(PayeeTables.cityPrefixes)
        citySuffixes = PayeeWordSet(PayeeTables.citySuffixes.map { PayeeText.folded($0) })
        checkWords = PayeeWordSet(PayeeTables.checkWords.map { PayeeText.folded($0) })
        trailingPaymentCodes = PayeeWordSet(PayeeTables.trailingPaymentCodes.map { PayeeText.folded($0) })
        bookingKinds = PayeeWordSet(PayeeTables.bookingKinds.map { PayeeText.folded($0) })
        monthStems = PayeeWordSet(PayeeTables.monthStems.map { PayeeText.folded($0) })
        yearWords = PayeeWordSet(PayeeTables.yearWords.map { PayeeText.folded($0) })
        datePrepositions = PayeeWordSet(PayeeTables.datePrepositions.map { PayeeText.folded($0) })
        connectors = PayeeWordSet(PayeeTables.connectors.map { PayeeText.folded($0) })
        brands = PayeePhrases(PayeeTables.brands.map(\.text))
        brandNames = PayeeTables.brands.map { Array($0.name.utf8) }
    }
}
