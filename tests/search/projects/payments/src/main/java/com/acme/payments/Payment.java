package com.acme.payments;

import java.math.BigDecimal;

/** A charge to make: an amount in a currency, for an order. */
public record Payment(String id, String orderId, BigDecimal amount, String currency) {
    public Payment {
        if (amount.signum() <= 0) {
            throw new IllegalArgumentException("a payment amount must be positive");
        }
    }
}
