package shop.app

import shop.routing.Pipeline
import shop.routing.Router
// lode-ref: shop.routing.Route
import shop.routing.Route as R

fun main() {
    // lode-ref: shop.routing.Router.withHealth
    val router = Router.withHealth()
    println(R("GET", "/"))
    // lode-ref: shop.routing.Pipeline.Before
    println(Pipeline.Before.name)
    // lode-ref: shop.routing.Pipeline.named
    println(Pipeline.named("after"))
}
