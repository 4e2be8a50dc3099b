package io.quarry.benchmarks.client;

import io.quarry.benchmarks.canned.CannedServer;
import io.quarry.benchmarks.data.Product;
import io.quarry.core.TypeRef;
import io.quarry.core.internal.Json;
import io.quarry.search.model.SearchResponse;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What interning member names costs where the names do not repeat: the canned answer's 20 hits with a facet whose
 * values (member names, in the service's JSON) differ from answer to answer, {@code values} of them in each of
 * {@code answers} answers decoded in turn, against the canned answer alone. Three decoders take turns on one
 * thread in one JVM, as in {@link DecodeCpuPerCall}: the SDK's own ({@code Json.read}), and the raw loop's reader
 * with and without {@code TokenStreamFactory.Feature.INTERN_PROPERTY_NAMES}. Prints, per answer kind, each decoder's
 * CPU per decode and its ratio to the raw reader without interning.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar io.quarry.benchmarks.client.NameCardinalityCpuPerCall
 * [rounds] [values] [answers]}; defaults: 30 rounds after 5 warm-up rounds, 1,000 values, 200 answers.
 */
public final class NameCardinalityCpuPerCall {

    private static final int WARMUP_ROUNDS = 5;
    private static final Type TYPED =
            TypeRef.parameterized(SearchResponse.class, Product.class).type();

    /** The raw loop's view of an answer, facets included. */
    record FacetedAnswer(List<Product> hits, Map<String, Map<String, Long>> facets, long nbHits) {}

    private NameCardinalityCpuPerCall() {}

    /**
     * Runs the comparison.
     *
     * @param args rounds, facet values per answer, answers (all optional)
     */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int values = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        int count = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        byte[] canned = CannedServer.resource("search-response.json");
        measure("canned answer", new byte[][] {canned}, rounds, count);
        measure(
                values + " distinct facet values in each of " + count + " answers",
                faceted(canned, values, count),
                rounds,
                1);
    }

    private static void measure(String kind, byte[][] answers, int rounds, int repeats) {
        ObjectReader plain = reader(false);
        ObjectReader interning = reader(true);
        List<String> names = List.of("quarry", "rawInterning", "raw");
        List<Function<byte[], Object>> decoders =
                List.of(answer -> Json.read(answer, TYPED), interning::readValue, plain::readValue);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int n = decoders.size();
        double[][] nanos = new double[n][rounds];
        for (int round = -WARMUP_ROUNDS; round < rounds; round++) {
            for (int i = 0; i < n; i++) {
                int turn = RoundFigures.turn(round + WARMUP_ROUNDS, i, n);
                Function<byte[], Object> decode = decoders.get(turn);
                long start = threads.getCurrentThreadCpuTime();
                for (int repeat = 0; repeat < repeats; repeat++) {
                    for (byte[] answer : answers) {
                        if (decode.apply(answer) == null) {
                            throw new IllegalStateException(names.get(turn) + " decoded nothing");
                        }
                    }
                }
                if (round >= 0) {
                    nanos[turn][round] =
                            (threads.getCurrentThreadCpuTime() - start) / (double) (repeats * answers.length);
                }
            }
        }
        System.out.println(kind + ":");
        for (int i = 0; i < n; i++) {
            double[] ratios = RoundFigures.ratios(nanos[i], nanos[n - 1]);
            System.out.printf(
                    Locale.ROOT,
                    "  %-14s CPU per decode %8.2f us, / raw %.3fx (%s)%n",
                    names.get(i),
                    RoundFigures.median(nanos[i]) / 1000,
                    RoundFigures.median(ratios),
                    RoundFigures.range(ratios, "%.3f"));
        }
    }

    private static ObjectReader reader(boolean interns) {
        JsonFactory factory = JsonFactory.builder()
                .configure(TokenStreamFactory.Feature.INTERN_PROPERTY_NAMES, interns)
                .build();
        return JsonMapper.builder(factory)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build()
                .readerFor(FacetedAnswer.class);
    }

    /** The canned answer, each copy with a {@code brand} facet of values no other copy has. */
    private static byte[][] faceted(byte[] canned, int values, int count) {
        JsonMapper mapper = JsonMapper.builder().build();
        Random random = new Random(7);
        byte[][] answers = new byte[count][];
        for (int i = 0; i < count; i++) {
            ObjectNode answer = (ObjectNode) mapper.readTree(canned);
            ObjectNode brand = answer.putObject("facets").putObject("brand");
            for (int v = 0; v < values; v++) {
                brand.put("Brand " + Long.toString(random.nextLong() >>> 1, 36), 1 + random.nextInt(500));
            }
            answers[i] = mapper.writeValueAsString(answer).getBytes(StandardCharsets.UTF_8);
        }
        return answers;
    }
}
