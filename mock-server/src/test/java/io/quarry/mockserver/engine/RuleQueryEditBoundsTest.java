package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A rule's query edits apply however many there are; {@code RuleQueryEditCostTest} counts that each query word is
 * normalised once, not once per edit. The timeout only catches a hang.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RuleQueryEditBoundsTest {

    private static Fixture editing(String query) {
        return new Fixture()
                .records("{'objectID':'1','t':'x'}", "{'objectID':'2','t':'y z'}")
                .rule("{'objectID':'r','conditions':[{'pattern':'x','anchoring':'contains'}],"
                        + "'consequence':{'params':{'query':" + query + "}}}");
    }

    @Test
    void manyRemovalsAgainstALongQueryAreApplied() {
        StringJoiner removals = new StringJoiner(",");
        for (int i = 0; i < 500_000; i++) {
            removals.add("'w" + i + "'");
        }
        removals.add("'X'");

        assertThat(editing("{'remove':[" + removals + "]}").ids("{'query':'" + "x ".repeat(250) + "'}"))
                .as("one x removed, 249 left")
                .containsExactly("1");
    }

    @Test
    void anEditMatchesTheWordAnEarlierEditPutThere() {
        Fixture fixture = editing("{'edits':[{'type':'replace','delete':'X','insert':'Y'},"
                + "{'type':'replace','delete':'y','insert':'z'},{'type':'remove','delete':'z'}]}");

        assertThat(fixture.search("{'query':'x  y'}").get("parsed_query").asString())
                .as("x became Y, then that Y (the first y) z, then that z was removed")
                .isEqualTo("y");
    }
}
