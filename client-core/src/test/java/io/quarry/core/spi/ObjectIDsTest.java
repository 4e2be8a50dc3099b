package io.quarry.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarry.core.FreeFormRecord;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A record's objectID is found by its class's property, by conversion only when the class could hide it. */
class ObjectIDsTest {

    /** With the property. */
    public record WithID(String objectID, String name) {}

    /** Without it. */
    public record WithoutID(String name) {}

    /** The property under another Java name. */
    public record Renamed(@JsonProperty("objectID") String id) {}

    /** An any-getter that may add it. */
    public static final class Dynamic {
        private final Map<String, Object> extra;

        Dynamic(Map<String, Object> extra) {
            this.extra = extra;
        }

        /** @return the members */
        @JsonAnyGetter
        public Map<String, Object> extra() {
            return extra;
        }
    }

    @Test
    void typedRecords() {
        assertThat(ObjectIDs.present(new WithID("a", "x"))).isTrue();
        assertThat(ObjectIDs.present(new WithID(null, "x"))).isFalse();
        assertThat(ObjectIDs.present(new WithoutID("x"))).isFalse();
        assertThat(ObjectIDs.present(new Renamed("r"))).isTrue();
        assertThat(ObjectIDs.present(new Dynamic(Map.of("objectID", "d")))).isTrue();
        assertThat(ObjectIDs.present(new Dynamic(Map.of("other", "d")))).isFalse();
    }

    @Test
    void mapsFreeFormRecordsAndDefaults() {
        assertThat(ObjectIDs.present(Map.of("objectID", "m"))).isTrue();
        assertThat(ObjectIDs.present(Map.of("name", "m"))).isFalse();
        assertThat(ObjectIDs.present(FreeFormRecord.builder().objectID("f").build()))
                .isTrue();
        assertThat(ObjectIDs.present(DefaultObjectID.of(new WithoutID("x"), "id")))
                .isTrue();
        assertThat(ObjectIDs.present(null)).isFalse();
    }
}
