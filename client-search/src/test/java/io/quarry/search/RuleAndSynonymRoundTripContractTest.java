package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Promotion;
import io.quarry.search.model.Rule;
import io.quarry.search.model.RuleQuery;
import io.quarry.search.model.Synonym;
import io.quarry.search.model.SynonymQuery;
import io.quarry.testsupport.MockServerClients;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A rule or synonym the service takes, read through the client and saved back unchanged, is the same rule or
 * synonym: nothing the client does not model is lost on the way.
 */
class RuleAndSynonymRoundTripContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final SearchClient client = SearchClient.create(MockServerClients.config(MOCK.server()));

    private final SearchIndex index = client.index("round-trip");

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{'objectID':'r','conditions':[{'pattern':'phone','anchoring':'contains','context':'mobile'}],"
                        + "'consequence':{'promote':[{'objectIDs':['a','b'],'position':1},{'objectID':'c','position':0}],"
                        + "'filterPromotes':true,'hide':[{'objectID':'d'}],'userData':{'banner':[1,'x',null]},"
                        + "'params':{'filters':'brand:acme','query':{'remove':['cheap'],"
                        + "'edits':[{'type':'replace','delete':'phone','insert':'mobile'}]}}},"
                        + "'description':'d','enabled':false,'tags':['sale','x'],"
                        + "'validity':[{'from':1,'until':2},{'from':3}]}",
                "{'objectID':'r','conditions':[{'pattern':'{facet:brand} phone','anchoring':'startsWith',"
                        + "'alternatives':false}],'consequence':{'params':{'automaticFacetFilters':"
                        + "[{'facet':'brand','disjunctive':true,'negative':false,'score':2}],"
                        + "'automaticOptionalFacetFilters':['brand']}}}",
                "{'objectID':'r','conditions':[{'context':'mobile'},{'pattern':'','anchoring':'is'}],"
                        + "'consequence':{'params':{'query':'phone','hitsPerPage':5,'typoTolerance':'min',"
                        + "'minWordSizefor1Typo':3,'facetFilters':[['brand:a','brand:b']]}},"
                        + "'validity':[{'until':5},{'from':10,'until':20}]}",
                "{'objectID':'r','condition':{'pattern':'phone','anchoring':'endsWith'},'consequence':{}}",
                "{'objectID':'r','consequence':{'hide':[{'objectID':'a'}]},'validity':[]}",
                "{'objectID':'r','consequence':{'userData':1},'validity':[{}]}",
                "{'objectID':'r','consequence':{'userData':1},'validity':[{'from':20,'until':10}]}"
            })
    void aRuleReadAndSavedBackIsTheSameRule(String rule) {
        String json = rule.replace('\'', '"');
        raw("PUT", "rules/r", json);
        JsonNode before = raw("GET", "rules/r", null);
        Rule read = index.rules().get("r");
        assertThat(index.rules().search(RuleQuery.of("")).hits()).containsExactly(read);
        raw("POST", "rules/clear", "{}");
        index.rules().save(read);
        JsonNode after = raw("GET", "rules/r", null);
        assertThat(after).as("read as " + read).isEqualTo(before);
    }

    @Test
    void aPromotionPastAnIntsRangeReadsAsTheLastPositionMeaningTheSame() {
        raw("PUT", "rules/r", "{\"consequence\":{\"promote\":[{\"objectID\":\"a\",\"position\":3000000000}]}}");
        assertThat(index.rules().get("r").consequence().promote())
                .containsExactly(Promotion.of("a", Integer.MAX_VALUE));
        assertThat(index.rules().browse()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{'objectID':'s','type':'synonym','synonyms':['a','b c']}",
                "{'objectID':'s','type':'oneWaySynonym','input':'a','synonyms':['b']}",
                "{'objectID':'s','type':'altcorrection2','word':'a','corrections':['b']}",
                "{'objectID':'s','type':'placeholder','placeholder':'<n>','replacements':['1','2']}",
                "{'objectID':'s','type':'onewaysynonym','input':'a b','synonyms':['c','d e']}",
                "{'objectID':'s','type':'altCorrection1','word':'a','corrections':['b','c']}",
                "{'objectID':'s','type':'synonym','synonyms':[]}"
            })
    void aSynonymReadAndSavedBackIsTheSameSynonym(String synonym) {
        String json = synonym.replace('\'', '"');
        raw("PUT", "synonyms/s", json);
        JsonNode before = raw("GET", "synonyms/s", null);
        Synonym read = index.synonyms().get("s");
        assertThat(index.synonyms().search(SynonymQuery.of("")).hits()).containsExactly(read);
        raw("POST", "synonyms/clear", "{}");
        index.synonyms().save(read);
        JsonNode after = raw("GET", "synonyms/s", null);
        ((ObjectNode) before).put("type", before.get("type").asString().toLowerCase(Locale.ROOT));
        assertThat(after)
                .as("read as " + read + ", the type as the client spells it")
                .isEqualTo(before);
    }

    /** The service's own answer, past the client's models. */
    private JsonNode raw(String method, String path, String body) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(MOCK.server().url() + "/1/indexes/round-trip/" + path))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("X-Service-Application-Id", MOCK.server().applicationId())
                .header("X-Service-API-Key", MOCK.server().adminKey())
                .build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return JsonMapper.shared().readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
