package io.quarry.mockserver.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code @MockServerSettings}: application ID, admin key, seed folder and a fixed clock. */
@ExtendWith(MockServerExtension.class)
@MockServerSettings(
        applicationId = "MYAPP",
        adminKey = "my-admin-key",
        seed = "src/test/resources/settings-seed",
        fixedClock = "2026-03-01T10:00:00Z")
class ExtendWithAllSettingsTest {

    @Test
    void theServerTakesEverySetting(MockServer server) {
        assertThat(server.applicationId()).isEqualTo("MYAPP");
        assertThat(server.adminKey()).isEqualTo("my-admin-key");
        TestClient client = new TestClient(server, "MYAPP", "my-admin-key");
        assertThat(client.get("/1/indexes/books/1").body().get("title").asString())
                .isEqualTo("Dune");
        assertThat(client.get("/1/indexes")
                        .body()
                        .get("items")
                        .get(0)
                        .get("createdAt")
                        .asString())
                .startsWith("2026-03-01T10:00:00");
        assertThat(new TestClient(server, MockServer.DEFAULT_APPLICATION_ID, MockServer.DEFAULT_ADMIN_KEY)
                        .get("/1/indexes")
                        .status())
                .isEqualTo(403);
    }
}
