package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Host;
import java.util.List;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

/** Each try's URL is the host's with the request's path and query, and a repeated path reuses its URL. */
class HostUrlsTest {

    private final Host plain = Host.of("http://127.0.0.1:8080");
    private final Host based = Host.of("https://a.example.net").withBasePath("/api/1");
    private final HostUrls urls = new HostUrls(List.of(plain, based));

    @Test
    void aUrlIsTheHostsWithThePathAndQuery() {
        assertThat(urls.url(plain, "/1/indexes/products/query", null))
                .hasToString("http://127.0.0.1:8080/1/indexes/products/query");
        assertThat(urls.url(based, "/1/indexes/a%20b", "hitsPerPage=5&query=caf%C3%A9")
                        .toString())
                .isEqualTo("https://a.example.net/api/1/1/indexes/a%20b?hitsPerPage=5&query=caf%C3%A9");
    }

    @Test
    void aRepeatedPathReusesItsUrlOnTheSameHostOnly() {
        HttpUrl first = urls.url(plain, "/1/indexes/products/query", null);

        assertThat(urls.url(plain, "/1/indexes/products/query", null)).isSameAs(first);
        assertThat(urls.url(plain, "/1/indexes/products/query", "page=2")).isNotEqualTo(first);
        assertThat(urls.url(based, "/1/indexes/products/query", null).host()).isEqualTo("a.example.net");
    }

    @Test
    void aHostKeepsABoundedNumberOfUrls() {
        for (int id = 0; id < HostUrls.MAX_KEPT * 3; id++) {
            assertThat(urls.url(plain, "/1/indexes/products/" + id, null).encodedPath())
                    .isEqualTo("/1/indexes/products/" + id);
            assertThat(urls.keptFor(plain)).isBetween(1, HostUrls.MAX_KEPT);
        }
    }
}
