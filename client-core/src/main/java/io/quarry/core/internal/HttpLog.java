package io.quarry.core.internal;

import io.quarry.core.LogLevel;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The core's HTTP log ({@code io.quarry.core.http}): request line, status and timing at debug, bodies at
 * trace. Everything passes through the {@link Redactor} first.
 */
final class HttpLog {

    /** Name of the logger. */
    static final String LOGGER_NAME = "io.quarry.core.http";

    private static final Logger LOG = LoggerFactory.getLogger(LOGGER_NAME);
    private static final int MAX_LOGGED_BODY = 64 * 1024;

    private final LogLevel level;
    private final Redactor redactor;
    /** The client's JSON when it has a record mapper (bodies are logged as sent); null for the SDK's own. */
    private final RecordMapperJson recordMapper;

    HttpLog(LogLevel level, Redactor redactor) {
        this(level, redactor, null);
    }

    HttpLog(LogLevel level, Redactor redactor, RecordMapperJson recordMapper) {
        this.level = level;
        this.redactor = redactor;
        this.recordMapper = recordMapper;
    }

    boolean basicEnabled() {
        return level != LogLevel.NONE && LOG.isDebugEnabled();
    }

    boolean bodiesEnabled() {
        return level == LogLevel.BODIES && LOG.isTraceEnabled();
    }

    void request(String method, String url, int tryNumber, Duration timeout, List<String> extraSecrets) {
        if (level != LogLevel.NONE && LOG.isDebugEnabled()) {
            LOG.debug(
                    "--> {} {} (try {}, timeout {} ms)",
                    method,
                    redactor.redact(url, extraSecrets),
                    tryNumber,
                    AttemptTag.millis(timeout)); // as OkHttp applies it
        }
    }

    /** Logs a request body; on a key endpoint ({@code keyObjects}) its {@code value} members are masked too. */
    void requestBody(Object body, boolean keyObjects, List<String> extraSecrets) {
        if (bodiesEnabled() && body != null) {
            String json;
            try {
                json = recordMapper == null ? Json.toJsonString(body) : recordMapper.toJsonString(body);
            } catch (RuntimeException e) {
                json = "(not serialisable: " + e.getClass().getSimpleName() + ")";
            }
            String shown = redactor.redact(cut(json), extraSecrets);
            LOG.trace("--> body {}", keyObjects ? Redactor.maskKeyValues(shown) : shown);
        }
    }

    void response(String method, String url, int status, long nanos, List<String> extraSecrets) {
        if (level != LogLevel.NONE && LOG.isDebugEnabled()) {
            LOG.debug("<-- {} {} {} ({} ms)", status, method, redactor.redact(url, extraSecrets), nanos / 1_000_000);
        }
    }

    void responseBody(String body, List<String> extraSecrets) {
        if (bodiesEnabled()) {
            LOG.trace("<-- body {}", redactor.redact(cut(body), extraSecrets));
        }
    }

    void failure(String method, String url, String problem, long nanos, List<String> extraSecrets) {
        if (level != LogLevel.NONE && LOG.isDebugEnabled()) {
            LOG.debug(
                    "<-- failed {} {} after {} ms: {}",
                    method,
                    redactor.redact(url, extraSecrets),
                    nanos / 1_000_000,
                    redactor.redact(problem, extraSecrets));
        }
    }

    /** Logs, at info level, that every host failed a call and it tries them again after a wait. */
    void newRound(String method, String path, int round, long waitNanos, List<String> extraSecrets) {
        if (level != LogLevel.NONE && LOG.isInfoEnabled()) {
            LOG.info(
                    "every host failed {} {}: round {} in {} ms",
                    method,
                    redactor.redact(path, extraSecrets),
                    round,
                    waitNanos / 1_000_000);
        }
    }

    private static String cut(String text) {
        return text.length() <= MAX_LOGGED_BODY ? text : text.substring(0, MAX_LOGGED_BODY) + "...(cut)";
    }
}
