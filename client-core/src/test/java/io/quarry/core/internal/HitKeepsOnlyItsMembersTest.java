package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.TypeRef;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a decoded hit keeps of its response: nothing when it has no generated members, and else only their bytes,
 * never the rest of the hit or of the body; the members are still served when asked for.
 */
class HitKeepsOnlyItsMembersTest {

    record Page<T>(List<EnrichedRecord<T>> hits) {}

    record Product(String name, int price) {}

    private static final String HIGHLIGHT =
            "{\"name\":{\"value\":\"<em>Pho</em>ne\",\"matchLevel\":\"full\",\"matchedWords\":[\"pho\"]}}";

    private static final String RESPONSE = "{\"hits\":["
            + "{\"objectID\":\"p1\",\"name\":\"Phone\",\"price\":300,\"_highlightResult\":" + HIGHLIGHT + "},"
            + "{\"objectID\":\"p2\",\"name\":\"Case\",\"price\":20}]}";

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
