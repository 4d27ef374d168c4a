header no
columns date=1 name=2 amount=3 balance=4
