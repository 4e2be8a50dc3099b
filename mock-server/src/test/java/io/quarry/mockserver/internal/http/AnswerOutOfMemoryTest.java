package io.quarry.mockserver.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.WireAnswer;
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * When the heap runs out as an answer is written (here, the error is thrown where the answer is observed), the
 * client still gets the 503 made in advance, not a closed connection; a 500 would need memory the heap lacks.
 */
@Timeout(30)
class AnswerOutOfMemoryTest {

    private Workers workers;
    private FrontOnLoopback front;

    @AfterEach
    void stop() {
        front.stop();
    }

    private RawConnection start(String method, Access access) throws Exception {
        Route route = new Route(
                method,
                "/full",
                access,
                null,
                Operation.NOT_COUNTED,
                Work.READ,
                request -> Response.ok(io.quarry.mockserver.internal.json.Json.object()));
        workers = new Workers(2, 16);
        AnswerObserver full = (request, matched, status, body, fault, host, nanos) -> {
            throw new OutOfMemoryError("Java heap space");
        };
        front = new FrontOnLoopback(
                new Router().add(route), (request, matched) -> request, workers, BodyLimits.defaults(), full);
        URI url = URI.create(front.url());
        return new RawConnection(url.getHost(), url.getPort());
    }

    @Test
    void anAnswerTheHeapHasNoRoomForIsA503() throws Exception {
        try (RawConnection client = start("GET", Access.PUBLIC)) {
            WireAnswer answer =
                    client.send("GET /full HTTP/1.1\r\nHost: localhost\r\n\r\n").readAnswer(false);
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.body()).contains(Failures.OUT_OF_MEMORY);
        }
    }

    @Test
    void soIsAnErrorsAnswerTheHeapHasNoRoomFor() throws Exception {
        try (RawConnection client = start("GET", Access.PUBLIC)) {
            // no such route: the 404 is made on the connection's thread
            WireAnswer answer = client.send("GET /missing HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .readAnswer(false);
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.body()).contains(Failures.OUT_OF_MEMORY);
        }
    }
}
