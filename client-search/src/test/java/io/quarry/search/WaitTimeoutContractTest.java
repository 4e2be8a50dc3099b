package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.WaitPolicy;
import io.quarry.core.WaitTimeoutException;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.junit.MockServerSettings;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A task that stays pending longer than the wait policy allows gives a typed timeout, sync and async. */
@ExtendWith(MockServerExtension.class)
@MockServerSettings(taskDelayMillis = 60_000)
class WaitTimeoutContractTest {

    private static final WaitPolicy TWO_TRIES = new WaitPolicy(2, Duration.ofMillis(5), Duration.ofMillis(5), 1);

    @Test
    void givesUpWithATypedTimeout(MockServer server) {
        try (SearchClient client = SearchClient.create(MockServerClients.config(server))) {
            SearchIndex index = client.index("slow");
            long task = index.saveObject("r", Map.of("a", 1)).taskID();

            assertThatThrownBy(() -> index.waitForTask(task, TWO_TRIES))
                    .isInstanceOf(WaitTimeoutException.class)
                    .hasMessageContaining("may still complete");
            assertThat(index.waitForTaskAsync(task, TWO_TRIES))
                    .failsWithin(Duration.ofSeconds(10))
                    .withThrowableOfType(ExecutionException.class)
                    .withCauseInstanceOf(WaitTimeoutException.class);
        }
    }
}
