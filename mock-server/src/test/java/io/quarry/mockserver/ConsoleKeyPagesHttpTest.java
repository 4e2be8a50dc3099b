package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The console lists the keys 100 a page, as it lists the indices, rather than every key in one answer: each key on
 * exactly one page, in a stable order.
 */
class ConsoleKeyPagesHttpTest {

    private static final int KEYS = 250;

    @Test
    void theKeysComeAHundredAPageEachOnOnePage() {
        try (MockServer server = MockServer.builder().seedJson(keys()).start()) {
            TestClient client = new TestClient(server);
            List<String> listed = new ArrayList<>();
            for (int page = 0; page < 3; page++) {
                JsonNode body = client.get("/_mock/console/api/keys?page=" + page)
                        .requireOk()
                        .body();
                assertThat(body.get("nbKeys").asInt()).isEqualTo(KEYS);
                assertThat(body.get("nbPages").asInt()).isEqualTo(3);
                assertThat(body.get("page").asInt()).isEqualTo(page);
                assertThat(body.get("keys")).hasSize(page < 2 ? 100 : 50);
                body.get("keys")
                        .forEach(key -> listed.add(key.get("description").asString()));
            }
            Set<String> expected = new HashSet<>();
            for (int i = 0; i < KEYS; i++) {
                expected.add("key " + i);
            }
            assertThat(listed).doesNotHaveDuplicates();
            assertThat(new HashSet<>(listed)).isEqualTo(expected);

            assertThat(client.get("/_mock/console/api/keys").requireOk().body().get("keys"))
                    .as("the first page when none is named")
                    .hasSize(100);
            assertThat(client.get("/_mock/console/api/keys?page=3")
                            .requireOk()
                            .body()
                            .get("keys"))
                    .as("past the last page")
                    .isEmpty();
            Reply notANumber = client.get("/_mock/console/api/keys?page=two");
            assertThat(notANumber.status()).isEqualTo(400);
        }
    }

    @Test
    void aKeysLongListsShowTheirStartAndHowManyFollow() {
        try (MockServer server = MockServer.builder().start()) {
            TestClient client = new TestClient(server);
            List<String> referers = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                referers.add("'https://" + "r".repeat(500) + i + ".example/*'");
            }
            client.post("/1/keys", jq("{'acl': ['search'], 'referers': [" + String.join(", ", referers) + "]}"))
                    .requireOk();

            Reply page = client.get("/_mock/console/api/keys").requireOk();

            JsonNode shown = page.body().get("keys").get(0).get("referers");
            assertThat(shown).hasSize(21);
            assertThat(shown.get(0).asString()).hasSizeLessThan(210).endsWith("…");
            assertThat(shown.get(20).asString()).isEqualTo("… 80 more");
            assertThat(page.body().toString()).hasSizeLessThan(6_000);
        }
    }

    private static String keys() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < KEYS; i++) {
            keys.add("{'value': 'console-page-key-" + i + "', 'acl': ['search'], 'description': 'key " + i + "'}");
        }
        return jq("{'keys': [" + String.join(", ", keys) + "]}");
    }
}
