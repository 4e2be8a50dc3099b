package io.quarry.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Cancelling a call's future given by a {@link CallGroup} cancels the call before the future's own continuations run,
 * as a request's future outside a group does: one that closes the client then finds the call over, rather than wait
 * for it. Before, the group's future was cancelled first, and its continuations ran while the call was still in
 * flight.
 */
class CallGroupCancelOrderTest {

    private final CallGroup group = new CallGroup(Runnable::run, Runnable::run);

    @Test
    void aCallIsCancelledBeforeTheContinuationsOfItsFutureRun() {
        CompletableFuture<String> call = new CompletableFuture<>();
        CompletableFuture<String> future = group.call(() -> call);
        AtomicBoolean callOverFirst = new AtomicBoolean();
        future.whenComplete((value, error) -> callOverFirst.set(call.isCancelled()));

        assertThat(future.cancel(false)).isTrue();

        assertThat(callOverFirst)
                .as("the call was cancelled when the continuation ran")
                .isTrue();
        assertThat(future).isCancelled();
    }

    @Test
    void theCompletionTheCancelBringsIsNotTaken() {
        // a call that answers its cancel with a failure of its own: the group's future still ends cancelled
        CompletableFuture<String> call = new CompletableFuture<>() {
            @Override
            public boolean cancel(boolean mayInterruptIfRunning) {
                return completeExceptionally(new IllegalStateException("the call's own end"));
            }
        };
        CompletableFuture<String> future = group.call(() -> call);

        assertThat(future.cancel(false)).isTrue();

        assertThat(future).isCancelled();
    }

    @Test
    void theCompositeCallsStepsAndCallsAreCancelledBeforeItsContinuationsRun() {
        CompletableFuture<String> call = new CompletableFuture<>();
        group.call(() -> call);
        CompletableFuture<String> steps = new CompletableFuture<>();
        AtomicBoolean ended = new AtomicBoolean();
        CompletableFuture<String> result = group.resultOf(steps, () -> ended.set(true));
        AtomicBoolean allOverFirst = new AtomicBoolean();
        result.whenComplete(
                (value, error) -> allOverFirst.set(steps.isCancelled() && call.isCancelled() && ended.get()));

        assertThat(result.cancel(false)).isTrue();

        assertThat(allOverFirst).isTrue();
        assertThat(group.call(() -> CompletableFuture.completedFuture("later")))
                .as("a call asked for afterwards is never made")
                .isCancelled();
    }
}
