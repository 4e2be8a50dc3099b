package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.InvalidRequestException;
import io.quarry.examples.api.NullArgumentsProbe.Call;
import io.quarry.examples.api.NullArgumentsProbe.Outcome;
import io.quarry.mockserver.junit.MockServerExtension;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The rule for null arguments, over every method of every client handle: a call refuses a null it cannot take with a
 * {@link NullPointerException} naming the parameter, and an asynchronous call throws it at once, as the JDK's
 * asynchronous APIs do, rather than returning a future that fails.
 */
class NullArgumentsRuleTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static List<Call> calls;

    @BeforeAll
    static void callEveryMethodWithNulls() throws Exception {
        try (NullArgumentsProbe probe = new NullArgumentsProbe(MOCK.server())) {
            calls = probe.run();
        }
    }

    @Test
    void everyHandleIsProbed() {
        assertThat(calls).hasSizeGreaterThan(300);
        assertThat(calls).anySatisfy(call -> assertThat(call.method().getName()).isEqualTo("addAsync"));
    }

    @Test
    void anAsynchronousCallRefusesANullAtOnceNeverThroughItsFuture() {
        // a null a call takes (a search without parameters) may reach the service, whose answer fails the future;
        // a refusal of the client's own (a NullPointerException, an InvalidRequestException) never does
        assertThat(calls)
                .filteredOn(Call::isAsync)
                .filteredOn(call -> call.outcome() == Outcome.FUTURE_FAILED)
                .allSatisfy(call -> assertThat(call.error())
                        .as(call.toString())
                        .isNotInstanceOf(NullPointerException.class)
                        .isNotInstanceOf(InvalidRequestException.class));
    }

    @Test
    void aRefusedNullNamesItsParameter() {
        assertThat(calls)
                .filteredOn(Call::alone)
                .filteredOn(call -> call.error() instanceof NullPointerException)
                .isNotEmpty()
                .allSatisfy(call -> assertThat(call.error().getMessage())
                        .as(call.toString())
                        .matches("[a-z][A-Za-z]*"));
    }
}
