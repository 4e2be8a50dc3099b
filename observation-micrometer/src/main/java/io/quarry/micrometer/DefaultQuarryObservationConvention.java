package io.quarry.micrometer;

import io.micrometer.common.KeyValues;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.TryEnd;
import io.quarry.micrometer.QuarryObservationDocumentation.HighCardinalityKeys;
import io.quarry.micrometer.QuarryObservationDocumentation.LowCardinalityKeys;

/**
 * The default names and key values: observation {@code quarry.client.call}, span name {@code <product>.<operation>}
 * ({@code search.saveObjects}), the keys of {@link QuarryObservationDocumentation}. While the call runs only product,
 * operation and method are known, so the event counters carry those three; the timer gets all six at the end.
 */
public class DefaultQuarryObservationConvention implements QuarryObservationConvention {

    /** The observation's name, and so the timer's. */
    public static final String NAME = "quarry.client.call";

    /** A value for a key that does not apply. */
    static final String NONE = "none";

    /** Creates the default convention. */
    public DefaultQuarryObservationConvention() {}

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getContextualName(QuarryCallContext context) {
        return context.call().product() + "." + context.call().operation();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(QuarryCallContext context) {
        CallDescription call = context.call();
        KeyValues running = KeyValues.of(
                LowCardinalityKeys.PRODUCT.withValue(call.product()),
                LowCardinalityKeys.OPERATION.withValue(call.operation()),
                LowCardinalityKeys.METHOD.withValue(call.method() == null ? NONE : call.method()));
        CallEnd end = context.end();
        if (end == null) {
            return running;
        }
        return running.and(
                LowCardinalityKeys.OUTCOME.withValue(end.outcome().name()),
                LowCardinalityKeys.STATUS_CLASS.withValue(statusClass(end.status())),
                LowCardinalityKeys.ERROR_TYPE.withValue(end.error() == null ? NONE : end.errorType()));
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(QuarryCallContext context) {
        CallDescription call = context.call();
        KeyValues values = KeyValues.empty();
        if (call.pathTemplate() != null) {
            values = values.and(
                    HighCardinalityKeys.URL_TEMPLATE.withValue(call.pathTemplate()),
                    HighCardinalityKeys.URL_PATH.withValue(call.path()));
        }
        if (call.indexName() != null) {
            values = values.and(HighCardinalityKeys.INDEX.withValue(call.indexName()));
        }
        TryEnd last = context.lastTry();
        if (last != null) {
            values = values.and(
                    HighCardinalityKeys.SERVER_ADDRESS.withValue(last.host().hostname()),
                    HighCardinalityKeys.SERVER_PORT.withValue(
                            Integer.toString(last.host().port())));
            if (last.requestId() != null) {
                values = values.and(HighCardinalityKeys.REQUEST_ID.withValue(last.requestId()));
            }
        }
        CallEnd end = context.end();
        if (end != null && !call.isComposite()) {
            values = values.and(HighCardinalityKeys.TRIES.withValue(Integer.toString(end.tries())));
            if (end.status() != 0) {
                values = values.and(HighCardinalityKeys.STATUS_CODE.withValue(Integer.toString(end.status())));
            }
        }
        return values;
    }

    /**
     * The class of a status.
     *
     * @param status an HTTP status, or 0 for none
     * @return {@code 2xx}, {@code 4xx}... or {@code none}
     */
    static String statusClass(int status) {
        return status < 100 || status > 599 ? NONE : (status / 100) + "xx";
    }
}
