package shop.routing

import kotlin.concurrent.thread

// The package has functions `url` and `cookies` (one extends RequestBuilder, as a
// client library's request DSL does). Inside, a property, a parameter and a local of
// those names are used as `url.member`, `cookies.member`: values, not the functions.
class UrlBuilder {
    var encodedPath: String = "/"
    fun build(): String = encodedPath
}

// lode: shop.routing.RequestBuilder
class RequestBuilder {
    val url: UrlBuilder = UrlBuilder()
    val headers: MutableMap<String, String> = mutableMapOf()

    // `url` here is the builder's property
    fun build(): String = url.build()

    fun takeFrom(builder: RequestBuilder): RequestBuilder {
        url.encodedPath = builder.url.encodedPath
        headers.putAll(builder.headers)
        return this
    }
}

// lode: shop.routing.url
fun RequestBuilder.url(path: String) {
    url.encodedPath = path
}

// lode: shop.routing.cookies
fun cookies(builder: RequestBuilder): List<String> =
    builder.headers.getValue("Cookie").split("; ")

// A top-level value of the package: its members are references to it
// lode: shop.routing.defaultPath
val defaultPath: UrlBuilder = UrlBuilder()

fun render(builder: RequestBuilder, url: UrlBuilder): String {
    // lode-ref: shop.routing.cookies
    val cookies = cookies(builder)
    val worker = thread { url.build() }
    worker.join()
    // lode-ref: shop.routing.defaultPath.build
    return cookies.joinToString() + url.encodedPath + defaultPath.build()
}

// A local named as an imported function holds its result: `thread.join()` is the local's
fun background(): Thread {
    val thread = thread { println("started") }
    thread.join()
    return thread
}
