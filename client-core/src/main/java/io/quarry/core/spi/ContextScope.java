package io.quarry.core.spi;

/**
 * A context made current on a thread by an {@link ObservedCall}; closing it restores the one before. Closed on the
 * thread that opened it.
 */
@FunctionalInterface
public interface ContextScope extends AutoCloseable {

    /** A scope that changed nothing. */
    ContextScope NONE = () -> {};

    /** Restores the context that was current before the scope was opened. */
    @Override
    void close();
}
