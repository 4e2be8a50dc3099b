package io.quarry.mockserver.internal.products.personalization;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import io.quarry.mockserver.internal.state.RecordOperation;
import io.quarry.mockserver.internal.state.TrackedEvent;
import io.quarry.mockserver.testing.TestClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A profile reads each record its user's events name once, however many events name it: 100 events naming one
 * record of 5,000 values 19 times each read it 1,900 times, every profile read and personalized search taking
 * seconds.
 */
class ProfileRecordReadsTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    @Test
    void aRecordNamedByManyEventsIsReadOncePerProfile() {
        Application app = new Application(Clock.fixed(NOW, ZoneOffset.UTC), Duration.ZERO);
        ObjectNode record = Json.object().put("objectID", "long");
        ArrayNode tags = record.putArray("tags");
        for (int i = 0; i < 5_000; i++) {
            tags.add(String.format("l%04d", i));
        }
        app.write("wide", index -> index.data().write(writer -> new RecordOperation.Put(record).apply(index, writer)));
        List<TrackedEvent> events = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            List<String> objectIDs = new ArrayList<>(Collections.nCopies(19, "long"));
            objectIDs.add("missing-" + i);
            events.add(new TrackedEvent(
                    NOW.toEpochMilli(), "view", null, "seen", "wide", "dee", null, objectIDs, List.of(), List.of()));
        }
        app.tracking().recordEvents(events);
        PersonalizationState state = new PersonalizationState();
        state.setStrategy(Strategy.parse((ObjectNode)
                TestClient.json(TestClient.jq("{'eventsScoring':[{'eventName':'seen','eventType':'view','score':5}],"
                        + "'facetsScoring':[{'facetName':'tags','score':100}],'personalizationImpact':100}"))));
        long[] reads = {0};
        Profiles profiles = new Profiles(app, state, (indexName, objectID) -> {
            reads[0]++;
            IndexState index = app.find(indexName);
            return index == null ? null : index.data().get(objectID);
        });

        Profile profile = profiles.of("dee");

        assertThat(profile.scores().get("tags")).hasSize(100).containsKeys("l0000", "l0099");
        assertThat(reads[0])
                .as("records read: the large one and the 100 missing ones")
                .isEqualTo(101);
    }
}
