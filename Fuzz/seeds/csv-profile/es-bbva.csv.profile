# pfin CSV profile, detected from Samples/es-bbva.csv
encoding utf-8
delimiter ;
skip 0
header yes
date-format dd/mm/yyyy
decimal-mark ,
columns date=Fecha value-date="Fecha valor" name=Concepto memo=Observaciones amount=Importe balance=Disponible currency=Divisa
amount-sign as-is
