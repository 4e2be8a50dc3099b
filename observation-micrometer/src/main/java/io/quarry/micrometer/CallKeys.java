package io.quarry.micrometer;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.quarry.core.Host;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.micrometer.QuarryObservationDocumentation.HighCardinalityKeys;
import io.quarry.micrometer.QuarryObservationDocumentation.LowCardinalityKeys;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The key values that one kind of call (a product, an operation and a method) always has, made once and shared by
 * every call of that kind: key values are immutable, and building them on each call was most of what observing a
 * call cost besides Micrometer's own work. Kinds come from the clients' endpoint tables and helper names, so there
 * are few; past {@link #MAX_KINDS} they are no longer kept.
 */
final class CallKeys {

    private static final int MAX_KINDS = 2048;
    private static final String[] STATUS_CLASSES = {"none", "1xx", "2xx", "3xx", "4xx", "5xx"};
    /** {@code quarry.tries} values for the usual counts of tries. */
    private static final KeyValue[] TRIES = new KeyValue[9];
    /** {@code http.response.status_code} values, made as statuses are seen. */
    private static final KeyValue[] STATUS_CODES = new KeyValue[600];

    /** The kinds by operation; the few of one operation name (products, methods) are told apart by a scan. */
    private static final ConcurrentMap<String, CallKeys[]> KINDS = new ConcurrentHashMap<>();

    private static int kinds;

    static {
        for (int tries = 0; tries < TRIES.length; tries++) {
            TRIES[tries] = HighCardinalityKeys.TRIES.withValue(Integer.toString(tries));
        }
    }

    private final String product;
    private final String method;
    private final KeyValues running;
    private final String contextualName;
    private final String pathTemplate;
    private final KeyValue urlTemplate;
    /** The low-cardinality set of a successful call, by status class (index in {@link #STATUS_CLASSES}). */
    private final KeyValues[] succeeded = new KeyValues[STATUS_CLASSES.length];
    /** The address and port of the host this kind of call last tried: calls mostly go to the same one. */
    private volatile HostKeys lastHost;

    private CallKeys(String product, String operation, String method, String pathTemplate) {
        this.product = product;
        this.method = method;
        this.running = KeyValues.of(
                LowCardinalityKeys.PRODUCT.withValue(product),
                LowCardinalityKeys.OPERATION.withValue(operation),
                LowCardinalityKeys.METHOD.withValue(method));
        this.contextualName = product + "." + operation;
        this.pathTemplate = pathTemplate;
        this.urlTemplate = pathTemplate == null ? null : HighCardinalityKeys.URL_TEMPLATE.withValue(pathTemplate);
    }

    /**
     * The keys of a call's kind, found once per call and kept on its context.
     *
     * @param context the call's context
     * @return the keys
     */
    static CallKeys of(QuarryCallContext context) {
        CallKeys keys = context.keys;
        if (keys == null) {
            keys = of(context.call());
            context.keys = keys;
        }
        return keys;
    }

    private static CallKeys of(CallDescription call) {
        String method = call.method() == null ? DefaultQuarryObservationConvention.NONE : call.method();
        if (call.product() == null || call.operation() == null) {
            return new CallKeys(call.product(), call.operation(), method, call.pathTemplate());
        }
        CallKeys[] sameOperation = KINDS.get(call.operation());
        if (sameOperation != null) {
            for (CallKeys keys : sameOperation) {
                if (keys.product.equals(call.product()) && keys.method.equals(method)) {
                    return keys;
                }
            }
        }
        CallKeys keys = new CallKeys(call.product(), call.operation(), method, call.pathTemplate());
        remember(call.operation(), keys);
        return keys;
    }

    private static synchronized void remember(String operation, CallKeys keys) {
        if (kinds >= MAX_KINDS) {
            return;
        }
        CallKeys[] known = KINDS.getOrDefault(operation, new CallKeys[0]);
        for (CallKeys other : known) {
            if (other.product.equals(keys.product) && other.method.equals(keys.method)) {
                return; // another thread kept it first
            }
        }
        CallKeys[] more = Arrays.copyOf(known, known.length + 1);
        more[known.length] = keys;
        KINDS.put(operation, more);
        kinds++;
    }

    /** {@return product, operation and method: the low-cardinality keys known while the call runs} */
    KeyValues running() {
        return running;
    }

    /** {@return {@code <product>.<operation>}} */
    String contextualName() {
        return contextualName;
    }

    /**
     * The low-cardinality keys of a call that ended.
     *
     * @param end how it ended
     * @return the keys known while it ran, with outcome and status class (Micrometer's meter handler adds the error
     *     itself, as {@code error})
     */
    KeyValues ended(CallEnd end) {
        int statusClass = statusClassIndex(end.status());
        if (end.error() != null) {
            return withEnd(end.outcome().name(), STATUS_CLASSES[statusClass]);
        }
        KeyValues values = succeeded[statusClass];
        if (values == null) {
            values = withEnd(CallEnd.Outcome.SUCCESS.name(), STATUS_CLASSES[statusClass]);
            succeeded[statusClass] = values; // a race makes equal sets: either may be kept
        }
        return values;
    }

    private KeyValues withEnd(String outcome, String statusClass) {
        return running.and(
                LowCardinalityKeys.OUTCOME.withValue(outcome), LowCardinalityKeys.STATUS_CLASS.withValue(statusClass));
    }

    private static int statusClassIndex(int status) {
        return status < 100 || status > 599 ? 0 : status / 100;
    }

    /**
     * {@return {@code url.template} with it}
     *
     * @param pathTemplate the call's path template
     */
    KeyValue urlTemplate(String pathTemplate) {
        return pathTemplate.equals(this.pathTemplate)
                ? urlTemplate
                : HighCardinalityKeys.URL_TEMPLATE.withValue(pathTemplate);
    }

    /**
     * {@return {@code server.address} and {@code server.port} with it}
     *
     * @param host the host of a try
     */
    HostKeys host(Host host) {
        HostKeys keys = lastHost;
        if (keys == null || keys.host != host) {
            keys = new HostKeys(host);
            lastHost = keys;
        }
        return keys;
    }

    /**
     * {@return {@code quarry.tries} with it}
     *
     * @param tries how many tries a call made
     */
    static KeyValue tries(int tries) {
        return tries >= 0 && tries < TRIES.length
                ? TRIES[tries]
                : HighCardinalityKeys.TRIES.withValue(Integer.toString(tries));
    }

    /**
     * {@return {@code http.response.status_code} with it}
     *
     * @param status an HTTP status
     */
    static KeyValue statusCode(int status) {
        if (status < 0 || status >= STATUS_CODES.length) {
            return HighCardinalityKeys.STATUS_CODE.withValue(Integer.toString(status));
        }
        KeyValue value = STATUS_CODES[status];
        if (value == null) {
            value = HighCardinalityKeys.STATUS_CODE.withValue(Integer.toString(status));
            STATUS_CODES[status] = value; // a race makes equal values: either may be kept
        }
        return value;
    }

    /** The address and port keys of one host. */
    static final class HostKeys {
        private final Host host;
        final KeyValue address;
        final KeyValue port;

        private HostKeys(Host host) {
            this.host = host;
            this.address = HighCardinalityKeys.SERVER_ADDRESS.withValue(host.hostname());
            this.port = HighCardinalityKeys.SERVER_PORT.withValue(Integer.toString(host.port()));
        }
    }
}
