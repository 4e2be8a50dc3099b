package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.DeserializationException;
import io.quarry.core.FreeFormRecord;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.WireMockClients;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A search answer's {@code automaticRadius}, which the service sends as a string of digits: it reads as meters, and
 * so does a JSON integer; any other value fails the answer at that member, as a member of the wrong type does.
 */
class AutomaticRadiusAnswerTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(WM));

    private OptionalInt radiusAnswered(String member) {
        WM.stubFor(post(urlPathEqualTo("/1/indexes/places/query"))
                .willReturn(okJson("{\"hits\":[],\"nbHits\":0" + member + "}")));
        return client.index("places")
                .search(SearchQuery.of().aroundLatLng("48.85,2.35"), FreeFormRecord.class)
                .automaticRadius();
    }

    @Test
    void aStringOfDigitsOrAnIntegerReadsAsMeters() {
        assertThat(radiusAnswered(",\"automaticRadius\":\"1500\"")).hasValue(1500);
        assertThat(radiusAnswered(",\"automaticRadius\":\"0\"")).hasValue(0);
        assertThat(radiusAnswered(",\"automaticRadius\":\"2147483647\"")).hasValue(Integer.MAX_VALUE);
        assertThat(radiusAnswered(",\"automaticRadius\":1500")).hasValue(1500);
        assertThat(radiusAnswered(",\"automaticRadius\":null")).isEmpty();
        assertThat(radiusAnswered("")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\"\"",
                "\"-5\"",
                "\"+5\"",
                "\" 5\"",
                "\"1.5\"",
                "\"1e3\"",
                "\"abc\"",
                "\"2147483648\"",
                "-5",
                "1.5",
                "true",
                "[1]",
                "{}"
            })
    void anyOtherValueFailsTheAnswerAtThatMember(String value) {
        assertThatThrownBy(() -> radiusAnswered(",\"automaticRadius\":" + value))
                .isInstanceOfSatisfying(
                        DeserializationException.class,
                        failure -> assertThat(failure.jsonPath()).isEqualTo("$.automaticRadius"));
    }

    @Test
    // a hang guard: AutomaticRadiusJsonTest counts the characters read (ten at most)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLongStringOfDigitsFailsWithoutReadingItWhole() {
        assertThatThrownBy(() -> radiusAnswered(",\"automaticRadius\":\"" + "9".repeat(1_000_000) + "\""))
                .isInstanceOf(DeserializationException.class);
    }
}
