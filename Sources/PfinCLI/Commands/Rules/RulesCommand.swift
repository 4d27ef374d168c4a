/// `pfin rules`: the group of commands about rules files, and the rules language's quick reference.
enum RulesCommand {
    static let spec = CommandSpec(
        name: "rules",
        arguments: "check|explain|suggest [OPTION…]",
        summary: "Check, explain and learn the rules that categorise transactions.",
        details: """
            A rules file assigns types and categories and cleans names. Rules run top to bottom; for
            each field, the first matching rule that sets it wins; 'stop' ends the run for that
            transaction. Conditions see the transaction as earlier rules left it.

              rule "Groceries"
                when name contains "whole foods" or name contains "trader joe"
                when amount < 0
                set category = "Food:Groceries"
                set name = "Whole Foods"

              rule "Payroll"
                when name matches /ACME (CORP )?PAYROLL ([0-9]+)/
                set type = income
                set memo = "payroll run $2"
                stop

            conditions:  [not] FIELD OP VALUE; 'or' joins alternatives on one 'when' line, and
                         all 'when' lines must hold
            text fields: name memo address account category currency type, and text (name, memo
                         and address together)
            text ops:    contains, is, starts-with, ends-with, matches /REGEX/ (case-insensitive)
            numbers:     amount (signed), abs-amount, date (YYYY-MM-DD), day (1-31), month (1-12 or
                         jan…dec), weekday (mon…sun) with = != < <= > >= or 'between A and B'
            actions:     set category|type|name|memo|address|account = "VALUE" ($1…$9: the groups
                         of the rule's first matching regex; $$ is a dollar sign); stop
            comments:    from '#' to the end of the line
            """,
        options: [],
        examples: [
            "pfin rules check Samples/rules.pfin --against Samples/us-checking-chase.csv",
            "pfin rules explain --rules Samples/rules.pfin Samples/us-checking-chase.csv",
            "pfin convert Samples/*.csv --rules Samples/rules.pfin > history.jsonl && pfin rules suggest history.jsonl",
        ])
}
