package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.DeserializationException;
import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.TypeRef;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Hits decode straight into the caller's type; the generated members stay available on the side. */
class EnrichedRecordJsonTest {

    /** A response model the way a module declares one. */
    record Page<T>(List<EnrichedRecord<T>> hits, int nbHits) {}

    record Product(String objectID, String name, int price) {}

    /** A mutable bean, decoded through setters rather than a creator. */
    static final class Book {
        private String title;

        public String getTitle() {
            return title;
        }

        public void setTitle(String title) {
            this.title = title;
        }
    }

    private static final String RESPONSE = """
            {"hits":[
              {"_rankingInfo":{"nbTypos":1,"userScore":7},
               "objectID":"p1","name":"Phone","price":300,"colour":"red","tags":["a","b"],"ratio":1.10,
               "_highlightResult":{"name":{"value":"<em>Pho</em>ne","matchLevel":"full","matchedWords":["pho"]}},
               "_snippetResult":{"name":{"value":"Phone","matchLevel":"none"}},
               "_distinctSeqID":0},
              {"objectID":"p2","name":"Case","price":20}
            ],"nbHits":2}""";

    /** Decodes a response from an array; {@link EnrichedRecordJsonFromOkioTest} runs every test from okio. */
    <T> Page<T> decode(String json, Class<T> type) {
        return Json.read(json, TypeRef.parameterized(Page.class, type).type());
    }

    @Test
    void typedRecordIsBoundFromTheStoredAttributesAndUnknownOnesAreIgnored() {
        Page<Product> page = decode(RESPONSE, Product.class);

        assertThat(page.nbHits()).isEqualTo(2);
        assertThat(page.hits())
                .extracting(EnrichedRecord::record)
                .containsExactly(new Product("p1", "Phone", 300), new Product("p2", "Case", 20));
        assertThat(page.hits()).extracting(h -> h.objectID().orElseThrow()).containsExactly("p1", "p2");
    }

    @Test
    void generatedMembersAreKeptAsideInTheOrderReceived() {
        EnrichedRecord<Product> hit = decode(RESPONSE, Product.class).hits().get(0);

        FreeFormRecord generated = hit.generatedMembers();
        assertThat(generated.names())
                .containsExactly("_rankingInfo", "_highlightResult", "_snippetResult", "_distinctSeqID");
        assertThat(generated.getRecord("_rankingInfo").orElseThrow().getLong("nbTypos"))
                .contains(1L);
        FreeFormRecord name = generated
                .getRecord("_highlightResult")
                .orElseThrow()
                .getRecord("name")
                .orElseThrow();
        assertThat(name.getString("value")).contains("<em>Pho</em>ne");
        assertThat(name.getList("matchedWords")).contains(List.of("pho"));
        assertThat(generated.getLong("_distinctSeqID")).contains(0L);
        assertThat(hit.generatedMembers()).isSameAs(generated);
    }

    @Test
    void rawViewOfATypedRecordIsItsJsonFormThenTheGeneratedMembers() {
        EnrichedRecord<Product> hit = decode(RESPONSE, Product.class).hits().get(0);

        FreeFormRecord raw = hit.raw();
        assertThat(raw.names())
                .containsExactly(
                        "objectID",
                        "name",
                        "price",
                        "_rankingInfo",
                        "_highlightResult",
                        "_snippetResult",
                        "_distinctSeqID");
        assertThat(raw.getLong("price")).contains(300L);
        assertThat(raw.getRecord("_highlightResult").orElseThrow().names()).containsExactly("name");
    }

    @Test
    void objectIDIsNotedEvenWhenTheRecordTypeHasNone() {
        EnrichedRecord<Book> hit = decode("{\"hits\":[{\"title\":\"Dune\",\"objectID\":\"b7\",\"_x\":{}}]}", Book.class)
                .hits()
                .get(0);

        assertThat(hit.objectID()).contains("b7");
        assertThat(hit.record().getTitle()).isEqualTo("Dune");
    }

    @Test
    void objectIDIsFoundAfterGeneratedMembersAndOnlyAtTheTopLevel() {
        String json =
                "{\"hits\":[{\"_highlightResult\":{\"objectID\":\"inner\"},\"title\":\"T\",\"objectID\":\"late\"},"
                        + "{\"title\":\"N\",\"objectID\":7},{\"shelf\":{\"objectID\":\"nested\"}}]}";

        Page<Book> page = decode(json, Book.class);

        assertThat(page.hits().get(0).objectID()).contains("late");
        assertThat(page.hits().get(1).objectID()).isEmpty();
        assertThat(page.hits().get(2).objectID()).isEmpty();
    }

    /** A bean that declares its objectID, read through setters (the parser's name matching). */
    static final class Shelved {
        private String objectID;
        private Map<String, Object> shelf;

