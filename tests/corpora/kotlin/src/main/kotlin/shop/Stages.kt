package shop.routing

// A generic base: a subtype names it with type arguments (`Stage<Route>("log")`), which
// are no part of the base's name.
// lode: shop.routing.Stage
abstract class Stage<T>(val label: String) {
    abstract fun run(input: T): T
}

// lode-impl: routing.Stage
class Logging : Stage<Route>("log") {
    override fun run(input: Route): Route = input
}

// An object extends a class and implements an interface as a class does.
// lode-impl: routing.Stage
// lode-impl: routing.Mountable
object Audit : Stage<Route>("audit"), Mountable {
    override fun run(input: Route): Route = input
    override fun mount(prefix: String): List<Route> = emptyList()
}

// lode-impl: routing.Mountable
interface Nested : Mountable
