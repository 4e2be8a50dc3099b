package io.quarry.mockserver.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Paths and query strings decode as UTF-8 exactly, or not at all. */
class PathCodecTest {

    @Test
    void aSegmentKeepsItsEncodedSlashAndItsPlusSign() {
        assertThat(PathCodec.rawSegments("/1/indexes/a%2Fb+c")).containsExactly("1", "indexes", "a%2Fb+c");
        assertThat(PathCodec.decodeSegment("a%2Fb+c")).isEqualTo("a/b+c");
        assertThat(PathCodec.decodeSegment("%C3%A9t%C3%A9%F0%9F%98%80")).isEqualTo("\u00e9t\u00e9\ud83d\ude00");
    }

    @ParameterizedTest
    @ValueSource(strings = {"%FF", "a%C3", "%ED%A0%80", "%C0%AF", "%E2%82", "%F4%90%80%80"})
    void bytesThatAreNotUtf8AreRefusedRatherThanReadAsReplacementCharacters(String raw) {
        // read leniently, %FF and %FE would both name the index "\uFFFD"
        assertThatThrownBy(() -> PathCodec.decodeSegment(raw))
                .isInstanceOf(ApiException.class)
                .hasMessage("Malformed UTF-8 in path");
        assertThatThrownBy(() -> PathCodec.parseQuery("q=" + raw))
                .isInstanceOf(ApiException.class)
                .hasMessage("Malformed UTF-8 in query string");
    }

    @ParameterizedTest
    @ValueSource(strings = {"%", "%2", "%G1", "a%2"})
    void aBrokenEscapeIsRefused(String raw) {
        assertThatThrownBy(() -> PathCodec.decodeSegment(raw)).hasMessage("Malformed percent-encoding in path");
        assertThatThrownBy(() -> PathCodec.parseQuery("q=" + raw))
                .hasMessage("Malformed percent-encoding in query string");
    }

    @Test
    void aQueryReadsPlusAsASpaceKeepsTheFirstOfARepeatedNameAndTakesTextAlreadyDecoded() {
        assertThat(PathCodec.parseQuery("a=1+2&b=%2B&a=3&c")).isEqualTo(Map.of("a", "1 2", "b", "+", "c", ""));
        // a parameter string read from a JSON body may hold its characters as they are
        assertThat(PathCodec.parseQuery("query=caf\u00e9 \ud83d\ude00"))
                .containsEntry("query", "caf\u00e9 \ud83d\ude00");
        assertThatThrownBy(() -> PathCodec.parseQuery("query=\ud800x"))
                .isInstanceOf(ApiException.class)
                .hasMessageContaining("unpaired surrogate");
    }

    @Test
    void anyTextEncodedAsAFormComesBackWhole() {
        Random random = new Random(11);
        String[] parts = {"a", " ", "+", "%", "&", "=", "/", "\u00e9", "\u65e5", "\ud83d\ude00", "\u0000", "\uffff"};
        for (int n = 0; n < 1_000; n++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(8); i > 0; i--) {
                text.append(parts[random.nextInt(parts.length)]);
            }
            String value = text.toString();
            String encoded = URLEncoder.encode(value, StandardCharsets.UTF_8);

            assertThat(PathCodec.parseQuery("v=" + encoded)).as(encoded).containsEntry("v", value);
            assertThat(PathCodec.decodeSegment(encoded.replace("+", "%20")))
                    .as(encoded)
                    .isEqualTo(value);
        }
    }
}
