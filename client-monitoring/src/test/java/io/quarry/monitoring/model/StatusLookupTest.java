package io.quarry.monitoring.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A status looked up in an answer is empty for a server the answer does not name, as the cluster lookup is. */
class StatusLookupTest {

    @Test
    void aServerTheAnswerDoesNotNameHasNoStatus() {
        StatusResponse answer = new StatusResponse(Map.of("c1-eu", ServerStatus.MAJOR_OUTAGE));

        assertThat(answer.forServer("c1-eu")).contains(ServerStatus.MAJOR_OUTAGE);
        assertThat(answer.forServer("c2-eu")).isEmpty();
    }
}
