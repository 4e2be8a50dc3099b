package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import io.quarry.core.DeserializationException;
import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.TypeRef;
import io.quarry.core.internal.base.RecordSettings;
import io.quarry.core.internal.markedfixture.MarkedValue;
import io.quarry.core.internal.unmarkedfixture.UnmarkedValue;
import io.quarry.core.spi.DefaultObjectID;
import io.quarry.core.spi.JsonBodies;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/** A record mapper writes and reads the caller's classes; Quarry's types and the JDK's keep the SDK's mapping. */
class RecordMapperJsonTest {

    record Book(String objectID, String bookTitle, int pageCount) {}

    /** A record holding one of Quarry's types. */
    record Annotated(String bookTitle, FreeFormRecord extraData) {}

    /** A value class whose JSON form the caller's module decides. */
    record Money(long cents) {}

    record Item(String objectID, Money unitPrice) {}

    /** A class whose @JsonValue method the caller's own serializer overrides. */
    static final class Label {
        private final String text;

        Label(String text) {
            this.text = text;
        }

        @JsonValue
        String text() {
            return text;
        }
    }

    private static final Type HITS = TypeRef.parameterized(
                    List.class,
                    TypeRef.parameterized(EnrichedRecord.class, Book.class).type())
            .type();

    private static final String HITS_JSON = """
            [{"objectID":"1","book_title":"Dune","page_count":412,
              "_highlightResult":{"book_title":{"value":"<em>Dune</em>"}}},
             {"objectID":"2","book_title":"Emma","page_count":474}]""";

    private static final RecordMapperJson SNAKE_CASE = new RecordMapperJson(RecordSettings.applyTo(JsonMapper.builder())
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .build());

