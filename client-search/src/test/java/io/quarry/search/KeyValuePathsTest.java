package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.testsupport.WireMockClients;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A key value of any character is written into the key calls' paths as one segment that decodes back to it: never a
 * second segment, a query or a fragment. The service's own keys are hexadecimal and the mock server takes chosen values
 * of letters, digits, {@code -} and {@code _} only ({@link SeededKeyValuesContractTest}), so the other characters are
 * pinned here, on the raw request line.
 */
class KeyValuePathsTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(WM));

    @BeforeEach
    void answerEveryKeyCall() {
        WM.stubFor(get(urlMatching("/1/keys/.*")).willReturn(okJson("{\"value\":\"v\",\"acl\":[],\"validity\":0}")));
        WM.stubFor(put(urlMatching("/1/keys/.*"))
                .willReturn(okJson("{\"key\":\"v\",\"updatedAt\":\"2026-01-01T00:00:00.000Z\"}")));
        WM.stubFor(
                delete(urlMatching("/1/keys/.*")).willReturn(okJson("{\"deletedAt\":\"2026-01-01T00:00:00.000Z\"}")));
        WM.stubFor(post(urlMatching("/1/keys/.*"))
                .willReturn(okJson("{\"key\":\"v\",\"createdAt\":\"2026-01-01T00:00:00.000Z\"}")));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"a/b", "a b", "a%2Fb", "...", "?q=1", "#top", "a+b", "\u00e9\ud83d\ude00", "*", "a;b=c", "~x"})
    void eachKeyCallSendsTheValueAsOneSegment(String value) {
        client.apiKeys().get(value);
        client.apiKeys().update(value, ApiKey.of(Acl.SEARCH));
        client.apiKeys().delete(value);
        client.apiKeys().restore(value);

        List<String> paths = WM.getAllServeEvents().stream()
                .map(ServeEvent::getRequest)
                .map(request -> request.getUrl())
                .toList();
        assertThat(paths).hasSize(4);
        for (String path : paths) {
            assertThat(path).as("no query or fragment").doesNotContain("?", "#");
            String[] segments = path.split("/", -1);
            boolean restore = path.endsWith("/restore");
            assertThat(segments).as(path).hasSize(restore ? 5 : 4);
            assertThat(segments[3]).as("ASCII only on the wire").matches("[\\x21-\\x7e]+");
            assertThat(percentDecoded(segments[3])).as(path).isEqualTo(value);
        }
    }

    /** Decodes a path segment as RFC 3986 says: {@code %XX} octets of UTF-8, and {@code +} is itself. */
    private static String percentDecoded(String segment) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '%') {
                bytes.write(Integer.parseInt(segment, i + 1, i + 3, 16));
                i += 2;
            } else {
                bytes.write(c);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
