package io.quarry.micrometer;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.TryEnd;
import io.quarry.micrometer.QuarryObservationDocumentation.HighCardinalityKeys;

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
        return CallKeys.of(context).contextualName();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(QuarryCallContext context) {
        if (getClass() == DefaultQuarryObservationConvention.class) {
            context.keyedByDefaultConvention = true; // a subclass may read the body sizes this class never reports
        }
        CallKeys keys = CallKeys.of(context);
        CallEnd end = context.end();
        return end == null ? keys.running() : keys.ended(end);
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(QuarryCallContext context) {
        CallDescription call = context.call();
        TryEnd last = context.lastTry();
        CallEnd end = context.end();
        boolean template = call.pathTemplate() != null;
        boolean index = call.indexName() != null;
        boolean requestId = last != null && last.requestId() != null;
        boolean tries = end != null && !call.isComposite();
        boolean status = tries && end.status() != 0;
        KeyValue[] values = new KeyValue
                [(template ? 2 : 0)
                        + (index ? 1 : 0)
                        + (last != null ? 2 : 0)
                        + (requestId ? 1 : 0)
                        + (tries ? 1 : 0)
                        + (status ? 1 : 0)];
        // in the keys' order, which spares KeyValues sorting them
        int i = 0;
        if (status) {
            values[i++] = CallKeys.statusCode(end.status());
        }
        if (index) {
            values[i++] = HighCardinalityKeys.INDEX.withValue(call.indexName());
        }
        if (requestId) {
            values[i++] = HighCardinalityKeys.REQUEST_ID.withValue(last.requestId());
        }
        if (tries) {
            values[i++] = CallKeys.tries(end.tries());
        }
        if (last != null) {
            CallKeys.HostKeys host = CallKeys.of(context).host(last.host());
            values[i++] = host.address;
            values[i++] = host.port;
        }
        if (template) {
            values[i++] = HighCardinalityKeys.URL_PATH.withValue(call.path());
            values[i] = CallKeys.of(context).urlTemplate(call.pathTemplate());
        }
        return KeyValues.of(values);
    }
}
