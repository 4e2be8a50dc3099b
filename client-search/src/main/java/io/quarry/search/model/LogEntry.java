package io.quarry.search.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * One logged API call. Logged headers and
 * bodies are as the service recorded them, keys masked by the service.
 *
 * @param timestamp        when the call was made
 * @param method           HTTP method
 * @param answerCode       HTTP status, as text
 * @param queryBody        request body
 * @param answer           response body (possibly truncated)
 * @param url              request path and query
 * @param ip               client IP
 * @param queryHeaders     request headers
 * @param sha1             request ID
 * @param nbApiCalls       API calls counted, as text
 * @param processingTimeMs engine time, as text
 * @param index            index, if any
 */
public record LogEntry(
        Instant timestamp,
        String method,
        @JsonProperty("answer_code") String answerCode,
        @JsonProperty("query_body") String queryBody,
        String answer,
        String url,
        String ip,
        @JsonProperty("query_headers") String queryHeaders,
        String sha1,
        @JsonProperty("nb_api_calls") String nbApiCalls,
        @JsonProperty("processing_time_ms") String processingTimeMs,
        String index) {}
