package io.quarry.mockserver.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.json.Json;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** The deleted-key list is bounded: the most recently deleted keys can be restored, older ones not. */
class ApiKeysTest {

    @Test
    void onlyTheMostRecentlyDeletedKeysCanBeRestored() {
        ApiKeys keys = new ApiKeys(Clock.systemUTC());
        List<String> deleted = new ArrayList<>();
        for (int i = 0; i < ApiKeys.MAX_DELETED + 5; i++) {
            ObjectNode body = Json.object().put("description", "k" + i);
            body.putArray("acl").add("search");
            String value = keys.create(KeyDefinition.fromJson(body, null), null).value();
            assertThat(keys.delete(value)).isTrue();
            deleted.add(value);
        }
        assertThat(keys.restore(deleted.get(4))).isNull();
        assertThat(keys.restore(deleted.get(5))).isNotNull();
        assertThat(keys.restore(deleted.get(deleted.size() - 1))).isNotNull();
        assertThat(keys.find(deleted.get(5))).isNotNull();
    }
}
