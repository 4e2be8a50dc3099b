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
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key value the user sets is at most 48 characters, the longest the journal and the log mask whole wherever their
 * cut falls in it: a longer one is refused where it is given (the builder naming its option, a seed with a 400, the
 * command line and the environment naming the option, a seed file at start naming the file), never echoed; one of 48 is taken.
 */
class KeyLengthLimitTest {

    private static final String LONGEST = "k".repeat(47) + "Z";
    private static final String TOO_LONG = LONGEST + "Q";

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void theBuilderRefusesAKeyLongerThan48CharactersNamingTheOption() {
        Map<String, Consumer<String>> options = Map.of(
                "adminKey", key -> MockServer.builder().adminKey(key),
                "monitoringKey", key -> MockServer.builder().monitoringKey(key),
                "usageKey", key -> MockServer.builder().usageKey(key),
                "crawler API key", key -> MockServer.builder().crawlerCredentials("user", key));
        options.forEach((name, option) -> {
            option.accept(LONGEST);
            assertThatThrownBy(() -> option.accept(TOO_LONG))
                    .as(name)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith(name + " must be at most 48 characters long")
                    .hasMessageNotContaining(LONGEST);
        });
    }

    @Test
    void theCommandLineAndTheEnvironmentRefuseALongerKeyNamingTheOption() {
        for (String option : new String[] {"--admin-key", "--monitoring-key", "--usage-key", "--crawler-key"}) {
            assertThatThrownBy(() -> Main.start(new String[] {option, TOO_LONG}, out))
                    .as(option)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith(option + " must be at most 48 characters long")
                    .hasMessageNotContaining(LONGEST);
        }
        assertThatThrownBy(() -> Main.start(new String[0], Map.of("QUARRY_MOCK_ADMIN_KEY", TOO_LONG), out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--admin-key must be at most 48 characters long")
                .hasMessageNotContaining(LONGEST);
        try (MockServer server = Main.start(new String[] {"--admin-key", LONGEST}, out)) {
            assertThat(server.adminKey()).isEqualTo(LONGEST);
        }
    }

    @Test
    void aSeedFileWithALongerKeyRefusesTheStartNamingTheFile(@TempDir Path dir) throws Exception {
        Path seed = Files.writeString(
                dir.resolve("keys.json"),
                "{\"indices\":{},\"keys\":[{\"value\":\"" + TOO_LONG + "\",\"acl\":[\"search\"]}]}");
        assertThatThrownBy(() -> Main.start(new String[] {"--seed", seed.toString()}, out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keys.json")
                .hasMessageContaining("at most 48 characters")
                .hasMessageNotContaining(LONGEST);
    }

    @Test
    void aSeededKeyLongerThan48CharactersIsA400AndSeedsNothing() {
        TestClient admin = new TestClient(MOCK.server());
        String seed = "{\"indices\":{\"seeded\":{}},\"keys\":[{\"value\":\"" + TOO_LONG + "\",\"acl\":[\"search\"]}]}";

        Reply refused = admin.post("/_mock/seed", seed);

        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        assertThat(refused.body().get("message").stringValue())
                .contains("at most 48 characters")
                .doesNotContain(LONGEST);
        assertThat(admin.get("/1/keys/" + TOO_LONG).status()).as("the key").isEqualTo(404);
        assertThat(admin.get("/1/indexes/seeded/settings").status())
                .as("the index")
                .isEqualTo(404);

        admin.post("/_mock/seed", seed.replace(TOO_LONG, LONGEST)).requireOk();
        assertThat(admin.get("/1/keys/" + LONGEST)
                        .requireOk()
                        .body()
                        .get("value")
                        .stringValue())
                .isEqualTo(LONGEST);
    }
}
