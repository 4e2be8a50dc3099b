package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ApiException;
import io.quarry.core.Endpoint;
import io.quarry.core.Host;
import io.quarry.core.TransportException;
import io.quarry.core.UnreachableHostsException;
import io.quarry.core.WriteOutcomeUnknownException;
import io.quarry.core.internal.base.MessagePaths;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A path of any length shows in an exception's message at most 1,024 characters long; the exception keeps it. */
class MessagePathsTest {

    private static final Endpoint GET_OBJECT = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");
    private static final String LONG_PATH = "/1/indexes/products/" + "%C3%A9".repeat(2_000);

    @Test
    void anErrorAnswerShowsALongPathCutAndKeepsItWhole() {
        ApiException e = ErrorResponses.toException(
                GET_OBJECT, LONG_PATH, 404, "application/json", "{\"message\":\"ObjectID does not exist\"}", Map.of());

        String shownPath = LONG_PATH.substring(0, MessagePaths.MAX_LENGTH - MessagePaths.CUT.length());
        assertThat(e.getMessage()).isEqualTo("HTTP 404 on GET " + shownPath + "...: ObjectID does not exist");
        assertThat(e.path()).isEqualTo(LONG_PATH);
    }

    @Test
    void failedTriesShowALongPathCut() {
        List<UnreachableHostsException.Attempt> attempts = List.of(new UnreachableHostsException.Attempt(
                Host.of("https://one.example.net"),
                TransportException.failure("connection reset", new IOException("reset")),
                Duration.ofMillis(3)));

        String unreachable = new UnreachableHostsException(GET_OBJECT, LONG_PATH, attempts, null, 1).getMessage();
        String unknown = new WriteOutcomeUnknownException(GET_OBJECT, LONG_PATH, attempts).getMessage();

        for (String message : List.of(unreachable, unknown)) {
            assertThat(message).doesNotContain(LONG_PATH).contains("/1/indexes/products/%C3%A9");
            assertThat(message.length()).isLessThan(MessagePaths.MAX_LENGTH + 300);
        }
    }

    @Test
    void aShortPathShowsWholeAndNoCutSplitsACharacter() {
        assertThat(MessagePaths.shown("/1/indexes/a")).isEqualTo("/1/indexes/a");
        assertThat(MessagePaths.shown(null)).isNull();
        String smile = "\ud83d\ude00";
        String straddling = "a".repeat(MessagePaths.MAX_LENGTH - MessagePaths.CUT.length() - 1) + smile + "tail";
        assertThat(MessagePaths.shown(straddling))
                .isEqualTo("a".repeat(MessagePaths.MAX_LENGTH - MessagePaths.CUT.length() - 1) + MessagePaths.CUT);
    }
}
