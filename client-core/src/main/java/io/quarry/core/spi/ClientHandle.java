package io.quarry.core.spi;

import io.quarry.core.ClientConfig;
import java.util.Objects;

/**
 * Base of every module's entry point ({@code SearchClient}, {@code AnalyticsClient}, ...): a {@link ScopedHandle}
 * that owns its connections. The client made by {@code create(...)} owns them and closes them; its
 * {@link #withOptions(io.quarry.core.RequestOptions) views} share them and closing a view does nothing.
 *
 * @param <H> the client's own type
 */
public abstract class ClientHandle<H extends ClientHandle<H>> extends ScopedHandle<H> implements AutoCloseable {

    /** Whose connections a client handle holds, which decides what {@link #close()} does. */
    public enum Connections {
        /** Its own: the client {@code create(...)} made, whose {@code close()} closes them. */
        OWNED,
        /** Those of the client it is a view of ({@code withOptions}, ...): its {@code close()} does nothing. */
        SHARED
    }

    private final Connections connections;

    /**
     * Creates a client or a view of one.
     *
     * @param scope where the client's calls go
     * @param connections {@link Connections#OWNED} for the client {@code create(...)} made,
     *     {@link Connections#SHARED} for its views
     */
    protected ClientHandle(CallScope scope, Connections connections) {
        super(scope);
        this.connections = Objects.requireNonNull(connections, "connections");
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
     * Closes the client: refuses new calls, gives the calls in flight up to the configuration's
     * {@link io.quarry.core.ClientConfig#closeTimeout() close timeout} (5 seconds by default) to end as they would
     * have, so an asynchronous call sent and forgotten is delivered, then cancels those left, which fail with a
     * {@link io.quarry.core.ClientClosedException} saying whether their request had gone out, and closes the
     * client's connections and threads (not those of a caller-supplied OkHttp client). On a view, does nothing. The
     * steps in full: {@link io.quarry.core.ApiClient#close()}.
     */
    @Override
    public final void close() {
        if (connections == Connections.OWNED) {
            scope().api().close();
        }
    }
}
