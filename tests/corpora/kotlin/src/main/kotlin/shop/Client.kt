package shop.client

// A client built around an engine, as an HTTP client library's tests build one: the
// engine object is passed as a value (`HttpClient(TestEngine)`), and the constructor's
// parameters share their names with package-level values.

interface Engine {
    fun execute(path: String): String
}

// lode: shop.client.TestEngine
object TestEngine : Engine {
    override fun execute(path: String): String = "ok:$path"
}

class Timeout(val millis: Long) {
    fun doubled(): Long = millis * 2
}

// package-level values spelled as the constructor's parameters below
val engine: Engine = TestEngine
val timeout: Timeout = Timeout(1000)

// lode: shop.client.HttpClient
class HttpClient(
    // lode: shop.client.HttpClient.engine
    val engine: Engine,
    timeout: Timeout,
) {
    // the constructor's `timeout`, not the package's
    private val deadline = timeout.doubled()

    init {
        timeout.doubled()
    }

    // the property `engine`, not the package's
    fun get(path: String): String = engine.execute(path) + deadline

    // a method does not see the plain parameter: this is the package's `timeout`
    // lode-ref: shop.client.timeout.doubled
    fun retryAfter(): Long = timeout.doubled()
}

fun connect(retries: Int): HttpClient {
    // lode-ref: shop.client.TestEngine
    val client = HttpClient(TestEngine, timeout)
    val local = retries
    println(local)
    return client
}
