package io.quarry.mockserver.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.testing.TestClient;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code @MockServerSettings}: a fresh HTTPS server for each test. */
@ExtendWith(MockServerExtension.class)
@MockServerSettings(lifecycle = MockServerExtension.Lifecycle.PER_TEST, https = true)
class ExtendWithSettingsTest {

    private static final Set<String> URLS = new HashSet<>();

    @RepeatedTest(3)
    void eachTestHasItsOwnEmptyServer(MockServer server) {
        assertThat(server.isHttps()).isTrue();
        assertThat(URLS.add(server.url())).isTrue();
        TestClient client = new TestClient(server);
        assertThat(client.get("/1/indexes").body().get("items")).isEmpty();
        client.put("/1/indexes/idx/r", "{}");
    }

    @AfterAll
    static void threeServers() {
        assertThat(URLS).hasSize(3);
    }
}