    private static String written(RecordMapperJson json, Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        json.write(value, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String writtenBySdk(Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Json.write(value, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void recordsAreWrittenByTheRecordMapperWithObjectIDKeptAndQuarrysBodyAround() {
        Map<String, Object> body = JsonBodies.object(
                "requests", List.of(JsonBodies.object("action", "addObject", "body", new Book("1", "Dune", 412))));

        assertThat(written(SNAKE_CASE, body))
                .isEqualTo("{\"requests\":[{\"action\":\"addObject\",\"body\":"
                        + "{\"objectID\":\"1\",\"book_title\":\"Dune\",\"page_count\":412}}]}");
        // the SDK's own mapping is untouched
        assertThat(writtenBySdk(new Book("1", "Dune", 412)))
                .isEqualTo("{\"objectID\":\"1\",\"bookTitle\":\"Dune\",\"pageCount\":412}");
    }

    @Test
    void aDefaultObjectIDIsAddedOnlyWhenTheRecordWritesNone() {
        assertThat(written(SNAKE_CASE, DefaultObjectID.of(new Book(null, "Dune", 412), "generated")))
                .isEqualTo("{\"book_title\":\"Dune\",\"page_count\":412,\"objectID\":\"generated\"}");
        assertThat(written(SNAKE_CASE, DefaultObjectID.of(new Book("own", "Dune", 412), "generated")))
                .isEqualTo("{\"objectID\":\"own\",\"book_title\":\"Dune\",\"page_count\":412}");
    }

    @Test
    void quarrysTypesInsideARecordKeepTheSdksMapping() {
        FreeFormRecord extra =
                FreeFormRecord.builder().put("someKey", 1).put("nothing", null).build();

        assertThat(written(SNAKE_CASE, new Annotated("Dune", extra)))
                .isEqualTo("{\"book_title\":\"Dune\",\"extra_data\":{\"someKey\":1,\"nothing\":null}}");
    }

    @Test
    void aFreeFormRecordInsideARecordIsWrittenWithTheSdksSettingsToo() {
        RecordMapperJson timestamps = new RecordMapperJson(RecordSettings.applyTo(JsonMapper.builder())
                .enable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)
                .build());
        FreeFormRecord extra = FreeFormRecord.builder().put("at", Instant.EPOCH).build();

        assertThat(written(timestamps, new Annotated("Dune", extra)))
                .isEqualTo("{\"bookTitle\":\"Dune\",\"extraData\":{\"at\":\"1970-01-01T00:00:00Z\"}}");
    }

    @Test
    void hitsAreReadByTheRecordMapperWithTheirObjectIDAndGeneratedMembers() {
        List<EnrichedRecord<Book>> hits = SNAKE_CASE.read(HITS_JSON.getBytes(StandardCharsets.UTF_8), HITS);

        assertThat(hits)
                .extracting(EnrichedRecord::record)
                .containsExactly(new Book("1", "Dune", 412), new Book("2", "Emma", 474));
        assertThat(hits).extracting(h -> h.objectID().orElseThrow()).containsExactly("1", "2");
        assertThat(hits.get(0).generatedMembers().names()).containsExactly("_highlightResult");
        // the free-form view is the record as its mapper writes it
        assertThat(hits.get(1).raw().names()).containsExactly("objectID", "book_title", "page_count");
    }

    @Test
    void hitsReadAsTheyArriveDropTheGeneratedMembers() {
        List<EnrichedRecord<Book>> hits = SNAKE_CASE.readDroppingGeneratedMembers(
                new ArrivingBody(new okio.Buffer().writeUtf8(HITS_JSON), Long.MAX_VALUE), HITS);

        assertThat(hits).extracting(EnrichedRecord::record).contains(new Book("1", "Dune", 412));
        assertThat(hits.get(0).objectID()).contains("1");
        assertThatThrownBy(() -> hits.get(0).generatedMembers()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aStrictMapperSeesNoGeneratedMemberButStillRefusesAnUnknownAttribute() {
        RecordMapperJson strict = new RecordMapperJson(JsonMapper.builder()
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build());

        List<EnrichedRecord<Book>> hits = strict.read(HITS_JSON.getBytes(StandardCharsets.UTF_8), HITS);
        assertThat(hits.get(0).record()).isEqualTo(new Book("1", "Dune", 412));
        assertThat(hits.get(0).objectID()).contains("1");
        assertThat(hits.get(0).generatedMembers().names()).containsExactly("_highlightResult");
        List<EnrichedRecord<Book>> lean = strict.readDroppingGeneratedMembers(
                new ArrivingBody(new okio.Buffer().writeUtf8(HITS_JSON), Long.MAX_VALUE), HITS);
        assertThat(lean.get(0).objectID()).contains("1");

        byte[] unknown = "[{\"objectID\":\"1\",\"colour\":\"red\"}]".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> strict.read(unknown, HITS))
                .isInstanceOf(DeserializationException.class)
                .hasMessageContaining("colour");
    }

    @Test
    void theCallersModulesSerializeAndDeserializeTheirTypes() {
        SimpleModule money = new SimpleModule("money")
                .addSerializer(Money.class, new ValueSerializer<Money>() {
                    @Override
                    public void serialize(Money value, JsonGenerator gen, SerializationContext ctxt) {
                        gen.writeString(
                                value.cents() / 100 + "." + String.format(Locale.ROOT, "%02d", value.cents() % 100));
                    }
                })
                .addDeserializer(Money.class, new ValueDeserializer<Money>() {
                    @Override
                    public Money deserialize(JsonParser p, DeserializationContext ctxt) {
                        return new Money(Math.round(Double.parseDouble(p.getString()) * 100));
                    }
                });
        RecordMapperJson json =
                new RecordMapperJson(JsonMapper.builder().addModule(money).build());

        assertThat(written(json, List.of(new Item("1", new Money(1250)))))
                .isEqualTo("[{\"objectID\":\"1\",\"unitPrice\":\"12.50\"}]");
        Type items = TypeRef.parameterized(
                        List.class,
                        TypeRef.parameterized(EnrichedRecord.class, Item.class).type())
                .type();
        List<EnrichedRecord<Item>> read =
                json.read("[{\"objectID\":\"1\",\"unitPrice\":\"12.50\"}]".getBytes(StandardCharsets.UTF_8), items);
        assertThat(read.get(0).record()).isEqualTo(new Item("1", new Money(1250)));
        // a record asked for directly (a fetched object) too
        assertThat(json.<Item>read("{\"unitPrice\":\"0.99\"}".getBytes(StandardCharsets.UTF_8), Item.class))
                .isEqualTo(new Item(null, new Money(99)));
    }

    @Test
    void aClassOfTheCallersWithAJsonValueIsWrittenByTheCallersSerializer() {
        SimpleModule upper = new SimpleModule("label").addSerializer(Label.class, new ValueSerializer<Label>() {
            @Override
            public void serialize(Label value, JsonGenerator gen, SerializationContext ctxt) {
                gen.writeString(value.text().toUpperCase(java.util.Locale.ROOT));
            }
        });
        RecordMapperJson json =
                new RecordMapperJson(JsonMapper.builder().addModule(upper).build());

        assertThat(written(json, new Label("dune"))).isEqualTo("\"DUNE\"");
        assertThat(writtenBySdk(new Label("dune"))).isEqualTo("\"dune\"");
    }

    @Test
    void anExplicitNameIsTheCallersToGive() {
        record Renamed(@JsonProperty("id") String objectID, String bookTitle) {}

        assertThat(written(SNAKE_CASE, new Renamed("1", "Dune"))).isEqualTo("{\"id\":\"1\",\"book_title\":\"Dune\"}");
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({@JsonSubTypes.Type(value = Circle.class, name = "circle")})
    interface Shape {}

    record Circle(String objectID, int radiusCm) implements Shape {}

    @Test
    void polymorphicRecordsKeepTheirTypeInformation() {
        assertThat(written(SNAKE_CASE, List.of(new Circle("c", 3))))
                .isEqualTo("[{\"kind\":\"circle\",\"objectID\":\"c\",\"radius_cm\":3}]");
        Type shapes = TypeRef.parameterized(
                        List.class,
                        TypeRef.parameterized(EnrichedRecord.class, Shape.class).type())
                .type();
        List<EnrichedRecord<Shape>> read = SNAKE_CASE.read(
                "[{\"objectID\":\"c\",\"kind\":\"circle\",\"radius_cm\":3,\"_rankingInfo\":{}}]"
                        .getBytes(StandardCharsets.UTF_8),
                shapes);
        assertThat(read.get(0).record()).isEqualTo(new Circle("c", 3));
    }

    @Test
    void theSdksOwnTypesAreThoseOfPackagesMarkedSdkTypes() throws ClassNotFoundException {
        assertThat(RecordTypes.isQuarrys(MarkedValue.class)).isTrue();
        assertThat(RecordTypes.isCallers(UnmarkedValue.class)).isTrue();
        // the mark, not the name: the core's own unmarked package is no exception
        assertThat(RecordTypes.isCallers(Json.class)).isTrue();
        // a class of a marked package (io.quarry.core) from elsewhere than the mark: a test's, so the caller's
        assertThat(RecordTypes.isCallers(Class.forName("io.quarry.core.EnrichedRecordTest$Book")))
                .isTrue();

        // a marked type keeps the SDK's mapping, a caller's type goes through the record mapper
        assertThat(written(SNAKE_CASE, new MarkedValue("Dune"))).isEqualTo("{\"bookTitle\":\"Dune\"}");
        assertThat(written(SNAKE_CASE, new UnmarkedValue("Dune"))).isEqualTo("{\"book_title\":\"Dune\"}");
        assertThat(written(SNAKE_CASE, List.of(new MarkedValue("Dune"), new Book("1", "Dune", 412))))
                .isEqualTo(
                        "[{\"bookTitle\":\"Dune\"},{\"objectID\":\"1\",\"book_title\":\"Dune\",\"page_count\":412}]");
        assertThat(SNAKE_CASE.<MarkedValue>read(
                        "{\"bookTitle\":\"Dune\"}".getBytes(StandardCharsets.UTF_8), MarkedValue.class))
                .isEqualTo(new MarkedValue("Dune"));
        assertThat(SNAKE_CASE.<UnmarkedValue>read(
                        "{\"book_title\":\"Dune\"}".getBytes(StandardCharsets.UTF_8), UnmarkedValue.class))
                .isEqualTo(new UnmarkedValue("Dune"));
    }

    @Test
    void ownersOfClassesAreTold() {
        assertThat(RecordTypes.isCallers(Book.class)).isTrue();
        assertThat(RecordTypes.isQuarrys(Book.class)).isFalse();
        assertThat(RecordTypes.isQuarrys(FreeFormRecord.class)).isTrue();
        assertThat(RecordTypes.isQuarrys(DefaultObjectID.class)).isTrue();
        assertThat(RecordTypes.isCallers(FreeFormRecord.class)).isFalse();
        for (Class<?> library : List.of(String.class, Map.class, LinkedHashMap.class, int.class, Book[].class)) {
            assertThat(RecordTypes.isCallers(library)).as(library.getName()).isFalse();
            assertThat(RecordTypes.isQuarrys(library)).as(library.getName()).isFalse();
        }
        assertThat(RecordTypes.isCallers(JsonMapper.class)).isFalse();
    }
}
