package io.quarry.mockserver.internal.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The routes whose bodies the journal reads whole to mask their key members before it keeps their start. */
class KeyRoutesTest {

    @Test
    void routesThatCarryKeysAreTheKeyEndpointsSeedsStateAndTheCrawler() {
        assertThat(AnswerJournal.carriesKeys(route("/1/keys", Access.ADMIN, Operation.ADD_API_KEY)))
                .isTrue();
        assertThat(AnswerJournal.carriesKeys(route("/_mock/seed", Access.CONTROL, Operation.NOT_COUNTED)))
                .isTrue();
        assertThat(AnswerJournal.carriesKeys(route("/_mock/state", Access.CONTROL, Operation.NOT_COUNTED)))
                .isTrue();
        assertThat(AnswerJournal.carriesKeys(route("/1/crawlers", Access.CRAWLER, Operation.NOT_COUNTED)))
                .isTrue();
        assertThat(AnswerJournal.carriesKeys(route("/1/indexes/{indexName}/query", Access.ADMIN, Operation.QUERIES)))
                .isFalse();
    }

    private static Route route(String template, Access access, Operation operation) {
        return new Route("GET", template, access, Set.of(), operation, Work.READ, request -> null);
    }
}
