# pfin CSV profile, detected from Samples/de-dkb-giro.csv
encoding windows-1252
delimiter ;
skip 6
header yes
date-format dd.mm.yyyy
decimal-mark ,
columns date=Buchungstag value-date=Wertstellung name="Auftraggeber / Begünstigter" memo=Verwendungszweck amount="Betrag (EUR)"
account "DE12 1203 0000 1234 5678 90 / Girokonto"
currency EUR
amount-sign as-is
