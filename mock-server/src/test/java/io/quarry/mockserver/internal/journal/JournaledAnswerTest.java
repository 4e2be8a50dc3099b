package io.quarry.mockserver.internal.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A journal entry printed in a log or a debugger shows where the request went, never a key. */
class JournaledAnswerTest {

    private static final String KEY = "a1b2c3d4e5f6secret";

    @Test
    void toStringNamesTheRouteTemplateNotThePathThatCarriesTheKey() {
        Route keyRoute = new Route(
                "GET", "/1/keys/{key}", Access.ADMIN, Set.of(), Operation.NOT_COUNTED, Work.READ, request -> null);

        String shown = answer(keyRoute).toString();

        assertThat(shown).contains("/1/keys/{key}").contains("200").doesNotContain(KEY);
    }

    @Test
    void toStringOfAnUnroutedAnswerShowsNoPath() {
        assertThat(answer(null).toString()).contains("(no route)").doesNotContain(KEY);
    }

    private static JournaledAnswer answer(Route route) {
        return new JournaledAnswer(
                7,
                0,
                0,
                "GET",
                "/1/keys/" + KEY,
                "x-service-api-key=" + KEY,
                false,
                route,
                null,
                200,
                12,
                0,
                0,
                null,
                KEY,
                null,
                new byte[0],
                new byte[0]);
    }
}
