package io.quarry.benchmarks.client;

import io.quarry.benchmarks.canned.CannedServer;
import io.quarry.benchmarks.data.Product;
import io.quarry.benchmarks.raw.RawSearchResponse;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.TypeRef;
import io.quarry.core.internal.Json;
import io.quarry.core.internal.RecordMapperJson;
import io.quarry.core.internal.base.RecordSettings;
import io.quarry.search.model.SearchResponse;
import java.io.ByteArrayInputStream;
import java.lang.reflect.Type;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Diagnosis, not a goal: decoding the canned 20-hit search response from bytes, without any network, the way
 * Quarry does it ({@code Json.read} of the body bytes the transport has read, with the caller's hit type, one pass, as
 * {@code SearchIndex.search} does) and the way the baseline does it (one pass into typed hits). Isolates the
 * decoding share of the search overhead; use {@code -prof gc} for allocation.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class DecodeBenchmark {

    private final byte[] response = CannedServer.resource("search-response.json");
    private final ObjectMapper mapper = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** The baseline with property names interned, as Jackson 2 does by default and Jackson 3 does not. */
    private final ObjectMapper interned = JsonMapper.builder(tools.jackson.core.json.JsonFactory.builder()
                    .enable(tools.jackson.core.TokenStreamFactory.Feature.INTERN_PROPERTY_NAMES)
                    .build())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** The same baseline on Jackson 2, as {@code RawJackson2Client} decodes. */
    private final com.fasterxml.jackson.databind.ObjectMapper jackson2 =
            com.fasterxml.jackson.databind.json.JsonMapper.builder()
                    .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .build();

    /** A client's JSON with a record mapper of the SDK's record settings: the hits go through it. */
    private final RecordMapperJson recordMapper =
            new RecordMapperJson(RecordSettings.applyTo(JsonMapper.builder()).build());

    private static final Type TYPED =
            TypeRef.parameterized(SearchResponse.class, Product.class).type();
    private static final Type FREE_FORM =
            TypeRef.parameterized(SearchResponse.class, FreeFormRecord.class).type();

    /** {@return the response decoded as a search asking for no generated member decodes it: hits typed, none kept} */
    @Benchmark
    public SearchResponse<Product> quarry() {
        return Json.readDroppingGeneratedMembers(response, response.length, TYPED);
    }

    /**
     * {@return the response decoded as a search keeping generated members decodes it ({@code keepGeneratedMembers()},
     *     or a query asking for highlights): each hit keeps their bytes}
     */
    @Benchmark
    public SearchResponse<Product> quarryWithGeneratedMembers() {
        return Json.read(response, TYPED);
    }

    /**
     * {@return the response decoded as a client given a record mapper decodes a search asking for no generated
     *     member: the response by the SDK, each hit by the record mapper}
     */
    @Benchmark
    public SearchResponse<Product> quarryWithRecordMapper() {
        return recordMapper.readDroppingGeneratedMembers(response, response.length, TYPED);
    }

    /** {@return the response decoded with free-form hits (every attribute kept), as for {@code FreeFormRecord.class}} */
    @Benchmark
    public SearchResponse<FreeFormRecord> quarryFreeForm() {
        return Json.read(response, FREE_FORM);
    }

    /** {@return the response decoded as the baseline decodes it} */
    @Benchmark
    public RawSearchResponse raw() {
        return mapper.readValue(new ByteArrayInputStream(response), RawSearchResponse.class);
    }

    /**
     * {@return the response decoded as the baseline decodes it, on Jackson 2}
     *
     * @throws java.io.IOException never: the answer is in memory
     */
    @Benchmark
    public RawSearchResponse rawJackson2() throws java.io.IOException {
        return jackson2.readValue(new ByteArrayInputStream(response), RawSearchResponse.class);
    }

    /** {@return the response decoded as the baseline decodes it, with property names interned} */
    @Benchmark
    public RawSearchResponse rawInternedNames() {
        return interned.readValue(new ByteArrayInputStream(response), RawSearchResponse.class);
    }
}
