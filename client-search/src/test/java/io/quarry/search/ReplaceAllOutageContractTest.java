package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.FreeFormRecord;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.MockServer;
import io.quarry.search.model.IndexInfo;
import io.quarry.testsupport.BooksOnThreeHosts;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.TestWaits;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code replaceAllObjects} rides out a moment in which every host fails, at each of its steps, as its chunks do:
 * the copy of the index's configuration, the wait for it and the move are tried again in a new round rather than
 * failing the whole replacement (which the records' chunks had survived).
 */
@Timeout(30)
class ReplaceAllOutageContractTest {

    private static final int RECORDS = 40;

    private static final BooksOnThreeHosts FIXTURE = new BooksOnThreeHosts();
    private static final MockServer SERVER = FIXTURE.server();

    private final SearchClient client = SearchClient.create(MockServerClients.config(SERVER));
    private final SearchIndex books = client.index("books");

    @AfterEach
    void close() {
        client.close();
        SERVER.reset(); // the seed again, no fault left
    }

    @AfterAll
    static void stop() {
        FIXTURE.close();
    }

    private static List<Map<String, Object>> records() {
        return IntStream.range(0, RECORDS)
                .mapToObj(i -> Map.<String, Object>of("objectID", "new-" + i, "title", "book " + i))
                .toList();
    }

    @ParameterizedTest(name = "{0} {1} failing on every host, async {2}")
    @CsvSource({
        "POST, /1/indexes/books/operation, false",
        "GET, /1/indexes/books/task/*, true",
        "POST, /1/indexes/books_tmp_*/operation, true",
    })
    void aMomentWhenEveryHostFailsAStepIsRiddenOut(String method, String path, boolean async) throws Exception {
        // the step's next try on each of the three hosts answers 503: its first round fails whole
        SERVER.faults().next(3, method, path, Fault.status(503));
        BatchOptions options = BatchOptions.of().chunkSize(10).waitPolicy(TestWaits.FAST);

        if (async) {
            books.replaceAllObjectsAsync(records(), options).get(20, TimeUnit.SECONDS);
        } else {
            books.replaceAllObjects(records(), options);
        }

        List<String> stored = StreamSupport.stream(
                        books.browseObjects(FreeFormRecord.class).spliterator(), false)
                .map(record -> record.objectID().orElseThrow())
                .toList();
        assertThat(stored).hasSize(RECORDS).allMatch(id -> id.startsWith("new-"));
        assertThat(client.listIndices().items()).extracting(IndexInfo::name).containsExactly("books");
    }
}
