# pfin CSV profile, detected from Samples/nl-ing.csv
encoding utf-8
delimiter ,
skip 0
header yes
date-format yyyymmdd
decimal-mark ,
columns date=Datum name="Naam / Omschrijving" memo=Mededelingen amount="Bedrag (EUR)" direction="Af Bij" account=Rekening
currency EUR
amount-sign as-is
