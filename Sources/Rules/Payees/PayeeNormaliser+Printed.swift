/// Steps for what a terminal or a bank printed beside the payee: an amount and country before it,
/// the whole name twice.
extension PayeeNormaliser {
    /// A card payment's amount and country printed first, as the terminal printed them (`POS
    /// 23,55 AT K1 16.09. 11:32 SPAR DANKT 4105 KORNEUBURG`: Raiffeisen Austria): removed.
    func removePrintedAmount() -> Bool {
        guard let first = tokens.firstKept, tokens.isPrintedAmount(first), first + 1 < tokens.count, tokens.isKept(first + 1),
            tokens.isCapitalCode(first + 1), tokens.length(first + 1) == 2
        else { return false }
        tokens.remove(first..<(first + 2))
        return true
    }
}

extension PayeeNormaliser {
    /// A name of two words or more printed twice (`VIR DE MLE JEANNE MARTIN MLE JEANNE MARTIN`: the
    /// payer, then the same as the transfer's text): the second time is removed.
    func removeRepeatedHalf() -> Bool {
        let kept = tokens.keptIndices
        let half = kept.count / 2
        guard half >= 2, kept.count == 2 * half else { return false }
        for k in 0..<half {
            let a = kept[k], b = kept[half + k]
            guard tokens.folded[tokens.starts[a]..<tokens.ends[a]].elementsEqual(tokens.folded[tokens.starts[b]..<tokens.ends[b]]) else { return false }
        }
        for k in half..<kept.count { tokens.remove(kept[k]) }
        return true
    }
}

extension PayeeNormaliser {
    /// A connector left last by a step that removed the word after it (`ONLINE TRANSFER TO
    /// 98-765432-1`, `Bought 30 BP @ 27.71`): that word is what the connector names, the
    /// payee's account or the price, and comes back; a name never ends in `to` or `@`. Not when
    /// the connector is all that is left of the name (`VIREMENT A 89273829182`). Likewise the card
    /// word of `CREDIT CARD XX0488` after `credit` or `debit` (`BILL PAID TO CREDIT CARD XX0488`):
    /// the card's number goes, the card stays named.
    func restoreConnectorObject() {
        var last = tokens.count - 1
        while last >= 0, !tokens.isKept(last) { last -= 1 }
        // Asked of every name: the word's own tests first, the words before it only after them.
        guard last > 0, last + 1 < tokens.count else { return }
        let word = tokens.folded[tokens.starts[last]..<tokens.ends[last]]
        let restores =
            tables.connectors.contains(word)
            || ((word.elementsEqual("credit".utf8) || word.elementsEqual("debit".utf8)) && tables.cardWords.longest(in: tokens, at: last + 1)?.words == 1)
        guard restores, (0..<last).contains(where: { tokens.isKept($0) && tokens.hasLetter($0) }) else { return }
        tokens.restore(last + 1)
    }

    /// A telephone number whose last group a step removed as a reference (`Билайн +7 960
    /// 123-45-67`): its country code and the groups between go too, not left as `+7 960`.
    func removePhoneNumber() -> Bool {
        for i in 0..<tokens.count where tokens.isKept(i) && tokens.length(i) >= 2 && tokens.length(i) <= 4 {
            guard tokens.byte(i, 0) == UInt8(ascii: "+"), (1..<tokens.length(i)).allSatisfy({ PayeeText.isDigit(tokens.byte(i, $0)) })
            else { continue }
            var end = i + 1
            while end < tokens.count,
                (0..<tokens.length(end)).allSatisfy({ PayeeText.isDigit(tokens.byte(end, $0)) || tokens.byte(end, $0) == UInt8(ascii: "-") })
            {
                end += 1
            }
            guard end > i + 1, !tokens.isKept(end - 1) else { continue }
            tokens.remove(i..<end)
            return true
        }
        return false
    }
}
