# pfin CSV profile, detected from Samples/ch-postfinance-excel.txt
encoding utf-16le
delimiter tab
skip 0
header yes
date-format dd.mm.yyyy
decimal-mark .
columns date=Buchungsdatum value-date=Valuta name=Beschreibung debit=Belastung credit=Gutschrift balance=Saldo currency=Währung
amount-sign as-is
