package io.quarry.answers;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.answers.model.AnswersQuery;
import io.quarry.answers.model.AnswersResponse;
import io.quarry.core.ErrorDetail;
import io.quarry.core.UnprocessableEntityException;
import io.quarry.testsupport.WireMockClients;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The prediction's method, path, host and body, and the decoding of hits, answers and 422 errors. */
class AnswersRequestShapeTest {

    @RegisterExtension
    static final WireMockExtension READ = WireMockClients.server();

    @RegisterExtension
    static final WireMockExtension WRITE = WireMockClients.server();

    @AutoClose
    private final AnswersClient client = AnswersClient.create(WireMockClients.config(READ, WRITE));

    @Test
    void sendsEveryMemberToTheReadHostAndDecodesTheAnswers() {
        READ.stubFor(post("/1/answers/my%20faq/prediction")
                .willReturn(okJson("{\"hits\":["
                        + "{\"objectID\":\"a1\",\"title\":\"Battery\",\"body\":\"Two days.\",\"extra\":1,"
                        + "\"_answer\":{\"extract\":\"<em>Battery</em> lasts\",\"extractAttribute\":\"title\",\"score\":0.8}},"
                        + "{\"objectID\":\"a2\",\"title\":\"Screen\",\"_answer\":{\"extract\":\"x\",\"score\":0.1}}],"
                        + "\"nbHits\":2,\"query\":\"q\",\"processingTimeMS\":3}")));

        AnswersResponse<Article> response = client.predict(
                "my faq",
                AnswersQuery.of("how long does the battery last", "en", "fr")
                        .attributesForPrediction("title", "body")
                        .searchParameters(Map.of("filters", "topic:power", "hitsPerPage", 5))
                        .nbHits(20)
                        .threshold(0.25)
                        .withoutExtractAttribute(),
                Article.class);

        READ.verify(postRequestedFor(urlEqualTo("/1/answers/my%20faq/prediction"))
                .withRequestBody(equalToJson("{\"query\":\"how long does the battery last\","
                        + "\"queryLanguages\":[\"en\",\"fr\"],\"attributesForPrediction\":[\"title\",\"body\"],"
                        + "\"searchParameters\":{\"filters\":\"topic:power\",\"hitsPerPage\":5},"
                        + "\"nbHits\":20,\"threshold\":0.25,\"returnExtractAttribute\":false}")));
        assertThat(WRITE.getAllServeEvents()).isEmpty();
        assertThat(response.records())
                .containsExactly(new Article("Battery", "Two days."), new Article("Screen", null));
        assertThat(response.hits().get(0).answer().extract()).isEqualTo("<em>Battery</em> lasts");
        assertThat(response.hits().get(0).answer().attribute()).contains("title");
        assertThat(response.hits().get(1).answer().attribute()).isEmpty();
        assertThat(response.hits().get(1).answer().score()).isEqualTo(0.1);
        assertThat(response.nbHits()).isEqualTo(2);
        assertThat(response.processingTimeMS()).isEqualTo(3);
    }

    @Test
    void sendsOnlyTheRequiredMembersByDefault() {
        READ.stubFor(post("/1/answers/faq/prediction").willReturn(okJson("{\"hits\":[]}")));

        AnswersResponse<Article> response = client.predict("faq", AnswersQuery.of("q", "en"), Article.class);

        READ.verify(postRequestedFor(urlEqualTo("/1/answers/faq/prediction"))
                .withRequestBody(equalToJson("{\"query\":\"q\",\"queryLanguages\":[\"en\"]}")));
        assertThat(response.hits()).isEmpty();
        assertThat(response.nbHits()).isZero();
        assertThat(response.query()).isEmpty();
    }

    @Test
    void a422CarriesTheDetailAndTheReceivedInput() {
        READ.stubFor(post("/1/answers/faq/prediction")
                .willReturn(aResponse()
                        .withStatus(422)
                        .withHeader("Content-Type", "application/json")
                        .withBody("{\"message\":\"Invalid request\",\"detail\":[{\"msg\":\"field required\","
                                + "\"location\":[\"body\",\"queryLanguages\",0],\"ctx\":{\"given\":\"zz\"}}],"
                                + "\"received\":{\"query\":\"q\",\"queryLanguages\":[\"zz\"]}}")));

        assertThatThrownBy(() -> client.predict("faq", AnswersQuery.of("q", "zz"), Article.class))
                .isInstanceOfSatisfying(UnprocessableEntityException.class, e -> {
                    assertThat(e.serviceMessage()).isEqualTo("Invalid request");
                    assertThat(e.details())
                            .containsExactly(new ErrorDetail(
                                    "field required", List.of("body", "queryLanguages", "0"), Map.of("given", "zz")));
                    assertThat(e.received()).contains(Map.of("query", "q", "queryLanguages", List.of("zz")));
                });
    }
}
