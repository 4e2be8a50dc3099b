package io.quarry.mockserver.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Route matching: literal segments win per method, parameters decode per segment from the raw path. */
class RouterTest {

    private static Route route(String method, String template) {
        return new Route(method, template, Access.SEARCH, Set.of(), Operation.NOT_COUNTED, Work.READ, request -> null);
    }

    private final Router router = new Router()
            .add(route("GET", "/1/indexes/{indexName}/{objectID}"))
            .add(route("PUT", "/1/indexes/{indexName}/{objectID}"))
            .add(route("POST", "/1/indexes/{indexName}/batch"))
            .add(route("POST", "/1/indexes/*/batch"))
            .add(route("GET", "/1/indexes/{indexName}/settings"))
            .add(route("POST", "/1/indexes/{indexName}/{objectID}/partial"))
            .add(route("POST", "/1/indexes/{indexName}/synonyms/batch"));

    @Test
    void literalsWinOverPlaceholdersForTheSameMethod() {
        assertThat(router.match("POST", "/1/indexes/*/batch").route().template())
                .isEqualTo("/1/indexes/*/batch");
        assertThat(router.match("POST", "/1/indexes/%2A/batch").route().template())
                .as("an encoded * is still the literal")
                .isEqualTo("/1/indexes/*/batch");
        assertThat(router.match("POST", "/1/indexes/idx/batch").route().template())
                .isEqualTo("/1/indexes/{indexName}/batch");
        assertThat(router.match("GET", "/1/indexes/idx/settings").route().template())
                .isEqualTo("/1/indexes/{indexName}/settings");
        assertThat(router.match("PUT", "/1/indexes/idx/batch").pathParams()).containsEntry("objectID", "batch");
        assertThat(router.match("POST", "/1/indexes/idx/synonyms/batch").route().template())
                .isEqualTo("/1/indexes/{indexName}/synonyms/batch");
        assertThat(router.match("POST", "/1/indexes/idx/synonyms/partial").pathParams())
                .containsEntry("objectID", "synonyms");
    }

    @Test
    void parametersAreDecodedPerSegment() {
        Router.Match match = router.match("GET", "/1/indexes/my%20index/a%2Fb%3F%23%25+%C3%A9");
        assertThat(match.pathParams()).containsEntry("indexName", "my index").containsEntry("objectID", "a/b?#%+é");
    }

    @Test
    void unknownPathsAndMethods() {
        assertThatThrownBy(() -> router.match("GET", "/1/keys"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.status()).isEqualTo(404))
                .hasMessageContaining("not supported by the mock server");
        assertThatThrownBy(() -> router.match("GET", "/indexes/idx/settings"))
                .as("a path missing its base path names the route it may mean")
                .hasMessageContaining("did you mean GET /1/indexes/idx/settings?");
        assertThatThrownBy(() -> router.match("GET", "/idx/settings"))
                .as("no hint that would need a placeholder in front")
                .hasMessageNotContaining("did you mean");
        assertThatThrownBy(() -> router.match("DELETE", "/1/indexes/*/batch"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.status()).isEqualTo(405));
        assertThatThrownBy(() -> router.match("GET", "/1/indexes/x/%zz"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.status()).isEqualTo(400));
        assertThatThrownBy(() -> router.match("GET", "/1/indexes//x"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.status()).isEqualTo(404));
    }
}
