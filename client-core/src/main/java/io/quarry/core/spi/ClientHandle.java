package io.quarry.core.spi;

import io.quarry.core.ClientConfig;

/**
 * Base of every module's entry point ({@code SearchClient}, {@code AnalyticsClient}, ...): a {@link ScopedHandle}
 * that owns its connections. The client made by {@code create(...)} owns them and closes them; its
 * {@link #withOptions(io.quarry.core.RequestOptions) views} share them and closing a view does nothing.
 *
 * @param <H> the client's own type
 */
public abstract class ClientHandle<H extends ClientHandle<H>> extends ScopedHandle<H> implements AutoCloseable {

    private final boolean ownsConnections;

    /**
     * Creates a client or a view of one.
     *
     * @param scope where the client's calls go
     * @param ownsConnections true for the client {@code create(...)} made, false for its views
     */
    protected ClientHandle(CallScope scope, boolean ownsConnections) {
        super(scope);
        this.ownsConnections = ownsConnections;
    }

    /**
     * The configuration this client was built with.
     *
     * @return the configuration
     */
    public final ClientConfig config() {
        return scope().api().config();
    }

    /**
     * Closes the client's connections and threads (not those of a caller-supplied OkHttp client) and cancels its
     * calls in flight; on a view, does nothing.
     */
    @Override
    public final void close() {
        if (ownsConnections) {
            scope().api().close();
        }
    }
}
