package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class EndpointTest {

    @Test
    void factoriesSetTheCallTypeAndTheOperation() {
        Endpoint search = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");
        assertThat(search.callType()).isEqualTo(CallType.READ);
        assertThat(search.operation()).isEqualTo("search");
        assertThat(Endpoint.write("deleteIndex", "DELETE", "/1/indexes/{indexName}")
                        .callType())
                .isEqualTo(CallType.WRITE);
        assertThat(Endpoint.read("multiSearch", "GET", "/1/indexes/*/queries").toString())
                .isEqualTo("GET /1/indexes/*/queries");
    }

    @Test
    void rejectsMalformedDefinitions() {
        for (String[] bad : new String[][] {
            {"get", "/x"},
            {"GET", "x"},
            {"GET", "/x/{a b}"},
            {"GET", "/x/{a"},
            {"GET", "/x/a}"},
            {"GET", "/x/{}"},
            {"GET", "/x/{1a}"},
            {"GET", "/x/{a-b}"}
        }) {
            assertThatThrownBy(() -> Endpoint.read("getX", bad[0], bad[1]))
                    .as(bad[0] + " " + bad[1])
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void placeholdersAreIdentifiers() {
        assertThat(Endpoint.read("getX", "GET", "/x/{_a1}/{B_2}/{c}").pathTemplate())
                .isEqualTo("/x/{_a1}/{B_2}/{c}");
    }

    @Test
    void operationNamesAreLowerCamelCaseIdentifiers() {
        assertThat(Endpoint.read("search2Things", "GET", "/x").operation()).isEqualTo("search2Things");
        for (String bad : new String[] {"", "Search", "2search", "search_things", "search-things", "search things"}) {
            assertThatThrownBy(() -> Endpoint.read(bad, "GET", "/x"))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("lower camel case");
        }
    }

    @Test
    void anEndpointWithoutAnOperationFailsWhereItIsDeclared() {
        assertThatThrownBy(() -> Endpoint.write(null, "POST", "/1/keys"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("operation");
        // the message quotes the declaration, so the failing constant of a table is found from its class's
        // initialisation error
        assertThatThrownBy(() -> Endpoint.write("", "POST", "/1/keys"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Endpoint.write(\"\", \"POST\", \"/1/keys\"): ");
        assertThatThrownBy(() -> Endpoint.read("getKey", "GET", "/1/keys/{key"))
                .hasMessageStartingWith("Endpoint.read(\"getKey\", \"GET\", \"/1/keys/{key\"): malformed placeholder");
    }
}
