package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.internal.Json;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class FreeFormRecordTest {

    record Book(String objectID, String title, int year) {}

    @Test
    void roundTripsEveryAttributeExactly() {
        String json = "{\"objectID\":\"42\",\"title\":\"Dune\",\"price\":1.10,\"big\":12345678901234567890,"
                + "\"small\":-3,\"none\":null,\"tags\":[\"a\",1,2.50,true,null,{\"x\":[]}],"
                + "\"_highlightResult\":{\"title\":{\"value\":\"<em>Dune</em>\",\"matchLevel\":\"full\"}}}";
        FreeFormRecord record = Json.read(json, FreeFormRecord.class);
        assertThat(record.toString()).isEqualTo(json);
        assertThat(record.names())
                .containsExactly("objectID", "title", "price", "big", "small", "none", "tags", "_highlightResult");
    }

    @Test
    void itsJsonFormIsDeclaredOnTheClassSoAnyMapperKeepsIt() {
        JsonMapper plain = JsonMapper.builder().build();
        String json = "{\"objectID\":\"42\",\"price\":1.10,\"none\":null,\"tags\":[2.50,{\"x\":[]}]}";

        FreeFormRecord record = plain.readValue(json, FreeFormRecord.class);

        assertThat(record.get("price")).isEqualTo(new BigDecimal("1.10"));
        assertThat(plain.writeValueAsString(record)).isEqualTo(json);
    }

    @Test
    void typedGettersReadPlainValues() {
        FreeFormRecord record = Json.read(
                "{\"objectID\":\"42\",\"year\":1965,\"price\":9.5,\"sold\":true,"
                        + "\"tags\":[\"sf\"],\"author\":{\"name\":\"Herbert\"},\"none\":null}",
                FreeFormRecord.class);
        assertThat(record.objectID()).contains("42");
        assertThat(record.getLong("year")).contains(1965L);
        assertThat(record.getDouble("price")).contains(9.5);
        assertThat(record.getBoolean("sold")).contains(true);
        assertThat(record.getList("tags")).contains(List.of("sf"));
        assertThat(record.getRecord("author").flatMap(a -> a.getString("name"))).contains("Herbert");
        assertThat(record.has("none")).isTrue();
        assertThat(record.getString("none")).isEmpty();
        assertThat(record.getString("absent")).isEmpty();
        assertThat(record.get("price")).isEqualTo(new BigDecimal("9.5"));
        assertThatThrownBy(() -> record.getString("year"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'year'");
    }

    @Test
    void builderAndMapsProduceTheSameRecord() {
        FreeFormRecord built = FreeFormRecord.builder()
                .objectID("1")
                .put("title", "Dune")
                .put("year", 1965)
                .put("author", Map.of("name", "Herbert"))
                .build();
        assertThat(built.toString())
                .isEqualTo("{\"objectID\":\"1\",\"title\":\"Dune\",\"year\":1965,\"author\":{\"name\":\"Herbert\"}}");
        assertThat(built.as(Book.class)).isEqualTo(new Book("1", "Dune", 1965));
        assertThat(FreeFormRecord.of(Map.of("objectID", "1")).objectID()).contains("1");
        assertThat(built.toBuilder().remove("author").build().names()).containsExactly("objectID", "title", "year");
    }

    @Test
    void recordsAreImmutable() {
        FreeFormRecord record = FreeFormRecord.builder().put("a", 1).build();
        assertThatThrownBy(() -> record.attributes().put("b", 2)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void fromTakesTheAttributesOfAnySerialisableObject() {
        FreeFormRecord book = FreeFormRecord.from(new Book("42", "Dune", 1965));
        assertThat(book.names()).containsExactly("objectID", "title", "year");
        assertThat(book.objectID()).contains("42");
        assertThat(book.getLong("year")).contains(1965L);
        assertThat(FreeFormRecord.from(Map.of("title", "Dune")).objectID()).isEmpty();
        assertThat(FreeFormRecord.from(book)).isSameAs(book);
    }

    @Test
    void fromRefusesValuesWhoseJsonIsNotAnObject() {
        assertThatThrownBy(() -> FreeFormRecord.from("Dune")).isInstanceOf(DeserializationException.class);
        assertThatThrownBy(() -> FreeFormRecord.from(List.of(1))).isInstanceOf(DeserializationException.class);
        assertThatThrownBy(() -> FreeFormRecord.from(null)).isInstanceOf(NullPointerException.class);
    }

    record Shelf(FreeFormRecord book) {}

    @Test
    void aRecordConvertedThroughAnotherTypeEqualsTheOneReadFromTheSameJson() {
        String json = "{\"year\":1965,\"copies\":-3,\"isbn\":9780441013593,\"big\":12345678901234567890,"
                + "\"price\":1.10,\"tags\":[7,{\"n\":0}]}";
        FreeFormRecord read = Json.read(json, FreeFormRecord.class);

        FreeFormRecord converted = FreeFormRecord.builder()
                .put("book", read)
                .build()
                .as(Shelf.class)
                .book();

        assertThat(converted).isEqualTo(read);
        assertThat(converted.get("year")).isInstanceOf(Integer.class);
        assertThat(converted.get("isbn")).isInstanceOf(Long.class);
    }
}
