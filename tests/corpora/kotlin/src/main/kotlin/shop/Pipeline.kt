package shop.routing

// A named companion object: its members are the class's, as code names them
// (Pipeline.Before); the object itself is Pipeline.Phases.
// lode: shop.routing.Pipeline
class Pipeline(val name: String) {
    // lode: shop.routing.Pipeline.Phases
    companion object Phases {
        // lode: shop.routing.Pipeline.Before Pipeline.Before
        val Before = Pipeline("before")

        // lode: shop.routing.Pipeline.named
        fun named(name: String): Pipeline = Pipeline(name)
    }
}
