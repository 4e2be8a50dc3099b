package io.quarry.mockserver.internal.state.tracking;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.state.TrackedEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each user's events, grouped, with their newest timestamps, within the bounds. */
class UserEventsTest {

    private final UserEvents events = new UserEvents();

    private void add(String user, String objectID, long at) {
        events.add(
                new TrackedEvent(at, "click", null, "e", "items", user, null, List.of(objectID), List.of(), List.of()));
    }

    @Test
    void eventsAlikeShareAGroupThatKeepsTheNewestTimestamps() {
        for (int i = 0; i < 30; i++) {
            add("u", "1", 1000 - i);
        }
        add("u", "2", 5);
        List<UserEvents.Group> groups = events.of("u");
        assertThat(groups).hasSize(2);
        assertThat(groups.get(0).key().objectIDs()).containsExactly("1");
        assertThat(groups.get(0).timestamps())
                .hasSize(UserEvents.MAX_TIMESTAMPS)
                .startsWith(981)
                .endsWith(1000);
        assertThat(events.of("nobody")).isEmpty();
    }

    @Test
    void aUserKeepsItsLatestGroupsAndTheLeastActiveUsersGoFirst() {
        for (int i = 0; i < UserEvents.MAX_GROUPS_PER_USER + 10; i++) {
            add("u", "r" + i, i);
        }
        assertThat(events.of("u")).hasSize(UserEvents.MAX_GROUPS_PER_USER);
        assertThat(events.of("u").get(0).key().objectIDs()).containsExactly("r10");
        for (int i = 0; i < UserEvents.MAX_USERS; i++) {
            add("v" + i, "1", i);
        }
        assertThat(events.of("u")).isEmpty();
        assertThat(events.of("v0")).hasSize(1);
    }
}