        public void setObjectID(String objectID) {
            this.objectID = objectID;
        }

        public void setShelf(Map<String, Object> shelf) {
            this.shelf = shelf;
        }
    }

    /** A record whose objectID is a number of its own, the hit's being a string. */
    record Numbered(long objectID) {}

    @Test
    void objectIDTheRecordTypeDeclaresIsTheHitsToo() {
        String json =
                "{\"hits\":[{\"shelf\":{\"objectID\":\"inner\"},\"objectID\":\"s1\",\"_x\":1}," + "{\"objectID\":7}]}";

        Page<Shelved> beans = decode(json, Shelved.class);

        assertThat(beans.hits().get(0).record().objectID).isEqualTo("s1");
        assertThat(beans.hits().get(0).record().shelf).containsEntry("objectID", "inner");
        assertThat(beans.hits().get(0).objectID()).contains("s1");
        assertThat(beans.hits().get(0).generatedMembers().names()).containsExactly("_x");
        assertThat(beans.hits().get(1).objectID()).isEmpty();

        EnrichedRecord<Numbered> numbered = decode("{\"hits\":[{\"objectID\":\"42\"}]}", Numbered.class)
                .hits()
                .get(0);
        assertThat(numbered.record().objectID()).isEqualTo(42L);
        assertThat(numbered.objectID()).contains("42");
    }

    /** A record type that takes every attribute it does not declare. */
    static final class Loose {
        private final Map<String, Object> rest = new java.util.LinkedHashMap<>();

        @com.fasterxml.jackson.annotation.JsonAnySetter
        void put(String name, Object value) {
            rest.put(name, value);
        }
    }

    @Test
    void recordTypeWithAnAnySetterReceivesTheGeneratedMembersTooAndTheyStayAvailable() {
        EnrichedRecord<Loose> hit = decode(RESPONSE, Loose.class).hits().get(0);

        assertThat(hit.record().rest).containsKeys("name", "_highlightResult");
        assertThat(hit.generatedMembers().names())
                .containsExactly("_rankingInfo", "_highlightResult", "_snippetResult", "_distinctSeqID");
    }

    /** A polymorphic model whose type id comes after the hits: Jackson buffers the hits' tokens to find it. */
    @com.fasterxml.jackson.annotation.JsonTypeInfo(
            use = com.fasterxml.jackson.annotation.JsonTypeInfo.Id.NAME,
            property = "kind")
    @com.fasterxml.jackson.annotation.JsonSubTypes(
            @com.fasterxml.jackson.annotation.JsonSubTypes.Type(value = KindPage.class, name = "page"))
    interface Kinded {}

    record KindPage(List<EnrichedRecord<Product>> hits) implements Kinded {}

    @Test
    void hitsReplayedFromBufferedTokensStillKeepTheirGeneratedMembersAndObjectID() {
        String json = RESPONSE.substring(0, RESPONSE.lastIndexOf('}')) + ",\"kind\":\"page\"}";

        KindPage page = (KindPage) Json.<Kinded>read(json, Kinded.class);

        EnrichedRecord<Product> hit = page.hits().get(0);
        assertThat(hit.record()).isEqualTo(new Product("p1", "Phone", 300));
        assertThat(hit.objectID()).contains("p1");
        assertThat(hit.generatedMembers().names())
                .containsExactly("_rankingInfo", "_highlightResult", "_snippetResult", "_distinctSeqID");
        assertThat(page.hits().get(1).objectID()).contains("p2");
    }

    @Test
    void generatedMembersBetweenAndAroundNestedValuesAreDivertedOnlyAtTheTopLevel() {
        String json = "{\"hits\":[{\"_a\":[1,{\"_b\":2}],\"shelf\":{\"_inner\":\"kept\",\"row\":3},"
                + "\"_c\":{\"d\":[{}]},\"tags\":[\"x\",\"y\"],\"_e\":null}]}";

        EnrichedRecord<Stock> hit = decode(json, Stock.class).hits().get(0);

        assertThat(hit.record()).isEqualTo(new Stock(new Shelf("kept", 3), List.of("x", "y")));
        assertThat(hit.generatedMembers().names()).containsExactly("_a", "_c", "_e");
        assertThat(hit.generatedMembers().getList("_a"))
                .hasValueSatisfying(a -> assertThat(a).hasSize(2));
    }

    record Shelf(
            @com.fasterxml.jackson.annotation.JsonProperty("_inner")
            String inner,

            int row) {}

    record Stock(Shelf shelf, List<String> tags) {}

    @Test
    void recordTypeThatIgnoresEveryMemberStillLeavesTheGeneratedOnesAside() {
        EnrichedRecord<Empty> hit = decode(
                        "{\"hits\":[{\"a\":{\"b\":1},\"_rankingInfo\":{\"nbTypos\":0}}]}", Empty.class)
                .hits()
                .get(0);

        assertThat(hit.generatedMembers().names()).containsExactly("_rankingInfo");
    }

