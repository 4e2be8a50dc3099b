package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * One of the application's keys that the journal's cut of a body (2,000 bytes) or of a path and query (500
 * characters) falls in shows none of its start in the console, written plain or escaped: the console masks those
 * keys whole, and a key cut short was no whole key.
 */
class JournalCutKeysHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);

    @Test
    void aKeyTheCutOfABodyOrAQueryFallsInShowsNoneOfItsStart() {
        String key = admin.createKey(jq("{'acl':['search']}"));
        String opening = "{\"query\":\"";
        for (String form : new String[] {key, escaped(key, "%%%02X"), escaped(key, "\\\\u%04x")}) {
            for (int kept : new int[] {4, form.length() / 2, form.length() - 1}) {
                String pad = "x".repeat(2_000 - opening.length() - 1 - kept);
                admin.post("/1/indexes/books/query", opening + pad + " " + form + "\"}");
                String body = detail().get("requestBody").asString();
                assertThat(body).as("%s, %d characters kept", form, kept).endsWith(pad + " ");
            }
        }
        for (String form : new String[] {key, escaped(key, "%%%02x")}) {
            for (int kept : new int[] {4, form.length() / 2, form.length() - 1}) {
                String path = "/1/indexes/books";
                String query = "a=" + "q".repeat(500 - path.length() - 1 - 2 - 3 - kept) + "&b=" + form + "&c=d";
                admin.get(path + "?" + query);
                String shown = admin.get("/_mock/console/api/journal?limit=1")
                        .requireOk()
                        .body()
                        .get("entries")
                        .get(0)
                        .get("path")
                        .asString();
                assertThat(shown).as("%s, %d characters kept", form, kept).endsWith("&b=");
            }
        }
    }

    private JsonNode detail() {
        long seq = admin.get("/_mock/console/api/journal?limit=1")
                .requireOk()
                .body()
                .get("entries")
                .get(0)
                .get("seq")
                .asLong();
        return admin.get("/_mock/console/api/journal/" + seq).requireOk().body();
    }

    /** {@return each character of the key in the format, as {@code %%%02X} makes {@code %41} of {@code A}} */
    private static String escaped(String key, String format) {
        StringBuilder out = new StringBuilder();
        for (char c : key.toCharArray()) {
            out.append(String.format(format, (int) c));
        }
        return out.toString();
    }
}
