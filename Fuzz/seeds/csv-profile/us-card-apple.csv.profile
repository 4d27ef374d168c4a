# pfin CSV profile, detected from Samples/us-card-apple.csv
encoding utf-8
delimiter ,
skip 0
header yes
date-format mm/dd/yyyy
decimal-mark .
columns date="Clearing Date" name=Merchant memo=Description amount="Amount (USD)" category=Category
currency USD
amount-sign inverted  # money out is positive in this export
account-type card  # a card account: Liabilities:Card in journals
