package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An error's detail keeps its context as an unmodifiable deep copy, and refuses a null part naming it. */
class ErrorDetailCopyTest {

    @Test
    void theContextIsCopiedAllTheWayDown() {
        List<Object> allowed = new ArrayList<>(List.of("asc"));
        Map<String, Object> ctx = new LinkedHashMap<>(Map.of("allowed", allowed));
        ErrorDetail detail = new ErrorDetail("bad order", List.of("body", "order"), ctx);
        ErrorDetail same = new ErrorDetail("bad order", List.of("body", "order"), Map.of("allowed", List.of("asc")));

        allowed.add("desc");

        assertThat(detail).isEqualTo(same).hasSameHashCodeAs(same);
        assertThatThrownBy(() -> ((List<?>) detail.ctx().get("allowed")).clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aNullPartIsRefusedByName() {
        assertThatThrownBy(() -> new ErrorDetail("m", null, Map.of())).hasMessage("location");
        assertThatThrownBy(() -> new ErrorDetail("m", List.of(), null)).hasMessage("ctx");
    }
}
