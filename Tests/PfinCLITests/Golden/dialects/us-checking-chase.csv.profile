# pfin CSV profile, detected from Samples/us-checking-chase.csv
encoding utf-8
delimiter ,
skip 0
header yes
date-format mm/dd/yyyy
decimal-mark .
columns date="Posting Date" name=Description memo=Type amount=Amount balance=Balance transfer=Type check-number="Check or Slip #"
amount-sign as-is
