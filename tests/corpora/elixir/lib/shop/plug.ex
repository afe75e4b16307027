defmodule Shop.Plug do
  alias Shop.Conn.Status

  @typedoc "What init/1 returns, handed to call/2."
  # lode: Shop.Plug.opts
  @type opts :: keyword() | atom()

  @doc "Prepares the options."
  # lode: Shop.Plug.init Plug.init
  @callback init(opts) :: opts

  @callback call(Shop.Conn.t(), opts) :: Shop.Conn.t() when opts: opts()

  # the function, not the callback of its name above
  # lode: Shop.Plug.call
  def call(conn) do
    # lode-ref: Shop.Conn.Status.code
    Status.code(conn)
  end
end
