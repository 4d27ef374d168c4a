# pfin CSV profile, detected from Samples/us-credit-union.csv
encoding utf-8
delimiter ,
skip 0
header yes
date-format "mmm dd, yyyy"
decimal-mark .
columns date=Date name=Description memo=Memo amount=Amount balance=Balance
amount-sign as-is
