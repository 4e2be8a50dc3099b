package io.quarry.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;

/**
 * The attribute keys of Quarry spans, span events and metrics. Where OpenTelemetry's semantic conventions have a key
 * for the fact, it is used; the others start with {@code quarry.}.
 */
public final class QuarryAttributes {

    /** The API family: {@code search}, {@code analytics}... Spans and metrics. */
    public static final AttributeKey<String> PRODUCT = AttributeKey.stringKey("quarry.product");
    /** The operation, named after the public method: {@code search}, {@code saveObjects}... Spans and metrics. */
    public static final AttributeKey<String> OPERATION = AttributeKey.stringKey("quarry.operation");
    /** The HTTP method; absent from a composite call. Spans and metrics. */
    public static final AttributeKey<String> HTTP_METHOD = AttributeKey.stringKey("http.request.method");
    /** {@code SUCCESS}, {@code FAILURE} or {@code CANCELLED}. The duration metric and the ingest counters. */
    public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("quarry.outcome");
    /** {@code 2xx}, {@code 4xx}, {@code 5xx} or {@code none}. The duration metric. */
    public static final AttributeKey<String> STATUS_CLASS = AttributeKey.stringKey("quarry.status_class");
    /** The simple class name of the error; absent on success. Spans, try events and the duration metric. */
    public static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    /** The endpoint's path template. Spans. */
    public static final AttributeKey<String> URL_TEMPLATE = AttributeKey.stringKey("url.template");
    /** The path sent, key segments masked; cut to 1,024 characters, ending with {@code ...}. Spans. */
    public static final AttributeKey<String> URL_PATH = AttributeKey.stringKey("url.path");
    /** The index the call is about; cut to 1,024 characters, ending with {@code ...}. Spans. */
    public static final AttributeKey<String> INDEX = AttributeKey.stringKey("quarry.index");
    /** The host of the last try (of the try, on a try event). Spans and try events. */
    public static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    /** The port of that host. Spans and try events. */
    public static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    /** The HTTP status that ended the call (of the try, on a try event). Spans and try events. */
    public static final AttributeKey<Long> STATUS_CODE = AttributeKey.longKey("http.response.status_code");
    /** How many tries the call made. Spans. */
    public static final AttributeKey<Long> TRIES = AttributeKey.longKey("quarry.tries");
    /** A try's number in its call, from 1. Try events. */
    public static final AttributeKey<Long> TRY_NUMBER = AttributeKey.longKey("quarry.try");
    /** The number of a round of tries, from 2, on a {@code quarry.round} event. */
    public static final AttributeKey<Long> ROUND_NUMBER = AttributeKey.longKey("quarry.round");
    /** The wait before a round of tries, in milliseconds, on a {@code quarry.round} event. */
    public static final AttributeKey<Long> ROUND_DELAY_MS = AttributeKey.longKey("quarry.round.delay_ms");
    /** The request ID the service answered the last try with; cut to 1,024 characters. Spans. */
    public static final AttributeKey<String> REQUEST_ID = AttributeKey.stringKey("quarry.request_id");
    /** The request body bytes of the last try. Spans. */
    public static final AttributeKey<Long> REQUEST_BODY_SIZE = AttributeKey.longKey("http.request.body.size");
    /** The response body bytes of the last try, as they came over the network. Spans. */
    public static final AttributeKey<Long> RESPONSE_BODY_SIZE = AttributeKey.longKey("http.response.body.size");

    /** How many records a batch call writes (a chunk of a chunked write or of an ingester). Spans. */
    public static final AttributeKey<Long> RECORDS = AttributeKey.longKey("quarry.records");

    private QuarryAttributes() {}
}
