package io.quarry.mockserver.internal.products.suggestions;

import io.quarry.mockserver.internal.http.ApiException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.databind.node.ArrayNode;

/**
 * The application's query-suggestions configurations (at most {@value #MAX} of them, in creation order) and, for
 * each, the state of its builds. Thread-safe: every method holds this object's lock.
 */
final class Configurations {

    static final int MAX = 100;

    /** One configuration and its builds; its fields are guarded by the {@link Configurations} holding it. */
    static final class Entry {
        SuggestionsConfig config;
        /** A build waiting to start, which will read the configuration current when it starts. */
        Future<?> queued;

        boolean building;
        Long lastBuiltAt;
        Long lastSuccessfulBuiltAt;
        Long lastSuccessfulBuildMillis;
        ArrayNode lastLog;

        private Entry(SuggestionsConfig config) {
            this.config = config;
        }

        boolean running() {
            return queued != null || building;
        }
    }

    /** A snapshot of an entry's build state, for the status endpoint. */
    record Status(
            String indexName,
            boolean running,
            Long lastBuiltAt,
            Long lastSuccessfulBuiltAt,
            Long lastSuccessfulBuildMillis) {}

    private final Map<String, Entry> entries = new LinkedHashMap<>();

    synchronized Entry create(SuggestionsConfig config) {
        if (entries.containsKey(config.indexName())) {
            throw new ApiException(422, "Configuration already exists for index: " + config.indexName());
        }
        return add(config);
    }

    /** Replaces a configuration, or creates it when absent (the older way to create one). */
    synchronized Entry replace(SuggestionsConfig config) {
        Entry entry = entries.get(config.indexName());
        if (entry == null) {
            return add(config);
        }
        entry.config = config;
        return entry;
    }

    private Entry add(SuggestionsConfig config) {
        if (entries.size() >= MAX) {
            throw new ApiException(
                    403, "The application already has the maximum of " + MAX + " query-suggestions configurations");
        }
        Entry entry = new Entry(config);
        entries.put(config.indexName(), entry);
        return entry;
    }

    synchronized void delete(String indexName) {
        require(indexName);
        entries.remove(indexName);
    }

    synchronized SuggestionsConfig get(String indexName) {
        return require(indexName).config;
    }

    synchronized List<SuggestionsConfig> list() {
        List<SuggestionsConfig> configs = new ArrayList<>();
        entries.values().forEach(entry -> configs.add(entry.config));
        return configs;
    }

    synchronized Status status(String indexName) {
        Entry entry = require(indexName);
        return new Status(
                indexName,
                entry.running(),
                entry.lastBuiltAt,
                entry.lastSuccessfulBuiltAt,
                entry.lastSuccessfulBuildMillis);
    }

    synchronized ArrayNode lastLog(String indexName) {
        Entry entry = require(indexName);
        if (entry.lastLog == null) {
            throw ApiException.notFound("No build has run yet for index: " + indexName);
        }
        return entry.lastLog.deepCopy();
    }

    /**
     * Marks a queued build as started.
     *
     * @return the configuration to build, or {@code null} when the entry was deleted meanwhile
     */
    synchronized SuggestionsConfig start(Entry entry) {
        entry.queued = null;
        if (entries.get(entry.config.indexName()) != entry) {
            return null;
        }
        entry.building = true;
        return entry.config;
    }

    synchronized void finish(Entry entry, long builtAt, long durationMillis, boolean successful, ArrayNode log) {
        entry.building = false;
        entry.lastBuiltAt = builtAt;
        entry.lastLog = log;
        if (successful) {
            entry.lastSuccessfulBuiltAt = builtAt;
            entry.lastSuccessfulBuildMillis = durationMillis;
        }
    }

    /** {@return the build already queued for the entry, or the one {@code queue} returns, now queued} */
    synchronized Future<?> queueOnce(Entry entry, Supplier<Future<?>> queue) {
        if (entry.queued == null) {
            entry.queued = queue.get();
        }
        return entry.queued;
    }

    /**
     * Runs a build's write of its suggestions index unless a configuration reads an index holding that index's records
     * (as a source or external index, its own configuration's included), which the write would replace. The lock is
     * held meanwhile, so no configuration can start reading such an index during the write.
     *
     * @param indexName the suggestions index
     * @param primaryOf the primary of a replica, or {@code null} for an index that is none
     * @param write the write, answering why it wrote nothing or {@code null}
     * @return why nothing was written, or {@code null} once written
     */
    synchronized String writeUnlessRead(String indexName, Function<String, String> primaryOf, Supplier<String> write) {
        for (Entry entry : entries.values()) {
            for (String read : entry.config.readIndices()) {
                String readIndex = read.equals(indexName)
                        ? read
                        : indexName.equals(primaryOf.apply(read)) ? read + ", a replica of " + indexName + "," : null;
                if (readIndex != null) {
                    return "Index " + readIndex + " is a source or external index of the configuration of "
                            + entry.config.indexName();
                }
            }
        }
        return write.get();
    }

    synchronized void clear() {
        entries.clear();
    }

    private Entry require(String indexName) {
        Entry entry = entries.get(indexName);
        if (entry == null) {
            throw ApiException.notFound("Configuration does not exist for index: " + indexName);
        }
        return entry;
    }
}
