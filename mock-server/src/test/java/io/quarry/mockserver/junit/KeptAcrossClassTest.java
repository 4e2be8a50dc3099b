package io.quarry.mockserver.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension.StatePolicy;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/** The opt-in of {@code @MockServerSettings}: what {@code @BeforeAll} and each test write stays for the next. */
@ExtendWith(MockServerExtension.class)
@MockServerSettings(state = StatePolicy.KEPT_ACROSS_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KeptAcrossClassTest {

    @BeforeAll
    static void writesOnceForTheClass(MockServer server) {
        assertThat(new TestClient(server).put("/1/indexes/catalogue/a", "{}").status())
                .isEqualTo(200);
    }

    @Test
    @Order(1)
    void firstTestSeesTheClassStateAndWrites(MockServer server) {
        TestClient client = new TestClient(server);
        assertThat(client.get("/1/indexes/catalogue/a").status()).isEqualTo(200);
        assertThat(client.put("/1/indexes/catalogue/b", "{}").status()).isEqualTo(200);
    }

    @Test
    @Order(2)
    void secondTestSeesWhatTheFirstWrote(MockServer server) {
        TestClient client = new TestClient(server);
        assertThat(client.get("/1/indexes/catalogue/a").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/catalogue/b").status()).isEqualTo(200);
    }
}
