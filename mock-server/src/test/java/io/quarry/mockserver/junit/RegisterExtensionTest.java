package io.quarry.mockserver.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.testing.TestClient;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code @RegisterExtension} with a builder: one configured server per class, by default reset before each test. */
class RegisterExtensionTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .lifecycle(MockServerExtension.Lifecycle.PER_CLASS)
            .configure(server -> server.applicationId("EXTAPP")
                    .adminKey("ext-key")
                    .seedJson("{\"indices\":{\"seeded\":{\"records\":[{\"objectID\":\"s\"}]}}}"))
            .build();

    private static final Set<MockServer> SERVERS = new HashSet<>();

    @RepeatedTest(3)
    void eachTestKeepsTheSeedAndDropsTheWritesOfTheOthers(MockServer injected) {
        MockServer server = MOCK.server();
        assertThat(injected).isSameAs(server);
        SERVERS.add(server);
        assertThat(server.applicationId()).isEqualTo("EXTAPP");
        assertThat(server.adminKey()).isEqualTo("ext-key");
        TestClient client = new TestClient(server);
        assertThat(client.get("/1/indexes/seeded/s").status()).isEqualTo(200);
        assertThat(client.get("/1/indexes/written/w").status()).isEqualTo(404);
        client.put("/1/indexes/written/w", "{}");
    }

    @Test
    void outsideATestThereIsNoServer() {
        MockServerExtension unused = MockServerExtension.builder().build();
        assertThatThrownBy(unused::server).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void keepingStateAcrossTheClassNeedsAServerForTheClass() {
        MockServerExtension.Builder builder = MockServerExtension.builder()
                .lifecycle(MockServerExtension.Lifecycle.PER_TEST)
                .state(MockServerExtension.StatePolicy.KEPT_ACROSS_CLASS);
        assertThatThrownBy(builder::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("KEPT_ACROSS_CLASS needs PER_CLASS");
    }

    @AfterAll
    static void oneServerForTheClass() {
        assertThat(SERVERS).hasSize(1);
    }
}
