# pfin CSV profile, detected from Samples/wise-gbp-statement.csv
encoding utf-8
delimiter ,
skip 0
header yes
date-format dd-mm-yyyy
decimal-mark .
columns date=Date name=Merchant memo=Description amount=Amount balance="Running Balance" currency=Currency transaction-id="TransferWise ID" original-amount="Exchange To Amount" original-currency="Exchange To" exchange-rate="Exchange Rate"
amount-sign as-is
