package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A control endpoint named with percent escapes ({@code /%5Fmock/reset}) is the same endpoint to the router, and
 * like it never faulted nor counted as the host's traffic: a rule on every path closed its connection, so a test
 * could not reset a server that way.
 */
@Timeout(30)
class EncodedControlPathsHttpTest {

    @Test
    void escapedControlPathsAreNeverFaultedNorCounted() {
        try (MockServer server = MockServer.builder().start()) {
            TestClient client = new TestClient(server);
            server.faults().share(1.0, 0, "*", "/**", Fault.closeBeforeResponse());
            server.hosts().get(0).faults().next(100, Fault.status(503));
            for (String path : List.of("/%5Fmock/version", "/%5f%6D%6f%63%6B/version", "/_mock/%76ersion")) {
                assertThat(client.get(path).status()).as(path).isEqualTo(200);
            }
            assertThat(server.hosts().get(0).requestCount()).isZero();
            assertThat(client.post("/%5Fmock/reset", null).status()).isEqualTo(200);
            assertThat(server.faults().active()).isZero();
        }
    }
}
