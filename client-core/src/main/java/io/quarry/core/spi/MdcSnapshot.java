package io.quarry.core.spi;

import java.util.Map;
import org.slf4j.MDC;

/**
 * The SLF4J MDC of a thread at one moment, to put back on another thread: an {@link ObservedCall} captures the
 * caller's when told the call is asynchronous ({@link ObservedCall#completesElsewhere()}) and restores it in
 * {@link ObservedCall#openCallerContext()}, so log lines written by the call's continuations carry the caller's MDC.
 */
public final class MdcSnapshot {

    private static final MdcSnapshot EMPTY = new MdcSnapshot(null);

    private final Map<String, String> values;

    private MdcSnapshot(Map<String, String> values) {
        this.values = values;
    }

    /**
     * The empty snapshot, which restores nothing: what an observer holds until it is told to capture one.
     *
     * @return the empty snapshot
     */
    public static MdcSnapshot of() {
        return EMPTY;
    }

    /**
     * The MDC of the current thread.
     *
     * @return the snapshot; an empty MDC gives a snapshot that restores nothing
     */
    public static MdcSnapshot capture() {
        Map<String, String> values = MDC.getCopyOfContextMap();
        return values == null || values.isEmpty() ? EMPTY : new MdcSnapshot(values);
    }

    /**
     * Makes the captured MDC the current thread's until the scope is closed, which puts back the one before.
     *
     * @return the scope
     */
    public ContextScope restore() {
        if (values == null) {
            return ContextScope.NONE;
        }
        Map<String, String> before = MDC.getCopyOfContextMap();
        MDC.setContextMap(values);
        return () -> {
            if (before == null) {
                MDC.clear();
            } else {
                MDC.setContextMap(before);
            }
        };
    }
}
