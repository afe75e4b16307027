package shop.app

import shop.routing.*

// A wildcard import: Pipeline is shop.routing's or this package's, as the index finds it.
// lode: shop.app.serve
fun serve(): String {
    // lode-ref: shop.routing.Pipeline.named
    val pipeline = Pipeline.named("serve")
    // lode-ref: shop.routing.Pipeline.Before
    return pipeline.name + Pipeline.Before.name
}
