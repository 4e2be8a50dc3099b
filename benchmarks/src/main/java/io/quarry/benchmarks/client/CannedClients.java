package io.quarry.benchmarks.client;

import io.quarry.benchmarks.canned.CannedServerHandle;
import io.quarry.benchmarks.data.Catalogue;
import io.quarry.benchmarks.data.Product;
import io.quarry.benchmarks.raw.RawClient;
import io.quarry.benchmarks.raw.RawJackson2Client;
import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.BatchAction;
import io.quarry.search.model.BatchOperation;
import io.quarry.search.model.SearchQuery;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import tools.jackson.core.util.BufferRecycler;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.core.util.RecyclerPool;

/**
 * The canned server (a child process) and both clients pointed at it, shared by every thread of a trial.
 * The two clients send the same headers and the same JSON bodies.
 */
@State(Scope.Benchmark)
public class CannedClients {

    /** The index every call names. */
    static final String INDEX = "products";
    /** What both clients search for. */
    static final String QUERY = "wireless";
    /** Records per batch. */
    static final int BATCH_SIZE = 1000;

    private static final String APP_ID = "BENCHAPP";
    private static final String API_KEY = "bench-key-not-a-secret";

    /**
     * Who serves the canned answers: {@code jvm} ({@code CannedServer} in a child JVM, the default) or
     * {@code nginx} (almost no CPU, so the clients' own cost decides throughput on two cores; {@code -p server=nginx}).
     */
    @Param({"jvm"})
    public String server = "jvm";

    CannedServerHandle canned;
    SearchClient quarry;
    SearchIndex quarryIndex;
    /** The same index keeping the hits' generated members ({@code RequestOptions.Builder.keepGeneratedMembers()}). */
    SearchIndex quarryKeepingIndex;

    RawClient raw;
    /** The raw client on an untuned {@code new OkHttpClient()}. */
    RawClient rawOkHttpDefaults;
    /** The raw client with a connection pool as large as Quarry's. */
    RawClient rawLargePool;
    /** The raw client with Jackson 3's thread-local buffer recycler pool instead of its default. */
    RawClient rawThreadLocalPool;
    /** The same raw search on Jackson 2. */
    RawJackson2Client rawJackson2;

    /** The headers every raw call carries (the SDK's). */
    Map<String, String> headers;

    SearchQuery quarryQuery;
    Map<String, Object> rawQuery;
    List<Product> records;
    List<BatchOperation> quarryBatch;

    /**
     * Starts the server and builds both clients.
     *
     * @throws IOException if the server cannot start
     */
    @Setup(Level.Trial)
    public void start() throws IOException {
        canned = CannedServerHandle.start(server);
        quarry = SearchClient.create(ClientConfig.builder(APP_ID, API_KEY)
                .hosts(Host.of(canned.url()))
                .build());
        quarryIndex = quarry.index(INDEX);
        quarryKeepingIndex = quarryIndex.withOptions(
                io.quarry.core.RequestOptions.builder().keepGeneratedMembers().build());
        quarryQuery = SearchQuery.of(QUERY).hitsPerPage(20);
        rawQuery = Map.of("query", QUERY, "hitsPerPage", 20);
        headers = new java.util.LinkedHashMap<>();
        headers.put("Accept", "application/json");
        headers.put("User-Agent", "Quarry for Java (1.0.0-SNAPSHOT); Search (1.0.0-SNAPSHOT); JVM (17)");
        headers.put(Credentials.APPLICATION_ID_HEADER, APP_ID);
        headers.put(Credentials.API_KEY_HEADER, API_KEY);
        raw = new RawClient(canned.url(), headers);
        rawOkHttpDefaults = RawClient.withOkHttpDefaults(canned.url(), headers);
        rawLargePool = RawClient.withLargePool(canned.url(), headers);
        rawThreadLocalPool = rawWithRecyclerPool(JsonRecyclerPools.threadLocalPool());
        rawJackson2 = new RawJackson2Client(canned.url(), headers);
        records = new Catalogue().products(BATCH_SIZE);
        quarryBatch = records.stream()
                .map(r -> BatchOperation.of(BatchAction.ADD_OBJECT, r))
                .toList();
        checkBothWork();
    }

    /**
     * {@return a raw Jackson 3 client with another of Jackson's buffer recycler pools; the caller closes it}
     *
     * @param pool the pool
     */
    RawClient rawWithRecyclerPool(RecyclerPool<BufferRecycler> pool) {
        return RawClient.withRecyclerPool(canned.url(), headers, pool);
    }

    /**
     * {@return a raw Jackson 3 client reading with a factory of the caller's; the caller closes it}
     *
     * @param factory the factory
     */
    RawClient rawWithJsonFactory(tools.jackson.core.json.JsonFactory factory) {
        return RawClient.withJsonFactory(canned.url(), headers, factory);
    }

    /** Closes both clients and kills the server. */
    @TearDown(Level.Trial)
    public void stop() {
        if (quarry != null) {
            quarry.close();
        }
        if (raw != null) {
            raw.close();
        }
        if (rawOkHttpDefaults != null) {
            rawOkHttpDefaults.close();
        }
        if (rawLargePool != null) {
            rawLargePool.close();
        }
        if (rawThreadLocalPool != null) {
            rawThreadLocalPool.close();
        }
        if (rawJackson2 != null) {
            rawJackson2.close();
        }
        if (canned != null) {
            canned.close();
        }
    }

    /** Fails the trial at once if either client cannot decode what the server answers. */
    private void checkBothWork() {
        int quarryHits = quarryIndex.search(quarryQuery, Product.class).hits().size();
        int rawHits = raw.search(INDEX, rawQuery).hits().size();
        if (quarryHits != 20
                || rawHits != 20
                || rawThreadLocalPool.search(INDEX, rawQuery).hits().size() != 20
                || rawJackson2.search(INDEX, rawQuery).hits().size() != 20
                || quarryIndex.batch(quarryBatch).objectIDs().size() != BATCH_SIZE
                || raw.addObjects(INDEX, records).objectIDs().size() != BATCH_SIZE
                || raw.addObjectsStreamed(INDEX, records).objectIDs().size() != BATCH_SIZE) {
            throw new IllegalStateException("the canned server's answers did not decode as expected");
        }
    }
}
