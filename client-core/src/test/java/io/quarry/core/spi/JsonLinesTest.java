package io.quarry.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.DeserializationException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** JSON Lines bodies decode line by line, every line, with the SDK's JSON settings. */
class JsonLinesTest {

    record Line(Instant at, String text, int depth) {}

    @Test
    void everyNonBlankLineIsDecodedInOrder() {
        String body = "{\"at\":\"2026-01-31T12:00:00Z\",\"text\":\"a\",\"depth\":0}\n"
                + "\r\n"
                + "{\"text\":\"b\",\"depth\":1,\"unknown\":[1,2]}\r\n"
                + "null\n"
                + "   \n"
                + "{\"text\":\"c\",\"depth\":2}";

        assertThat(JsonLines.read(body, Line.class))
                .containsExactly(
                        new Line(Instant.parse("2026-01-31T12:00:00Z"), "a", 0),
                        new Line(null, "b", 1),
                        new Line(null, "c", 2));
    }

    @Test
    void emptyBodiesGiveEmptyListsAndBadLinesATypedError() {
        assertThat(JsonLines.read(null, Line.class)).isEmpty();
        assertThat(JsonLines.read("", Line.class)).isEmpty();
        assertThatThrownBy(() -> JsonLines.read("{\"text\":\"a\"}\n{not json", Line.class))
                .isInstanceOf(DeserializationException.class);
    }
}
