package shop.routing

fun healthRouter(): Router {
    // lode-ref: shop.routing.Router
    return Router("health")
}
