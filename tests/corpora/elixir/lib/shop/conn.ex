# lode: Shop.Conn
defmodule Shop.Conn do
  @moduledoc "The connection."

  # lode: Shop.Conn.t Conn.t
  @type t :: %__MODULE__{status: non_neg_integer(), halted: boolean()}
  defstruct status: nil, halted: false

  @doc "Halts the pipeline."
  # lode: Shop.Conn.halt Conn.halt
  def halt(conn), do: %{conn | halted: true}

  # lode: Shop.Conn.put_status
  def put_status(conn, nil), do: conn
  def put_status(conn, status), do: %{conn | status: Shop.Conn.Status.code(status)}

  # lode: Shop.Conn.Status
  defmodule Status do
    # lode: Status.code
    def code(:ok), do: 200
    def code(n), do: n
  end
end
