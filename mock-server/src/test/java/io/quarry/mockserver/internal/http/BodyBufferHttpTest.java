package io.quarry.mockserver.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.testing.RawConnection;
import io.quarry.mockserver.testing.WireAnswer;
import java.net.URI;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The body budget counts the arrays a body is read into, not only the bytes in them: a body of known length takes
 * exactly its length, while one in chunks takes what its array grew to (doubling), which the heap holds all the same.
 */
@Timeout(30)
class BodyBufferHttpTest {

    /** Budget and body: a body of this length fits exactly; its array grown by doubling does not. */
    private static final int BODY = 600 * 1024;

    private FrontOnLoopback front;

    @AfterEach
    void stop() {
        front.stop();
    }

    private RawConnection start() throws Exception {
        Router router = new Router().add(FrontOnLoopback.answeringEmpty("POST", "/upload"));
        BodyLimits limits = new BodyLimits(BodyLimits.TEN_MEGABYTES, BodyLimits.TEN_MEGABYTES, BODY, 60_000);
        front = new FrontOnLoopback(router, (request, route) -> request, new Workers(2, 16), limits);
        URI url = URI.create(front.url());
        return new RawConnection(url.getHost(), url.getPort());
    }

    private static byte[] body() {
        byte[] body = new byte[BODY];
        Arrays.fill(body, (byte) ' ');
        body[0] = '{';
        body[BODY - 1] = '}';
        return body;
    }

    @Test
    void aBodyOfKnownLengthTakesExactlyItsLength() throws Exception {
        try (RawConnection client = start()) {
            client.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: " + BODY + "\r\n\r\n");
            WireAnswer answer = client.send(body()).readAnswer(false);
            assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        }
    }

    @Test
    void aBodyInChunksTakesTheArrayItGrewTo() throws Exception {
        try (RawConnection client = start()) {
            client.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + Integer.toHexString(BODY) + "\r\n");
            client.send(body()).send("\r\n0\r\n\r\n");
            WireAnswer answer = client.readAnswer(false);
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.body()).contains("too many request bodies at once");
        }
    }
}