    @com.fasterxml.jackson.annotation.JsonIgnoreProperties(ignoreUnknown = true)
    record Empty() {}

    @Test
    void hitWithoutGeneratedMembersHasAnEmptySide() {
        EnrichedRecord<Product> hit = decode(RESPONSE, Product.class).hits().get(1);

        assertThat(hit.generatedMembers().names()).isEmpty();
        assertThat(hit.raw().names()).containsExactly("objectID", "name", "price");
        assertThat(hit.objectID()).contains("p2");
    }

    @Test
    void freeFormRecordKeepsEveryAttributeGeneratedOnesIncluded() {
        EnrichedRecord<FreeFormRecord> hit =
                decode(RESPONSE, FreeFormRecord.class).hits().get(0);

        assertThat(hit.record().names())
                .containsExactly(
                        "_rankingInfo",
                        "objectID",
                        "name",
                        "price",
                        "colour",
                        "tags",
                        "ratio",
                        "_highlightResult",
                        "_snippetResult",
                        "_distinctSeqID");
        assertThat(hit.raw()).isSameAs(hit.record());
        assertThat(hit.objectID()).contains("p1");
        assertThat(hit.generatedMembers().names())
                .containsExactly("_rankingInfo", "_highlightResult", "_snippetResult", "_distinctSeqID");
    }

    @Test
    @SuppressWarnings("unchecked")
    void mapRecordKeepsEveryAttribute() {
        EnrichedRecord<Map<String, Object>> hit = (EnrichedRecord<Map<String, Object>>)
                (EnrichedRecord<?>) decode(RESPONSE, Map.class).hits().get(0);

        assertThat(hit.record()).containsKeys("objectID", "colour", "_highlightResult", "_rankingInfo");
        assertThat(hit.generatedMembers().names())
                .containsExactly("_rankingInfo", "_highlightResult", "_snippetResult", "_distinctSeqID");
    }

    @Test
    void beanRecordIsBoundThroughItsSetters() {
        EnrichedRecord<Book> hit = decode(
                        "{\"hits\":[{\"_score\":1,\"title\":\"Dune\",\"objectID\":\"b\"}]}", Book.class)
                .hits()
                .get(0);

        assertThat(hit.record().getTitle()).isEqualTo("Dune");
        assertThat(hit.objectID()).contains("b");
        assertThat(hit.generatedMembers().getLong("_score")).contains(1L);
    }

    @Test
    void generatedMembersKeepEveryCharacterAndTheExactNumbers() {
        String generated = "{\"_highlightResult\":{\"name\":{\"value\":\"a \\\"quoted\\\" \\\\ back\\nslash\\u0001 "
                + "caf\u00e9 \u20ac \ud83d\ude00 <em>x</em>\",\"matchedWords\":[],\"fully\":true}},"
                + "\"_rankingInfo\":{\"a\":1.10,\"b\":-0.5e3,\"c\":12345678901234567890,\"d\":false,\"e\":null,"
                + "\"f\":{},\"g\":[[1,[2]],{\"h\":\"\"}]},\"_\\u00e9t\u00e9\":\"k\"}";
        String hit = "{\"objectID\":\"p\"," + generated.substring(1);

        EnrichedRecord<Product> decoded =
                decode("{\"hits\":[" + hit + "]}", Product.class).hits().get(0);

        FreeFormRecord expected = Json.read(generated, FreeFormRecord.class);
        assertThat(decoded.generatedMembers()).isEqualTo(expected);
        assertThat(decoded.generatedMembers()
                        .getRecord("_highlightResult")
                        .orElseThrow()
                        .getRecord("name")
                        .orElseThrow()
                        .getString("value")
                        .orElseThrow())
                .isEqualTo("a \"quoted\" \\ back\nslash\u0001 caf\u00e9 \u20ac \ud83d\ude00 <em>x</em>");
        FreeFormRecord ranking =
                decoded.generatedMembers().getRecord("_rankingInfo").orElseThrow();
        assertThat(ranking.get("a")).isEqualTo(new BigDecimal("1.10"));
        assertThat(ranking.get("c")).isEqualTo(new java.math.BigInteger("12345678901234567890"));
        assertThat(decoded.generatedMembers().getString("_\u00e9t\u00e9")).contains("k");
    }

