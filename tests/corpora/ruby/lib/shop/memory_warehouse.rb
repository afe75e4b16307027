# frozen_string_literal: true

module Shop
  # An in-memory warehouse, for tests and small shops.
  # lode-impl: Shop.BaseWarehouse
  class MemoryWarehouse < BaseWarehouse
    # lode-impl: Shop.Warehouse
    include Warehouse

    # lode: Shop.MemoryWarehouse.LIMIT
    LIMIT = 1000

    # lode: Shop.MemoryWarehouse.empty MemoryWarehouse.empty
    def self.empty
      # lode-ref: Shop.MemoryWarehouse.Change
      new(Change.new("none", 0))
    end

    def initialize(*changes)
      @stock = Hash.new(0)
      changes.each { |c| apply(c) }
    end

    # lode: Shop.MemoryWarehouse.count MemoryWarehouse.count
    def count(sku)
      @stock[sku]
    end

    # lode: Shop.MemoryWarehouse.apply
    def apply(change)
      @stock[change.sku] += change.delta
    end

    # One change to the stock of a product.
    # lode: Shop.MemoryWarehouse.Change
    class Change
      # lode: Shop.MemoryWarehouse.Change.sku Change.sku
      attr_reader :sku, :delta

      # lode: Shop.MemoryWarehouse.Change.removal?
      def removal?
        delta.negative?
      end
    end
  end
end
