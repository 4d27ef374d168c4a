# pfin CSV profile, detected from Samples/za-fnb-drcr.csv
encoding utf-8
delimiter ,
skip 3
header yes
date-format dd-mmm-yy
decimal-mark .
columns date=Date name=Description amount=Amount balance=Balance
account 62012345678
currency ZAR
amount-sign as-is
