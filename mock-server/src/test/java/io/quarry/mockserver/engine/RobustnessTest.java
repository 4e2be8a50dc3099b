package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Odd requests are answered or refused with a 400, never with another exception (a 5xx would be retried). */
class RobustnessTest {

    private final Fixture fixture = new Fixture()
            .settings("{'attributesForFaceting':['searchable(c)']}")
            .records("{'objectID':'1','t':'red shoe','c':'x','n':{'d':[1,{'e':'f'},[2,[3]]]},'z':null,"
                    + "'big':123456789012345678901234567890,'_geoloc':{'lat':'1.5','lng':2}}");

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{'attributesToRetrieve':['.']}",
                "{'restrictSearchableAttributes':['.']}",
                "{'attributesToHighlight':['a..b','n.d']}",
                "{'getRankingInfo':99999999999999}",
                "{'aroundLatLng':'1.5,2','aroundRadius':'all','getRankingInfo':true}",
                "{'customRanking':'desc(big)'}",
                "{'facets':['c'],'query':'red','attributesToSnippet':['n:2']}",
                "{'distinct':true}",
                "{'query':'\\\"unclosed','advancedSyntax':true}",
                "{'query':'-','advancedSyntax':true}"
            })
    void answers(String request) {
        assertThatCode(() -> fixture.search(request)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{'aroundLatLng':'1,2','aroundRadius':[1]}",
                "{'insideBoundingBox':{'a':1}}",
                "{'insidePolygon':[[1,2,3,{}]]}",
                "{'hitsPerPage':99999999999}",
                "{'page':[1]}",
                "{'filters':5}",
                "{'facetFilters':{'a':1}}",
                "{'params':5}",
                "{'typoTolerance':'maybe'}",
                "{'queryType':'prefixSome'}",
                "{'distinct':9}",
                "{'maxValuesPerFacet':-1}",
                "{'length':1001,'offset':0}",
                "{'offset':-1}"
            })
    void refusesWith400(String request) {
        assertThatThrownBy(() -> fixture.search(request)).isInstanceOf(EngineException.class);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"params\":[],\"page\":0,\"after\":[],\"sequence\":1}",
                "{\"params\":{},\"page\":0,\"after\":[],\"sequence\":123456789012345678901234567890}",
                "{\"params\":{},\"page\":\"0\",\"after\":[],\"sequence\":1}",
                "[]",
                "not json"
            })
    void refusesTamperedCursors(String cursorJson) {
        String cursor = Base64.getUrlEncoder().encodeToString(cursorJson.getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> fixture.engine.browsePage(
                        fixture.data,
                        fixture.config(),
                        Fixture.JSON.createObjectNode().put("cursor", cursor),
                        SearchContext.unrestricted("t")))
                .isInstanceOf(EngineException.class);
    }
}
