# frozen_string_literal: true

module Shop
  # Where stock is kept: every warehouse answers these.
  # lode: Shop.Warehouse
  module Warehouse
    # lode: Shop.Warehouse.count Warehouse.count
    def count(sku)
      raise NotImplementedError
    end
  end

  # What every warehouse shares.
  # lode: Shop.BaseWarehouse
  class BaseWarehouse
    # lode: Shop.BaseWarehouse.name
    def name
      self.class.name
    end
  end
end
