package io.quarry.mockserver.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code @ExtendWith} with parameter injection, by default: one server per class, each test from the seed state. */
@ExtendWith(MockServerExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExtendWithPerClassTest {

    private static MockServer fromBeforeAll;

    @BeforeAll
    static void injectedInBeforeAll(MockServer server) {
        fromBeforeAll = server;
    }

    @Test
    @Order(1)
    void firstTestWrites(MockServer server) {
        assertThat(server).isSameAs(fromBeforeAll);
        TestClient client = new TestClient(server);
        assertThat(client.put("/1/indexes/written/r", "{}").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/written/r").status()).isEqualTo(200);
    }

    @Test
    @Order(2)
    void secondTestSeesTheSameServerInItsSeedState(MockServer server) {
        assertThat(server).isSameAs(fromBeforeAll);
        TestClient client = new TestClient(server);
        assertThat(client.get("/1/indexes/written/r").status()).isEqualTo(404);
        assertThat(client.get("/1/indexes").body().get("items")).isEmpty();
    }

    @Nested
    class NestedTests {
        @Test
        void nestedClassSharesTheEnclosingServerFromTheSeedStateToo(MockServer server) {
            assertThat(server).isSameAs(fromBeforeAll);
            assertThat(new TestClient(server).get("/1/indexes").body().get("items"))
                    .isEmpty();
        }
    }
}
