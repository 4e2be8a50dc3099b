package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import okhttp3.Connection;
import org.junit.jupiter.api.Test;

class ConnectionUsesTest {

    @Test
    void aConnectionIsIdleSinceItsPreviousRequestStartedAndUnknownOnesAsLongAsCanBe() {
        ConnectionUses uses = new ConnectionUses();
        Connection first = connection();
        Connection second = connection();

        assertThat(uses.sincePreviousRequest(first, 1_000)).isEqualTo(Long.MAX_VALUE);
        assertThat(uses.sincePreviousRequest(first, 1_500)).isEqualTo(500);
        assertThat(uses.sincePreviousRequest(first, 1_500 + ConnectionUses.CHECKED_AFTER))
                .isEqualTo(ConnectionUses.CHECKED_AFTER);
        assertThat(uses.sincePreviousRequest(second, 2_000)).isEqualTo(Long.MAX_VALUE);
    }

    /** A connection no request is ever written to: only its identity counts here. */
    private static Connection connection() {
        return (Connection) Proxy.newProxyInstance(
                Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    if (method.getName().equals("hashCode")) {
                        return System.identityHashCode(proxy);
                    }
                    if (method.getName().equals("equals")) {
                        return proxy == args[0];
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
