package io.quarry.core.spi;

import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.JsonValue;
import io.quarry.core.ApiClient;
import io.quarry.core.FreeFormRecord;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.json.JsonMapper;

/**
 * A class's layout is told only where it is sure: a plain bean or record whose objectID is a {@code String} property
 * has it read from the record, and one whose members can hold no object of unknown members says so; a custom
 * serializer, a {@code @JsonValue}, an any-getter, an unwrapped or typed member, an objectID written otherwise than
 * as its text, and every class of a client with a record mapper are unknown, and are watched as they are written.
 */
class RecordLayoutTest {

    private static final ApiClient API = client(config("key", host("a.test", 1)).build());

    @AfterAll
    static void close() {
        API.close();
    }

    public record Price(double amount, String currency) {}

    public record Product(
            String objectID,
            String name,
            List<String> tags,
            Price price,
            Instant at,
            int stock,
            double rating,
            double[] scores) {}

    public record NoID(String name, long count) {}

    public record Numbered(long objectID) {}

    public record ObjectTyped(String objectID, Object extra) {}

    public record MapTyped(String objectID, Map<String, Object> extra) {}

    public record NodeTyped(String objectID, JsonNode extra) {}

    public record FreeFormTyped(String objectID, FreeFormRecord extra) {}

    /** A nested class holding the member looked for. */
    public record Operation(@JsonProperty("_operation") String operation, int value) {}

    public record Holding(String objectID, Operation count) {}

    public static class Base {
        public String getObjectID() {
            return "b";
        }
    }

    /** A subclass: its own serializer, with its own properties. */
    public static class Sub extends Base {
        public Object getExtra() {
            return null;
        }
    }

    /** An objectID computed from other fields. */
    public static final class Computed {
        private final String sku;

        public Computed(String sku) {
            this.sku = sku;
        }

        public String getSku() {
            return sku;
        }

        public String getObjectID() {
            return "p-" + sku;
        }
    }

    public record Wrapped(@JsonValue Map<String, Object> attributes) {}

    static final class OwnWriter extends ValueSerializer<Custom> {
        @Override
        public void serialize(Custom value, JsonGenerator gen, SerializationContext ctxt) {
            gen.writeStartObject();
            gen.writeNumberProperty("objectID", 1);
            gen.writeEndObject();
        }
    }

    @JsonSerialize(using = OwnWriter.class)
    public record Custom(String objectID) {}

    public record Inner(String objectID) {}

    public record Unwrapping(String name, @JsonUnwrapped Inner inner) {}

    public static final class AnyGetter {
        public String getObjectID() {
            return "a";
        }

        @JsonAnyGetter
        public Map<String, Object> more() {
            return Map.of("objectID", 1);
        }
    }

    public record NonEmpty(
            @JsonInclude(JsonInclude.Include.NON_EMPTY) String objectID) {}

    public record Raw(@JsonRawValue String objectID) {}

    public record ToText(
            @JsonSerialize(using = OwnText.class) String objectID) {}

    static final class OwnText extends ValueSerializer<String> {
        @Override
        public void serialize(String value, JsonGenerator gen, SerializationContext ctxt) {
            gen.writeNumber(7);
        }
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
    public record Typed(String objectID) {}

    public static final class Throwing {
        public String getObjectID() {
            throw new IllegalArgumentException("no ID today");
        }
    }

    public record Ignored(@JsonIgnore String objectID, String name) {}

    private static RecordLayout layout(Class<?> type) {
        return RecordLayout.of(API, type);
    }

    @Test
    void aPlainRecordHasItsObjectIDReadAndItsNestedNamesKnown() {
        RecordLayout layout = layout(Product.class);

        assertThat(layout.knowsObjectID()).isTrue();
        assertThat(layout.objectID(new Product("p1", "n", List.of(), null, null, 1, 4.5, null)))
                .isEqualTo("p1");
        assertThat(layout.objectID(new Product(null, "n", List.of(), null, null, 1, 4.5, null)))
                .isNull();
        assertThat(layout.mayHoldMember("_operation")).isFalse();
        assertThat(layout.mayHoldMember("currency")).isTrue();
    }

    @Test
    void aClassWithoutAnObjectIDWritesNone() {
        assertThat(layout(NoID.class).knowsObjectID()).isTrue();
        assertThat(layout(NoID.class).objectID(new NoID("n", 1))).isNull();
        assertThat(layout(Ignored.class).objectID(new Ignored("i", "n"))).isNull();
        assertThat(layout(NoID.class).mayHoldMember("_operation")).isFalse();
    }

    @Test
    void anObjectIDWrittenOtherwiseThanAsItsTextIsUnknown() {
        for (Class<?> type : List.of(Numbered.class, NonEmpty.class, Raw.class, ToText.class)) {
            assertThat(layout(type).knowsObjectID()).as(type.getSimpleName()).isFalse();
        }
    }

    @Test
    void aMemberThatMayHoldAnyObjectIsNotToldApart() {
        for (Class<?> type :
                List.of(ObjectTyped.class, MapTyped.class, NodeTyped.class, FreeFormTyped.class, Holding.class)) {
            RecordLayout layout = layout(type);
            assertThat(layout.mayHoldMember("_operation"))
                    .as(type.getSimpleName())
                    .isTrue();
            assertThat(layout.knowsObjectID()).as(type.getSimpleName()).isTrue();
        }
    }

    @Test
    void aSubclassIsJudgedOnItsOwnProperties() {
        assertThat(layout(Base.class).mayHoldMember("_operation")).isFalse();
        assertThat(layout(Sub.class).mayHoldMember("_operation")).isTrue();
        assertThat(layout(Sub.class).objectID(new Sub())).isEqualTo("b");
    }

    @Test
    void aComputedObjectIDIsReadThroughItsGetter() {
        assertThat(layout(Computed.class).objectID(new Computed("7"))).isEqualTo("p-7");
    }

    @Test
    void classesWrittenOtherwiseThanByTheirPropertiesAreUnknown() {
        for (Class<?> type : List.of(
                Wrapped.class,
                Custom.class,
                Unwrapping.class,
                AnyGetter.class,
                Typed.class,
                FreeFormRecord.class,
                Map.class,
                String.class)) {
            RecordLayout layout = layout(type);
            assertThat(layout.knowsObjectID()).as(type.getSimpleName()).isFalse();
            assertThat(layout.mayHoldMember("_operation"))
                    .as(type.getSimpleName())
                    .isTrue();
        }
        assertThatIllegalStateException().isThrownBy(() -> layout(Custom.class).objectID(new Custom("c")));
    }

    @Test
    void anAccessorThatFailsIsReportedWithItsCause() {
        assertThatIllegalStateException()
                .isThrownBy(() -> layout(Throwing.class).objectID(new Throwing()))
                .withRootCauseInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aClientWithARecordMapperHasEveryClassWatched() {
        try (ApiClient mapped = client(config("key", host("a.test", 1))
                .recordMapper(JsonMapper.builder().build())
                .build())) {
            RecordLayout layout = RecordLayout.of(mapped, Product.class);
            assertThat(layout.knowsObjectID()).isFalse();
            assertThat(layout.mayHoldMember("_operation")).isTrue();
        }
    }

    @Test
    void theNamesOfANestedRecordAreItsProperties() {
        assertThat(layout(Product.class).mayHoldMember("amount")).isTrue();
        assertThat(Set.of("amount", "currency")).allMatch(layout(Product.class)::mayHoldMember);
    }
}
