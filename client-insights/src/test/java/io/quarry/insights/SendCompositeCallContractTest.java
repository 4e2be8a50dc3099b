package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.spi.CallEnd;
import io.quarry.core.testing.RecordingObserver;
import io.quarry.insights.model.InsightsEvent;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Events split into several calls show to a call observer as one {@code send} call holding those calls. */
@ExtendWith(MockServerExtension.class)
class SendCompositeCallContractTest {

    private final RecordingObserver observer = new RecordingObserver();

    @AutoClose
    private InsightsClient insights;

    @BeforeEach
    void setUp(MockServer server) {
        insights = InsightsClient.create(MockServerClients.builder(server, server.adminKey())
                .callObserver(observer)
                .build());
    }

    private static List<InsightsEvent> views(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> InsightsEvent.view("Seen", "products", "user-" + (i % 7))
                        .objectIDs(List.of("a")))
                .toList();
    }

    private List<RecordingObserver.Call> inside(RecordingObserver.Call parent) {
        return observer.calls().stream()
                .filter(c -> c.description().parent() == parent)
                .toList();
    }

    @Test
    void chunksOfASendAreCallsInsideOneParent() {
        assertThat(insights.send(views(2500))).hasSize(3);

        assertThat(observer.calls("send")).hasSize(1);
        RecordingObserver.Call send = observer.calls("send").get(0);
        assertThat(send.description().isComposite()).isTrue();
        assertThat(send.description().parent()).isNull();
        assertThat(send.end().outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(send.endCount()).isEqualTo(1);
        assertThat(inside(send))
                .hasSize(3)
                .allMatch(c -> c.description().operation().equals("sendEvents"))
                .allMatch(c -> c.end().outcome() == CallEnd.Outcome.SUCCESS);
        assertThat(observer.calls()).hasSize(4);
    }

    @Test
    void chunksOfAnAsyncSendAreCallsInsideOneParent() {
        assertThat(insights.sendAsync(views(1001)).join()).hasSize(2);

        RecordingObserver.Call send = observer.calls("send").get(0);
        assertThat(send.awaitEnd(Duration.ofSeconds(5)).outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
        assertThat(inside(send))
                .hasSize(2)
                .allMatch(c -> c.description().operation().equals("sendEvents"));
        assertThat(observer.calls()).hasSize(3);
    }
}
