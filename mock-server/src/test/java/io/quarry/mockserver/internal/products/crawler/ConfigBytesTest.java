package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.internal.http.ApiException;
import org.junit.jupiter.api.Test;

/**
 * The crawlers' configurations are bounded in bytes as well as in count: a configuration keeps every member sent, so
 * 1,000 crawlers of 10 MB configurations each outgrew any heap.
 */
class ConfigBytesTest {

    private static final long HEAP = 64L << 20;

    @Test
    void configurationsPastAThirtySecondOfTheHeapAreRefused() {
        ConfigBytes bytes = new ConfigBytes(HEAP);
        assertThat(bytes.maxBytes()).isEqualTo(HEAP / 32);
        long large = 800_000;
        bytes.set("a", large);
        bytes.set("b", large);
        assertThatThrownBy(() -> bytes.set("c", large))
                .isInstanceOf(ApiException.class)
                .satisfies(
                        refused -> assertThat(((ApiException) refused).status()).isEqualTo(400));
        assertThat(bytes.bytes()).as("nothing counted for the refused one").isEqualTo(2 * large);

        bytes.set("a", 1_000);
        bytes.set("c", large);
        bytes.set("c", large);
        assertThat(bytes.bytes()).isEqualTo(1_000 + 2 * large);
        bytes.clear();
        assertThat(bytes.bytes()).isZero();
    }
}
