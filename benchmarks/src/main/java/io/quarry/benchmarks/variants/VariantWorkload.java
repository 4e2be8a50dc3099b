package io.quarry.benchmarks.variants;

import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.quarry.benchmarks.data.Catalogue;
import io.quarry.benchmarks.data.Product;
import io.quarry.benchmarks.raw.RawClient;
import io.quarry.benchmarks.raw.RawJackson2Client;
import io.quarry.core.ClientConfig;
import io.quarry.core.Host;
import io.quarry.core.RequestOptions;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.spi.TryEnd;
import io.quarry.micrometer.MicrometerCallObserver;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.search.model.SearchQuery;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The calls one variant of the SDK makes, loaded by that variant's own class loader ({@link VariantLoader}): the
 * harness sees them only through JDK types, so the two variants share no class but the JDK's. The index is
 * the canned server's; the search and the 1000-record write are those of the other client benchmarks. Searches go
 * to the index named by the system property {@code quarry.variants.index} when set (an answer shape of
 * {@code canned.SearchShapes}, such as {@code shape-1000-plain}), else to {@code products} (writes go to the same
 * index: every index's batch answer is the same).
 */
public final class VariantWorkload {

    /** The index searched: an answer shape of the canned server, or its default answer. */
    private static final String SEARCHED = System.getProperty("quarry.variants.index", "products");

    private VariantWorkload() {}

    /**
     * Builds a client for the server and hands out its calls.
     *
     * @param url      the canned server's base URL
     * @param observer {@code none}; {@code micrometer} (a simple meter registry behind an observation registry); or
     *     {@code bodySizes}, an observer that reads only each try's body sizes (as a custom convention does)
     * @param kind     {@code quarry} (the build's default: it kept generated members until they were kept only when
     *     asked); {@code quarryLean} (searches keeping no generated member) or {@code quarryWithGeneratedMembers}
     *     (searches keeping them), each on a build of either kind (see {@link #generatedMembers}); {@code raw} or
     *     {@code rawLargePool}, the hand-written OkHttp + Jackson client of the other benchmarks (writes streamed);
     *     {@code rawJackson2}, the same loop on Jackson 2 (searches only)
     * @return {@code search} ({@link IntSupplier}, hits decoded), {@code searchAsync} ({@link Supplier} of a future),
     *     {@code write} ({@link IntSupplier}: saveObjects of 1000 products, the records written) and
     *     {@code close} ({@link Runnable})
     */
    public static Map<String, Object> open(String url, String observer, String kind) {
        if (kind.startsWith("raw")) {
            return openRaw(url, kind);
        }
        ClientConfig.Builder config =
                ClientConfig.builder("BENCHAPP", "bench-key-not-a-secret").hosts(Host.of(url));
        if (observer.equals("micrometer")) {
            ObservationRegistry registry = ObservationRegistry.create();
            registry.observationConfig()
                    .observationHandler(new DefaultMeterObservationHandler(new SimpleMeterRegistry()));
            config.callObserver(MicrometerCallObserver.of(registry));
        } else if (observer.equals("bodySizes")) {
            config.callObserver(call -> new BodySizes());
        } else if (!observer.equals("none")) {
            throw new IllegalArgumentException("unknown observer: " + observer + " (none, micrometer or bodySizes)");
        }
        SearchClient client = SearchClient.create(config.build());
        SearchIndex index = switch (kind) {
            case "quarry" -> client.index(SEARCHED);
            case "quarryLean" -> generatedMembers(client.index(SEARCHED), false);
            case "quarryWithGeneratedMembers" -> generatedMembers(client.index(SEARCHED), true);
            default -> throw new IllegalArgumentException("unknown kind: " + kind);
        };
        SearchQuery query = SearchQuery.of("wireless").hitsPerPage(20);
        List<Product> records = new Catalogue().products(1000);
        IntSupplier search = () -> index.search(query, Product.class).hits().size();
        Supplier<CompletableFuture<?>> searchAsync = () -> index.searchAsync(query, Product.class);
        IntSupplier write = () -> (int) index.saveObjects(records).records();
        Runnable close = client::close;
        return Map.of("search", search, "searchAsync", searchAsync, "write", write, "close", close);
    }

    /**
     * The index keeping the hits' generated members or none, on the jar of any build (found by reflection, as this
     * class is compiled against the current one): a build with {@code RequestOptions.Builder.keepGeneratedMembers()}
     * keeps none unless asked; an older one with {@code withoutGeneratedMembers()} keeps them unless told not to; one
     * with neither always kept them, so it has no lean form (leave {@code quarryLean} out of its figures).
     */
    static SearchIndex generatedMembers(SearchIndex index, boolean keep) {
        Method keepMethod = builderMethod("keepGeneratedMembers");
        Method dropMethod = builderMethod("withoutGeneratedMembers");
        if (keepMethod != null) {
            return keep ? index.withOptions(optionsWith(keepMethod)) : index;
        }
        if (keep) {
            return index;
        }
        if (dropMethod == null) {
            throw new UnsupportedOperationException(
                    "this build always keeps generated members: leave quarryLean out of its figures");
        }
        return index.withOptions(optionsWith(dropMethod));
    }

    private static Method builderMethod(String name) {
        try {
            return RequestOptions.Builder.class.getMethod(name);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static RequestOptions optionsWith(Method option) {
        try {
            return ((RequestOptions.Builder) option.invoke(RequestOptions.builder())).build();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot call RequestOptions.Builder." + option.getName(), e);
        }
    }

    private static Map<String, Object> openRaw(String url, String kind) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Accept", "application/json");
        headers.put("User-Agent", "Quarry for Java (1.0.0-SNAPSHOT); Search (1.0.0-SNAPSHOT); JVM (17)");
        headers.put("X-Service-Application-Id", "BENCHAPP");
        headers.put("X-Service-API-Key", "bench-key-not-a-secret");
        Map<String, Object> query = Map.of("query", "wireless", "hitsPerPage", 20);
        if (kind.equals("rawJackson2")) {
            RawJackson2Client raw = new RawJackson2Client(url, headers);
            IntSupplier search = () -> raw.search(SEARCHED, query).hits().size();
            Supplier<CompletableFuture<?>> searchAsync = () -> raw.searchAsync(SEARCHED, query);
            IntSupplier write = () -> {
                throw new UnsupportedOperationException("rawJackson2 only searches: leave write out of the figures");
            };
            Runnable close = raw::close;
            return Map.of("search", search, "searchAsync", searchAsync, "write", write, "close", close);
        }
        RawClient raw =
                kind.equals("rawLargePool") ? RawClient.withLargePool(url, headers) : new RawClient(url, headers);
        List<Product> records = new Catalogue().products(1000);
        IntSupplier search = () -> raw.search(SEARCHED, query).hits().size();
        Supplier<CompletableFuture<?>> searchAsync = () -> raw.searchAsync(SEARCHED, query);
        IntSupplier write =
                () -> raw.addObjectsStreamed("products", records).objectIDs().size();
        Runnable close = raw::close;
        return Map.of("search", search, "searchAsync", searchAsync, "write", write, "close", close);
    }

    /** Reads each try's body sizes and nothing else, so the client counts them. */
    private static final class BodySizes implements ObservedCall {
        private long bytes;

        @Override
        public void tryEnded(TryEnd attempt) {
            bytes += attempt.requestBytes() + attempt.responseBytes();
        }

        @Override
        public void callEnded(CallEnd end) {
            if (bytes <= 0) {
                throw new IllegalStateException("no body bytes counted");
            }
        }
    }
}
