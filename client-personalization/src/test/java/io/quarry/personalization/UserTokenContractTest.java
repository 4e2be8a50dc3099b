package io.quarry.personalization;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.core.Region;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.personalization.model.DeletedProfile;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.testsupport.MockServerCalls;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * User tokens at their edges: seeded random tokens of allowed and hostile characters, 0 to 70 long, are sent when
 * they are 1 to 64 letters, digits, {@code _} or {@code -} (an unknown user is then a 404) and refused before any
 * call otherwise; a deleted profile starts again from the events sent after the deletion.
 */
class UserTokenContractTest {

    private static final long SEED = 2026_1129_03L;
    /** More tokens with {@code -Dquarry.personalization.tokens=N}. */
    private static final int TOKENS = Integer.getInteger("quarry.personalization.tokens", 30);

    private static final List<String> PIECES = List.of(
            "a",
            "Z",
            "7",
            "_",
            "-",
            "/",
            "%",
            "%2F",
            "..",
            " ",
            "?",
            "#",
            "+",
            ".",
            "é",
            "\u0000",
            "\n",
            "\ud800",
            "\ud83d\ude00");

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final PersonalizationClient client =
            PersonalizationClient.create(MockServerClients.config(MOCK.server()), Region.US);

    @Test
    void aWellFormedTokenIsSentAndAnyOtherRefusedBeforeTheCall() {
        Random random = new Random(SEED);
        int sent = 0;
        for (int i = 0; i < TOKENS; i++) {
            String token = randomToken(random);
            String why = "seed " + SEED + ", token " + i;
            if (wellFormed(token)) {
                sent++;
                assertThatThrownBy(() -> client.getUserProfile(token)).as(why).isInstanceOf(NotFoundException.class);
                assertThatThrownBy(() -> client.deleteUserProfile(token))
                        .as(why)
                        .isInstanceOf(NotFoundException.class);
            } else {
                assertThatThrownBy(() -> client.getUserProfile(token))
                        .as(why)
                        .isInstanceOf(InvalidRequestException.class);
                assertThatThrownBy(() -> client.deleteUserProfileAsync(token))
                        .as(why)
                        .isInstanceOf(InvalidRequestException.class);
            }
        }
        assertThat(sent).as("seed %d: both kinds of token drawn", SEED).isBetween(1, TOKENS - 1);
    }

    @Test
    void aDeletedProfileStartsAgainFromTheEventsSentAfterIt() {
        MockServerCalls calls = new MockServerCalls(MOCK.server());
        MOCK.server()
                .seed("{\"indices\":{\"shop\":{\"settings\":{\"attributesForFaceting\":[\"brand\"]},\"records\":[]}}}");
        client.setStrategy(PersonalizationStrategy.of(
                List.of(EventScoring.of("Viewed", EventType.VIEW, 3)), List.of(FacetScoring.of("brand", 100)), 50));
        String token = "a".repeat(63) + "_";

        calls.send("POST", "/1/events", event(token, "brand:acme"));
        assertThat(client.getUserProfile(token).score("brand", "acme")).hasValue(3.0);
        DeletedProfile deleted = client.deleteUserProfile(token);
        assertThat(deleted.userToken()).isEqualTo(token);
        assertThat(deleted.deletedUntil()).isNotNull();
        assertThatThrownBy(() -> client.getUserProfile(token)).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> client.deleteUserProfile(token)).isInstanceOf(NotFoundException.class);
        calls.send("POST", "/1/events", event(token, "brand:globex"));

        assertThat(client.getUserProfile(token).scores()).containsOnlyKeys("brand");
        assertThat(client.getUserProfile(token).scores().get("brand")).containsOnlyKeys("globex");
    }

    private static String event(String token, String filter) {
        return "{'events':[{'eventType':'view','eventName':'Viewed','index':'shop','userToken':'" + token
                + "','filters':['" + filter + "']}]}";
    }

    private static String randomToken(Random random) {
        StringBuilder token = new StringBuilder();
        int pieces = random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(70);
        boolean hostile = random.nextBoolean();
        for (int i = 0; i < pieces; i++) {
            token.append(PIECES.get(random.nextInt(hostile ? PIECES.size() : 5)));
        }
        return token.toString();
    }

    /** The documented rule, checked character by character. */
    private static boolean wellFormed(String token) {
        if (token.isEmpty() || token.length() > 64) {
            return false;
        }
        for (char c : token.toCharArray()) {
            boolean allowed =
                    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }
}
