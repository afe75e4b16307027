# frozen_string_literal: true

require "net/http"

# A warehouse behind an HTTP API.
# lode: Shop.Remote.RemoteWarehouse Remote.RemoteWarehouse
# lode-impl: Shop.BaseWarehouse
class Shop::Remote::RemoteWarehouse < Shop::BaseWarehouse
  # lode-impl: Shop.Warehouse
  include Shop::Warehouse

  class << self
    # lode: Shop.Remote.RemoteWarehouse.connect
    def connect(url)
      new(URI(url))
    end
  end

  # lode: Shop.Remote.RemoteWarehouse.retries= RemoteWarehouse.retries=
  attr_writer :retries
  # lode: Shop.Remote.RemoteWarehouse.timeout
  attr_accessor :timeout

  def initialize(uri)
    @uri = uri
  end

  # lode: Shop.Remote.RemoteWarehouse.count
  def count(sku)
    # lode-ref: Net.HTTP.get
    Net::HTTP.get(@uri + "/stock/#{sku}").to_i
  end
end
