package io.quarry.mockserver.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The expansion cache is bounded by the terms its values hold, not only by their count: a few expansions of short
 * words, each holding most of the dictionary, must not stay cached side by side.
 */
class TermIndexCacheTest {

    private final TermIndex index = new TermIndex(new TermDictionary());
    private final AtomicInteger computed = new AtomicInteger();

    private Object expansion(String key, int terms) {
        return index.cached(
                key,
                () -> {
                    computed.incrementAndGet();
                    return terms;
                },
                value -> value);
    }

    @Test
    void lightValuesStayCached() {
        expansion("a", 10);
        expansion("b", 10);
        expansion("a", 10);
        assertThat(computed).hasValue(2);
    }

    @Test
    void heavyValuesEvictEachOtherPastAMillionTerms() {
        expansion("a", 400_000);
        expansion("b", 400_000);
        expansion("c", 400_000);
        expansion("a", 400_000);
        assertThat(computed)
                .as("a was evicted when c pushed the cache past a million terms")
                .hasValue(4);
        expansion("huge", 2_000_000);
        expansion("huge", 2_000_000);
        assertThat(computed).as("a value past the bound is never cached").hasValue(6);
    }
}
