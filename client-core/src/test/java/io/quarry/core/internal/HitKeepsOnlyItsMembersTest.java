package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.TypeRef;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a decoded hit keeps of its response: for a call that keeps generated members, nothing when it has none, and
 * else only their bytes, never the rest of the hit or of the body, the members served when asked for; for a call that
 * does not (a search that did not ask), nothing at all, whichever way the body arrived, its objectID still answered.
 */
class HitKeepsOnlyItsMembersTest {

    /** How a module says to ask for each member (the core knows no module's parameters). */
    static final Map<String, String> HOW_TO_ASK = Map.of(
            "_highlightResult", "in the query (attributesToHighlight)",
            "_snippetResult", "in the query (attributesToSnippet)",
            "_rankingInfo", "in the query (getRankingInfo)");

    record Page<T>(List<EnrichedRecord<T>> hits) {}

    record Product(String name, int price) {}

    /** Reads its objectID as text: read straight from the parser, the objectID read back from it. */
    record Sku(String objectID, String name, int price) {}

    /** Reads its objectID as any value: read through the parser of ours, the objectID taken from the answer. */
    record LooseSku(Object objectID, String name, int price) {}

    private static final String HIGHLIGHT =
            "{\"name\":{\"value\":\"<em>Pho</em>ne\",\"matchLevel\":\"full\",\"matchedWords\":[\"pho\"]}}";

    private static final String RESPONSE = "{\"hits\":["
            + "{\"objectID\":\"p1\",\"name\":\"Phone\",\"price\":300,\"_highlightResult\":" + HIGHLIGHT + "},"
            + "{\"objectID\":\"p2\",\"name\":\"Case\",\"price\":20}]}";

    /** A record type that reads the generated members itself. */
    static final class Bag {
        final java.util.Map<String, Object> all = new java.util.LinkedHashMap<>();

        @com.fasterxml.jackson.annotation.JsonAnySetter
        void put(String name, Object value) {
            all.put(name, value);
        }
    }

    private static final java.lang.reflect.Type PAGE =
            TypeRef.parameterized(Page.class, Product.class).type();

    /** The same body dropping generated members, as it arrives and as it is held whole in an array. */
    private static List<Page<Product>> decodeDropping() {
        return decodeDropping(Product.class);
    }

    private static <T> List<Page<T>> decodeDropping(Class<T> type) {
        byte[] json = RESPONSE.getBytes(StandardCharsets.UTF_8);
        java.lang.reflect.Type page = TypeRef.parameterized(Page.class, type).type();
        return List.of(
                Json.readDroppingGeneratedMembers(
                        new ArrivingBody(EnrichedRecordJsonFromOkioTest.inSmallSegments(json), Long.MAX_VALUE), page),
                Json.readDroppingGeneratedMembers(java.util.Arrays.copyOf(json, json.length + 64), json.length, page));
    }

    @Test
    void aCallThatKeepsNoGeneratedMembersKeepsNoHitBytesAndStillAnswersTheObjectID() {
        for (Page<Product> page : decodeDropping()) {
            EnrichedRecord<Product> highlighted = page.hits().get(0);
            EnrichedRecord<Product> plain = page.hits().get(1);

            assertThat(kept(highlighted)).as("one shared answer").isSameAs(kept(plain));
            assertThat(kept(highlighted)).isNotInstanceOf(HitMembers.class).isNotInstanceOf(HitBytes.class);
            assertThat(fieldsOf(kept(highlighted)))
                    .as("the answer holds nothing")
                    .isEmpty();
            assertThat(highlighted.record()).isEqualTo(new Product("Phone", 300));
            // the record type has no objectID: it comes from the answer
            assertThat(highlighted.objectID()).contains("p1");
            assertThat(plain.objectID()).contains("p2");
            assertThatThrownBy(highlighted::generatedMembers)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("keepGeneratedMembers()");
            assertThat(highlighted.raw().names()).containsExactly("name", "price");
        }
    }

    @Test
    void aRecordTypeReadingItsObjectIDAsTextKeepsNothingAndAnswersItsObjectID() {
        for (Page<Sku> page : decodeDropping(Sku.class)) {
            EnrichedRecord<Sku> highlighted = page.hits().get(0);
            assertThat(highlighted.record()).isEqualTo(new Sku("p1", "Phone", 300));
            assertThat(highlighted.objectID()).contains("p1");
            assertThat(page.hits().get(1).objectID()).contains("p2");
            assertThat(fieldsOf(kept(highlighted))).isEmpty();
            assertThatThrownBy(highlighted::generatedMembers).isInstanceOf(IllegalStateException.class);
            assertThat(highlighted.raw().names()).containsExactly("objectID", "name", "price");
        }
        for (Page<LooseSku> page : decodeDropping(LooseSku.class)) {
            assertThat(page.hits().get(0).objectID()).contains("p1");
            assertThat(page.hits().get(0).record().objectID()).isEqualTo("p1");
            assertThat(fieldsOf(kept(page.hits().get(0)))).isEmpty();
        }
    }

    @Test
    void aRecordTypeReadingGeneratedMembersItselfStillGetsThemAndTheObjectIDAnswers() {
        byte[] json = RESPONSE.getBytes(StandardCharsets.UTF_8);
        Page<Bag> page = Json.readDroppingGeneratedMembers(
                new ArrivingBody(EnrichedRecordJsonFromOkioTest.inSmallSegments(json), Long.MAX_VALUE),
                TypeRef.parameterized(Page.class, Bag.class).type());

        EnrichedRecord<Bag> hit = page.hits().get(0);
        assertThat(hit.record().all).containsKeys("objectID", "name", "price", "_highlightResult");
        assertThat(hit.objectID()).contains("p1");
        assertThat(fieldsOf(kept(hit))).isEmpty();
        assertThatThrownBy(hit::generatedMembers).isInstanceOf(IllegalStateException.class);
    }

