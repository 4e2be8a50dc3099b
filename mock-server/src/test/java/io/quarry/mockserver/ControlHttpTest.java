package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The control endpoints (reset, seed, state, version) and seeding from files, directories and JSON. */
class ControlHttpTest {

    @Test
    void versionEndpointAndHeaderOnEveryResponse() {
        try (MockServer server = MockServer.builder().start()) {
            TestClient client = new TestClient(server);
            Reply version = client.get("/_mock/version");
            assertThat(version.body().get("version").stringValue())
                    .isEqualTo(server.version())
                    .isNotBlank()
                    .doesNotContain("${");
            assertThat(client.get("/1/indexes").headers().firstValue("X-Mock-Server-Version"))
                    .contains(server.version());
            assertThat(new TestClient(server, null, null)
                            .get("/1/indexes")
                            .headers()
                            .firstValue("X-Mock-Server-Version"))
                    .as("errors too")
                    .contains(server.version());
        }
    }

    @Test
    void seedExportAndResetRoundTrip() {
        String seed = jq("{'indices':{'books':{'settings':{'hitsPerPage':4},"
                + "'synonyms':[{'objectID':'s','type':'synonym','synonyms':['a','b']}],"
                + "'records':[{'objectID':'1','title':'Dune'},{'title':'no id'}]}}}");
        try (MockServer server = MockServer.builder().seedJson(seed).start()) {
            TestClient client = new TestClient(server);
            assertThat(client.get("/1/indexes/books/1").body().get("title").stringValue())
                    .isEqualTo("Dune");
            assertThat(client.get("/1/indexes/books/settings")
                            .body()
                            .get("hitsPerPage")
                            .intValue())
                    .isEqualTo(4);
            assertThat(client.get("/1/indexes")
                            .body()
                            .get("items")
                            .get(0)
                            .get("entries")
                            .intValue())
                    .isEqualTo(2);

            client.put("/1/indexes/books/2", "{}");
            client.put("/1/indexes/other/1", "{}");
            Reply reset = client.post("/_mock/reset", null);
            assertThat(reset.status()).isEqualTo(200);
            assertThat(client.get("/1/indexes/books/2").status())
                    .as("back to the startup seed")
                    .isEqualTo(404);
            assertThat(client.get("/1/indexes/books/1").status()).isEqualTo(200);
            assertThat(client.get("/1/indexes").body().get("items")).hasSize(1);

            Reply seeded = client.post("/_mock/seed", jq("{'indices':{'more':{'records':[{'objectID':'m'}]}}}"));
            assertThat(seeded.body().get("indices")).isEqualTo(TestClient.json(jq("['more']")));
            JsonNode state = client.get("/_mock/state").body();
            assertThat(state.get("indices").propertyNames()).containsExactly("books", "more");
            assertThat(state.get("indices")
                            .get("books")
                            .get("settings")
                            .get("hitsPerPage")
                            .intValue())
                    .isEqualTo(4);
            assertThat(state.get("indices").get("books").get("synonyms")).hasSize(1);
            assertThat(state.get("indices").get("books").get("records")).hasSize(2);

            try (MockServer copy =
                    MockServer.builder().seedJson(server.exportState()).start()) {
                assertThat(new TestClient(copy).get("/_mock/state").body()).isEqualTo(state);
            }
            assertThat(client.post("/_mock/seed", jq("{'nope':1}")).status()).isEqualTo(400);
        }
    }

    @Test
    void seedFromAFileAndFromADirectory(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("all.json");
        Files.writeString(file, jq("{'indices':{'a':{'records':[{'objectID':'1'}]}}}"));
        Path folder = Files.createDirectory(dir.resolve("seeds"));
        Files.writeString(folder.resolve("products.json"), jq("[{'objectID':'p1'},{'objectID':'p2'}]"));
        Files.writeString(
                folder.resolve("users.json"), jq("{'settings':{'hitsPerPage':9},'records':[{'objectID':'u'}]}"));
        Files.writeString(folder.resolve("ignored.txt"), "not json");
        // a seed document of keys alone, once taken for an index named "team-keys" and seeding no key
        Files.writeString(
                folder.resolve("team-keys.json"), jq("{'keys':[{'value':'team-search-key','acl':['search']}]}"));
        try (MockServer server = MockServer.builder().seed(file).seed(folder).start()) {
            TestClient client = new TestClient(server);
            assertThat(client.get("/1/indexes/a/1").status()).isEqualTo(200);
            assertThat(client.get("/1/indexes/products/p2").status()).isEqualTo(200);
            assertThat(client.withKey("team-search-key")
                            .post("/1/indexes/products/query", "{}")
                            .status())
                    .isEqualTo(200);
            assertThat(client.get("/1/indexes/team-keys/settings").status()).isEqualTo(404);
            assertThat(client.get("/1/indexes/users/settings")
                            .body()
                            .get("hitsPerPage")
                            .intValue())
                    .isEqualTo(9);
        }
    }

    @Test
    void badSeedsFailTheStartWithAClearError(@TempDir Path dir) throws IOException {
        Path notJson = Files.writeString(dir.resolve("bad.json"), "{oops");
        assertThatThrownBy(() -> MockServer.builder().seed(notJson).start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad.json");
        Path notSeed = Files.writeString(dir.resolve("array.json"), "[]");
        assertThatThrownBy(() -> MockServer.builder().seed(notSeed).start())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MockServer.builder()
                        .seedJson(jq("{'indices':{'a':{'synonyms':[{'objectID':'s','type':'synonym'}]}}}"))
                        .start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("synonym");
        assertThatThrownBy(() -> MockServer.builder().seedJson("[1]")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void embeddedSeedAndResetMethods() {
        try (MockServer server = MockServer.builder().start()) {
            server.seed(jq("{'indices':{'x':{'records':[{'objectID':'1'}]}}}"));
            assertThat(server.exportState()).contains("\"x\"");
            server.reset();
            assertThat(server.exportState()).doesNotContain("\"x\"");
            assertThatThrownBy(() -> server.seed("{broken")).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> server.seed(jq("{'indices':[]}"))).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
