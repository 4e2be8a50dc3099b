package io.quarry.core;

import io.quarry.core.internal.RequestIds;
import io.quarry.core.internal.base.MessagePaths;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The service answered with an error status. One final subclass per status (400, 401, 403, 404, 413, 422,
 * 429, other 4xx, 5xx, and {@link UnexpectedStatusException} for any other status), each carrying the status,
 * the service's {@code message}, the method, the path called (with the index name and objectID; key values
 * masked), the path template of the endpoint, the request ID when the service sent one, and the raw body. The
 * message reads {@code HTTP 404 on GET /1/indexes/products/42: ObjectID does not exist (request ID abc)} and
 * never holds a key or a header value other than the request ID. A path longer than 1,024 characters shows there
 * cut, ending in {@code ...}; {@link #path()} keeps it whole.
 *
 * <p>4xx answers are never retried. 5xx answers are retried on the other hosts; they reach the caller as
 * attempt errors inside an {@link UnreachableHostsException}.
 */
public abstract sealed class ApiException extends QuarryException
        permits BadRequestException,
                UnauthorizedException,
                ForbiddenException,
                NotFoundException,
                PayloadTooLargeException,
                UnprocessableEntityException,
                RateLimitException,
                ClientErrorException,
                ServerErrorException,
                UnexpectedStatusException {

    private static final long serialVersionUID = 1L;

    /** The HTTP status. */
    private final int statusCode;
    /** The service's message. */
    private final String serviceMessage;
    /** The endpoint's HTTP method. */
    private final String method;
    /** The endpoint's path template. */
    private final String pathTemplate;
    /** The body as received. */
    private final String rawBody;

    private final transient Map<String, List<String>> headers;
    /** The path called, keys masked; the template until the transport fills it in. */
    private String path;
    /** The request ID the service sent, or null. */
    private String requestId;

    ApiException(
            Endpoint endpoint,
            int statusCode,
            String serviceMessage,
            String rawBody,
            Map<String, List<String>> headers) {
        super("HTTP " + statusCode + " on " + endpoint + ": " + serviceMessage, null);
        this.path = endpoint.pathTemplate();
        this.requestId = requestIdIn(headers);
        this.statusCode = statusCode;
        this.serviceMessage = serviceMessage;
        this.method = endpoint.method();
        this.pathTemplate = endpoint.pathTemplate();
        this.rawBody = rawBody;
        this.headers = Map.copyOf(headers);
    }

    /**
     * Builds the exception matching a status. Used by the core's transport; modules rarely need it.
     *
     * @param endpoint       the endpoint called
     * @param statusCode     the HTTP status, 400 to 599
     * @param serviceMessage the service's {@code message}, or a readable description of a non-JSON body
     * @param rawBody        the body as received (possibly cut to a bounded length)
     * @param headers        response headers, names in lower case
     * @param details        the {@code detail} entries of a 422 answer, empty otherwise
     * @return the typed exception
     */
    public static ApiException of(
            Endpoint endpoint,
            int statusCode,
            String serviceMessage,
            String rawBody,
            Map<String, List<String>> headers,
            List<ErrorDetail> details) {
        return of(
                endpoint,
                Objects.requireNonNull(endpoint, "endpoint").pathTemplate(),
                statusCode,
                serviceMessage,
                rawBody,
                headers,
                details,
                null);
    }

    /**
     * Builds the exception matching a status, naming the path really called. Used by the core's transport.
     *
     * @param endpoint       the endpoint called
     * @param path           the path called, with key values masked (never a raw key)
     * @param statusCode     the HTTP status
     * @param serviceMessage the service's {@code message}, or a readable description of a non-JSON body
     * @param rawBody        the body as received (possibly cut to a bounded length)
     * @param headers        response headers, names in lower case
     * @param details        the {@code detail} entries of a 422 answer, empty otherwise
     * @param received       the {@code received} member of a 422 answer as plain JSON values, or null
     * @return the typed exception
     */
    public static ApiException of(
            Endpoint endpoint,
            String path,
            int statusCode,
            String serviceMessage,
            String rawBody,
            Map<String, List<String>> headers,
            List<ErrorDetail> details,
            Object received) {
        ApiException e = typed(endpoint, statusCode, serviceMessage, rawBody, headers, details, received);
        e.path = Objects.requireNonNull(path, "path");
        return e;
    }

    private static ApiException typed(
            Endpoint endpoint,
            int statusCode,
            String serviceMessage,
            String rawBody,
            Map<String, List<String>> headers,
            List<ErrorDetail> details,
            Object received) {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(serviceMessage, "serviceMessage");
        Objects.requireNonNull(rawBody, "rawBody");
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(details, "details");
        return switch (statusCode) {
            case 400 -> new BadRequestException(endpoint, serviceMessage, rawBody, headers);
            case 401 -> new UnauthorizedException(endpoint, serviceMessage, rawBody, headers);
            case 403 -> new ForbiddenException(endpoint, serviceMessage, rawBody, headers);
            case 404 -> new NotFoundException(endpoint, serviceMessage, rawBody, headers);
            case 413 -> new PayloadTooLargeException(endpoint, serviceMessage, rawBody, headers);
            case 422 -> new UnprocessableEntityException(endpoint, serviceMessage, rawBody, headers, details, received);
            case 429 -> new RateLimitException(endpoint, serviceMessage, rawBody, headers);
            default -> {
                if (statusCode >= 400 && statusCode < 500) {
                    yield new ClientErrorException(endpoint, statusCode, serviceMessage, rawBody, headers);
                }
                if (statusCode >= 500 && statusCode < 600) {
                    yield new ServerErrorException(endpoint, statusCode, serviceMessage, rawBody, headers);
                }
                yield new UnexpectedStatusException(endpoint, statusCode, serviceMessage, rawBody, headers);
            }
        };
    }

    /** Returns {@code HTTP <status> on <method> <path>: <service message>}, then the request ID if any. */
    @Override
    public String getMessage() {
        return "HTTP " + statusCode + " on " + method + " " + MessagePaths.shown(path) + ": " + serviceMessage
                + (requestId == null ? "" : " (request ID " + requestId + ")");
    }

    /**
     * The path called, with the index name and objectID filled in and key values masked.
     *
     * @return the path
     */
    public String path() {
        return path;
    }

    /**
     * The request ID the service sent with the answer, to quote when contacting support.
     *
     * @return the request ID
     */
    public Optional<String> requestId() {
        return Optional.ofNullable(requestId);
    }

    private static String requestIdIn(Map<String, List<String>> headers) {
        for (String name : RequestIds.HEADERS) {
            for (Map.Entry<String, List<String>> header : headers.entrySet()) {
                if (header.getKey().equalsIgnoreCase(name) && !header.getValue().isEmpty()) {
                    // bounded and single-line: it goes into a message
                    return RequestIds.bounded(header.getValue().get(0));
                }
            }
        }
        return null;
    }

    /**
     * The HTTP status.
     *
     * @return the status code
     */
    public int statusCode() {
        return statusCode;
    }

    /**
     * The service's {@code message}, or a readable description when the body was not JSON.
     *
     * @return the message
     */
    public String serviceMessage() {
        return serviceMessage;
    }

    /**
     * The HTTP method of the endpoint.
     *
     * @return the method
     */
    public String method() {
        return method;
    }

    /**
     * The path template of the endpoint, such as {@code /1/indexes/{indexName}/query}.
     *
     * @return the template
     */
    public String pathTemplate() {
        return pathTemplate;
    }

    /**
     * The body as received, possibly cut to a bounded length.
     *
     * @return the raw body
     */
    public String rawBody() {
        return rawBody;
    }

    /**
     * A response header, looked up case-insensitively.
     *
     * @param name the header name
     * @return its first value
     */
    public Optional<String> header(String name) {
        List<String> values = headers.get(Objects.requireNonNull(name, "name").toLowerCase(java.util.Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /**
     * The rate-limit headers of the answer, when present.
     *
     * @return the parsed rate limit
     */
    public Optional<RateLimit> rateLimit() {
        return RateLimit.fromHeaders(headers);
    }
}
