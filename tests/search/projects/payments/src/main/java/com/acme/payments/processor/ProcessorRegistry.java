package com.acme.payments.processor;

import java.util.HashMap;
import java.util.Map;

/**
 * Registered payment processors by currency. A processor is registered once for each
 * currency it settles; registering a second processor for a currency replaces the first.
 */
public final class ProcessorRegistry {
    private final Map<String, Processor> byCurrency = new HashMap<>();

    /** Registers the processor for every currency it settles. */
    public void register(Processor processor) {
        for (String currency : processor.currencies()) {
            byCurrency.put(currency, processor);
        }
    }

    /** The registered processor for a currency; no registered processor is an error. */
    public Processor forCurrency(String currency) {
        Processor processor = byCurrency.get(currency);
        if (processor == null) {
            throw new IllegalArgumentException("no payment processor registered for " + currency);
        }
        return processor;
    }

    public boolean isRegistered(String currency) {
        return byCurrency.containsKey(currency);
    }
}
