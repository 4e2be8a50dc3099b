package io.quarry.search.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A sender for the queue's unit tests: answers each chunk as the test scripted it, and keeps every chunk it was
 * handed, in order, for the test to wait on.
 */
final class FakeSender implements IngestQueue.Sender {

    private final Function<List<BatchOperation>, CompletableFuture<BatchResponse>> answer;
    private final BlockingQueue<List<BatchOperation>> sent = new LinkedBlockingQueue<>();
    private final List<CompletableFuture<BatchResponse>> calls = new CopyOnWriteArrayList<>();

    private FakeSender(Function<List<BatchOperation>, CompletableFuture<BatchResponse>> answer) {
        this.answer = answer;
    }

    /** {@return a sender that acknowledges every chunk at once, on the sending thread} */
    static FakeSender acknowledging() {
        return new FakeSender(operations -> CompletableFuture.completedFuture(
                new BatchResponse(1, operations.stream().map(o -> "id").toList())));
    }

    /** {@return a sender whose calls wait until the test answers them ({@link #acknowledge(int)})} */
    static FakeSender answeredByTest() {
        return new FakeSender(operations -> new CompletableFuture<>());
    }

    /**
     * Acknowledges a call of {@link #answeredByTest()}.
     *
     * @param chunk the call's number, from 0 in the order sent
     */
    void acknowledge(int chunk) {
        calls.get(chunk).complete(new BatchResponse(1, List.of("id")));
    }

    /**
     * {@return a sender that throws instead of sending}
     *
     * @param thrown what every send throws
     */
    static FakeSender throwing(Error thrown) {
        return new FakeSender(operations -> {
            throw thrown;
        });
    }

    /**
     * {@return a sender whose calls all fail}
     *
     * @param error each call's failure
     */
    static FakeSender failing(Throwable error) {
        return new FakeSender(operations -> CompletableFuture.failedFuture(error));
    }

    @Override
    public CompletableFuture<BatchResponse> send(
            List<BatchOperation> operations, boolean unrepeatable, ChunkRounds rounds) {
        sent.add(operations);
        CompletableFuture<BatchResponse> call = answer.apply(operations);
        calls.add(call);
        return call;
    }

    /**
     * Waits for the next chunk handed to this sender.
     *
     * @return its operations
     */
    List<BatchOperation> nextChunk() throws InterruptedException {
        List<BatchOperation> chunk = sent.poll(10, TimeUnit.SECONDS);
        assertThat(chunk).as("a chunk sent within 10 s").isNotNull();
        return chunk;
    }
}
