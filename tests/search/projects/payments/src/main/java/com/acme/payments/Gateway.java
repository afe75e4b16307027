package com.acme.payments;

import com.acme.payments.processor.Processor;
import com.acme.payments.processor.ProcessorRegistry;
import com.acme.payments.processor.Receipt;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The entry point for charging a customer: looks up the processor for the payment's
 * currency, charges it with a bounded number of attempts and keeps a journal of what
 * happened.
 */
public final class Gateway {
    private static final int MAX_ATTEMPTS = 3;

    private final ProcessorRegistry processors;
    private final Clock clock;
    private final List<String> journal = new ArrayList<>();

    public Gateway(ProcessorRegistry processors, Clock clock) {
        this.processors = processors;
        this.clock = clock;
    }

    /** Charges the payment with the processor that handles its currency. */
    public Receipt charge(Payment payment) {
        Processor processor = processors.forCurrency(payment.currency());
        RuntimeException last = null;
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            try {
                Receipt receipt = processor.process(payment);
                journal.add(clock.instant() + " charged " + payment.id() + " on attempt " + attempt);
                return receipt;
            } catch (RuntimeException e) {
                last = e;
                journal.add(clock.instant() + " attempt " + attempt + " failed: " + e.getMessage());
            }
        }
        throw new IllegalStateException("payment " + payment.id() + " was not charged", last);
    }

    public List<String> journal() {
        return List.copyOf(journal);
    }
}