    private static List<Object> fieldsOf(Object value) {
        List<Object> held = new java.util.ArrayList<>();
        for (Field field : value.getClass().getDeclaredFields()) {
            if (!java.lang.reflect.Modifier.isStatic(field.getModifiers())) {
                field.setAccessible(true);
                try {
                    held.add(field.get(value));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return held;
    }

    private static Page<Product> decode() {
        return Json.read(
                new ArrivingBody(
                        EnrichedRecordJsonFromOkioTest.inSmallSegments(RESPONSE.getBytes(StandardCharsets.UTF_8)),
                        Long.MAX_VALUE),
                TypeRef.parameterized(Page.class, Product.class).type());
    }

    @Test
    void hitWithoutGeneratedMembersKeepsNothingOfTheBody() {
        EnrichedRecord<Product> plain = decode().hits().get(1);

        assertThat(kept(plain)).isSameAs(HitMembers.NONE);
        assertThat(plain.objectID()).contains("p2");
        assertThat(plain.generatedMembers().attributes()).isEmpty();
    }

    @Test
    void hitWithGeneratedMembersKeepsOnlyTheirBytesAndServesThem() throws Exception {
        EnrichedRecord<Product> highlighted = decode().hits().get(0);

        Object kept = kept(highlighted);
        assertThat(kept).isInstanceOf(HitMembers.class);
        assertThat(new String(membersJson((HitMembers) kept), StandardCharsets.UTF_8))
                .isEqualTo("{\"_highlightResult\":" + HIGHLIGHT + "}");
        assertThat(highlighted.record()).isEqualTo(new Product("Phone", 300));
        assertThat(highlighted.objectID()).contains("p1");
        assertThat(highlighted
                        .generatedMembers()
                        .getRecord("_highlightResult")
                        .flatMap(h -> h.getRecord("name"))
                        .flatMap(n -> n.getString("value")))
                .contains("<em>Pho</em>ne");
    }

    private static final String RANKING = "{\"nbTypos\":0,\"firstMatchedWord\":0}";

    /** A hit with every member a search asks for, and one it never asks for. */
    private static final String ALL_MEMBERS = "{\"hits\":[{\"objectID\":\"p1\",\"name\":\"Phone\",\"price\":300,"
            + "\"_highlightResult\":" + HIGHLIGHT + ",\"_snippetResult\":" + HIGHLIGHT + ",\"_rankingInfo\":"
            + RANKING + ",\"_distinctSeqID\":3}]}";

    private static <T> List<Page<T>> decodeKeeping(Class<T> type, java.util.Set<String> kept) {
        byte[] json = ALL_MEMBERS.getBytes(StandardCharsets.UTF_8);
        java.lang.reflect.Type page = TypeRef.parameterized(Page.class, type).type();
        KeptMembers keeping = KeptMembers.of(List.of(kept), HOW_TO_ASK);
        return List.of(
                Json.readKeeping(
                        new ArrivingBody(EnrichedRecordJsonFromOkioTest.inSmallSegments(json), Long.MAX_VALUE),
                        page,
                        keeping),
                Json.readKeeping(
                        BodyInput.of(java.util.Arrays.copyOf(json, json.length + 64), json.length), page, keeping));
    }

    @Test
    void aCallThatKeepsRankingInfoAloneKeepsOnlyItsBytes() throws Exception {
        for (Page<Product> page : decodeKeeping(Product.class, java.util.Set.of("_rankingInfo"))) {
            EnrichedRecord<Product> hit = page.hits().get(0);

            assertThat(new String(membersJson((HitMembers) kept(hit)), StandardCharsets.UTF_8))
                    .as("the highlights and snippets are stepped over, not copied")
                    .isEqualTo("{\"_rankingInfo\":" + RANKING + "}");
            assertThat(hit.objectID()).contains("p1");
            assertThat(hit.generatedMember("_rankingInfo")).isPresent();
            assertThat(hit.generatedMembers().names()).containsExactly("_rankingInfo");
            assertThat(hit.raw().names()).containsExactly("name", "price", "_rankingInfo");
            assertThatThrownBy(() -> hit.generatedMember("_highlightResult"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("attributesToHighlight");
            assertThatThrownBy(() -> hit.generatedMember("_distinctSeqID"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("keepGeneratedMembers()");
        }
    }

    @Test
    void aRecordTypeReadingGeneratedMembersItselfKeepsOnlyThoseAskedForAsHits() {
        for (Page<Bag> page : decodeKeeping(Bag.class, java.util.Set.of("_snippetResult"))) {
            EnrichedRecord<Bag> hit = page.hits().get(0);

            assertThat(hit.record().all).containsKeys("_highlightResult", "_snippetResult", "_rankingInfo");
            assertThat(hit.objectID()).contains("p1");
            assertThat(hit.generatedMembers().names()).containsExactly("_snippetResult");
            assertThatThrownBy(() -> hit.generatedMember("_rankingInfo")).isInstanceOf(IllegalStateException.class);
        }
    }

    /** What the hit holds for its generated members before they are first asked for. */
    private static Object kept(EnrichedRecord<?> hit) {
        try {
            Field field = EnrichedRecord.class.getDeclaredField("generatedMembers");
            field.setAccessible(true);
            return field.get(hit);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] membersJson(HitMembers members) throws ReflectiveOperationException {
        Field field = HitMembers.class.getDeclaredField("json");
        field.setAccessible(true);
        return (byte[]) field.get(members);
    }
}
