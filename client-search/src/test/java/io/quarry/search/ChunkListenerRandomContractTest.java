package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.PartialWriteException;
import io.quarry.core.testing.Eventually;
import io.quarry.mockserver.Fault;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.WriteSummary;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded random chunked writes against the mock server (sizes, chunks in flight, blocking or not, late and refused
 * batches, a listener that throws or cancels the write): whatever happens, the listener's calls come one at a time,
 * each chunk told sent once, then told its end once, chunks in order; a write that ends by itself ends only once its
 * listener was told of every chunk; and the report names exactly the chunks the listener heard were sent and
 * acknowledged. {@code -Dquarry.chunks.seeds=N} runs more seeds.
 */
@Timeout(60)
class ChunkListenerRandomContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final long FIRST_SEED = 20261129L;
    private static final int SEEDS = Integer.getInteger("quarry.chunks.seeds", 8);

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    /** What the listener does besides noting its calls. */
    private enum Mischief {
        NONE,
        THROW_ON_SENT,
        THROW_ON_ACKNOWLEDGED,
        CANCEL_ON_ACKNOWLEDGED
    }

    @Test
    void theListenersPromisesHoldWhateverHappens() throws Exception {
        for (int i = 0; i < SEEDS; i++) {
            long seed = FIRST_SEED + i;
            MOCK.faults().clear();
            try {
                run(seed);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
            }
        }
    }

    private void run(long seed) throws Exception {
        Random random = new Random(seed);
        int records = random.nextInt(60);
        int chunkSize = 1 + random.nextInt(12);
        int inFlight = 1 + random.nextInt(4);
        boolean async = random.nextBoolean();
        Mischief mischief = Mischief.values()[random.nextInt(Mischief.values().length)];
        if (mischief == Mischief.CANCEL_ON_ACKNOWLEDGED && !async) {
            mischief = Mischief.NONE;
        }
        int chunks = (records + chunkSize - 1) / chunkSize;
        long target = chunks == 0 ? 0 : random.nextInt(chunks);
        // late answers reorder the chunks in flight; a refused batch fails its chunk (a 400 is never retried)
        MOCK.faults()
                .share(0.5, seed, "POST", "/1/indexes/*/batch", Fault.delay(Duration.ofMillis(random.nextInt(20))));
        if (random.nextInt(3) == 0) {
            MOCK.faults().next(1 + random.nextInt(2), "POST", "/1/indexes/*/batch", Fault.status(400));
        }

        CompletableFuture<CompletableFuture<WriteSummary>> write = new CompletableFuture<>();
        Mischief what = mischief;
        ChunkEventLog listener = new ChunkEventLog() {
            @Override
            protected void during(String call) {
                if (what == Mischief.THROW_ON_SENT && call.equals("sent " + target)) {
                    throw new IllegalStateException("refused chunk " + target);
                }
                if (what == Mischief.THROW_ON_ACKNOWLEDGED && call.equals("acknowledged " + target)) {
                    throw new IllegalStateException("failed on chunk " + target);
                }
                if (what == Mischief.CANCEL_ON_ACKNOWLEDGED && call.equals("acknowledged " + target)) {
                    write.thenAccept(future -> future.cancel(true)); // once the write has started, if not yet
                }
            }
        };
        List<Map<String, Object>> input = IntStream.range(0, records)
                .mapToObj(n -> Map.<String, Object>of("objectID", "r" + n))
                .toList();
        BatchOptions options =
                BatchOptions.of().chunkSize(chunkSize).chunksInFlight(inFlight).listener(listener);
        SearchIndex index = client.index("random-" + seed);
        String setting = records + " records, chunks of " + chunkSize + ", " + inFlight + " in flight, async " + async
                + ", " + mischief + " at chunk " + target;

        WriteSummary summary = null;
        Throwable failure = null;
        try {
            if (async) {
                write.complete(index.saveObjectsAsync(input, options));
                summary = write.join().join();
            } else {
                summary = index.saveObjects(input, options);
            }
        } catch (CompletionException e) {
            failure = e.getCause();
        } catch (PartialWriteException | CancellationException e) {
            failure = e;
        }

        if (failure instanceof CancellationException) {
            Eventually.waitUntil("the listener to hear every chunk's end", listener::everySentChunkEnded);
        } else {
            assertThat(listener.everySentChunkEnded())
                    .as("%s: every chunk told before the write ended: %s", setting, listener.calls())
                    .isTrue();
        }
        assertThat(listener.problems()).as("%s: %s", setting, listener.calls()).isEmpty();
        Set<Integer> sent = indices(listener.calls(), "sent ");
        Set<Integer> acknowledged = indices(listener.calls(), "acknowledged ");
        if (summary != null) {
            assertThat(summary.records()).as(setting).isEqualTo(records);
            assertThat(acknowledged).as(setting).hasSize(chunks);
        } else if (failure instanceof PartialWriteException partial) {
            assertThat(partial.chunks())
                    .extracting(PartialWriteException.Chunk::index)
                    .as("%s: the chunks reported, of %s", setting, listener.calls())
                    .containsExactlyElementsOf(sent);
            assertThat(partial.acknowledged())
                    .extracting(PartialWriteException.Chunk::index)
                    .as("%s: the chunks reported acknowledged, of %s", setting, listener.calls())
                    .containsExactlyElementsOf(acknowledged);
            assertThat(partial.firstUnsentRecord())
                    .as(setting)
                    .isEqualTo(Math.min(records, (long) sent.size() * chunkSize));
        } else {
            assertThat(failure).as(setting).isInstanceOf(CancellationException.class);
        }
    }

    private static Set<Integer> indices(List<String> calls, String prefix) {
        return calls.stream()
                .filter(call -> call.startsWith(prefix))
                .map(call -> Integer.valueOf(call.substring(prefix.length())))
                .collect(Collectors.toCollection(TreeSet::new));
    }
}
