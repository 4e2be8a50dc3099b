package io.quarry.search.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * A chunk's body judges only the objectID at the top level of each operation's record, as it is written: an
 * {@code objectID} member deeper in a record is the record's own business, and text that reads as a number stays text.
 */
class ObjectIDWatchTest {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    public record Inner(long objectID) {}

    public record Nested(String objectID, Inner inner, List<Inner> list) {}

    public record Numbered(long objectID) {}

    public record Flagged(boolean objectID) {}

    public record Text(String objectID) {}

    /** A typed record whose objectID is written as an object (a map's is judged before its chunk is made). */
    public record ObjectValued(Map<String, Integer> objectID) {}

    private static ChunkBody body(Object... records) {
        List<BatchOperation> operations = java.util.Arrays.stream(records)
                .map(r -> BatchOperation.of(BatchAction.ADD_OBJECT, r))
                .toList();
        return new ChunkBody(operations, 100, null);
    }

    @Test
    void anObjectIDBelowTheTopLevelIsNotJudged() {
        ChunkBody body =
                body(new Nested("n1", new Inner(1), List.of(new Inner(2))), Map.of("child", Map.of("objectID", 3)));

        String json = MAPPER.writeValueAsString(body);

        assertThat(json).contains("\"objectID\":\"n1\"", "\"objectID\":1", "\"objectID\":3");
        assertThat(body.refusal()).isNull();
        assertThat(body.told()).isTrue();
    }

    @Test
    void textThatReadsAsANumberIsText() {
        ChunkBody body = body(new Text("123"), new Text("true"), new Text("-4"));

        MAPPER.writeValueAsString(body);

        assertThat(body.refusal()).isNull();
    }

    @Test
    void aTopLevelObjectIDWrittenAsANumberIsRefusedWithItsPosition() {
        ChunkBody body = body(new Text("a"), new Numbered(7));

        Throwable thrown = catchThrowable(() -> MAPPER.writeValueAsString(body));

        assertThat(thrown).isNotNull();
        assertThat(body.refusal())
                .hasMessageStartingWith("record 101 of the input cannot be saved, so its chunk was not sent: ")
                .hasMessageContaining("its objectID is a number, not a string");
        assertThat(body.told()).isFalse();
    }

    @Test
    void aBooleanOrAnObjectOrTextWithoutUtf8FormIsRefused() {
        assertThat(refusalOf(new Flagged(true))).contains("its objectID is a boolean, not a string");
        assertThat(refusalOf(new ObjectValued(Map.of("a", 1)))).contains("its objectID is an object, not a string");
        assertThat(refusalOf(new Text(""))).contains("its objectID is empty");
        assertThat(refusalOf(new Text("x\uD83D"))).contains("half of a UTF-16 surrogate pair alone");
    }

    private static String refusalOf(Object record) {
        ChunkBody body = body(record);
        catchThrowable(() -> MAPPER.writeValueAsString(body));
        return body.refusal() == null ? "" : body.refusal().getMessage();
    }
}
