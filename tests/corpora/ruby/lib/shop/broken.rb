# frozen_string_literal: true

module Shop
  # A file the parser cannot fully read: the definitions it can read still count.
  # lode: Shop.Broken
  class Broken
    def half
      x = )
    end

    # lode: Shop.Broken.whole
    def whole
      1
    end
  end
end
