package com.acme.shop.remote;

import java.util.function.IntSupplier;

// lode: com.acme.shop.remote.Retry
public final class Retry {
    private Retry() {}

    // lode: com.acme.shop.remote.Retry.withRetry
    public static int withRetry(IntSupplier call) {
        return call.getAsInt();
    }
}
