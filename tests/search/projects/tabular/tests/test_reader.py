from tabular import read_table


def test_read_table_converts_typed_columns(tmp_path):
    path = tmp_path / "prices.csv"
    path.write_text("item,price:decimal\nbread,2.50\n")
    records = read_table(path)
    assert records[0]["item"] == "bread"
    assert str(records[0]["price"]) == "2.50"


def test_read_table_reads_every_row(tmp_path):
    path = tmp_path / "rows.csv"
    path.write_text("item,count:int\nbread,2\nmilk,1\n")
    assert [r["count"] for r in read_table(path)] == [2, 1]
