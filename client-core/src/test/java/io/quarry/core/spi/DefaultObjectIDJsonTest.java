package io.quarry.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.core.internal.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A record gets the default objectID only when it writes none of its own at its top level. */
class DefaultObjectIDJsonTest {

    /** A typed record without objectID, with a nested object that has one. */
    public record Shoe(String name, Map<String, Object> maker) {}

    /** A typed record with its own objectID, possibly null. */
    public record Sock(String objectID, int size) {}

    /** A typed record whose objectID is a number. */
    public record Hat(long objectID) {}

    @Test
    void typedRecordWithoutObjectIDGetsTheDefaultAtItsTopLevel() {
        Object body = DefaultObjectID.of(new Shoe("runner", Map.of("objectID", "maker-1")), "id-1");

        assertThat(Json.toJsonString(body))
                .isEqualTo("{\"name\":\"runner\",\"maker\":{\"objectID\":\"maker-1\"},\"objectID\":\"id-1\"}");
    }

    @Test
    void typedRecordKeepsItsOwnObjectIDWhateverItsType() {
        assertThat(Json.toJsonString(DefaultObjectID.of(new Sock("s-9", 42), "id-1")))
                .isEqualTo("{\"objectID\":\"s-9\",\"size\":42}");
        assertThat(Json.toJsonString(DefaultObjectID.of(new Hat(7), "id-1"))).isEqualTo("{\"objectID\":7}");
    }

    @Test
    void nullObjectIDIsLeftOutSoTheDefaultIsUsed() {
        assertThat(Json.toJsonString(DefaultObjectID.of(new Sock(null, 42), "id-1")))
                .isEqualTo("{\"size\":42,\"objectID\":\"id-1\"}");
    }

    @Test
    void mapsAndFreeFormRecordsAreCheckedDirectly() {
        Map<String, Object> withID = Map.of("objectID", "m-1");
        assertThat(DefaultObjectID.of(withID, "id-1")).isSameAs(withID);
        assertThat(Json.toJsonString(DefaultObjectID.of(Map.of("a", 1), "id-1")))
                .isEqualTo("{\"a\":1,\"objectID\":\"id-1\"}");

        FreeFormRecord free = FreeFormRecord.builder().put("a", 1).build();
        assertThat(((FreeFormRecord) DefaultObjectID.of(free, "id-1")).objectID())
                .contains("id-1");
    }

    @Test
    void worksInsideALargerBody() {
        Object body = Map.of("requests", List.of(Map.of("body", DefaultObjectID.of(new Sock(null, 1), "id-2"))));

        assertThat(Json.toJsonString(body)).isEqualTo("{\"requests\":[{\"body\":{\"size\":1,\"objectID\":\"id-2\"}}]}");
    }
}
