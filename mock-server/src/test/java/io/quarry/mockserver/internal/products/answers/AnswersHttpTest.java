package io.quarry.mockserver.internal.products.answers;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Answers over HTTP: the best sentence of each hit with the question's words highlighted, its attribute, score,
 * threshold and nbHits; search parameters applied; validation errors with detail and received; rights.
 */
class AnswersHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed(MockServer server) {
        server.seed(jq("{'indices':{'faq':{'settings':{'attributesForFaceting':['topic','title']},'records':["
                + "{'objectID':'battery','topic':'power','title':'Battery life',"
                + "'body':'The phone ships with a charger. The battery lasts two days on a single charge.'},"
                + "{'objectID':'screen','topic':'display','title':'Screen',"
                + "'body':'The screen is six inches wide. It resists scratches.'},"
                + "{'objectID':'charger','topic':'power','title':'Charger',"
                + "'body':'A fast charger fills the battery in one hour.'}]}}}"));
    }

    private Reply predict(String body) {
        return client.post("/1/answers/faq/prediction", jq(body));
    }

    @Test
    void returnsTheBestSentenceOfEachHitBestAnswerFirst() {
        Reply reply = predict("{'query':'does the battery last','queryLanguages':['en']}")
                .requireOk();

        JsonNode hits = reply.body().get("hits");
        assertThat(reply.hitIds()).containsExactly("battery", "charger");
        JsonNode best = hits.get(0).get("_answer");
        assertThat(best.get("extract").asString())
                .isEqualTo("The <em>battery</em> <em>lasts</em> two days on a single charge.");
        assertThat(best.get("extractAttribute").asString()).isEqualTo("body");
        assertThat(best.get("score").asDouble()).isEqualTo(1.0);
        assertThat(hits.get(1).get("_answer").get("score").asDouble()).isBetween(0.0, 1.0);
        assertThat(reply.body().get("nbHits").asInt()).isEqualTo(2);
        assertThat(reply.body().get("query").asString()).isEqualTo("does the battery last");
    }

    @Test
    void appliesThresholdNbHitsAttributesAndSearchParameters() {
        String question = "'query':'does the battery last','queryLanguages':['en']";
        assertThat(predict("{" + question + ",'threshold':0.9}").hitIds()).containsExactly("battery");
        assertThat(predict("{" + question + ",'nbHits':1}").hitIds()).containsExactly("battery");
        assertThat(predict("{" + question + ",'searchParameters':{'filters':'title:Charger'}}")
                        .hitIds())
                .containsExactly("charger");
        Reply titles = predict(
                        "{" + question + ",'attributesForPrediction':['title']," + "'returnExtractAttribute':false}")
                .requireOk();
        JsonNode answer = titles.body().at("/hits/0/_answer");
        assertThat(answer.get("extract").asString()).isEqualTo("<em>Battery</em> life");
        assertThat(answer.has("extractAttribute")).isFalse();
    }

    @Test
    void aMissingQueryOrAnUnknownLanguageIsA422WithDetailAndReceived() {
        Reply missing = predict("{'queryLanguages':['en']}");
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.body().at("/detail/0/msg").asString()).isEqualTo("field required");
        assertThat(missing.body().at("/detail/0/location")).isEqualTo(TestClient.json("[\"body\",\"query\"]"));
        assertThat(missing.body().get("received")).isEqualTo(TestClient.json(jq("{'queryLanguages':['en']}")));

        Reply language = predict("{'query':'battery','queryLanguages':['en','xx']}");
        assertThat(language.status()).isEqualTo(422);
        assertThat(language.body().at("/detail/0/location"))
                .isEqualTo(TestClient.json("[\"body\",\"queryLanguages\",1]"));
        assertThat(language.body().at("/detail/0/ctx/given").asString()).isEqualTo("xx");
        assertThat(language.body().get("message").asString()).contains("xx");

        Reply tooMany = predict("{'query':'battery','queryLanguages':['en'],'nbHits':1001}");
        assertThat(tooMany.status()).isEqualTo(422);
        assertThat(tooMany.body().at("/detail/0/location/1").asString()).isEqualTo("nbHits");
        assertThat(predict("{'query':'battery'}")
                        .body()
                        .at("/detail/0/location/1")
                        .asString())
                .isEqualTo("queryLanguages");
    }

    @Test
    void anInvalidSearchParameterIsA400() {
        Reply reply = predict("{'query':'battery','queryLanguages':['en'],'searchParameters':{'filters':'(topic:'}}");

        assertThat(reply.status()).isEqualTo(400);
        assertThat(predict("{'query':'battery','queryLanguages':['en'],'searchParameters':'filters=x'}")
                        .body()
                        .at("/detail/0/location/1")
                        .asString())
                .isEqualTo("searchParameters");
    }

    @Test
    void aMissingIndexIsA404AndAKeyWithoutTheRightA401() {
        assertThat(client.post("/1/answers/nothing/prediction", jq("{'query':'a','queryLanguages':['en']}"))
                        .status())
                .isEqualTo(404);
        String searchOnly = client.createKey(jq("{'acl':['search']}"));
        assertThat(client.withKey(searchOnly)
                        .post("/1/answers/faq/prediction", jq("{'query':'a','queryLanguages':['en']}"))
                        .status())
                .isEqualTo(401);
        String answers = client.createKey(jq("{'acl':['nluReadAnswers']}"));
        assertThat(client.withKey(answers)
                        .post("/1/answers/faq/prediction", jq("{'query':'battery','queryLanguages':['en']}"))
                        .status())
                .isEqualTo(200);
    }
}
