package io.quarry.search.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.testsupport.RecordCollections;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * This module's public records keep their lists and maps as their own unmodifiable copies: a key's rights, a
 * synonym's words, a response's hits change neither with the list they were built from nor through an accessor.
 */
class RecordCollectionsTest {

    @Test
    void noRecordOfTheModuleSharesACollectionWithItsCaller() {
        assertThat(RecordCollections.problemsIn("io.quarry.search", "io.quarry.search.model"))
                .isEmpty();
    }

    @Test
    void aKeyBuiltFromAListKeepsItsRightsWhenTheListChanges() {
        List<Acl> rights = new ArrayList<>(List.of(Acl.SEARCH));
        ApiKey key = new ApiKey(rights, null, null, null, null, null, null, null);
        ApiKey same = ApiKey.of(Acl.SEARCH);

        rights.add(Acl.DELETE_INDEX);

        assertThat(key.acl()).containsExactly(Acl.SEARCH);
        assertThat(key).isEqualTo(same).hasSameHashCodeAs(same);
        assertThatThrownBy(() -> key.acl().add(Acl.DELETE_INDEX)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aCopyKeepsWhatTheServiceSentNullsIncluded() {
        BatchResponse answer = new BatchResponse(1, Arrays.asList("a", null));
        PendingMappingsResponse pending = new PendingMappingsResponse(true, null);
        Map<String, List<String>> clusters = new HashMap<>();
        clusters.put("c1", new ArrayList<>(List.of("u1")));
        PendingMappingsResponse byCluster = new PendingMappingsResponse(true, clusters);

        clusters.get("c1").add("u2");

        assertThat(answer.objectIDs()).containsExactly("a", null);
        assertThat(pending.clusters()).isNull();
        assertThat(byCluster.clusters()).containsExactly(Map.entry("c1", List.of("u1")));
        assertThatThrownBy(() -> byCluster.clusters().get("c1").add("u3"))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aBatchAnswerReadFromJsonIsUnmodifiableNullsKept() {
        BatchResponse read = io.quarry.core.internal.Json.read(
                "{\"taskID\":7,\"objectIDs\":[\"a\",null,\"c\"]}", BatchResponse.class);

        assertThat(read.objectIDs()).containsExactly("a", null, "c");
        assertThat(read).isEqualTo(new BatchResponse(7, Arrays.asList("a", null, "c")));
        assertThatThrownBy(() -> read.objectIDs().add("d")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aListThatIsNotJacksonsIsCopied() {
        List<String> ids = new ArrayList<>(List.of("a"));
        BatchResponse built = new BatchResponse(1, ids);

        ids.add("b");

        assertThat(built.objectIDs()).containsExactly("a");
    }
}
