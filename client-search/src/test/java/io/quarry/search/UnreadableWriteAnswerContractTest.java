package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.DeserializationException;
import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockHost;
import io.quarry.mockserver.MockServer;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A write whose success answer arrives cut (the service applied it, then its answer was lost on the way): a chunk of
 * {@code saveObjects}, safe to repeat as its records carry their objectIDs, is sent again to the next host and the
 * write ends as a success, each record stored once; before, the chunk failed as unreadable and the write threw a
 * {@code PartialWriteException} for a chunk that was stored. An add without objectID, which a second delivery would
 * store twice, still fails as unreadable, stored once.
 */
@Timeout(60)
class UnreadableWriteAnswerContractTest {

    private final BooksOnThreeHosts fixture = new BooksOnThreeHosts();
    private final MockServer server = fixture.server();
    private final List<MockHost> hosts = fixture.hosts();
    private final SearchClient client = SearchClient.create(MockServerClients.builder(server, server.adminKey())
            .clock(fixture.clock())
            .build());

    @AfterEach
    void close() {
        client.close();
        server.close();
    }

    private static Fault named(String fault) {
        return switch (fault) {
            case "truncatedBody" -> Fault.truncatedBody();
            case "closeMidResponse" -> Fault.closeMidResponse();
            case "nonJsonBody" -> Fault.nonJsonBody();
            default -> throw new IllegalArgumentException(fault);
        };
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"truncatedBody", "closeMidResponse", "nonJsonBody"})
    void aChunkWhoseAnswerIsCutIsSentAgainAndTheWriteSucceeds(String fault) {
        SearchIndex shelf = client.index("shelf");
        List<Map<String, String>> records = IntStream.range(0, 30)
                .mapToObj(i -> Map.of("objectID", "r" + i, "title", "book " + i))
                .toList();
        hosts.get(0).faults().next(1, named(fault));

        WriteSummary summary = shelf.saveObjects(records);

        assertThat(summary.records()).isEqualTo(30);
        assertThat(summary.chunks()).isEqualTo(1);
        assertThat(fixture.requestCounts())
                .as("the chunk's answer cut on host 0, the chunk sent again to host 1")
                .containsExactly(1L, 1L, 0L);
        shelf.waitForTask(summary.lastTaskID().orElseThrow());
        assertThat(objectIDs(shelf))
                .as("each record stored once")
                .containsExactlyInAnyOrderElementsOf(
                        records.stream().map(r -> r.get("objectID")).toList());
    }

    @Test
    void anAddWithoutObjectIDWhoseAnswerIsCutFailsAsUnreadableAndIsStoredOnce() {
        SearchIndex shelf = client.index("shelf");
        hosts.get(0).faults().next(1, Fault.truncatedBody());

        assertThatThrownBy(() -> shelf.addObject(Map.of("title", "Emma"))).isInstanceOf(DeserializationException.class);

        assertThat(fixture.requestCounts()).as("never sent again").containsExactly(1L, 0L, 0L);
        assertThat(objectIDs(shelf)).hasSize(1);
    }

    private static List<String> objectIDs(SearchIndex index) {
        List<String> ids = new ArrayList<>();
        for (FreeFormRecord record : index.browseObjects(FreeFormRecord.class)) {
            ids.add(record.objectID().orElseThrow());
        }
        return ids;
    }
}
