package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EndpointTest {

    @Test
    void factoriesSetTheCallType() {
        assertThat(Endpoint.read("POST", "/1/indexes/{indexName}/query").callType())
                .isEqualTo(CallType.READ);
        assertThat(Endpoint.write("DELETE", "/1/indexes/{indexName}").callType())
                .isEqualTo(CallType.WRITE);
        assertThat(Endpoint.read("GET", "/1/indexes/*/queries").toString()).isEqualTo("GET /1/indexes/*/queries");
    }

    @Test
    void rejectsMalformedDefinitions() {
        assertThatThrownBy(() -> Endpoint.read("get", "/x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Endpoint.read("GET", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Endpoint.read("GET", "/x/{a b}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Endpoint.read("GET", "/x/{a")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Endpoint.read("GET", "/x/a}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Endpoint.read("GET", "/x/{}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Endpoint.read("GET", "/x/{1a}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Endpoint.read("GET", "/x/{a-b}")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void placeholdersAreIdentifiers() {
        assertThat(Endpoint.read("GET", "/x/{_a1}/{B_2}/{c}").pathTemplate()).isEqualTo("/x/{_a1}/{B_2}/{c}");
    }

    @Test
    void operationNamesAreLowerCamelCaseIdentifiers() {
        assertThat(Endpoint.read("GET", "/x").operation()).isEqualTo("getRead");
        assertThat(Endpoint.read("GET", "/x").named("search2Things").operation())
                .isEqualTo("search2Things");
        for (String bad : new String[] {"", "Search", "2search", "search_things", "search-things", "search things"}) {
            assertThatThrownBy(() -> Endpoint.read("GET", "/x").named(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
