package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Rule;
import io.quarry.search.model.TimeRange;
import io.quarry.testsupport.MockServerClients;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A rule whose validity has an end past what an {@code Instant} holds, within a {@code long} or past it (the service
 * keeps it exactly; another tool may have saved it), reads back with that end held at the nearest end of an
 * {@code Instant}'s range, rather than failing the read of the rule and of every page holding it, and saves back as
 * read; the rule beside it reads back as it was saved.
 */
class RuleValidityBeyondInstantContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient admin = SearchClient.create(MockServerClients.config(MOCK.server()));

    @Test
    void endsPastAnInstantReadSaturated() {
        SearchIndex index = admin.index("shop");
        MOCK.server()
                .seed("{\"indices\": {\"shop\": {\"rules\": ["
                        + rule("forever", "{\"from\": -99999999999999999999999, \"until\": 99999999999999999999999}")
                        + ", " + rule("eons", "{\"from\": -9223372036854775808, \"until\": 31556889864403200}")
                        + ", " + rule("week", "{\"from\": 1767225600, \"until\": 1767830400}") + "]}}}");

        TimeRange always = new TimeRange(Instant.MIN, Instant.MAX);
        assertThat(index.rules().get("forever").validity()).containsExactly(always);
        assertThat(index.rules().get("eons").validity()).containsExactly(always);
        // what was read saves back and reads the same
        index.rules().save(index.rules().get("forever"));
        assertThat(index.rules().get("forever").validity()).containsExactly(always);
        List<Rule> rules = index.rules().browse().toList();
        assertThat(rules)
                .extracting(Rule::objectID, Rule::validity)
                .containsExactlyInAnyOrder(
                        tuple("forever", List.of(always)),
                        tuple("eons", List.of(always)),
                        tuple(
                                "week",
                                List.of(TimeRange.between(
                                        Instant.parse("2026-01-01T00:00:00Z"),
                                        Instant.parse("2026-01-08T00:00:00Z")))));
    }

    private static String rule(String objectID, String validity) {
        return "{\"objectID\": \"" + objectID + "\", \"conditions\": [{\"pattern\": \"lamp\", \"anchoring\": \"is\"}],"
                + " \"consequence\": {\"hide\": [{\"objectID\": \"p1\"}]}, \"validity\": [" + validity + "]}";
    }
}
