package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A rule's validity range whose ends lie beyond what a 64-bit second counts (the server keeps such integers
 * exactly) still bounds the rule: an end far in the future is after now, one far in the past before it.
 */
class RuleValidityExtremesTest {

    private static final String HUGE = "100000000000000000000000";

    private static Fixture hidingOneWithin(String validity) {
        return new Fixture()
                .records("{'objectID':'1','t':'x'}", "{'objectID':'2','t':'x'}")
                .rule("{'objectID':'r','conditions':[{'pattern':'x','anchoring':'contains'}],'validity':[" + validity
                        + "],'consequence':{'hide':[{'objectID':'1'}]}}");
    }

    @Test
    void aRangeStartingFarInTheFutureDoesNotApplyNow() {
        assertThat(hidingOneWithin("{'from':" + HUGE + "}").ids("{'query':'x'}"))
                .containsExactly("1", "2");
        assertThat(hidingOneWithin("{'from':" + HUGE + ",'until':2" + HUGE + "}")
                        .ids("{'query':'x'}"))
                .containsExactly("1", "2");
    }

    @Test
    void aRangeEndingFarInThePastDoesNotApplyNow() {
        assertThat(hidingOneWithin("{'until':-" + HUGE + "}").ids("{'query':'x'}"))
                .containsExactly("1", "2");
    }

    @Test
    void aRangeFromFarInThePastToFarInTheFutureAppliesNow() {
        assertThat(hidingOneWithin("{'from':-" + HUGE + ",'until':" + HUGE + "}")
                        .ids("{'query':'x'}"))
                .containsExactly("2");
        assertThat(hidingOneWithin("{'from':" + Long.MIN_VALUE + ",'until':" + Long.MAX_VALUE + "}")
                        .ids("{'query':'x'}"))
                .containsExactly("2");
    }
}
