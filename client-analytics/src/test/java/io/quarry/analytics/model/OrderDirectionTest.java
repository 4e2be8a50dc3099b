package io.quarry.analytics.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A direction reads its service name as the SDK's other enums do, and shows it. */
class OrderDirectionTest {

    @Test
    void eachDirectionHasTheServicesName() {
        assertThat(OrderDirection.ASC.wireName()).isEqualTo("asc");
        assertThat(OrderDirection.DESC.wireName()).isEqualTo("desc");
        assertThat(OrderDirection.DESC).hasToString("desc");
    }
}
