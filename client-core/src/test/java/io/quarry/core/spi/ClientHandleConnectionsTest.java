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
 * {@link ClientHandle.Connections} replaces the bare boolean of the deprecated constructor: {@code OWNED} closes the
 * client's connections as {@code true} did, {@code SHARED} leaves them open as {@code false} did.
 */
class ClientHandleConnectionsTest {

    /** A module's entry point, built by whichever constructor a test names. */
    static final class Entry extends ClientHandle<Entry> {
        Entry(CallScope scope, Connections connections) {
            super(scope, connections);
        }

        @SuppressWarnings("deprecation") // the form the replacement is compared with
        Entry(CallScope scope, boolean ownsConnections) {
            super(scope, ownsConnections);
        }

        @Override
        protected Entry withScope(CallScope scope) {
            return new Entry(scope, Connections.SHARED);
        }
    }

    @Test
    void ownedClosesTheConnectionsAsTrueDid() {
        assertThat(closesItsApiClient(scope -> new Entry(scope, ClientHandle.Connections.OWNED)))
                .isTrue()
                .isEqualTo(closesItsApiClient(scope -> new Entry(scope, true)));
    }

    @Test
    void sharedLeavesThemOpenAsFalseDid() {
        assertThat(closesItsApiClient(scope -> new Entry(scope, ClientHandle.Connections.SHARED)))
                .isFalse()
                .isEqualTo(closesItsApiClient(scope -> new Entry(scope, false)));
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
                    .isThrownBy(() -> new Entry(CallScope.of(api), (ClientHandle.Connections) null))
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
