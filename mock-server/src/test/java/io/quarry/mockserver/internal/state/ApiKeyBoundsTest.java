package io.quarry.mockserver.internal.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.index.RecordBudget;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * The active keys are bounded in number, and every key kept (active or restorable) counts in the record budget: a
 * loop creating keys grew the heap without end, each key as large as its body.
 */
class ApiKeyBoundsTest {

    private static KeyDefinition described(String description) {
        ObjectNode body = Json.object().put("description", description);
        body.putArray("acl").add("search");
        return KeyDefinition.fromJson(body, null);
    }

    @Test
    void aKeyPastTheMostActiveIsRefusedUntilOneIsDeleted() {
        ApiKeys keys = new ApiKeys(Clock.systemUTC());
        String first = keys.create(described("k0"), null).value();
        for (int i = 1; i < ApiKeys.MAX_ACTIVE; i++) {
            keys.create(described("k" + i), null);
        }

        assertThatThrownBy(() -> keys.create(described("one more"), null))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.status()).isEqualTo(403))
                .hasMessageContaining("at most " + ApiKeys.MAX_ACTIVE + " active keys");
        assertThat(keys.all()).hasSize(ApiKeys.MAX_ACTIVE);

        assertThat(keys.delete(first)).isTrue();
        String latest = keys.create(described("in its place"), null).value();
        assertThatThrownBy(() -> keys.restore(first))
                .as("restoring would pass the bound too")
                .isInstanceOf(ApiException.class);
        assertThat(keys.delete(latest)).isTrue();
        assertThat(keys.restore(first)).isNotNull();
    }

    @Test
    void keysCountInTheBudgetUntilTheyAreNoLongerKept() {
        RecordBudget budget = new RecordBudget(1024 * 1024);
        ApiKeys keys = new ApiKeys(Clock.systemUTC(), budget);
        String large = "d".repeat(10_000);
        int created = 0;
        try {
            while (created < 1000) {
                keys.create(described(large + created), null);
                created++;
            }
        } catch (EngineException refused) {
            assertThat(refused.status()).isEqualTo(403);
            assertThat(refused.getMessage()).startsWith(RecordBudget.QUOTA_EXCEEDED);
        }
        assertThat(created)
                .as("keys of 10,000 characters kept within a budget of 1 MB")
                .isBetween(10, 60);
        long full = budget.configured();
        assertThat(full).isLessThanOrEqualTo(budget.capacity());

        String value = keys.all().get(0).value();
        keys.delete(value);
        assertThat(budget.configured())
                .as("a deleted key may be restored: still kept")
                .isEqualTo(full);
        keys.clear();
        assertThat(budget.configured()).as("none kept").isZero();
        keys.create(described(large), null);
        assertThat(budget.configured()).as("room again").isPositive();
    }

    @Test
    void aKeyLeavingTheDeletedListGivesItsRoomBack() {
        RecordBudget budget = new RecordBudget(64 * 1024 * 1024);
        ApiKeys keys = new ApiKeys(Clock.systemUTC(), budget);
        for (int i = 0; i < ApiKeys.MAX_DELETED; i++) {
            keys.delete(keys.create(described(String.format("k%05d", i)), null).value());
        }
        long full = budget.configured();
        keys.delete(keys.create(described(String.format("k%05d", ApiKeys.MAX_DELETED)), null)
                .value());
        assertThat(budget.configured())
                .as("the oldest deleted key forgotten as the newest came")
                .isEqualTo(full);
    }
}
