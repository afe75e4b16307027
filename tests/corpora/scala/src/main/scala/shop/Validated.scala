package shop.data

// lode: shop.data.Semigroup
trait Semigroup[A] {
  // lode: Semigroup.combine
  def combine(x: A, y: A): A
}

/** A value that is valid or an error. */
// lode: shop.data.Validated
sealed abstract class Validated[+E, +A]

object Validated {
  // lode: Validated.valid
  def valid[A](a: A): Validated[Nothing, A] = Valid(a)

  // lode-impl: data.Validated
  final case class Valid[+A](a: A) extends Validated[Nothing, A]
}
