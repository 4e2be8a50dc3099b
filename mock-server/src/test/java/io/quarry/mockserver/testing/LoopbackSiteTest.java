package io.quarry.mockserver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The JDK's HTTP server that the crawler tests' sites run on sends each answer's head and body in two writes; with
 * Nagle's algorithm on, the body waits for the crawler's delayed ACK of the head (about 40 ms on Linux), so a reindex
 * reading a hundred sitemaps one after another took seconds alone and over 20 s on a loaded machine. The build turns
 * the server's {@code TCP_NODELAY} on; the JDK reads the property once, when its first server starts.
 */
class LoopbackSiteTest {

    @Test
    void theSitesAnswerWithoutWaitingForDelayedAcks() {
        assertThat(System.getProperty("sun.net.httpserver.nodelay"))
                .as("set by the build's surefire configuration")
                .isEqualTo("true");
    }
}
