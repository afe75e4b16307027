package com.acme.payments.processor;

import com.acme.payments.Payment;

/** Moves money for one payment method (cards, bank transfers, wallets). */
public interface Processor {
    Receipt process(Payment payment);

    /** The currencies this processor can settle. */
    java.util.Set<String> currencies();
}
