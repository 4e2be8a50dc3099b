package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.DeserializationException;
import io.quarry.core.FreeFormRecord;
import io.quarry.search.model.ObjectRequest;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A get-objects answer gives one result per record asked for, or fails typed: a missing list read as no records,
 * and a list of another length handed the caller records at the positions of other objectIDs.
 */
class GetObjectsAnswersTest {

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(WM));

    private static final List<ObjectRequest> ASKED =
            List.of(ObjectRequest.of("products", "a"), ObjectRequest.of("products", "b"));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{}",
                "{\"results\":null}",
                "{\"results\":[{\"objectID\":\"b\"}]}",
                "{\"results\":[null,{\"objectID\":\"b\"},null]}"
            })
    void anAnswerWithoutOneResultPerRecordAskedForFails(String answer) {
        WM.stubFor(post(urlPathEqualTo("/1/indexes/*/objects")).willReturn(okJson(answer)));

        assertThatThrownBy(() -> client.getObjects(ASKED, FreeFormRecord.class))
                .isInstanceOfSatisfying(
                        DeserializationException.class,
                        e -> assertThat(e.jsonPath()).isEqualTo("$.results"));
        assertThatThrownBy(() ->
                        client.getObjectsAsync(ASKED, FreeFormRecord.class).join())
                .isInstanceOf(CompletionException.class)
                .cause()
                .isInstanceOf(DeserializationException.class);
    }

    @Test
    void missingRecordsAreNullsInPlace() {
        WM.stubFor(post(urlPathEqualTo("/1/indexes/*/objects"))
                .willReturn(okJson("{\"results\":[null,{\"objectID\":\"b\"}]}")));

        List<FreeFormRecord> records = client.getObjects(ASKED, FreeFormRecord.class);

        assertThat(records).hasSize(2);
        assertThat(records.get(0)).isNull();
        assertThat(records.get(1).objectID()).contains("b");
    }
}
