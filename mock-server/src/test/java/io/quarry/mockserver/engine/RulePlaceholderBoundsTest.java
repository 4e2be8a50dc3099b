package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Facet placeholders in a rule's pattern, over facet values of several lengths, do not try every way of cutting
 * the query into values: the time is polynomial in the query's words. The timeout is a hang guard: trying every
 * cut grows exponentially with the placeholders (18 against 60 words took 34 s a search; these have 30 and 40).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RulePlaceholderBoundsTest {

    @Test
    void manyPlaceholdersOverValuesOfManyLengthsAreMatchedOnce() {
        Fixture fixture = new Fixture()
                .settings("{'attributesForFaceting':['a']}")
                .records("{'objectID':'1','t':'x','a':['x','x x','x x x']}", "{'objectID':'2','t':'x'}");
        fixture.rule("{'objectID':'never','conditions':[{'pattern':'" + "{facet:a} ".repeat(40)
                + "zzz','anchoring':'contains'}],'consequence':{'hide':[{'objectID':'1'}]}}");
        fixture.rule("{'objectID':'whole','conditions':[{'pattern':'" + "{facet:a} ".repeat(30)
                + "','anchoring':'is'}],'consequence':{'hide':[{'objectID':'2'}]}}");

        assertThat(fixture.ids("{'query':'" + "x ".repeat(80) + "'}"))
                .as("the 30 placeholders cut the 80 words; the 40 followed by zzz never hold")
                .containsExactly("1");
        assertThat(fixture.ids("{'query':'" + "x ".repeat(91) + "'}"))
                .as("30 values of at most 3 words cannot make 91 words")
                .containsExactlyInAnyOrder("1", "2");
    }
}
