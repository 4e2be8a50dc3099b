package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Which answer types are read from a copy without their hits' generated members ({@link GeneratedMembersCut}): learnt
 * from the first answer of the type that holds hits, and only for hits the SDK's reader reads for a record type that
 * steps over those members where the cut looks. Every other type still sees them as before. Each test has types of
 * its own: a verdict is kept for the JVM's life.
 */
class HitCensusTest {

    private static final String ANSWER = "{\"hits\":[{\"objectID\":\"1\",\"name\":\"a\","
            + "\"_highlightResult\":{\"name\":{\"value\":\"<em>a</em>\"}},\"_rankingInfo\":{\"nbTypos\":0}}],\"nbHits\":1}";

    record Plain(String objectID, String name) {}

    record PlainPage(List<EnrichedRecord<Plain>> hits, int nbHits) {}

    @Test
    void aRecordTypeSteppingOverTheMembersIsCutOnceAnAnswerWithHitsTaughtIt() {
        read("{\"hits\":[],\"nbHits\":0}", PlainPage.class);
        assertThat(Json.CUT_VERDICTS.of(PlainPage.class)).isNull();

        for (int i = 0; i < 2; i++) { // the first answer teaches, the second is cut
            PlainPage page = read(ANSWER, PlainPage.class);
            assertThat(page.hits()).hasSize(1);
            EnrichedRecord<Plain> hit = page.hits().get(0);
            assertThat(hit.record()).isEqualTo(new Plain("1", "a"));
            assertThat(hit.objectID()).contains("1");
            assertThatThrownBy(() -> hit.generatedMember("_highlightResult"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("did not ask");
            assertThat(Json.CUT_VERDICTS.of(PlainPage.class)).isTrue();
        }
    }

    record FreePage(List<EnrichedRecord<FreeFormRecord>> hits) {}

    record MapPage(List<EnrichedRecord<Map<String, Object>>> hits) {}

    @Test
    void recordTypesTakingEveryAttributeStillSeeTheGeneratedMembers() {
        for (int i = 0; i < 2; i++) {
            FreePage free = read(ANSWER, FreePage.class);
            assertThat(free.hits().get(0).record().attributes()).containsKey("_highlightResult");
            MapPage map = read(ANSWER, MapPage.class);
            assertThat(map.hits().get(0).record()).containsKey("_rankingInfo");
        }
        assertThat(Json.CUT_VERDICTS.of(FreePage.class)).isFalse();
        assertThat(Json.CUT_VERDICTS.of(MapPage.class)).isFalse();
    }

    record Highlighted(
            String name, @JsonProperty("_highlightResult") Map<String, Object> highlights) {}

    record HighlightedPage(List<EnrichedRecord<Highlighted>> hits) {}

    @Test
    void aRecordTypeReadingAGeneratedMemberItselfStillReadsIt() {
        for (int i = 0; i < 2; i++) {
            HighlightedPage page = read(ANSWER, HighlightedPage.class);
            assertThat(page.hits().get(0).record().highlights()).containsKey("name");
        }
        assertThat(Json.CUT_VERDICTS.of(HighlightedPage.class)).isFalse();
    }

    record Inner(List<EnrichedRecord<Plain>> hits) {}

    record Wrapped(Inner data, List<EnrichedRecord<Plain>> hits) {}

    @Test
    void hitsWhereTheCutDoesNotLookMakeTheTypeUncut() {
        String answer = "{\"data\":" + ANSWER + ",\"hits\":[]}";
        for (int i = 0; i < 2; i++) {
            Wrapped wrapped = read(answer, Wrapped.class);
            assertThat(wrapped.data().hits()).hasSize(1);
        }
        assertThat(Json.CUT_VERDICTS.of(Wrapped.class)).isFalse();
    }

    record Listing(String name) {}

    @Test
    void aTypeWhoseHitsArraysHoldOtherObjectsToo() {
        // the census counts the hits the SDK's reader reads; the cut counts the objects of every hits array
        record Other(List<Listing> hits) {}
        record Mixed(List<Other> results, List<EnrichedRecord<Listing>> hits) {}
        String answer = "{\"results\":[{\"hits\":[{\"name\":\"x\",\"_rankingInfo\":{}}]}],\"hits\":[{\"name\":\"y\"}]}";
        read(answer, Mixed.class);
        assertThat(Json.CUT_VERDICTS.of(Mixed.class)).isFalse();
    }

    record Loose(String name, Map<String, Object> highlights) {}

    record LoosePage(List<EnrichedRecord<Loose>> hits) {}

    /** A client's record mapper that reads the highlights into {@link Loose#highlights()}. */
    abstract static class ReadsHighlights {
        @JsonProperty("_highlightResult")
        abstract Map<String, Object> highlights();
    }

    @Test
    void eachMapperLearnsForItself() {
        RecordMapperJson client = new RecordMapperJson(JsonMapper.builder()
                .addMixIn(Loose.class, ReadsHighlights.class)
                .build());
        for (int i = 0; i < 2; i++) { // the SDK's mapper learns first: its verdict is not the client's
            LoosePage sdks = read(ANSWER, LoosePage.class);
            assertThat(sdks.hits().get(0).record()).isEqualTo(new Loose("a", null));
            byte[] bytes = bytes(ANSWER);
            LoosePage page = client.readDroppingGeneratedMembers(bytes, bytes.length, LoosePage.class);
            assertThat(page.hits().get(0).record().highlights()).containsKey("name");
        }
        assertThat(Json.CUT_VERDICTS.of(LoosePage.class)).isTrue();
    }

    @SuppressWarnings("unchecked")
    private static <T> T read(String answer, Type type) {
        byte[] bytes = bytes(answer);
        return (T) Json.readDroppingGeneratedMembers(bytes, bytes.length, type);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
