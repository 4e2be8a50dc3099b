package io.quarry.mockserver.internal.state.tracking;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.state.TrackedEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The groups of events personalization keeps are bounded in bytes as well as in count: an event names up to 20
 * records of the caller's choosing, and 100,000 groups naming long objectIDs outgrew any heap.
 */
class UserEventsBytesTest {

    private static final long HEAP = 64L << 20;

    private static TrackedEvent event(String user, String prefix, int idChars) {
        List<String> objectIDs = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            objectIDs.add(prefix + i + "x".repeat(idChars));
        }
        return new TrackedEvent(1000, "click", null, "e", "items", user, null, objectIDs, List.of(), List.of());
    }

    @Test
    void manyUsersNamingLongObjectIDsStayWithinTheBytes() {
        UserEvents events = new UserEvents(HEAP);
        for (int u = 0; u < 1_000; u++) {
            events.add(event("u" + u, "r", 1_000));
        }
        assertThat(events.maxBytes()).isEqualTo(HEAP / 16);
        assertThat(events.bytes()).isLessThanOrEqualTo(events.maxBytes());
        assertThat(events.of("u999")).as("the newest user").hasSize(1);
        assertThat(events.of("u0")).as("the least active, forgotten").isEmpty();
    }

    @Test
    void oneUserAloneLosesItsLeastRecentGroups() {
        UserEvents events = new UserEvents(HEAP);
        for (int g = 0; g < UserEvents.MAX_GROUPS_PER_USER; g++) {
            events.add(event("alone", "g" + g + "-", 5_000));
        }
        assertThat(events.bytes()).isLessThanOrEqualTo(events.maxBytes());
        List<UserEvents.Group> kept = events.of("alone");
        assertThat(kept).isNotEmpty().hasSizeLessThan(UserEvents.MAX_GROUPS_PER_USER);
        assertThat(kept.get(kept.size() - 1).key().objectIDs().get(0)).startsWith("g99-");
        events.forget("alone");
        assertThat(events.bytes()).isZero();
    }
}
