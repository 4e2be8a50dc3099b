package io.quarry.answers;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.answers.model.AnswersQuery;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import io.quarry.testsupport.MutatedAnswers;
import io.quarry.testsupport.WireMockClients;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Odd success answers to the prediction call: each read as a value or a typed failure. */
class MutatedAnswersTest {

    private static final long SEED = 20261129L;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final AnswersClient client = AnswersClient.create(MockServerClients.config(MOCK.server()).toBuilder()
            .hosts(Host.of(WireMockClients.url(WM)))
            .build());

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // liveness only: a hanging call is reported by the check itself
    void everyMutatedAnswerIsReadOrFailsTyped() {
        MOCK.server()
                .seed(
                        "{\"indices\":{\"faq\":{\"records\":["
                                + "{\"objectID\":\"battery\",\"title\":\"Battery life\",\"body\":\"The battery lasts two days.\"},"
                                + "{\"objectID\":\"charger\",\"title\":\"Charger\",\"body\":\"A charger fills the battery.\"}]}}}");
        AnswersQuery query = AnswersQuery.of("does the battery last", "en");

        MutatedAnswers.of(WM, MOCK.server().url())
                .call("predict", () -> client.predict("faq", query, Article.class))
                .call("predict free-form", () -> client.predict("faq", query, FreeFormRecord.class))
                .call(
                        "predictAsync",
                        () -> client.predictAsync("faq", query, Article.class).join())
                // the caller's records and the highlights, free-form; each hit's _answer is the SDK's
                .untyped("$.hits[*].objectID", "$.hits[*].title", "$.hits[*].body", "$.hits[*]._highlightResult")
                .check(SEED, 110)
                .checkTypes(SEED, 40);
    }
}
