package io.quarry.benchmarks.client;

import io.quarry.benchmarks.data.Product;
import io.quarry.benchmarks.raw.RawBatchResponse;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Scenario 3: one batch call adding 1000 records (serialised and sent, 1000 objectIDs decoded). Two baselines:
 * {@code raw} serialises the body to a byte array and sends it with a length, {@code rawStreamed} streams it into
 * the connection (chunked), which allocates least. Run with {@code -prof gc}: goal {@code gc.alloc.rate.norm}
 * of {@code quarry} at most 1.05x {@code rawStreamed}'s, with throughput at least {@code raw}'s.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// long warm-up: the canned server is a fresh JVM per fork and its JIT competes with the client's for 2 cores
@Warmup(iterations = 5, time = 5)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Threads(1)
public class BatchBenchmark {

    /**
     * {@return the acknowledgement}
     *
     * @param clients both clients, the server and the records
     */
    @Benchmark
    public BatchResponse quarry(CannedClients clients) {
        // the operations are built per call, as the baseline builds its own
        List<BatchOperation> operations = new ArrayList<>(clients.records.size());
        for (Product record : clients.records) {
            operations.add(BatchOperation.of(BatchAction.ADD_OBJECT, record));
        }
        return clients.quarryIndex.batch(operations);
    }

    /**
     * {@return the acknowledgement}
     *
     * @param clients both clients, the server and the records
     */
    @Benchmark
    public RawBatchResponse raw(CannedClients clients) {
        return clients.raw.addObjects(CannedClients.INDEX, clients.records);
    }

    /**
     * {@return the acknowledgement}
     *
     * @param clients both clients, the server and the records
     */
    @Benchmark
    public RawBatchResponse rawStreamed(CannedClients clients) {
        return clients.raw.addObjectsStreamed(CannedClients.INDEX, clients.records);
    }
}
