package shop.routing

// a type in a signature is a reference, as a call of its constructor is
// lode-ref: shop.routing.Router
fun healthRouter(): Router {
    return Router("health")
}

fun defaultRouter(): Router {
    // lode-ref: shop.routing.Routes.default
    return Routes.default()
}
