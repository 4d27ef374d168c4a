# pfin CSV profile, detected from Samples/in-hdfc-footer.csv
encoding utf-8
delimiter ,
skip 5
header yes
date-format dd/mm/yy
decimal-mark .
columns date=Date value-date="Value Dt" name=Narration debit="Withdrawal Amt." credit="Deposit Amt." balance="Closing Balance" check-number=Chq./Ref.No.
account 50100123456789
currency INR
amount-sign as-is
