package shop.routing

// The package has an `attempt` and an `onFailure`; inside retry a parameter, a local and a
// lambda's parameter are called by those names: such calls are not the package's.
// lode: shop.routing.attempt
fun attempt(): Boolean = true

// lode: shop.routing.onFailure
fun onFailure(times: Int): String = "failed $times times"

// lode: shop.routing.retry
fun retry(times: Int, attempt: () -> Boolean, report: (String) -> Unit) {
    val onFailure = { n: Int -> report("gave up after $n") }
    for (i in 1..times) {
        if (attempt()) return
    }
    onFailure(times)
    listOf(times).map { attempt -> attempt.toString() }
}

// lode: shop.routing.retryForever
fun retryForever() {
    // lode-ref: shop.routing.attempt
    while (attempt() == false) {
        // lode-ref: shop.routing.onFailure
        onFailure(0)
    }
}

// A parameter that is no function does not hide the package's function: this calls it.
// lode: shop.routing.describeFailure
fun describeFailure(onFailure: Int): String = onFailure(onFailure)
