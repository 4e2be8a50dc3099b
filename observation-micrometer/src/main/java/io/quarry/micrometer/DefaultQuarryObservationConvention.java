package io.quarry.micrometer;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.TryEnd;
import io.quarry.micrometer.QuarryObservationDocumentation.HighCardinalityKeys;
import io.quarry.micrometer.QuarryObservationDocumentation.LowCardinalityKeys;
import java.util.Objects;

/**
 * The default names and key values: observation {@code quarry.client.call}, span name {@code <product>.<operation>}
 * ({@code search.saveObjects}), the keys of {@link QuarryObservationDocumentation}. While the call runs only product,
 * operation and method are known, so the event counters carry those three; the timer gets all six at the end.
 * The index name, the path and the request ID, which have no length limit of their own, are cut to 1,024 characters
 * (ending with {@code ...}).
 */
public class DefaultQuarryObservationConvention implements QuarryObservationConvention {

    /** The observation's name, and so the timer's. */
    public static final String NAME = "quarry.client.call";

    /**
     * The semantic conventions' resend count, the tries after the first: on the span of a call that made some. Not a
     * documented key of its own ({@link QuarryObservationDocumentation} lists Quarry's): the name is OpenTelemetry's.
     */
    static final String RESEND_COUNT = "http.request.resend_count";

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
        CallDescription call = Objects.requireNonNull(context, "context").call();
        return call.product() + "." + call.operation();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(QuarryCallContext context) {
        Objects.requireNonNull(context, "context");
        if (getClass() == DefaultQuarryObservationConvention.class) {
            context.keyedByDefaultConvention = true; // a subclass may read the body sizes this class never reports
        }
        CallDescription call = context.call();
        KeyValue product = LowCardinalityKeys.PRODUCT.withValue(call.product());
        KeyValue operation = LowCardinalityKeys.OPERATION.withValue(call.operation());
        KeyValue method = LowCardinalityKeys.METHOD.withValue(call.method() == null ? NONE : call.method());
        CallEnd end = context.end();
        if (end == null) {
            return KeyValues.of(product, operation, method);
        }
        // Micrometer's meter handler adds the error itself, as {@code error}
        return KeyValues.of(
                product,
                operation,
                method,
                LowCardinalityKeys.OUTCOME.withValue(end.outcome().name()),
                LowCardinalityKeys.STATUS_CLASS.withValue(statusClass(end.status())));
    }

    private static String statusClass(int status) {
        return status < 100 || status > 599 ? NONE : (status / 100) + "xx";
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(QuarryCallContext context) {
        CallDescription call = Objects.requireNonNull(context, "context").call();
        TryEnd last = context.lastTry();
        CallEnd end = context.end();
        boolean template = call.pathTemplate() != null;
        boolean index = call.indexName() != null;
        boolean requestId = last != null && last.requestId() != null;
        boolean tries = end != null && !call.isComposite();
        boolean status = tries && end.status() != 0;
        boolean resent = tries && end.tries() > 1;
        KeyValue[] values = new KeyValue
                [(template ? 2 : 0)
                        + (resent ? 1 : 0)
                        + (index ? 1 : 0)
                        + (last != null ? 2 : 0)
                        + (requestId ? 1 : 0)
                        + (tries ? 1 : 0)
                        + (status ? 1 : 0)];
        // in the keys' order, which spares KeyValues sorting them
        int i = 0;
        if (resent) {
            // the span's HTTP keys are its last try's, and so is the resend count
            values[i++] = KeyValue.of(RESEND_COUNT, Integer.toString(end.tries() - 1));
        }
        if (status) {
            values[i++] = HighCardinalityKeys.STATUS_CODE.withValue(Integer.toString(end.status()));
        }
        if (index) {
            values[i++] = HighCardinalityKeys.INDEX.withValue(SpanValues.bounded(call.indexName()));
        }
        if (requestId) {
            values[i++] = HighCardinalityKeys.REQUEST_ID.withValue(SpanValues.bounded(last.requestId()));
        }
        if (tries) {
            values[i++] = HighCardinalityKeys.TRIES.withValue(Integer.toString(end.tries()));
        }
        if (last != null) {
            values[i++] =
                    HighCardinalityKeys.SERVER_ADDRESS.withValue(last.host().hostname());
            values[i++] = HighCardinalityKeys.SERVER_PORT.withValue(
                    Integer.toString(last.host().port()));
        }
        if (template) {
            values[i++] = HighCardinalityKeys.URL_PATH.withValue(SpanValues.bounded(call.path()));
            values[i] = HighCardinalityKeys.URL_TEMPLATE.withValue(call.pathTemplate());
        }
        return KeyValues.of(values);
    }
}
