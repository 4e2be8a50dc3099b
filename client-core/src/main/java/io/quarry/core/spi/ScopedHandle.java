package io.quarry.core.spi;

import io.quarry.core.RequestOptions;
import java.util.Objects;

/**
 * Base of every public handle of a client module (a client, an index, an area such as rules or keys): it holds
 * the handle's {@link CallScope} and gives it {@link #withOptions(RequestOptions)}, so every call of every module
 * takes per-call options the same way.
 *
 * @param <H> the handle's own type, returned by {@link #withOptions(RequestOptions)}
 */
public abstract class ScopedHandle<H extends ScopedHandle<H>> {

    private final CallScope scope;

    /**
     * Creates a handle over a scope.
     *
     * @param scope where the handle's calls go
     */
    protected ScopedHandle(CallScope scope) {
        this.scope = Objects.requireNonNull(scope, "scope");
    }

    /**
     * A view of this handle whose every call, helpers included, carries these options on top of the ones this
     * handle already has (the new ones win). No call is made; this handle is unchanged and the view shares its
     * connections.
     *
     * <pre>{@code
     * index.withOptions(RequestOptions.builder().readTimeout(Duration.ofSeconds(30)).build()).search(query, Product.class);
     * }</pre>
     *
     * @param options the options to add; null adds nothing
     * @return the view
     */
    public final H withOptions(RequestOptions options) {
        return withScope(scope.withOptions(options));
    }

    /**
     * The options every call of this handle carries.
     *
     * @return the options, {@link RequestOptions#of()} when none were added
     */
    public final RequestOptions options() {
        return scope.options();
    }

    /**
     * Where this handle's calls go; for the module's own code.
     *
     * @return the scope
     */
    protected final CallScope scope() {
        return scope;
    }

    /**
     * The same handle over another scope.
     *
     * @param scope the scope
     * @return a new handle of this type
     */
    protected abstract H withScope(CallScope scope);
}
