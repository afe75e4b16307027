package shop.app

import shop.data.Validated

object Main {
  // lode-ref: shop.data.Validated.valid
  def ok: Validated[Nothing, Int] = Validated.valid(1)
}
