package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.TypeRef;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every case of {@link EnrichedRecordJsonTest} again, the response decoded as it arrives (the default for a search):
 * each hit keeps a copy of its generated members and nothing else of the body.
 */
class EnrichedRecordJsonAsItArrivesTest extends EnrichedRecordJsonTest {

    @Override
    <T> Page<T> decode(String json, Class<T> type) {
        return Json.readKeepingGeneratedMembers(
                new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)),
                TypeRef.parameterized(Page.class, type).type());
    }

    /** A record type that reads one generated member itself. */
    record Ranked(String name, FreeFormRecord _rankingInfo) {}

    @Test
    void aRecordTypeDeclaringAGeneratedMemberReadsItAndTheHitKeepsItToo() {
        Page<Ranked> page = decode("""
                {"hits":[{"name":"Phone","_rankingInfo":{"nbTypos":1},"objectID":"p1"}],"nbHits":1}""", Ranked.class);

        EnrichedRecord<Ranked> hit = page.hits().get(0);
        assertThat(hit.record().name()).isEqualTo("Phone");
        assertThat(hit.record()._rankingInfo().getLong("nbTypos")).hasValue(1L);
        assertThat(hit.generatedMembers()
                        .getRecord("_rankingInfo")
                        .orElseThrow()
                        .getLong("nbTypos"))
                .hasValue(1L);
        assertThat(hit.objectID()).hasValue("p1");
    }

    @Test
    void aBeanReadThroughTheParsersOwnNameMatchingStillLeavesItsMembersExactly() {
        Page<Book> page = decode(
                "{\"hits\":[ {\"_rankingInfo\" : {\"nbTypos\":0} ,\n \"title\":\"Dune\",\t"
                        + "\"_highlightResult\":{\"title\":{\"value\":\"<em>Dune</em>\"}}\n} ,"
                        + "{\"title\":\"Emma\",\"_snippetResult\":\"E, \\\"m\\\"\"}],\"nbHits\":2}",
                Book.class);

        EnrichedRecord<Book> first = page.hits().get(0);
        assertThat(first.record().getTitle()).isEqualTo("Dune");
        assertThat(first.generatedMembers().attributes()).containsOnlyKeys("_rankingInfo", "_highlightResult");
        assertThat(first.generatedMembers()
                        .getRecord("_highlightResult")
                        .orElseThrow()
                        .toString())
                .isEqualTo("{\"title\":{\"value\":\"<em>Dune</em>\"}}");
        assertThat(page.hits().get(1).generatedMembers().getString("_snippetResult"))
                .hasValue("E, \"m\"");
    }

    @Test
    void hitsWithoutGeneratedMembersShareOneEmptyView() {
        Page<Product> page = decode("""
                {"hits":[{"objectID":"a","name":"A","price":1},{"objectID":"b","name":"B","price":2}],"nbHits":2}""", Product.class);

        List<EnrichedRecord<Product>> hits = page.hits();
        assertThat(hits.get(0).generatedMembers()).isSameAs(hits.get(1).generatedMembers());
        assertThat(hits.get(0).generatedMembers().attributes()).isEmpty();
        assertThat(hits.get(1).raw().getString("name")).hasValue("B");
    }
}
