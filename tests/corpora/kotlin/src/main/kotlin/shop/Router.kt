package shop.routing

// lode: shop.routing.Mountable
interface Mountable {
    // a type argument is a reference too (the file's first use of Route)
    // lode-ref: shop.routing.Route
    fun mount(prefix: String): List<Route>
}

// lode: shop.routing.Route
data class Route(val method: String, val path: String)

// lode-impl: routing.Mountable
class Router(private val name: String) : Mountable {
    // lode: Router.mount
    override fun mount(prefix: String): List<Route> = emptyList()

    companion object {
        // lode: shop.routing.Router.withHealth
        fun withHealth(): Router = Router("health")
    }
}

object Routes {
    // lode: shop.routing.Routes.default
    fun default(): Router = Router.withHealth()
}

fun routeOf(path: String): Route {
    return Route("GET", path)
}
