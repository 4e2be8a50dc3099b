package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A chunked write serialises each record once, as its chunk's request is written: the checks of a typed record's
 * objectID are made during that serialisation. Before, each record was serialised once more as its chunk was made,
 * to check it, and thrown away: every write paid twice the serialisation and one more body's worth of allocation.
 */
@Timeout(30)
class ChunkedWriteSerialisesOnceContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    /** How many times the records' {@code name} was read, that is how many times a record was serialised. */
    private static final AtomicInteger READS = new AtomicInteger();

    /** A record that counts its serialisations. */
    public record Counted(String objectID, String name) {
        @Override
        public String name() {
            READS.incrementAndGet();
            return name;
        }
    }

    @Test
    void eachRecordIsSerialisedOnce() {
        List<Counted> records = IntStream.range(0, 10)
                .mapToObj(i -> new Counted("c" + i, "n" + i))
                .toList();
        READS.set(0);

        client.index("once").saveObjects(records, BatchOptions.of().chunkSize(4));

        assertThat(READS.get()).isEqualTo(records.size());
    }

    @Test
    void aRecordGivenItsObjectIDByTheClientIsSerialisedOnce() {
        List<Counted> records =
                IntStream.range(0, 10).mapToObj(i -> new Counted(null, "n" + i)).toList();
        READS.set(0);

        client.index("assigned").saveObjects(records, BatchOptions.of().chunkSize(4));

        assertThat(READS.get()).isEqualTo(records.size());
    }
}
