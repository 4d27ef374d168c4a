# pfin CSV profile, detected from Samples/fr-credit-agricole.csv
encoding utf-8
delimiter ;
skip 5
header yes
date-format dd/mm/yyyy
decimal-mark ,
columns date=Date name=Libellé debit="Débit euros" credit="Crédit euros"
account 12345678901
currency EUR
amount-sign as-is
