package io.quarry.core.testing;

import io.quarry.core.testing.CapturingLogProvider.Event;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * Captures what is logged through whichever SLF4J backend the class path has: the test-only
 * {@link CapturingLogProvider}, or Logback (a Spring Boot application's backend), reached reflectively so that
 * nothing here depends on it. While open, Quarry's loggers log at every level.
 */
public final class LogCapture implements AutoCloseable {

    private static final String LOGBACK_CONTEXT = "ch.qos.logback.classic.LoggerContext";

    private final List<Event> logbackEvents = new CopyOnWriteArrayList<>();
    private final Runnable detach;

    private LogCapture(ILoggerFactory factory) throws ReflectiveOperationException {
        if (CapturingLogProvider.isActive()) {
            CapturingLogProvider.clear();
            detach = () -> {};
        } else {
            detach = attachToLogback(factory);
        }
    }

    /**
     * Starts capturing.
     *
     * @return the capture; close it to detach
     * @throws IllegalStateException when the backend is neither of the two
     */
    public static LogCapture start() {
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (!CapturingLogProvider.isActive() && !factory.getClass().getName().equals(LOGBACK_CONTEXT)) {
            throw new IllegalStateException("no capturable SLF4J backend: " + factory.getClass());
        }
        try {
            return new LogCapture(factory);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("could not attach to Logback", e);
        }
    }

    /** @return every event captured since {@link #start()} */
    public List<Event> events() {
        return CapturingLogProvider.isActive() ? CapturingLogProvider.events() : List.copyOf(logbackEvents);
    }

    @Override
    public void close() {
        detach.run();
    }

    /**
     * Adds an appender (a proxy of Logback's {@code Appender} interface) to the root logger and lowers the
     * {@code io.quarry} logger to TRACE; the returned action undoes both.
     */
    private Runnable attachToLogback(ILoggerFactory context) throws ReflectiveOperationException {
        ClassLoader loader = context.getClass().getClassLoader();
        Class<?> appenderType = Class.forName("ch.qos.logback.core.Appender", false, loader);
        Class<?> levelType = Class.forName("ch.qos.logback.classic.Level", false, loader);
        Object appender = Proxy.newProxyInstance(
                loader, new Class<?>[] {appenderType}, (proxy, method, args) -> onAppenderCall(proxy, method, args));
        Method getLogger = context.getClass().getMethod("getLogger", String.class);
        Object root = getLogger.invoke(context, org.slf4j.Logger.ROOT_LOGGER_NAME);
        Object quarry = getLogger.invoke(context, "io.quarry");
        Method setLevel = quarry.getClass().getMethod("setLevel", levelType);
        Object previousLevel = quarry.getClass().getMethod("getLevel").invoke(quarry);
        setLevel.invoke(quarry, levelType.getField("TRACE").get(null));
        root.getClass().getMethod("addAppender", appenderType).invoke(root, appender);
        return () -> {
            try {
                root.getClass().getMethod("detachAppender", appenderType).invoke(root, appender);
                setLevel.invoke(quarry, previousLevel);
            } catch (IllegalAccessException | NoSuchMethodException | InvocationTargetException e) {
                throw new IllegalStateException("could not detach from Logback", e);
            }
        };
    }

    /** The appender proxy: records {@code doAppend}, answers the lifecycle and filter calls Logback makes. */
    private Object onAppenderCall(Object proxy, Method method, Object[] args) throws ReflectiveOperationException {
        switch (method.getName()) {
            case "doAppend":
                logbackEvents.add(toEvent(args[0]));
                return null;
            case "getName":
                return "quarry-log-capture";
            case "isStarted":
                return true;
            case "getFilterChainDecision":
                Class<?> reply = method.getReturnType();
                return reply.getField("NEUTRAL").get(null);
            case "getCopyOfAttachedFiltersList":
                return List.of();
            case "equals":
                return proxy == args[0];
            case "hashCode":
                return System.identityHashCode(proxy);
            case "toString":
                return "LogCapture appender";
            default:
                return null;
        }
    }

    /** A Logback {@code ILoggingEvent} as an {@link Event}, with the message and causes of its throwable. */
    private static Event toEvent(Object event) throws ReflectiveOperationException {
        Class<?> type = Class.forName(
                "ch.qos.logback.classic.spi.ILoggingEvent",
                false,
                event.getClass().getClassLoader());
        String logger = (String) type.getMethod("getLoggerName").invoke(event);
        Level level = Level.valueOf(type.getMethod("getLevel").invoke(event).toString());
        StringBuilder message =
                new StringBuilder((String) type.getMethod("getFormattedMessage").invoke(event));
        Object thrown = type.getMethod("getThrowableProxy").invoke(event);
        while (thrown != null) {
            Class<?> proxyType = Class.forName(
                    "ch.qos.logback.classic.spi.IThrowableProxy",
                    false,
                    thrown.getClass().getClassLoader());
            message.append(' ')
                    .append(proxyType.getMethod("getClassName").invoke(thrown))
                    .append(": ")
                    .append(proxyType.getMethod("getMessage").invoke(thrown));
            thrown = proxyType.getMethod("getCause").invoke(thrown);
        }
        return new Event(logger, level, message.toString());
    }
}
