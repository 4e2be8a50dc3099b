package io.quarry.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testsupport.fixtures.BadHandle;
import io.quarry.testsupport.fixtures.GoodHandle;
import org.junit.jupiter.api.Test;

class TwoFormsTest {

    @Test
    void aRightHandleHasNoProblemAndCountsItsCalls() {
        assertThat(TwoForms.problems(GoodHandle.class)).isEmpty();
        assertThat(TwoForms.callCount(GoodHandle.class)).isEqualTo(1);
    }

    @Test
    void reportsEveryShapeError() {
        assertThat(TwoForms.problems(BadHandle.class))
                .satisfiesExactlyInAnyOrder(
                        p -> assertThat(p).contains("withOptions returns"),
                        p -> assertThat(p).contains("read[] has no ...Async form"),
                        p -> assertThat(p).contains("write[").contains("takes RequestOptions"),
                        p -> assertThat(p).contains("writeAsync[").contains("takes RequestOptions"),
                        p -> assertThat(p).contains("onlyAsync[] has no blocking form"));
    }

    @Test
    void aClassThatIsNoHandleIsReported() {
        assertThat(TwoForms.problems(String.class)).singleElement().asString().contains("does not extend");
    }
}
