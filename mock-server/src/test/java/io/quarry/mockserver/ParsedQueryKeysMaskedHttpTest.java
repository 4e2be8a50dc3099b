package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * An answer's {@code parsed_query} shows a key its query held as the tokenizer makes it, lower-cased and split at
 * what is no letter or digit; it is masked there too, whatever its case. A word that only equals a key once
 * lower-cased, in a query holding no key, is echoed as it is.
 */
class ParsedQueryKeysMaskedHttpTest {

    private static final String ADMIN_KEY = "MyAdminKey01";
    private static final String PARENT = "Shop-Search_Key-01";
    private static final String HIDDEN = "••••";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.adminKey(ADMIN_KEY))
            .build();

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);

    @BeforeEach
    void seed() {
        server.seed(jq("{'keys':[{'value':'" + PARENT + "','acl':['search','browse']}],"
                + "'indices':{'books':{'records':[{'objectID':'1','title':'red fox'}]}}}"));
    }

    @Test
    void theAdminKeySearchedForIsMaskedInParsedQuery() {
        JsonNode answer = search(admin, "red " + ADMIN_KEY + " fox");

        assertThat(answer.get("query").asString()).isEqualTo("red " + HIDDEN + " fox");
        assertThat(answer.get("parsed_query").asString()).isEqualTo("red " + HIDDEN + " fox");
    }

    @Test
    void anApplicationKeyIsMaskedAsTheTokenizerSplitsIt() {
        JsonNode answer = search(admin, "red " + PARENT);

        assertThat(answer.get("parsed_query").asString())
                .as("the key reads shop search key 01 there")
                .isEqualTo("red " + HIDDEN);
        JsonNode multi = admin.post(
                        "/1/indexes/*/queries",
                        "{\"requests\":[{\"indexName\":\"books\",\"params\":\"query=" + PARENT + "\"}]}")
                .requireOk()
                .body();
        assertThat(multi.path("results").path(0).path("parsed_query").asString())
                .as("a multi-index search's entry")
                .isEqualTo(HIDDEN);
    }

    @Test
    void theSentKeySearchedForIsMaskedInParsedQuery() {
        // a secured key is Base64: capitals, digits and perhaps '+', '/', '='
        String secured = SecuredKeyFactory.generate(PARENT, Map.of("restrictIndices", "books"));
        JsonNode answer = search(admin.withKey(secured), secured + " red");

        assertThat(answer.get("query").asString()).isEqualTo(HIDDEN + " red");
        assertThat(answer.get("parsed_query").asString()).isEqualTo(HIDDEN + " red");
    }

    @Test
    void aKeyEscapedInTheQueryIsMaskedInParsedQueryAsItsEscapesSplitThere() {
        // the tokenizer splits the escapes themselves: %4D%79 reads 4d 79 there, \u004d\u0079 reads u004d u0079
        String[][] forms = {
            {escaped(ADMIN_KEY, "%%%02X"), "the admin key, URL-escaped"},
            {escaped(PARENT, "%%%02x"), "an application key, URL-escaped in lower case"},
            {PARENT.substring(0, 4) + escaped(PARENT.substring(4), "%%%02X"), "an application key, half escaped"},
            {escaped(PARENT, "\\\\u%04x"), "an application key, JSON-escaped as the query's own text"},
        };
        for (String[] form : forms) {
            JsonNode answer = search(admin, "red " + form[0] + " fox");

            assertThat(answer.get("query").asString()).as(form[1]).isEqualTo("red " + HIDDEN + " fox");
            assertThat(answer.get("parsed_query").asString()).as(form[1]).isEqualTo("red " + HIDDEN + " fox");
        }
        String sent = SecuredKeyFactory.generate(PARENT, Map.of("restrictIndices", "books"));
        JsonNode answer = search(admin.withKey(sent), escaped(sent, "%%%02X") + " red");
        assertThat(answer.get("parsed_query").asString())
                .as("the sent key, URL-escaped")
                .isEqualTo(HIDDEN + " red");
    }

    @Test
    void wordsOnlyEqualToAKeyOnceLowerCasedAreEchoedAsTheyAre() {
        for (String query : new String[] {"myadminkey01 red", "MYADMINKEY01", "shop search key 01"}) {
            JsonNode answer = search(admin, query);

            assertThat(answer.get("query").asString()).isEqualTo(query);
            assertThat(answer.get("parsed_query").asString()).doesNotContain(HIDDEN);
        }
    }

    /** {@return each character of the key in the format, as {@code %%%02X} makes {@code %41} of {@code A}} */
    private static String escaped(String key, String format) {
        StringBuilder out = new StringBuilder();
        for (char c : key.toCharArray()) {
            out.append(String.format(format, (int) c));
        }
        return out.toString();
    }

    private static JsonNode search(TestClient client, String query) {
        return client.post("/1/indexes/books/query", "{\"query\":\"" + query + "\"}")
                .requireOk()
                .body();
    }
}
