defmodule Shop.Plug do
  alias Shop.Conn.Status

  def call(conn) do
    # lode-ref: Shop.Conn.Status.code
    Status.code(conn)
  end
end
