# frozen_string_literal: true

require "shop"

module Shop
  # Starts the shop.
  # lode: Shop.App
  class App
    # lode: Shop.App.run
    def run(url = nil)
      # lode-ref: Shop.Remote.RemoteWarehouse.connect
      warehouse = url ? Shop::Remote::RemoteWarehouse.connect(url) : fallback
      # lode-ref: Shop.VERSION
      puts "shop #{Shop::VERSION}: #{warehouse.count('apple')}"
    end

    # lode: Shop.App.fallback
    def fallback
      # lode-ref: Shop.MemoryWarehouse.empty
      ::Shop::MemoryWarehouse.empty
    end
  end
end
