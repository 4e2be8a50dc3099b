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

/** {@code @ExtendWith} with parameter injection: one server per class, state kept between tests by default. */
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
        assertThat(new TestClient(server).put("/1/indexes/kept/r", "{}").status())
                .isEqualTo(200);
    }

    @Test
    @Order(2)
    void secondTestSeesTheSameServerAndState(MockServer server) {
        assertThat(server).isSameAs(fromBeforeAll);
        assertThat(new TestClient(server).get("/1/indexes/kept/r").status()).isEqualTo(200);
    }

    @Nested
    class NestedTests {
        @Test
        void nestedClassSharesTheEnclosingServer(MockServer server) {
            assertThat(server).isSameAs(fromBeforeAll);
        }
    }
}
