package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;
import tools.jackson.databind.JsonNode;

/**
 * A key a request carries where no key belongs (under a mistyped parameter or header name, escaped, in a body member
 * that is no key's, in a path) shows nowhere the server shows the request again: {@code /1/logs}, the console's
 * journal, an error's answer, the server's output. Isolated: it captures the JVM's standard streams.
 */
@Isolated
class KeysInRequestsMaskedHttpTest {

    private static final String ADMIN_KEY = "logs-admin-key-0123456789";
    private static final String INVALID_KEY = "0123456789abcdef0123456789abcdef";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder()
            .configure(server -> server.adminKey(ADMIN_KEY))
            .build();

    private final MockServer server = MOCK.server();
    private final TestClient admin = new TestClient(server);

    @Test
    void noKeyShowsWholeInTheLogsTheJournalErrorsOrTheServersOutput() throws Exception {
        admin.post("/1/indexes/books", jq("{'title':'a'}"));
        String valid = admin.createKey(jq("{'acl':['search','settings','logs']}"));
        List<String> keys = List.of(ADMIN_KEY, valid, INVALID_KEY);
        List<Reply> errors = new ArrayList<>();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream out = System.out;
        PrintStream err = System.err;
        PrintStream capture = new PrintStream(output, true, StandardCharsets.UTF_8);
        System.setOut(capture);
        System.setErr(capture);
        try {
            for (String key : keys) {
                // a key the request is sent with, under a mistyped name: the admin key, a valid key or a wrong one
                TestClient anonymous = new TestClient(server, server.applicationId(), null);
                admin.get("/1/indexes?x-service-api-kye=" + key);
                admin.get("/1/indexes?apiKey=" + key);
                admin.get("/1/indexes?x-service-api-kye=" + escaped(key));
                errors.add(anonymous.get("/1/indexes?x-service-api-kye=" + key));
                errors.add(anonymous.get("/1/indexes?X-Service-API-Kye=" + escaped(key)));
                // the key it is sent with, elsewhere in it too
                TestClient own = new TestClient(server, server.applicationId(), key);
                own.get("/1/indexes/books/settings?" + key + "=1");
                errors.add(own.get("/1/indexes/" + key + "/settings"));
                errors.add(own.post("/1/dictionaries/" + key + "/search", jq("{'query':''}")));
                own.send(own.request("GET", "/1/indexes", null)
                        .header("X-Service-API-Kye", key)
                        .header("User-Agent", "agent " + key)
                        .build());
                own.post("/1/indexes/books/query", jq("{'query':'" + key + "','analyticsTags':['" + key + "']}"));
                if (!key.equals(INVALID_KEY)) {
                    // a key of the application, wherever a request sent with another holds it
                    admin.get("/1/indexes/books/settings?" + key + "=1");
                    errors.add(admin.get("/1/indexes/" + escaped(key) + "/settings"));
                    errors.add(admin.post("/1/dictionaries/" + key + "/search", jq("{'query':''}")));
                    admin.send(admin.request("GET", "/1/indexes", null)
                            .header("User-Agent", "agent " + key)
                            .build());
                    admin.post("/1/indexes/books/query", jq("{'query':'" + key + "','analyticsTags':['" + key + "']}"));
                }
            }
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        assertThat(errors).allSatisfy(reply -> assertThat(reply.status()).isGreaterThanOrEqualTo(400));
        String logs = admin.get("/1/logs?length=1000").requireOk().body().toString();
        StringBuilder journal = new StringBuilder();
        JsonNode entries =
                admin.get("/_mock/console/api/journal?limit=1000").requireOk().body();
        journal.append(entries);
        for (JsonNode entry : entries.get("entries") == null ? entries : entries.get("entries")) {
            if (entry.has("seq")) {
                journal.append(admin.get(
                                "/_mock/console/api/journal/" + entry.get("seq").asLong())
                        .body());
            }
        }
        for (String key : keys) {
            assertThat(logs).as("/1/logs").doesNotContain(key);
            assertThat(journal).as("the console's journal").doesNotContain(key);
            assertThat(errors)
                    .as("the error answers")
                    .allSatisfy(reply -> assertThat(reply.body().toString()).doesNotContain(key));
            assertThat(output.toString(StandardCharsets.UTF_8))
                    .as("the server's output")
                    .doesNotContain(key);
        }
        assertThat(logs).as("the entries are there, masked").contains("x-service-api-kye=[redacted]");
        assertThat(logs).contains("apiKey=[redacted]").contains("agent [redacted]");
    }

    @Test
    void aKeyEscapedInABodyShowsInNoFormInTheLogsTheJournalOrErrors() {
        admin.post("/1/indexes/books", jq("{'title':'a'}"));
        String valid = admin.createKey(jq("{'acl':['search','logs']}"));
        List<String> forms = new ArrayList<>();
        List<Reply> errors = new ArrayList<>();
        for (String key : List.of(ADMIN_KEY, valid, INVALID_KEY)) {
            List<String> escapes = List.of(
                    escaped(key),
                    escaped(key).toLowerCase(Locale.ROOT),
                    key.substring(0, 5) + escaped(key.substring(5, 12)) + key.substring(12),
                    jsonEscaped(key));
            forms.addAll(escapes);
            TestClient own = new TestClient(server, server.applicationId(), key);
            for (String form : escapes) {
                String params = "{\"params\":\"query=" + form + "&hitsPerPage=1\"}";
                if (!key.equals(INVALID_KEY)) {
                    // a key of the application, in a request sent with another
                    admin.post("/1/indexes/books/query", params);
                }
                own.post("/1/indexes/books/query", params);
                // an error's message quoting what the request carried
                errors.add(own.post(
                        "/1/indexes/*/queries",
                        "{\"requests\":[{\"indexName\":\"books\",\"type\":\"" + form + "\"}]}"));
            }
        }
        for (Reply error : errors) {
            assertThat(error.status()).isGreaterThanOrEqualTo(400);
            for (String form : forms) {
                assertThat(error.body().toString()).as("an error answer").doesNotContain(form);
            }
        }
        String logs = admin.get("/1/logs?length=1000").requireOk().body().toString();
        StringBuilder journal = new StringBuilder();
        for (JsonNode entry : admin.get("/_mock/console/api/journal?limit=1000")
                .requireOk()
                .body()
                .get("entries")) {
            journal.append(
                    admin.get("/_mock/console/api/journal/" + entry.get("seq").asLong())
                            .body());
        }
        assertThat(logs).as("the entries are there").contains("query=[redacted]&hitsPerPage=1");
        for (String form : forms) {
            assertThat(logs).as("/1/logs").doesNotContain(form);
            assertThat(journal).as("the console's journal").doesNotContain(form);
        }
    }

    @Test
    void aKeyTheLogsCutFallsInIsMaskedWhole() {
        String valid = admin.createKey(jq("{'acl':['search']}"));
        for (int at = 990; at < 1000; at += 3) {
            String padding = "x".repeat(at - "{\"query\":\"".length() - 1) + " ";
            admin.post("/1/indexes/books/query", "{\"query\":\"" + padding + valid + "\"}");
            String body = admin.get("/1/logs?length=2")
                    .body()
                    .get("logs")
                    .get(0)
                    .get("query_body")
                    .stringValue();
            assertThat(body).as("cut at %d", at).hasSize(1000).doesNotContain(valid.substring(0, 4));
        }
        admin.post("/1/indexes/books/query", "{\"query\":\"" + "x".repeat(2000) + "\"}");
        assertThat(admin.get("/1/logs?length=1")
                        .body()
                        .get("logs")
                        .get(0)
                        .get("query_body")
                        .stringValue())
                .as("a word longer than any key is cut, not dropped")
                .hasSize(1000);
    }

    @Test
    void aKeyEscapedTwiceThatTheLogsCutFallsInShowsNoneOfItsStart() {
        String valid = admin.createKey(jq("{'acl':['search']}"));
        // each character a URL escape whose characters JSON escaped in turn: 18 characters written for each, so the
        // key reaches past what the logs read beyond their cut
        String form = jsonEscaped(escaped(valid));
        String opening = "{\"query\":\"";
        for (int start : new int[] {700, 900, 990}) {
            String kept = opening + "x".repeat(start - opening.length() - 1) + " ";
            admin.post("/1/indexes/books/query", kept + form + "\"}");
            String body = admin.get("/1/logs?length=1")
                    .body()
                    .get("logs")
                    .get(0)
                    .get("query_body")
                    .stringValue();
            assertThat(body).as("the key written from %d", start).isEqualTo(kept);
        }
    }

    @Test
    void aSeededKeyOfTheLongestLengthAcrossTheLogsCutShowsNoneOfItsStart() {
        String longest = ("longest-seeded-key-" + "9f8e7d6c5b4a".repeat(3)).substring(0, 48);
        admin.post("/_mock/seed", "{\"keys\":[{\"value\":\"" + longest + "\",\"acl\":[\"search\"]}]}")
                .requireOk();
        String opening = "{\"query\":\"";
        // percent-encoded, the log reads past its cut far enough to mask it where it stands
        String percent = escaped(longest);
        for (int start = 1000 - percent.length() + 1; start < 1000; start += 7) {
            String kept = opening + "x".repeat(start - opening.length() - 1) + " ";
            admin.post("/1/indexes/books/query", kept + percent + "\"}");
            String body = newestQueryBody();
            assertThat(body).as("percent-encoded from %d", start).startsWith(kept);
            // the mark stands where the key did, cut short itself where the log's cut falls in it
            assertThat("[redacted]\"}").as("percent-encoded from %d", start).startsWith(body.substring(kept.length()));
        }
        // escaped twice it ends past that read: the word it starts goes
        String twice = jsonEscaped(percent);
        for (int start : new int[] {300, 700, 990}) {
            String kept = opening + "x".repeat(start - opening.length() - 1) + " ";
            admin.post("/1/indexes/books/query", kept + twice + "\"}");
            assertThat(newestQueryBody()).as("escaped twice from %d", start).isEqualTo(kept);
        }
    }

    private String newestQueryBody() {
        return admin.get("/1/logs?length=1")
                .body()
                .get("logs")
                .get(0)
                .get("query_body")
                .stringValue();
    }

    /** {@return every character of the key escaped as in a JSON string, as <code>&#92;u0041</code> for {@code A}} */
    private static String jsonEscaped(String key) {
        StringBuilder out = new StringBuilder();
        for (char c : key.toCharArray()) {
            out.append(String.format("\\u%04x", (int) c));
        }
        return out.toString();
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
