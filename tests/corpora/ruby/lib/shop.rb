# frozen_string_literal: true

require_relative "shop/warehouse"
require_relative "shop/memory_warehouse"
require_relative "shop/remote/remote_warehouse"

# The shop's stock, kept in one of several warehouses.
module Shop
  # lode: Shop.VERSION
  VERSION = "1.4.0"
end
