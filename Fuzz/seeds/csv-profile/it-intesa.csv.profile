# pfin CSV profile, detected from Samples/it-intesa.csv
encoding utf-8
delimiter ;
skip 3
header yes
date-format dd/mm/yyyy
decimal-mark ,
columns date="Data contabile" value-date="Data valuta" name=Descrizione amount=Importo currency=Valuta
account IT60X0542811101000000123456
amount-sign as-is
