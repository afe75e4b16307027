package shop.routing

fun healthRouter(): Router {
    // lode-ref: shop.routing.Router
    return Router("health")
}

fun defaultRouter(): Router {
    // lode-ref: shop.routing.Routes.default
    return Routes.default()
}
