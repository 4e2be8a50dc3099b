package io.quarry.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;

/**
 * The counters of records and bytes written by batch calls, in a meter registry. Loaded only when an application
 * asks for them, so micrometer-core stays optional.
 */
final class IngestCounters {

    private final MeterRegistry meters;

    IngestCounters(MeterRegistry meters) {
        this.meters = meters;
    }

    /**
     * Counts one call's records, and its last try's request body bytes when known.
     *
     * @param call      the call, which writes records
     * @param operation the operation to tag: the helper's that made the call, else the call's
     * @param end       how it ended
     * @param bytes     the request body bytes of its last try, or -1
     */
    void count(CallDescription call, String operation, CallEnd end, long bytes) {
        String[] tags = {
            "quarry.product", call.product(),
            "quarry.operation", operation,
            "quarry.outcome", end.outcome().name()
        };
        Counter.builder(MicrometerCallObserver.INGEST_RECORDS)
                .baseUnit("records")
                .description("Records written by Quarry batch calls, by the outcome of their call")
                .tags(tags)
                .register(meters)
                .increment(call.records());
        if (bytes >= 0) {
            Counter.builder(MicrometerCallObserver.INGEST_BYTES)
                    .baseUnit("bytes")
                    .description("Request body bytes of Quarry batch calls writing records, by outcome")
                    .tags(tags)
                    .register(meters)
                    .increment(bytes);
        }
    }
}