    @Test
    void longGeneratedMembersSpanningManyChunksComeBackWhole() {
        String longText = "w\u00e9".repeat(5000);
        StringBuilder hits = new StringBuilder("{\"hits\":[");
        for (int i = 0; i < 5; i++) {
            hits.append(i == 0 ? "" : ",")
                    .append("{\"objectID\":\"p")
                    .append(i)
                    .append("\",\"_snippetResult\":\"")
                    .append(longText)
                    .append(i)
                    .append("\"}");
        }
        Page<Product> page = decode(hits.append("]}").toString(), Product.class);

        for (int i = 0; i < 5; i++) {
            assertThat(page.hits().get(i).generatedMembers().getString("_snippetResult"))
                    .contains(longText + i);
        }
    }

    @Test
    void generatedMembersSurviveAnyWhitespaceAroundThem() {
        String json = "{ \"hits\" : [ { \"_a\" :\t\"x\" ,\n \"objectID\" : \"p\" , \"_b\"\r\n:  -1.5e2 ,"
                + " \"_c\" : [ true , null ] , \"_d\" : 7 } ] }";

        EnrichedRecord<Product> hit = decode(json, Product.class).hits().get(0);

        FreeFormRecord generated = hit.generatedMembers();
        assertThat(generated.names()).containsExactly("_a", "_b", "_c", "_d");
        assertThat(generated.getString("_a")).contains("x");
        assertThat(generated.get("_b")).isEqualTo(new BigDecimal("-1.5e2"));
        assertThat(generated.getList("_c"))
                .hasValueSatisfying(c -> assertThat(c).containsExactly(true, null));
        assertThat(generated.getLong("_d")).contains(7L);
        assertThat(hit.objectID()).contains("p");
    }

    /** A response model of the caller's, converted from values already decoded rather than parsed from a body. */
    record ProductPage(List<EnrichedRecord<Product>> hits) {}

    @Test
    void hitsConvertedFromDecodedValuesKeepTheirGeneratedMembersToo() {
        FreeFormRecord page = FreeFormRecord.builder()
                .put(
                        "hits",
                        List.of(Map.of(
                                "objectID", "p", "name", "Lamp", "price", 5, "_rankingInfo", Map.of("nbTypos", 2))))
                .build();

        EnrichedRecord<Product> hit = page.as(ProductPage.class).hits().get(0);

        assertThat(hit.record()).isEqualTo(new Product("p", "Lamp", 5));
        assertThat(hit.generatedMembers()
                        .getRecord("_rankingInfo")
                        .orElseThrow()
                        .getLong("nbTypos"))
                .contains(2L);
        assertThat(hit.raw().names()).contains("objectID", "_rankingInfo");
    }

    record Place(
            String objectID,

            @com.fasterxml.jackson.annotation.JsonProperty("_geoloc")
            Map<String, Double> geoloc,

            @com.fasterxml.jackson.annotation.JsonProperty("_tags")
            List<String> tags) {}

    @Test
    void reservedStoredAttributesStartingWithAnUnderscoreReachTheRecord() {
        String json = "{\"hits\":[{\"objectID\":\"x\",\"_geoloc\":{\"lat\":1.5,\"lng\":2.0},\"_tags\":[\"t\"],"
                + "\"_rankingInfo\":{\"geoDistance\":3}}]}";

        EnrichedRecord<Place> hit = decode(json, Place.class).hits().get(0);

        assertThat(hit.record()).isEqualTo(new Place("x", Map.of("lat", 1.5, "lng", 2.0), List.of("t")));
        assertThat(hit.generatedMembers().names()).containsExactly("_rankingInfo");
        assertThat(decode(json, FreeFormRecord.class)
                        .hits()
                        .get(0)
                        .generatedMembers()
                        .names())
                .containsExactly("_rankingInfo");
    }

    @Test
    void mismatchNamesTheTypeAndThePathInsideTheHit() {
        assertThatThrownBy(() -> decode("{\"hits\":[{\"objectID\":\"p\",\"price\":\"cheap\"}]}", Product.class))
                .isInstanceOfSatisfying(
                        DeserializationException.class,
                        e -> assertThat(e.getMessage()).contains("hits").contains("price"));
    }

    @Test
    void hitThatIsNotAnObjectIsADeserializationError() {
        assertThatThrownBy(() -> decode("{\"hits\":[42]}", Product.class)).isInstanceOf(DeserializationException.class);
    }

    @Test
    void builtFromAFreeFormRecordTheSameWay() {
        FreeFormRecord raw = FreeFormRecord.builder()
                .objectID("p9")
                .put("name", "Lamp")
                .put("price", 5)
                .put("_rankingInfo", Map.of("nbTypos", 0))
                .build();

        EnrichedRecord<Product> hit = EnrichedRecord.of(raw, Product.class);

        assertThat(hit.record()).isEqualTo(new Product("p9", "Lamp", 5));
        assertThat(hit.generatedMembers().names()).containsExactly("_rankingInfo");
        assertThat(hit.raw()).isSameAs(raw);
    }
}
