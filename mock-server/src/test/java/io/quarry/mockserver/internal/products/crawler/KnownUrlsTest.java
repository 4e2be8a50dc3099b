package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The URLs a crawl knows are bounded in characters as well as in count: long links cannot fill the heap. */
class KnownUrlsTest {

    @Test
    void linksStopBeingKnownOnceTheirCharactersReachTheBound() {
        KnownUrls known = new KnownUrls();
        String path = "x".repeat(HttpUrls.MAX_LENGTH - 30);
        long fit = KnownUrls.MAX_CHARACTERS / (path.length() + 30);
        int taken = 0;
        for (int i = 0; i < fit + 10; i++) {
            if (known.addFound(String.format("http://example.com/%010d", i) + path)) {
                taken++;
            }
        }

        assertThat(taken).isEqualTo((int) fit);
        assertThat(known.addFound("http://example.com/short"))
                .as("a short one may still fit")
                .isTrue();
        assertThat(known.addStart("http://example.com/start/" + path))
                .as("start points are bounded apart")
                .isTrue();
    }

    @Test
    void aUrlIsNewOnce() {
        KnownUrls known = new KnownUrls();

        assertThat(known.addStart("http://example.com/")).isTrue();
        assertThat(known.addFound("http://example.com/")).isFalse();
        assertThat(known.addFound("http://example.com/a")).isTrue();
        assertThat(known.addFound("http://example.com/a")).isFalse();
    }
}
