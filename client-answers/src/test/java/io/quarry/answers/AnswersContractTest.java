package io.quarry.answers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.answers.model.Answer;
import io.quarry.answers.model.AnswerHit;
import io.quarry.answers.model.AnswersQuery;
import io.quarry.answers.model.AnswersResponse;
import io.quarry.core.ErrorDetail;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.core.UnprocessableEntityException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The prediction endpoint through the client, against the mock server. */
class AnswersContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final AnswersClient client = AnswersClient.create(MockServerClients.config(MOCK.server()));

    @BeforeEach
    void seed() {
        MOCK.server()
                .seed("{\"indices\":{\"faq\":{\"settings\":{\"attributesForFaceting\":[\"topic\"]},\"records\":["
                        + "{\"objectID\":\"battery\",\"topic\":\"power\",\"title\":\"Battery life\","
                        + "\"body\":\"The phone ships with a charger. The battery lasts two days on a charge.\"},"
                        + "{\"objectID\":\"screen\",\"topic\":\"display\",\"title\":\"Screen\","
                        + "\"body\":\"The screen is six inches wide. It resists scratches.\"},"
                        + "{\"objectID\":\"charger\",\"topic\":\"power\",\"title\":\"Charger\","
                        + "\"body\":\"A fast charger fills the battery in one hour.\"}]}}}");
    }

    @Test
    void answersAQuestionWithHitsInTheCallersType() {
        AnswersResponse<Article> response =
                client.predict("faq", AnswersQuery.of("does the battery last", "en"), Article.class);

        assertThat(response.hits())
                .extracting(hit -> hit.objectID().orElseThrow())
                .containsExactly("battery", "charger");
        AnswerHit<Article> best = response.hits().get(0);
        assertThat(best.record().title()).isEqualTo("Battery life");
        Answer answer = best.answer();
        assertThat(answer.extract()).isEqualTo("The <em>battery</em> <em>lasts</em> two days on a charge.");
        assertThat(answer.attribute()).contains("body");
        assertThat(answer.score()).isEqualTo(1.0);
        assertThat(response.nbHits()).isEqualTo(2);
        assertThat(response.query()).isEqualTo("does the battery last");
    }

    @Test
    void appliesEveryMemberOfTheQuery() {
        AnswersQuery query = AnswersQuery.of("does the battery last", List.of("en", "fr"))
                .attributesForPrediction("title")
                .searchParameters(Map.of("filters", "topic:power"))
                .nbHits(1)
                .threshold(0.2)
                .withoutExtractAttribute();

        AnswersResponse<FreeFormRecord> response =
                client.predictAsync("faq", query, FreeFormRecord.class).join();

        assertThat(response.hits()).hasSize(1);
        AnswerHit<FreeFormRecord> hit = response.hits().get(0);
        assertThat(hit.objectID()).contains("battery");
        assertThat(hit.answer().extract()).isEqualTo("<em>Battery</em> life");
        assertThat(hit.answer().extractAttribute()).isNull();
        assertThat(hit.record().has("_answer")).isTrue();
    }

    @Test
    void anUnknownLanguageIsRefusedWithDetailAndReceived() {
        assertThatThrownBy(() -> client.predict("faq", AnswersQuery.of("battery", "en", "xx"), Article.class))
                .isInstanceOfSatisfying(UnprocessableEntityException.class, e -> {
                    ErrorDetail detail = e.details().get(0);
                    assertThat(detail.location()).containsExactly("body", "queryLanguages", "1");
                    assertThat(detail.ctx()).containsEntry("given", "xx");
                    assertThat(detail.msg()).contains("xx");
                    assertThat(e.received())
                            .hasValueSatisfying(received -> assertThat(received)
                                    .isEqualTo(Map.of("query", "battery", "queryLanguages", List.of("en", "xx"))));
                });
    }

    @Test
    void aMissingIndexIsNotFoundAndBadInputIsRefusedBeforeAnyCall() {
        assertThat(client.predictAsync("nothing", AnswersQuery.of("battery", "en"), Article.class))
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableThat()
                .withCauseInstanceOf(NotFoundException.class);
        AnswersQuery query = AnswersQuery.of("battery", "en");
        assertThatThrownBy(() -> query.nbHits(1001))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("nbHits");
        assertThatThrownBy(() -> AnswersQuery.of("battery"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("queryLanguages");
        assertThatThrownBy(() -> AnswersQuery.of("battery", "english"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("english");
    }
}
