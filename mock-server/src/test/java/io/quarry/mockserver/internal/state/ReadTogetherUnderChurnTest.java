package io.quarry.mockserver.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.ServerApplication;
import io.quarry.mockserver.junit.MockServerExtension;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A listing or an export reads every index as of one instant, taking their locks again when an index was created
 * meanwhile; indices created without pause must not keep it from answering.
 */
@Timeout(60)
class ReadTogetherUnderChurnTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final Application app = ServerApplication.of(MOCK.server());

    @Test
    void anIndexCreatedAtEveryTryStillLetsTheReadEnd() {
        app.write("churn-0", index -> null);
        AtomicInteger tries = new AtomicInteger();

        List<String> names = app.readTogether(
                states -> {
                    // an index appears between each choice and the check that follows the locking
                    app.write("churn-" + tries.incrementAndGet(), index -> null);
                    return states;
                },
                IndexState::name);

        assertThat(tries).hasValue(Application.READ_TOGETHER_TRIES);
        assertThat(names).contains("churn-0");
    }
}
