# pfin CSV profile, detected from Samples/au-commbank-noheader.csv
encoding utf-8
delimiter ,
skip 0
header no
date-format dd/mm/yyyy
decimal-mark .
columns date=1 name=3 amount=2 balance=4
amount-sign as-is
