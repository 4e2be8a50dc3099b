package io.quarry.core.spi;

import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import io.quarry.core.ApiClient;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link ClientHandle.Connections} decides what closing a handle does: {@code OWNED} closes the client's
 * connections, {@code SHARED} leaves them open.
 */
class ClientHandleConnectionsTest {

    /** A module's entry point. */
    static final class Entry extends ClientHandle<Entry> {
        Entry(CallScope scope, Connections connections) {
            super(scope, connections);
        }

        @Override
        protected Entry withScope(CallScope scope) {
            return new Entry(scope, Connections.SHARED);
        }
    }

    @Test
    void ownedClosesTheConnections() {
        assertThat(closesItsApiClient(scope -> new Entry(scope, ClientHandle.Connections.OWNED)))
                .isTrue();
    }

    @Test
    void sharedLeavesThemOpen() {
        assertThat(closesItsApiClient(scope -> new Entry(scope, ClientHandle.Connections.SHARED)))
                .isFalse();
    }

    @Test
    void aViewOfAnOwningClientLeavesItsConnectionsOpen() {
        assertThat(closesItsApiClient(scope -> new Entry(scope, ClientHandle.Connections.OWNED).withOptions(null)))
                .isFalse();
    }

    @Test
    void noConnectionsIsRefusedByName() {
        try (ApiClient api = client(config("key", host("a.test", 1)).build())) {
            assertThatNullPointerException()
                    .isThrownBy(() -> new Entry(CallScope.of(api), null))
                    .withMessage("connections");
        }
    }

    /** Whether closing the handle made closes the {@link ApiClient} under it (its close hooks run). */
    private static boolean closesItsApiClient(Function<CallScope, Entry> make) {
        AtomicBoolean closed = new AtomicBoolean();
        try (ApiClient api = client(config("key", host("a.test", 1)).build())) {
            api.onClose(() -> closed.set(true));
            make.apply(CallScope.of(api)).close();
            return closed.get();
        }
    }
}
