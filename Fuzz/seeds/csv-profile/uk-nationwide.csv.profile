# pfin CSV profile, detected from Samples/uk-nationwide.csv
encoding windows-1252
delimiter ,
skip 4
header yes
date-format "dd mmm yyyy"
decimal-mark .
columns date=Date name=Description memo="Transaction type" debit="Paid out" credit="Paid in" balance=Balance
account "FlexAccount ****04567"
currency GBP
amount-sign as-is
