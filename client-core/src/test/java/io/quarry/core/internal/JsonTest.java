package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonValue;
import io.quarry.core.DeserializationException;
import io.quarry.core.spi.MapValue;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.ser.jackson.JsonValueSerializer;

class JsonTest {

    enum Level {
        INFO,
        ERROR,
        @JsonEnumDefaultValue
        UNKNOWN
    }

    enum Plain {
        A,
        B
    }

    record Line(String message, Level level, Plain plain, Instant at, Integer optional) {}

    record Page(List<Line> hits) {}

    /** A body whose JSON form is a map, as the modules' query and request types have. */
    static final class Params {
        private final Map<String, Object> values;

        Params(Map<String, Object> values) {
            this.values = values;
        }

        @JsonValue
        Map<String, Object> json() {
            return values;
        }
    }

    /** A JSON form that is itself a JSON-value type. */
    record Wrapped(Params params) {
        @JsonValue
        Params json() {
            return params;
        }
    }

    /** A request value as the modules declare theirs. */
    static final class Query extends MapValue<Query> {
        Query(Map<String, Object> members) {
            super(members);
        }

        @Override
        protected Query withMembers(Map<String, Object> members) {
            return new Query(members);
        }

        Query set(String name, Object value) {
            return with(name, value);
        }
    }

    private static String written(Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Json.write(value, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void ignoresUnknownMembersAndMapsUnknownEnumValuesToTheFallbackOrNull() {
        Line line =
                Json.read("{\"message\":\"m\",\"level\":\"DEBUG\",\"plain\":\"Z\",\"extra\":{\"x\":1}}", Line.class);
        assertThat(line.message()).isEqualTo("m");
        assertThat(line.level()).isEqualTo(Level.UNKNOWN);
        assertThat(line.plain()).isNull();
    }

    @Test
    void parsersLeaveMemberNamesUninternedForFacetValuesAreNamesThatNeverRepeat() {
        String name = "facet value " + System.nanoTime();
        String pooled = new String(name.toCharArray()).intern();
        byte[] json = ("{\"" + name + "\":20}").getBytes(StandardCharsets.UTF_8);
        try (JsonParser parser = Json.parser(json, 0, json.length)) {
            parser.nextToken();
            parser.nextToken();
            assertThat(parser.currentName()).isEqualTo(name).isNotSameAs(pooled);
        }
    }

    @Test
    void writesAJsonValueTypeAsItsJsonFormAsJacksonWould() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("query", "phone");
        values.put("hitsPerPage", 20);
        values.put("nested", new Params(Map.of("a", 1)));
        Params params = new Params(values);
        String expected = "{\"query\":\"phone\",\"hitsPerPage\":20,\"nested\":{\"a\":1}}";
        assertThat(written(params)).isEqualTo(expected);
        assertThat(written(new Wrapped(params))).isEqualTo(expected);
        assertThat(written(List.of(params))).isEqualTo("[" + expected + "]");
        assertThat(written(new Params(null))).isEqualTo("null");
    }

    @Test
    void writesAMapValueAsItsMembersAsJacksonWould() {
        Query query = new Query(Map.of()).set("query", "phone").set("nested", new Params(Map.of("a", 1)));
        assertThat(written(query))
                .isEqualTo(Json.toJsonString(query))
                .isEqualTo("{\"query\":\"phone\",\"nested\":{\"a\":1}}");
    }

    @Test
    void theMapValueShortcutCallsTheFinalMethodJacksonWouldUse() {
        Method json = Json.mapValueJsonMethod();
        assertThat(json.getAnnotation(JsonValue.class)).isNotNull();
        assertThat(Modifier.isFinal(json.getModifiers())).isTrue();
        assertThat(Json.serializerFor(Query.class)).isInstanceOf(JsonValueSerializer.class);
    }

    @Test
    void writesJavaTimeAsIsoStringsAndOmitsNulls() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Json.write(new Line("m", Level.INFO, null, Instant.parse("2026-01-02T03:04:05.678Z"), null), out);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo("{\"message\":\"m\",\"level\":\"INFO\",\"at\":\"2026-01-02T03:04:05.678Z\"}");
        assertThat(Json.<Line>read("{\"at\":\"2026-01-02T03:04:05.678Z\"}", Line.class)
                        .at())
                .isEqualTo(Instant.parse("2026-01-02T03:04:05.678Z"));
    }

    @Test
    void typeMismatchNamesTheTypeAndTheJsonPath() {
        String json = "{\"hits\":[{\"message\":\"ok\"},{\"optional\":\"not a number\"}]}";
        assertThatThrownBy(() -> Json.read(json.getBytes(StandardCharsets.UTF_8), Page.class))
                .isInstanceOfSatisfying(DeserializationException.class, e -> {
                    assertThat(e.targetType()).isEqualTo(Page.class.getName());
                    assertThat(e.jsonPath()).isEqualTo("$.hits[1].optional");
                    assertThat(e.getMessage()).contains(Page.class.getName()).contains("$.hits[1].optional");
                });
    }

    @Test
    void malformedJsonNamesTheLocation() {
        assertThatThrownBy(() -> Json.read("{\"hits\": [tru", Page.class))
                .isInstanceOfSatisfying(
                        DeserializationException.class,
                        e -> assertThat(e.getMessage()).contains("malformed JSON at line 1"));
    }
}
