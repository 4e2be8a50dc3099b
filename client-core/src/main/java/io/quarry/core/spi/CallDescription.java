package io.quarry.core.spi;

import io.quarry.core.CallType;

/**
 * What is known of a call when it starts. A call that sends one HTTP request has its method, path template and
 * path; a composite call (a helper whose HTTP calls show inside it) has none of them.
 *
 * @param product      the API family, in lower case: {@code search}, {@code analytics}, {@code query-suggestions}...
 * @param operation    the operation, named after the public method: {@code search}, {@code saveObjects},
 *                     {@code topSearches}...
 * @param method       the HTTP method, or null for a composite call
 * @param pathTemplate the endpoint's path template such as {@code /1/indexes/{indexName}/query}, or null for a
 *                     composite call
 * @param path         the path sent, without host or query string, with key segments masked; null for a composite
 *                     call
 * @param indexName    the index the call is about, or null when it is not about one index
 * @param callType     whether the call only reads or may write; null for a composite call
 * @param parent       the observation of the composite call this call is part of, or null for a call the
 *                     application made itself
 * @param records      how many records the call writes: each batch call of a chunked write or of an ingester says
 *                     how many its chunk holds; 0 for other calls. An observer counts the records written (and,
 *                     from {@link TryEnd#requestBytes()}, their bytes) by the outcome the call ends with
 */
public record CallDescription(
        String product,
        String operation,
        String method,
        String pathTemplate,
        String path,
        String indexName,
        CallType callType,
        ObservedCall parent,
        int records) {

    /**
     * Whether this is a composite call: a helper whose HTTP calls are reported as calls of their own inside it.
     *
     * @return true when the call sends no HTTP request itself
     */
    public boolean isComposite() {
        return method == null;
    }
}
