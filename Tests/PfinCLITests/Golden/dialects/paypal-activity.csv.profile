# pfin CSV profile, detected from Samples/paypal-activity.csv
encoding utf-8
delimiter ,
skip 0
header yes
date-format mm/dd/yyyy
decimal-mark .
columns date=Date name=Name memo=Type amount=Net balance=Balance status=Status currency=Currency transaction-id="Transaction ID"
amount-sign as-is
