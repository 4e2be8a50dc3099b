package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * A search, browse or answers answer echoes its request ({@code query}, {@code parsed_query}, {@code params}) with the keys it
 * held masked, as an error's message is: a key a caller searched for, or sent under a parameter a search reads,
 * would otherwise end up wherever the caller logs its answers. What holds no key is echoed as it was sent.
 */
class SearchEchoKeysMaskedHttpTest {

    private static final String ADMIN_KEY = "echo-admin-key-0123456789";
    private static final String HIDDEN = "••••";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.adminKey(ADMIN_KEY))
            .build();

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);

    @Test
    void anAnswerEchoesNoKeyItsRequestHeld() {
        admin.post("/1/indexes/books", jq("{'title':'red fox'}"));
        String valid = admin.createKey(jq("{'acl':['search','browse']}"));
        String other = admin.createKey(jq("{'acl':['search']}"));
        TestClient own = new TestClient(server, server.applicationId(), valid);
        List<JsonNode> answers = new ArrayList<>();
        for (String key : List.of(ADMIN_KEY, valid, other)) {
            for (TestClient client : List.of(admin, own)) {
                answers.add(client.post("/1/indexes/books/query", "{\"query\":\"" + key + "\"}")
                        .requireOk()
                        .body());
                answers.add(client.post(
                                "/1/indexes/books/query",
                                "{\"params\":\"query=" + escaped(key) + "&analyticsTags=%5B%22" + key + "%22%5D\"}")
                        .requireOk()
                        .body());
                answers.add(
                        client.get("/1/indexes/books?query=" + key).requireOk().body());
                JsonNode multi = client.post(
                                "/1/indexes/*/queries",
                                "{\"requests\":[{\"indexName\":\"books\",\"params\":\"query=" + key + "\"},"
                                        + "{\"indexName\":\"books\",\"query\":\"x " + key + "\"}],"
                                        + "\"strategy\":\"stopIfEnoughMatches\"}")
                        .requireOk()
                        .body();
                multi.get("results").forEach(answers::add);
                answers.add(client.post("/1/indexes/books/browse", "{\"params\":\"query=" + key + "&hitsPerPage=1\"}")
                        .requireOk()
                        .body());
            }
        }
        for (String key : List.of(ADMIN_KEY, valid, other)) {
            JsonNode predicted = admin.post(
                            "/1/answers/books/prediction",
                            "{\"query\":\"what " + key + "\",\"queryLanguages\":[\"en\"],\"nbHits\":1}")
                    .requireOk()
                    .body();
            assertThat(predicted.get("query").asString())
                    .as("an answers answer")
                    .isEqualTo("what " + HIDDEN);
        }
        for (JsonNode answer : answers) {
            String params = answer.get("params").asString();
            String decodedParams = URLDecoder.decode(params, StandardCharsets.UTF_8);
            for (String key : List.of(ADMIN_KEY, valid, other)) {
                for (String echo : List.of(
                        answer.path("query").asString(""),
                        answer.path("parsed_query").asString(""),
                        params,
                        decodedParams)) {
                    assertThat(echo).as(answer.toString()).doesNotContain(key).doesNotContain(escaped(key));
                }
            }
            assertThat(decodedParams)
                    .as("params still reads as URL-encoded parameters")
                    .contains("query=");
            assertThat(decodedParams + answer.path("query").asString("")).contains(HIDDEN);
        }

        JsonNode plain = own.post("/1/indexes/books/query", "{\"query\":\"red fox\",\"analyticsTags\":[\"a-b\"]}")
                .requireOk()
                .body();
        assertThat(plain.get("query").asString()).isEqualTo("red fox");
        assertThat(plain.get("parsed_query").asString()).isEqualTo("red fox");
        assertThat(plain.get("params").asString()).isEqualTo("query=red%20fox&analyticsTags=%5B%22a-b%22%5D");
        assertThat(plain.get("nbHits").asInt()).isEqualTo(1);
    }

    /** {@return every character of the key escaped, as {@code %41} for {@code A}} */
    private static String escaped(String key) {
        StringBuilder out = new StringBuilder();
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            out.append(String.format("%%%02X", b));
        }
        return out.toString();
    }
}
