package io.quarry.mockserver.internal.products.answers;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** An extract stays bounded when long highlighting tags would wrap every word of a long sentence. */
class AnswerExtractBoundsHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    // a hang guard: the extract's length is the check (tags around every word ran the server out of memory)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void longTagsAroundEveryWordOfALongSentenceAreCutOff() {
        String sentence = "battery ".repeat(2000).trim();
        MOCK.server().seed(jq("{'indices':{'faq':{'records':[{'objectID':'long','body':'" + sentence + "'}]}}}"));
        String tag = "<".repeat(1_000);

        // the search's own highlighting is switched off: this is about the extract alone
        JsonNode answer = client.post(
                        "/1/answers/faq/prediction",
                        jq("{'query':'battery','queryLanguages':['en'],'searchParameters':{'highlightPreTag':'" + tag
                                + "','attributesToHighlight':[]}}"))
                .requireOk()
                .body()
                .at("/hits/0/_answer");

        String extract = answer.get("extract").asString();
        assertThat(extract.length()).isLessThanOrEqualTo(sentence.length() + AnswerExtractor.MAX_MARKUP_CHARS);
        // 1,005 characters of tags per word: the first 9 words fit in 10,000
        assertThat(extract.split("</em>", -1)).hasSize(10);
        assertThat(extract)
                .startsWith(tag + "battery</em> " + tag + "battery</em> ")
                .endsWith(" battery battery");
        assertThat(answer.get("score").asDouble()).isEqualTo(1.0);
    }
}
