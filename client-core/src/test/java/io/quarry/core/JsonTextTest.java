package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTextTest {

    record Geo(double lat, String label) {}

    @Test
    void writesValuesAsCompactJsonLeavingNullMembersOut() {
        assertThat(JsonText.write(List.of("a", 1, true))).isEqualTo("[\"a\",1,true]");
        assertThat(JsonText.write(new Geo(48.5, null))).isEqualTo("{\"lat\":48.5}");
        assertThat(JsonText.write("say \"hi\"")).isEqualTo("\"say \\\"hi\\\"\"");
        assertThat(JsonText.write(null)).isEqualTo("null");
        assertThat(JsonText.write(Instant.parse("2026-01-01T00:00:00Z"))).isEqualTo("\"2026-01-01T00:00:00Z\"");
    }

    @Test
    void writesFreeFormRecordsExactly() {
        Map<String, Object> attributes = new LinkedHashMap<>();
        attributes.put("objectID", "1");
        attributes.put("none", null);
        assertThat(JsonText.write(FreeFormRecord.of(attributes))).isEqualTo("{\"objectID\":\"1\",\"none\":null}");
    }

    @Test
    void refusesWhatCannotBeSerialised() {
        Map<String, Object> cyclic = new LinkedHashMap<>();
        cyclic.put("self", cyclic);
        assertThatThrownBy(() -> JsonText.write(cyclic)).isInstanceOf(InvalidRequestException.class);
    }
}
