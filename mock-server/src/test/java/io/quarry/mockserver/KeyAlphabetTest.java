package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key value the user sets holds only ASCII letters, digits, {@code -} and {@code _}, the characters the journal,
 * the request log and a search's echo find a key by: a key holding another would be masked in parts, or not at all
 * once escaped. One is refused where it is given (the builder naming its option, the command line and the
 * environment naming the option, a seed file at start naming the file, a seed with a 400), never echoed; the help
 * says what a key may hold. The key API gives no way to choose a value: the server draws every key it creates.
 */
class KeyAlphabetTest {

    /** Each holds one character the masking does not take as part of a key, after a secret-looking start. */
    private static final List<String> REFUSED =
            List.of("SecretA.b", "SecretA b", "SecretA+b", "SecretA%41", "SecretA\u00e9", "SecretA\u20ac", "SecretA~");

    private static final String TAKEN = "Secret-Key_0123456789abcdefXYZ";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @Test
    void theBuilderRefusesAKeyWithAnotherCharacterNamingTheOption() {
        Map<String, Consumer<String>> options = Map.of(
                "adminKey", key -> MockServer.builder().adminKey(key),
                "monitoringKey", key -> MockServer.builder().monitoringKey(key),
                "usageKey", key -> MockServer.builder().usageKey(key),
                "crawler API key", key -> MockServer.builder().crawlerCredentials("user", key));
        options.forEach((name, option) -> {
            option.accept(TAKEN);
            for (String key : REFUSED) {
                assertThatThrownBy(() -> option.accept(key))
                        .as(name + " " + key)
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageStartingWith(
                                name + " must hold only ASCII letters, digits, '-' and '_' (character 8")
                        .hasMessageNotContaining("Secret");
            }
        });
    }

    @Test
    void theCommandLineAndTheEnvironmentRefuseItNamingTheOption() {
        for (String option : new String[] {"--admin-key", "--monitoring-key", "--usage-key", "--crawler-key"}) {
            for (String key : REFUSED) {
                assertThatThrownBy(() -> Main.start(new String[] {option, key}, out))
                        .as(option + " " + key)
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageStartingWith(option + " must hold only ASCII letters, digits, '-' and '_'")
                        .hasMessageNotContaining("Secret");
            }
        }
        for (String variable : new String[] {
            "QUARRY_MOCK_ADMIN_KEY", "QUARRY_MOCK_MONITORING_KEY", "QUARRY_MOCK_USAGE_KEY", "QUARRY_MOCK_CRAWLER_KEY"
        }) {
            assertThatThrownBy(() -> Main.start(new String[0], Map.of(variable, "SecretA.b"), out))
                    .as(variable)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageEndingWith("must hold only ASCII letters, digits, '-' and '_' (character 8 is none of"
                            + " them) (from the environment: " + variable + ")")
                    .hasMessageNotContaining("Secret");
        }
        try (MockServer server = Main.start(new String[] {"--admin-key", TAKEN}, out)) {
            assertThat(server.adminKey()).isEqualTo(TAKEN);
        }
    }

    @Test
    void theHelpSaysWhatAKeyMayHold() {
        assertThat(Main.start(new String[] {"--help"}, out)).isNull();

        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("Each KEY is 1 to 48 ASCII letters, digits, '-' and '_'");
    }

    @Test
    void aSeedFileWithSuchAKeyRefusesTheStartNamingTheFile(@TempDir Path dir) throws Exception {
        Path seed = Files.writeString(
                dir.resolve("keys.json"), "{\"indices\":{},\"keys\":[{\"value\":\"SecretA.b\",\"acl\":[\"search\"]}]}");

        assertThatThrownBy(() -> Main.start(new String[] {"--seed", seed.toString()}, out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keys.json")
                .hasMessageContaining("must hold only ASCII letters, digits, '-' and '_'")
                .hasMessageNotContaining("Secret");
    }

    @Test
    void aSeededKeyWithAnotherCharacterIsA400AndSeedsNothing() {
        TestClient admin = new TestClient(MOCK.server());
        for (String key : REFUSED) {
            // the JSON escape keeps every value one JSON string, whatever it holds
            String escaped =
                    key.chars().mapToObj(c -> String.format("\\u%04x", c)).reduce("", String::concat);
            String seed =
                    "{\"indices\":{\"alphabet\":{}},\"keys\":[{\"value\":\"" + escaped + "\",\"acl\":[\"search\"]}]}";

            Reply refused = admin.post("/_mock/seed", seed);

            assertThat(refused.status()).as(key + ": " + refused).isEqualTo(400);
            assertThat(refused.body().get("message").stringValue())
                    .contains("must hold only ASCII letters, digits, '-' and '_' (character 8")
                    .doesNotContain("Secret");
            assertThat(admin.get("/1/indexes/alphabet/settings").status())
                    .as("the index")
                    .isEqualTo(404);
        }
        admin.post("/_mock/seed", "{\"indices\":{},\"keys\":[{\"value\":\"" + TAKEN + "\",\"acl\":[\"search\"]}]}")
                .requireOk();
        assertThat(admin.get("/1/keys/" + TAKEN).requireOk().body().get("value").stringValue())
                .isEqualTo(TAKEN);
    }

    @Test
    void theKeyApiLetsNoOneChooseAValue() {
        TestClient admin = new TestClient(MOCK.server());

        assertThat(admin.put("/1/keys/SecretA~", "{\"acl\":[\"search\"]}").status())
                .as("an update names a key the server drew")
                .isEqualTo(404);
        assertThat(admin.post("/1/keys/SecretA~/restore", "{}").status())
                .as("a restore too")
                .isEqualTo(404);
        String created = admin.post("/1/keys", "{\"acl\":[\"search\"],\"value\":\"SecretA~\"}")
                .requireOk()
                .body()
                .get("key")
                .stringValue();
        assertThat(created)
                .as("a value in the body is no choice")
                .isNotEqualTo("SecretA~")
                .matches("[0-9a-f]{32}");
    }
}
