package com.acme.payments.processor;

import com.acme.payments.Payment;

import java.util.Set;
import java.util.UUID;

/** Card payments through the acquiring bank's API. */
public final class CardProcessor implements Processor {
    private final CardNetwork network;

    public CardProcessor(CardNetwork network) {
        this.network = network;
    }

    @Override
    public Receipt process(Payment payment) {
        String reference = network.authorize(payment.amount(), payment.currency(), UUID.randomUUID().toString());
        network.capture(reference);
        return new Receipt(payment.id(), reference);
    }

    @Override
    public Set<String> currencies() {
        return Set.of("EUR", "USD", "GBP");
    }

    /** The acquiring bank's card network client. */
    public interface CardNetwork {
        String authorize(java.math.BigDecimal amount, String currency, String idempotencyKey);

        void capture(String reference);
    }
}
