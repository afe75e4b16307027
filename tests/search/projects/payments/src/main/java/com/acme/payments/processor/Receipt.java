package com.acme.payments.processor;

/** What a processor returns for a settled payment. */
public record Receipt(String paymentId, String processorReference) {
}
