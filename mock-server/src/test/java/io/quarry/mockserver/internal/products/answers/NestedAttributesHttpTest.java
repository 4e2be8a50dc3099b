package io.quarry.mockserver.internal.products.answers;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** Text nested in objects and lists answers too, named by its dotted path. */
class NestedAttributesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @BeforeEach
    void seed() {
        MOCK.server()
                .seed(jq("{'indices':{'faq':{'records':["
                        + "{'objectID':'phone','title':'Phone','content':{'text':'It charges fast. The battery lasts two days.'}},"
                        + "{'objectID':'watch','title':'Watch','sections':[{'body':'Intro.'},"
                        + "{'body':'The battery lasts a week.','notes':['Battery info.']}]}]}}}"));
    }

    private JsonNode answers(String attributes) {
        return client.post(
                        "/1/answers/faq/prediction",
                        jq("{'query':'how long does the battery last','queryLanguages':['en']" + attributes + "}"))
                .requireOk()
                .body();
    }

    @Test
    void everyAttributeIncludesNestedText() {
        JsonNode hits = answers("").get("hits");

        assertThat(hits.size()).isEqualTo(2);
        assertThat(hits.get(0).at("/_answer/extract").asString())
                .isEqualTo("The <em>battery</em> <em>lasts</em> two days.");
        assertThat(hits.get(0).at("/_answer/extractAttribute").asString()).isEqualTo("content.text");
        assertThat(hits.get(1).at("/_answer/extractAttribute").asString()).isEqualTo("sections.body");
    }

    @Test
    void anObjectOrAPathThroughAListNamesTheTextInside() {
        JsonNode hits = answers(",'attributesForPrediction':['content','sections.body']")
                .get("hits");

        assertThat(hits.size()).isEqualTo(2);
        assertThat(hits.get(0).at("/_answer/extractAttribute").asString()).isEqualTo("content.text");
        assertThat(hits.get(1).at("/_answer/extract").asString())
                .isEqualTo("The <em>battery</em> <em>lasts</em> a week.");
        assertThat(hits.get(1).at("/_answer/extractAttribute").asString()).isEqualTo("sections.body");
    }
}
