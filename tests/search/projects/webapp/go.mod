module example.com/webapp

go 1.21
