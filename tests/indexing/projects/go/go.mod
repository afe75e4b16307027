module example.com/vecstore

go 1.19
