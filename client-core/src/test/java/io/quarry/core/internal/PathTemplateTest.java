package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import java.util.Map;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PathTemplateTest {

    private static final String TEMPLATE = "/1/indexes/{indexName}/{objectID}";

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "a/b      | a%2Fb",
                "a?b      | a%3Fb",
                "a#b      | a%23b",
                "%2e%2e   | %252e%252e",
                "'a b'    | a%20b",
                "été      | %C3%A9t%C3%A9",
                "日本      | %E6%97%A5%E6%9C%AC",
                "a+b&c=d; | a%2Bb%26c%3Dd%3B",
                "a\\b     | a%5Cb",
                "...      | ...",
                "a.b-c_d~ | a.b-c_d~"
            })
    void encodesEachValueAsOnePathSegment(String id, String encoded) {
        assertThat(PathTemplate.expand(TEMPLATE, Map.of("indexName", "products", "objectID", id)))
                .isEqualTo("/1/indexes/products/" + encoded);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", ".."})
    void rejectsValuesThatWouldChangeThePath(String id) {
        assertThatThrownBy(() -> PathTemplate.expand(TEMPLATE, Map.of("indexName", "products", "objectID", id)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("objectID")
                .hasMessageContaining("must not be empty, '.' or '..'");
    }

    @Test
    void aKeyTooShortForAPathIsRefusedWithoutRepeatingIt() {
        assertThatThrownBy(() -> PathTemplate.expand("/1/keys/{key}", Map.of("key", "..")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("path parameter 'key' must not be empty")
                .hasMessageNotContaining("got");
        assertThatThrownBy(() -> PathTemplate.expand(TEMPLATE, Map.of("indexName", "products", "objectID", "..")))
                .hasMessageEndingWith("got '..'");
    }

    @Test
    void rejectsMissingAndUnknownParameters() {
        assertThatThrownBy(() -> PathTemplate.expand(TEMPLATE, Map.of("indexName", "products")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("missing path parameter 'objectID'");
        assertThatThrownBy(() -> PathTemplate.expand(
                        TEMPLATE, Map.of("indexName", "products", "objectID", "1", "objectId", "2")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("unknown path parameter 'objectId'");
    }

    @Test
    void fillsANameThatAppearsTwiceWithTheSameValue() {
        assertThat(PathTemplate.expand("/x/{id}/y/{id}", Map.of("id", "a b"))).isEqualTo("/x/a%20b/y/a%20b");
    }

    @Test
    void keepsLiteralPartsOfTheTemplate() {
        assertThat(PathTemplate.expand("/1/indexes/*/queries", Map.of())).isEqualTo("/1/indexes/*/queries");
        assertThat(PathTemplate.expand("/2/filters/{attributes}", Map.of("attributes", "brand,color")))
                .isEqualTo("/2/filters/brand%2Ccolor");
    }

    @Test
    void masksKeyPlaceholdersForLogs() {
        assertThat(PathTemplate.expandForLog("/1/keys/{key}", Map.of("key", "secret-key")))
                .isEqualTo("/1/keys/***");
    }

    @Test
    void tellsWhichTemplatesHaveAKeyToMask() {
        assertThat(PathTemplate.masksKeys("/1/keys/{key}")).isTrue();
        assertThat(PathTemplate.masksKeys("/1/indexes/{indexName}/keys/{apiKey}"))
                .isTrue();
        assertThat(PathTemplate.masksKeys("/1/x/{KEY}")).isTrue();
        assertThat(PathTemplate.masksKeys("/1/indexes/{indexName}/query")).isFalse();
        assertThat(PathTemplate.masksKeys("/1/keys")).isFalse();
        assertThat(PathTemplate.masksKeys("/{k}")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\ud800b", "\udc00", "p\ud83d", "\ude00\ud83d"})
    void refusesTextWithASurrogateOutOfItsPairWhichHasNoUtf8Form(String id) {
        // Java's encoder would send '?' instead: another record than the caller's
        assertThatThrownBy(() -> PathTemplate.expand(TEMPLATE, Map.of("indexName", "products", "objectID", id)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("path parameter 'objectID' has an unpaired UTF-16 surrogate at index");
    }

    @Test
    void anyWellFormedTextComesBackWholeFromTheEncodedSegment() {
        for (String id : RandomText.samples(42, 2_000, 1)) {
            if (id.equals(".") || id.equals("..")) {
                continue;
            }
            String path = PathTemplate.expand(TEMPLATE, Map.of("indexName", "products", "objectID", id));

            HttpUrl url = HttpUrl.get("http://host" + path);
            assertThat(url.pathSegments()).as(path).containsExactly("1", "indexes", "products", id);
        }
    }
}
