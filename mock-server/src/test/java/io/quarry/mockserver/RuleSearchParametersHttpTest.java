package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A search's {@code enableRules} of the wrong type is a 400, whether the index has rules or not. */
class RuleSearchParametersHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aBadValueIsRefusedWhetherOrNotTheIndexHasRules(boolean withRule) {
        client.put("/1/indexes/shop/o1", "{\"name\":\"phone\"}").requireOk();
        if (withRule) {
            client.put(
                            "/1/indexes/shop/rules/r",
                            jq("{'conditions':[{'pattern':'phone','anchoring':'is'}],'consequence':{'userData':1}}"))
                    .requireOk();
        }
        for (String body : new String[] {"{'enableRules':'maybe'}", "{'enableRules':[]}"}) {
            Reply reply = client.post("/1/indexes/shop/query", jq(body));
            assertThat(reply.status()).as(body + " " + reply).isEqualTo(400);
        }
        assertThat(client.get("/1/indexes/shop?query=phone&enableRules=maybe").status())
                .isEqualTo(400);
    }
}
