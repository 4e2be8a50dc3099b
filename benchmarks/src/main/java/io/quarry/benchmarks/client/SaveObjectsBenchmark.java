package io.quarry.benchmarks.client;

import io.quarry.benchmarks.raw.RawBatchResponse;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.BatchResponse;
import io.quarry.search.model.WriteSummary;
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
 * 1000 records written in one call, per record shape ({@link ShapedRecords#shape}): through Quarry's
 * {@code saveObjects} helper (one chunk; records that have an objectID keep it) and its plain {@code batch}, and
 * through the two hand-written baselines ({@code raw}: the body serialised to a byte array, {@code rawStreamed}:
 * Jackson writing into the connection). Every variant builds its 1000 operations per call and decodes the
 * acknowledgement of 1000 objectIDs. Run with {@code -prof gc}: goal {@code gc.alloc.rate.norm} of the Quarry
 * variants at most 1.1x {@code rawStreamed}'s for each shape, throughput at least {@code raw}'s.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// long warm-up: the canned server is a fresh JVM per fork and its JIT competes with the client's for 2 cores
@Warmup(iterations = 5, time = 5)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Threads(1)
public class SaveObjectsBenchmark {

    /**
     * {@return the summary of the one chunk}
     *
     * @param clients both clients and the server
     * @param records the records of the trial's shape
     */
    @Benchmark
    public WriteSummary quarrySaveObjects(CannedClients clients, ShapedRecords records) {
        return clients.quarryIndex.saveObjects(records.records);
    }

    /**
     * {@return the acknowledgement}
     *
     * @param clients both clients and the server
     * @param records the records of the trial's shape
     */
    @Benchmark
    public BatchResponse quarryBatch(CannedClients clients, ShapedRecords records) {
        List<BatchOperation> operations = new ArrayList<>(records.records.size());
        for (Object record : records.records) {
            operations.add(BatchOperation.of(BatchAction.ADD_OBJECT, record));
        }
        return clients.quarryIndex.batch(operations);
    }

    /**
     * {@return the acknowledgement}
     *
     * @param clients both clients and the server
     * @param records the records of the trial's shape
     */
    @Benchmark
    public RawBatchResponse raw(CannedClients clients, ShapedRecords records) {
        return clients.raw.addObjects(CannedClients.INDEX, records.records);
    }

    /**
     * {@return the acknowledgement}
     *
     * @param clients both clients and the server
     * @param records the records of the trial's shape
     */
    @Benchmark
    public RawBatchResponse rawStreamed(CannedClients clients, ShapedRecords records) {
        return clients.raw.addObjectsStreamed(CannedClients.INDEX, records.records);
    }
}
