package io.quarry.personalization;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.Region;
import io.quarry.core.UnprocessableEntityException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded random strategies, with odd names, duplicates and scores of any integer, set through the client and read
 * back from the mock server as they were set; what the client refuses, it refuses with a typed error.
 */
class StrategyRoundTripContractTest {

    private static final long SEED = 2026_1129L;
    /** More rounds with {@code -Dquarry.personalization.rounds=N}. */
    private static final int ROUNDS = Integer.getInteger("quarry.personalization.rounds", 12);

    private static final List<String> NAME_PARTS = List.of(
            "Product viewed",
            "brand",
            "a",
            "é",
            "e\u0301",
            "\ud83d\ude00",
            "\u202eRTL",
            "\u4e2d\u6587",
            "tab\there",
            "quote\"s",
            "back\\slash",
            "-minus",
            "colon:",
            "<score=3>",
            "%41",
            " padded ",
            "nul\u0000");
    private static final List<EventType> TYPES = List.of(EventType.CLICK, EventType.CONVERSION, EventType.VIEW);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final PersonalizationClient client =
            PersonalizationClient.create(MockServerClients.config(MOCK.server()), Region.US);

    @Test
    void everyStrategyTheClientTakesReadsBackAsSetAndCanBeSetAgain() {
        Random random = new Random(SEED);
        for (int round = 0; round < ROUNDS; round++) {
            PersonalizationStrategy strategy = randomStrategy(random);

            client.setStrategy(strategy);
            PersonalizationStrategy read = client.getStrategy();

            assertThat(read).as("seed %d, round %d", SEED, round).isEqualTo(strategy);
            assertThat(client.setStrategy(read).status()).isEqualTo(200);
        }
    }

    @Test
    void whatTheClientRefusesIsATypedErrorNamingTheMember() {
        List<FacetScoring> tooMany = Collections.nCopies(101, FacetScoring.of("brand", 1));

        assertThatThrownBy(() -> client.setStrategy(new PersonalizationStrategy(List.of(), List.of(), -1)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("personalizationImpact");
        assertThatThrownBy(() -> client.setStrategy(
                        new PersonalizationStrategy(List.of(EventScoring.of("", EventType.VIEW, 1)), List.of(), 1)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("eventsScoring[0].eventName");
        // the mock server bounds its lists; the service states no bound, so the client sends them
        assertThatThrownBy(() -> client.setStrategy(new PersonalizationStrategy(List.of(), tooMany, 1)))
                .isInstanceOf(UnprocessableEntityException.class)
                .hasMessageContaining("facetsScoring");
    }

    private static PersonalizationStrategy randomStrategy(Random random) {
        List<EventScoring> events = new ArrayList<>();
        for (int i = random.nextInt(6); i > 0; i--) {
            events.add(EventScoring.of(name(random), TYPES.get(random.nextInt(TYPES.size())), score(random)));
        }
        List<FacetScoring> facets = new ArrayList<>();
        for (int i = random.nextInt(6); i > 0; i--) {
            facets.add(FacetScoring.of(name(random), score(random)));
        }
        return new PersonalizationStrategy(events, facets, random.nextInt(101));
    }

    /** One or two parts: few enough that names repeat within a strategy. */
    private static String name(Random random) {
        String name = NAME_PARTS.get(random.nextInt(NAME_PARTS.size()));
        return random.nextBoolean() ? name : name + NAME_PARTS.get(random.nextInt(NAME_PARTS.size()));
    }

    private static int score(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> 0;
            case 1 -> random.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE;
            case 2 -> -random.nextInt(200);
            default -> random.nextInt(1000);
        };
    }
}
