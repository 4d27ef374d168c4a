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
