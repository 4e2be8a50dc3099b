package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import javax.net.SocketFactory;
import org.junit.jupiter.api.Test;

class NoDelaySocketFactoryTest {

    @Test
    void everyCreatedSocketHasTcpNoDelay() throws Exception {
        try (Socket socket = new NoDelaySocketFactory(SocketFactory.getDefault()).createSocket()) {
            assertThat(socket.getTcpNoDelay()).isTrue();
        }
    }
}
