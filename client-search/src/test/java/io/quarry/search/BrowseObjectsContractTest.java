package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.BadRequestException;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.NotFoundException;
import io.quarry.core.PagedIterable.PageIterator;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.IndexSettings;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.Synonym;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The lazy browse helpers against the mock server: every record once, with records written between the pages it
 * reads; a page that fails mid-way (its index deleted or cleared under it) ends the iteration with its error
 * instead of ending it early as if complete; synonyms past their first page of 1000.
 */
class BrowseObjectsContractTest {

    private static final long SEED = Long.getLong("quarry.browse.seed", 917L);

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(
            MockServerClients.builder(MOCK.server(), MOCK.server().adminKey()).build());

    private final SearchIndex index = client.index("products");
    private final Random random = new Random(SEED);

    private void save(int count) {
        List<Map<String, Object>> records = IntStream.range(0, count)
                .mapToObj(i -> Map.<String, Object>of("objectID", "r" + i, "rank", random.nextInt(5)))
                .toList();
        index.saveObjects(records, BatchOptions.of().waitingForTasks().waitPolicy(FAST));
    }

    private static String id(FreeFormRecord record) {
        return record.objectID().orElseThrow();
    }

    @Test
    void everyLastingRecordIsReadOnceWithWritesBetweenPages() {
        save(90);
        index.setSettings(IndexSettings.of().customRanking("desc(rank)"));
        int hitsPerPage = 1 + random.nextInt(20);
        String seen = "seed " + SEED + ", hitsPerPage " + hitsPerPage;
        Set<String> lasting = new HashSet<>();
        IntStream.range(0, 90).forEach(i -> lasting.add("r" + i));
        List<String> read = new ArrayList<>();
        try (PageIterator<FreeFormRecord> records = index.browseObjects(
                        SearchQuery.of().hitsPerPage(hitsPerPage), FreeFormRecord.class)
                .iterator()) {
            while (records.hasNext()) {
                read.add(id(records.next()));
                if (read.size() % hitsPerPage == 0) {
                    // Among the records still there: a partial update of a deleted one would add it anew.
                    List<String> present = lasting.stream().sorted().toList();
                    String target = present.get(random.nextInt(present.size()));
                    switch (random.nextInt(3)) {
                        case 0 -> index.saveObject("n" + read.size(), Map.of("rank", random.nextInt(5)));
                        case 1 -> {
                            index.deleteObject(target);
                            lasting.remove(target);
                        }
                        default -> index.partialUpdateObject(target, Map.of("note", read.size()));
                    }
                }
            }
        }
        assertThat(read).as(seen).doesNotHaveDuplicates().containsAll(lasting);
    }

    @Test
    void aPageFailingMidwayEndsTheIterationWithItsError() {
        save(5);
        PageIterator<FreeFormRecord> deleted = index.browseObjects(
                        SearchQuery.of().hitsPerPage(2), FreeFormRecord.class)
                .iterator();
        deleted.next();
        deleted.next();
        index.delete();

        assertThatThrownBy(deleted::hasNext).isInstanceOf(NotFoundException.class);

        save(5);
        PageIterator<FreeFormRecord> cleared = index.browseObjects(
                        SearchQuery.of().hitsPerPage(2), FreeFormRecord.class)
                .iterator();
        cleared.next();
        cleared.next();
        index.clearObjects();
        save(5);

        assertThatThrownBy(cleared::hasNext)
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("Invalid cursor");
    }

    @Test
    void synonymsPastTheirFirstPageAreAllRead() {
        List<Synonym> synonyms = IntStream.range(0, 1001)
                .mapToObj(i -> Synonym.regular("s" + i, "w" + i, "v" + i))
                .toList();
        index.synonyms().saveAll(synonyms);

        assertThat(index.synonyms().browse().stream()
                        .map(Synonym::objectID)
                        .distinct()
                        .count())
                .isEqualTo(1001);
        assertThat(index.synonyms().browseAsync().join()).hasSize(1001);
    }
}
