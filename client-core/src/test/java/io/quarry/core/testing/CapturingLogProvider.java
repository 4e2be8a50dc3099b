package io.quarry.core.testing;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.AbstractLogger;
import org.slf4j.helpers.BasicMDCAdapter;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * A test-only SLF4J 2 provider that keeps every event at every level in memory, so tests can assert on what
 * the core logs (and on what it never logs, such as keys).
 */
public final class CapturingLogProvider implements SLF4JServiceProvider {

    /** One formatted log event. */
    public record Event(String logger, Level level, String message) {}

    private static final List<Event> EVENTS = new CopyOnWriteArrayList<>();

    private final ILoggerFactory loggerFactory = new Factory();
    private final IMarkerFactory markerFactory = new BasicMarkerFactory();
    /** Keeps the MDC as a real backend does: a test reading it back must not get null from the log provider. */
    private final MDCAdapter mdcAdapter = new BasicMDCAdapter();

    /** @return every event recorded since the last {@link #clear()} */
    public static List<Event> events() {
        return List.copyOf(EVENTS);
    }

    /** Forgets the recorded events. */
    public static void clear() {
        EVENTS.clear();
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return loggerFactory;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markerFactory;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdcAdapter;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    /**
     * Whether SLF4J logs through this provider (a class path with another backend, such as a Spring Boot
     * application's, does not).
     *
     * @return true when log lines are captured
     */
    public static boolean isActive() {
        return org.slf4j.LoggerFactory.getILoggerFactory() instanceof Factory;
    }

    @Override
    public void initialize() {
        // nothing to set up
    }

    private static final class Factory implements ILoggerFactory {
        private final ConcurrentHashMap<String, Logger> loggers = new ConcurrentHashMap<>();

        @Override
        public Logger getLogger(String name) {
            return loggers.computeIfAbsent(name, RecordingLogger::new);
        }
    }

    private static final class RecordingLogger extends AbstractLogger {
        private static final long serialVersionUID = 1L;

        /** Quarry's own loggers record every level; libraries' WARN and ERROR only. */
        private final boolean verbose;

        RecordingLogger(String name) {
            this.name = name;
            this.verbose = name.startsWith("io.quarry");
        }

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(
                Level level, Marker marker, String pattern, Object[] arguments, Throwable throwable) {
            String message = MessageFormatter.basicArrayFormat(pattern, arguments);
            if (throwable != null) {
                message += " " + throwable;
            }
            EVENTS.add(new Event(name, level, message));
        }

        @Override
        public boolean isTraceEnabled() {
            return verbose;
        }

        @Override
        public boolean isTraceEnabled(Marker marker) {
            return verbose;
        }

        @Override
        public boolean isDebugEnabled() {
            return verbose;
        }

        @Override
        public boolean isDebugEnabled(Marker marker) {
            return verbose;
        }

        @Override
        public boolean isInfoEnabled() {
            return verbose;
        }

        @Override
        public boolean isInfoEnabled(Marker marker) {
            return verbose;
        }

        @Override
        public boolean isWarnEnabled() {
            return true;
        }

        @Override
        public boolean isWarnEnabled(Marker marker) {
            return true;
        }

        @Override
        public boolean isErrorEnabled() {
            return true;
        }

        @Override
        public boolean isErrorEnabled(Marker marker) {
            return true;
        }
    }
}
